import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { MARKET_EVENTS, marketSchema } from '@spm/contract';
import type { Bet, Market, SportsEvent } from '@spm/contract';
import type { Socket } from 'socket.io-client';
import { connectRealtime } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';
import { exchangeKeys } from '../api/exchange-api';

/** Replaces the event's market with `update` only when the update is newer (higher version). */
export function applyMarketUpdate(queryClient: QueryClient, update: Market): void {
  queryClient.setQueryData<SportsEvent>(exchangeKeys.event(update.eventId), (event) => {
    if (!event) return event;
    const index = event.markets.findIndex((market) => market.id === update.id);
    const current = event.markets[index];
    if (!current || update.version <= current.version) return event;
    const markets = [...event.markets];
    markets[index] = update;
    return { ...event, markets };
  });
}

/**
 * A resting order can be matched by someone else without the owner's wallet changing (a lay's
 * liability is held whether matched or not), so no balance push tells the owner. A change to a
 * market where the player has unmatched stake is the signal to fetch their bets and P&L again.
 */
export function refreshOwnOrdersIfTouched(queryClient: QueryClient, update: Market): void {
  const cachedPages = queryClient.getQueriesData<{ items: Bet[] }>({ queryKey: exchangeKeys.bets });
  const hasUnmatchedHere = cachedPages.some(([, page]) =>
    page?.items.some((bet) => bet.marketId === update.id && bet.unmatchedStake > 0),
  );
  if (!hasUnmatchedHere) return;
  void queryClient.invalidateQueries({ queryKey: exchangeKeys.bets });
  void queryClient.invalidateQueries({ queryKey: exchangeKeys.pnl(update.eventId) });
}

/**
 * Signed-in players: joins the rooms of `marketIds` while mounted (and again after every
 * reconnect, since a new connection has no rooms), applies market:update to the cache, and
 * leaves on unmount. Visitors have no socket and poll instead.
 */
export function useMarketUpdates(marketIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));
  const key = marketIds.join(',');

  useEffect(() => {
    if (!token || !key) return;
    const ids = key.split(',');
    // Same token: the connection the layout opens (child effects run before the layout's).
    // It resolves once socket.io-client has loaded; an unmount before that subscribes nothing.
    let socket: Socket | null = null;
    let unmounted = false;
    const subscribe = () => {
      socket?.emit(MARKET_EVENTS.subscribe, { marketIds: ids });
    };
    const onUpdate = (payload: unknown) => {
      const parsed = marketSchema.safeParse(payload);
      if (!parsed.success) return;
      applyMarketUpdate(queryClient, parsed.data);
      refreshOwnOrdersIfTouched(queryClient, parsed.data);
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
      if (socket.connected) socket.emit(MARKET_EVENTS.unsubscribe, { marketIds: ids });
    };
  }, [token, key, queryClient]);
}
