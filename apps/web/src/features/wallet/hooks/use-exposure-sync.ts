import { useEffect } from 'react';
import { onRealtimeReconnect } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';
import { createExposureRefresher } from '../api/exposure-api';

/**
 * Keeps exposureAmount current while a session exists: read once when the session starts
 * (sign-in, or a reload with a stored session) and again after every wallet change, which is
 * how a bet, a settlement or an adjustment shows itself (update_balance or a get:balance
 * answer replacing the wallet, SPEC 4.5), and after every reconnect of the channel: an order
 * matched or cancelled while the socket was away may move exposure without moving the wallet.
 */
export function useExposureSync(): void {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));

  useEffect(() => {
    if (!token) return;
    const refresh = createExposureRefresher();
    void refresh();
    const stopReconnects = onRealtimeReconnect(() => void refresh());
    const stopWallet = useAuthStore.subscribe((state, previous) => {
      if (state.token === token && state.wallet !== previous.wallet) void refresh();
    });
    return () => {
      stopReconnects();
      stopWallet();
    };
  }, [token]);
}
