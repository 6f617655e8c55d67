import { useEffect, useRef } from 'react';
import { GAME_EVENTS, gameRoundEventSchema } from '@spm/contract';
import type { GameRoundEvent } from '@spm/contract';
import type { Socket } from 'socket.io-client';
import { connectRealtime } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';

/**
 * Joins the table's `game:{tableId}` room on the session's socket while mounted (and again
 * after every reconnect: a new connection has no rooms) and hands each `game:round` of this
 * table to `onRound`. Leaves the room on unmount.
 */
export function useGameRounds(tableId: string | null, onRound: (event: GameRoundEvent) => void) {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));
  // The latest handler without resubscribing on every render.
  const handler = useRef(onRound);
  useEffect(() => {
    handler.current = onRound;
  });

  useEffect(() => {
    if (!token || !tableId) return;
    let socket: Socket | null = null;
    let unmounted = false;
    const subscribe = () => {
      socket?.emit(GAME_EVENTS.subscribe, { tableId });
    };
    const onEvent = (payload: unknown) => {
      // Pushes pass no server-side schema check, so the browser checks them.
      const parsed = gameRoundEventSchema.safeParse(payload);
      if (parsed.success && parsed.data.tableId === tableId) handler.current(parsed.data);
    };
    void connectRealtime(token).then((connected) => {
      if (unmounted || !connected) return;
      socket = connected;
      connected.on(GAME_EVENTS.round, onEvent);
      connected.on('connect', subscribe);
      if (connected.connected) subscribe();
    });
    return () => {
      unmounted = true;
      if (!socket) return;
      socket.off(GAME_EVENTS.round, onEvent);
      socket.off('connect', subscribe);
      if (socket.connected) socket.emit(GAME_EVENTS.unsubscribe, { tableId });
    };
  }, [token, tableId]);
}
