import { useEffect } from 'react';
import { onRealtimeReconnect } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';
import { createExposureRefresher } from '../api/exposure-api';

/**
 * Keeps exposureAmount current while a session exists: read once when the session starts
 * (sign-in, or a reload with a stored session), after every reconnect of the channel (an
 * order matched or cancelled while the socket was away), and after a wallet change whose
 * wallet does not carry its exposure (an older server). A wallet that carries it has already
 * set exposureAmount (setWallet) from the same versioned read as the balance (issue 40 item 6).
 */
export function useExposureSync(): void {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));

  useEffect(() => {
    if (!token) return;
    const refresh = createExposureRefresher();
    void refresh();
    const stopReconnects = onRealtimeReconnect(() => void refresh());
    const stopWallet = useAuthStore.subscribe((state, previous) => {
      if (state.token !== token || state.wallet === previous.wallet) return;
      if (state.wallet.exposure === undefined) void refresh();
    });
    return () => {
      stopReconnects();
      stopWallet();
    };
  }, [token]);
}
