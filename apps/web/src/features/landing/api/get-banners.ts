import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAppStore } from '@/shared/stores/app-store';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkBanners = devSchema('bannersSchema');

/** SPEC 3: banners are shown sorted ascending by `order` (stable for equal orders). */
export function sortBanners(banners: readonly Banner[]): Banner[] {
  return [...banners].sort((a, b) => a.order - b.order);
}

export async function getBanners(): Promise<Banner[]> {
  const { data, error } = await request({ url: '/getBanners', schema: checkBanners });
  if (error) throw new Error(error.message ?? 'getBanners failed');
  return sortBanners(data ?? []);
}

/** Banners for the carousel, kept in the app store too (SPEC 3 app state `banners`). */
export function useBanners(): Banner[] {
  const setBanners = useAppStore((state) => state.setBanners);
  const banners = useAppStore((state) => state.banners);
  const { data } = useQuery({ queryKey: ['banners'], queryFn: getBanners });

  useEffect(() => {
    if (data) setBanners(data);
  }, [data, setBanners]);

  return data ?? banners;
}
