import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { playerDashboardSchema } from '@spm/contract';
import type { PlayerDashboard } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';

/** How long a burst of wallet pushes (a market settling) waits before one dashboard read. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 800;

const dashboardKey = (playerId: string | number | null) => ['dashboard', playerId] as const;

/** GET /dashboard: the account at a glance, in one call (issue 44 item 4). */
export async function getDashboard(): Promise<PlayerDashboard> {
  const { data, error } = await request({
    url: '/dashboard',
    schema: playerDashboardSchema,
    noToastEmit: true,
  });
  if (!data) throw new Error(error?.message ?? 'dashboard unavailable');
  return data;
}

export function useDashboard() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({ queryKey: dashboardKey(playerId), queryFn: getDashboard });
}

/**
 * Reads the dashboard again after the realtime wallet changes (a bet placed, matched,
 * settled, a cash-out, a deposit): once per burst, DASHBOARD_REFRESH_DEBOUNCE_MS after the
 * last push. The balance itself is drawn from the realtime wallet at once.
 */
export function useDashboardRefreshOnWallet(): void {
  const queryClient = useQueryClient();
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = useAuthStore.subscribe((state, previous) => {
      if (state.wallet === previous.wallet) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: dashboardKey(playerId) });
      }, DASHBOARD_REFRESH_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient, playerId]);
}
