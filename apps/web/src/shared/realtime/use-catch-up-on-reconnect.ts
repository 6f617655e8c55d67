import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onRealtimeReconnect } from './realtime-client';

/**
 * Brings the open page up to date after the channel reconnects (issue 39 item 6): whatever
 * the server pushed while the socket was away (a bet settled or matched, a notification, a
 * book's change, an update committed just before a restart) never arrived, so every query is
 * marked stale and the ones on screen are fetched again: open bets, P&L, notifications, the
 * books. The balance is asked for on every connect by the channel itself (get:balance).
 */
export function useCatchUpOnReconnect(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeReconnect(() => {
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
}
