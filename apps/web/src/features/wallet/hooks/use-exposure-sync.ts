import { useEffect } from 'react';
import { useAuthStore } from '@/shared/stores/auth-store';
import { createExposureRefresher } from '../api/exposure-api';

/**
 * Keeps exposureAmount current while a session exists: read once when the session starts
 * (sign-in, or a reload with a stored session) and again after every wallet change, which is
 * how a bet, a settlement or an adjustment shows itself (update_balance or a get:balance
 * answer replacing the wallet, SPEC 4.5).
 */
export function useExposureSync(): void {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));

  useEffect(() => {
    if (!token) return;
    const refresh = createExposureRefresher();
    void refresh();
    return useAuthStore.subscribe((state, previous) => {
      if (state.token === token && state.wallet !== previous.wallet) void refresh();
    });
  }, [token]);
}
