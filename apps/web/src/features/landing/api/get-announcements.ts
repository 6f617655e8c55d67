import { useQuery } from '@tanstack/react-query';
import type { Announcement } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkAnnouncements = devSchema('announcementsSchema');

export async function getAnnouncements(): Promise<Announcement[]> {
  const { data, error } = await request({
    url: '/announcement/display',
    schema: checkAnnouncements,
  });
  if (error) throw new Error(error.message ?? 'getAnnouncements failed');
  return data ?? [];
}

export function useAnnouncements(): Announcement[] {
  const { data } = useQuery({ queryKey: ['announcements'], queryFn: getAnnouncements });
  return data ?? [];
}
