import { useQuery } from '@tanstack/react-query';
import type { ContentSlug, Language } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';

const checkPage = devSchema('contentPageSchema');

export const contentQueryKey = (slug: ContentSlug, language: Language) =>
  ['content', slug, language] as const;

/** GET /api/content/{slug}?lang=: the page in the language, else English (the server decides). */
export function useContentPage(slug: ContentSlug, language: Language) {
  return useQuery({
    queryKey: contentQueryKey(slug, language),
    queryFn: async () => {
      const { data, error } = await request({
        url: `/content/${slug}`,
        queryParams: { lang: language },
        schema: checkPage,
        noToastEmit: true,
      });
      if (error || !data) throw new Error('content unavailable');
      return data;
    },
    retry: 1,
  });
}
