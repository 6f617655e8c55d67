import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { markNotificationsReadBodySchema, notificationsSchema } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { onNotificationToast } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkNotifications = devSchema('notificationsSchema');
const checkMarkRead = devSchema('markNotificationsReadAnswerSchema');

export type NotificationsPage = z.infer<typeof notificationsSchema>;
type MarkReadBody = z.infer<typeof markNotificationsReadBodySchema>;

/** How many notifications one "load more" brings. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * The answer of POST /notifications/read. Not in packages/contract yet (the contract has the
 * body only), so it is described here; the request helper checks it like any contract schema.
 */

/** Every notifications query; invalidating this prefix refreshes the list and the bell. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export async function getNotifications(page: number): Promise<NotificationsPage> {
  // Quiet: the bell loads this on every page while signed in; a failure shows in the panel
  // rather than as a toast on each navigation.
  const { data, error } = await request({
    url: '/notifications',
    queryParams: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    schema: checkNotifications,
    noToastEmit: true,
  });
  if (!data) throw new Error(error?.message ?? 'notifications unavailable');
  return data;
}

export function nextNotificationsPage(last: NotificationsPage): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/**
 * The player's notifications, newest first, page by page (SPEC 3). Fetched only while signed
 * in (SPEC 6): the query is disabled without a session, and keyed by the player so a new
 * session never shows the last one's list.
 */
export function useNotifications() {
  const playerKey = useAuthStore((state) =>
    state.isAuth && state.token ? String(state.user?.id ?? state.token) : null,
  );
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, playerKey],
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextNotificationsPage,
    enabled: playerKey !== null,
  });
}

/** A realtime notification means a new stored one: refresh the list and the unread count. */
export function useNotificationsLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onNotificationToast(() => {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      }),
    [queryClient],
  );
}

async function markRead(ids: string[] | undefined): Promise<number> {
  const body: MarkReadBody = ids ? { ids } : {};
  const { data, error } = await request({
    url: '/notifications/read',
    method: 'POST',
    data: body,
    schema: checkMarkRead,
  });
  if (!data) throw new Error(error?.message ?? 'mark read failed');
  return data.unread;
}

/**
 * POST /notifications/read for some ids, or every notification when `ids` is undefined. The
 * answer's unread count and the read flags go straight into the cached pages, so the bell
 * changes without another request.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) => markRead(ids),
    onSuccess: (unread, ids) => {
      const chosen = ids ? new Set(ids) : null;
      queryClient.setQueriesData<InfiniteData<NotificationsPage, number>>(
        { queryKey: NOTIFICATIONS_QUERY_KEY },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unread,
              items: page.items.map((item) =>
                !chosen || chosen.has(item.id) ? { ...item, read: true } : item,
              ),
            })),
          },
      );
    },
  });
}
