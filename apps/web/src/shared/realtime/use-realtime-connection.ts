import { useEffect } from 'react';
import { useAuthStore } from '@/shared/stores/auth-store';
import { connectRealtime, disconnectRealtime } from './realtime-client';

/**
 * Keeps the realtime channel open exactly while a session exists: it connects when the
 * player is signed in (also after a reload with a stored session) and disconnects on logout.
 */
export function useRealtimeConnection(): void {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));

  useEffect(() => {
    if (!token) return;
    // The socket is kept by the client module; nothing here needs it.
    void connectRealtime(token);
    return () => disconnectRealtime();
  }, [token]);
}
