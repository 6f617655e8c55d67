import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MARKET_EVENTS, SESSION_BOARD_EVENTS, marketSchema } from '@spm/contract';
import type { Market, SessionBoard } from '@spm/contract';
import type { Socket } from 'socket.io-client';
import { connectRealtime } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';
import { exchangeKeys } from '../api/exchange-api';

const onBoard = (market: Market) => market.status === 'open' || market.status === 'suspended';

/**
 * The board after one `market:update`: the session replaced when newer, dropped (with its
 * event once empty) when it closed or settled. `missing` when the board lacks an open session
 * it is told of (a new market or event): only a fresh read of the board can place it.
 */
export function applyBoardUpdate(board: SessionBoard, update: Market): SessionBoard | 'missing' {
  const event = board.events.find((item) => item.id === update.eventId);
  const current = event?.markets.find((market) => market.id === update.id);
  if (!event || !current) return onBoard(update) ? 'missing' : board;
  if (update.version <= current.version) return board;
  const markets = onBoard(update)
    ? event.markets.map((market) => (market.id === update.id ? update : market))
    : event.markets.filter((market) => market.id !== update.id);
  const events =
    markets.length === 0
      ? board.events.filter((item) => item !== event)
      : board.events.map((item) => (item === event ? { ...event, markets } : item));
  return { events };
}

/**
 * Keeps the session board live with ONE subscription (the board's room gets every session
 * market's `market:update`), however many matches it shows. Each (re)subscription reads the
 * board again, since a change before it joined is not sent.
 */
export function useSessionBoardUpdates(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));

  useEffect(() => {
    if (!token) return;
    let socket: Socket | null = null;
    let unmounted = false;
    // A read already under way is not restarted: a burst of new sessions costs one read.
    const refetch = () =>
      void queryClient.invalidateQueries(
        { queryKey: exchangeKeys.sessionBoard },
        { cancelRefetch: false },
      );
    const subscribe = () => {
      socket?.emit(SESSION_BOARD_EVENTS.subscribe, (ack: { status?: string } | undefined) => {
        if (ack?.status === 'success') refetch();
      });
    };
    const onUpdate = (payload: unknown) => {
      const parsed = marketSchema.safeParse(payload);
      if (!parsed.success || parsed.data.type !== 'fancy') return;
      const board = queryClient.getQueryData<SessionBoard>(exchangeKeys.sessionBoard);
      if (!board) return;
      const next = applyBoardUpdate(board, parsed.data);
      if (next === 'missing') refetch();
      else if (next !== board) queryClient.setQueryData(exchangeKeys.sessionBoard, next);
    };
    void connectRealtime(token).then((connected) => {
      if (unmounted || !connected) return;
      socket = connected;
      connected.on(MARKET_EVENTS.update, onUpdate);
      connected.on('connect', subscribe);
      if (connected.connected) subscribe();
    });
    return () => {
      unmounted = true;
      if (!socket) return;
      socket.off(MARKET_EVENTS.update, onUpdate);
      socket.off('connect', subscribe);
      if (socket.connected) socket.emit(SESSION_BOARD_EVENTS.unsubscribe);
    };
  }, [token, queryClient]);
}
