import { useQuery } from '@tanstack/react-query';
import { announcementsSchema } from '@spm/contract';
import type { Announcement } from '@spm/contract';
import { request } from '@/shared/lib/request';

export async function getAnnouncements(): Promise<Announcement[]> {
  const { data, error } = await request({
    url: '/announcement/display',
    schema: announcementsSchema,
  });
  if (error) throw new Error(error.message ?? 'getAnnouncements failed');
  return data ?? [];
}

export function useAnnouncements(): Announcement[] {
  const { data } = useQuery({ queryKey: ['announcements'], queryFn: getAnnouncements });
  return data ?? [];
}
