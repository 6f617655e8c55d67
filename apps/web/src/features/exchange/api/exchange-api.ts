import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  betsSchema,
  eventPnlSchema,
  eventSchema,
  matchSettingsSchema,
  matchesSchema,
  orderAnswerSchema,
  sessionBoardSchema,
} from '@spm/contract';
import type { OrderAnswer, SessionBoard, SportsEvent } from '@spm/contract';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';
import type { BetFilter, SportId } from '../lib/sports';

export type MatchesPage = z.infer<typeof matchesSchema>;
export type BetsPage = z.infer<typeof betsSchema>;
export type EventPnl = z.infer<typeof eventPnlSchema>;
export type MatchSettings = z.infer<typeof matchSettingsSchema>;

/** Events per list page: enough for a day's fixtures of one sport. */
export const MATCHES_PAGE_SIZE = 50;
export const BETS_PAGE_SIZE = 20;
/** Visitors have no socket: the list and the match page poll (issue 5). */
export const LIST_POLL_MS = 10_000;
export const EVENT_POLL_MS = 2_000;

export const exchangeKeys = {
  matches: (sportId: SportId | null) => ['matches', sportId] as const,
  event: (eventId: string) => ['event', eventId] as const,
  settings: (eventId: string) => ['match-settings', eventId] as const,
  bets: ['bets'] as const,
  pnl: (eventId: string) => ['pnl', eventId] as const,
  sessionBoard: ['session-board'] as const,
};

function unwrap<T>(
  result: { data: T | null; error: { message?: string } | null },
  what: string,
): T {
  if (!result.data) throw new Error(result.error?.message ?? `${what} unavailable`);
  return result.data;
}

/** GET /bet/matches?sportId=&page=&pageSize= : in-play first, then by start time. */
export async function getMatches(sportId: SportId | null): Promise<MatchesPage> {
  const result = await request({
    url: '/bet/matches',
    queryParams: { sportId, page: 1, pageSize: MATCHES_PAGE_SIZE },
    schema: matchesSchema,
  });
  return unwrap(result, 'matches');
}

/** GET /bet/matches/{eventId}: one event with all its markets. */
export async function getEvent(eventId: string): Promise<SportsEvent> {
  const result = await request({
    url: `/bet/matches/${encodeURIComponent(eventId)}`,
    schema: eventSchema,
  });
  return unwrap(result, 'event');
}

/** GET /bet/sessions: open session markets of in-play and upcoming events, by event. */
export async function getSessionBoard(): Promise<SessionBoard> {
  const result = await request({ url: '/bet/sessions', schema: sessionBoardSchema });
  return unwrap(result, 'session board');
}

/** GET /sports/match/settings?eventId= : stake limits per market. */
export async function getMatchSettings(eventId: string): Promise<MatchSettings> {
  const result = await request({
    url: '/sports/match/settings',
    queryParams: { eventId },
    schema: matchSettingsSchema,
  });
  return unwrap(result, 'settings');
}

export interface BetsQuery {
  status: BetFilter;
  sportId?: SportId | null;
  eventId?: string;
  page: number;
}

/** GET /bets?status=&sportId=&eventId=&page=&pageSize= */
export async function getBets(query: BetsQuery): Promise<BetsPage> {
  const result = await request({
    url: '/bets',
    queryParams: {
      status: query.status,
      sportId: query.sportId,
      eventId: query.eventId,
      page: query.page,
      pageSize: BETS_PAGE_SIZE,
    },
    schema: betsSchema,
  });
  return unwrap(result, 'bets');
}

/** GET /bet/pnl/{eventId}: projected P&L per runner of the signed-in player. */
export async function getEventPnl(eventId: string): Promise<EventPnl> {
  const result = await request({
    url: `/bet/pnl/${encodeURIComponent(eventId)}`,
    schema: eventPnlSchema,
  });
  return unwrap(result, 'pnl');
}

export interface MatchOddsOrder {
  marketId: string;
  runnerId: string;
  side: 'back' | 'lay';
  price: number;
  stake: number;
  idempotencyKey: string;
}
export interface BookmakerOrder {
  marketId: string;
  runnerId: string;
  side: 'back' | 'lay';
  rate: number;
  stake: number;
  idempotencyKey: string;
}
export interface FancyOrder {
  marketId: string;
  side: 'yes' | 'no';
  line: number;
  rate: number;
  stake: number;
  idempotencyKey: string;
}

export type PlaceOrder =
  | { kind: 'match_odds'; body: MatchOddsOrder }
  | { kind: 'bookmaker'; body: BookmakerOrder }
  | { kind: 'fancy'; body: FancyOrder };

const PLACE_URL: Record<PlaceOrder['kind'], string> = {
  match_odds: '/bet/match/odds',
  bookmaker: '/bet/bookmaker/odds',
  fancy: '/bet/fancy/odds',
};

/** POST /bet/match/odds | /bet/bookmaker/odds | /bet/fancy/odds; failures are toasted. */
export async function placeOrder(order: PlaceOrder): Promise<OrderAnswer | null> {
  const { data } = await request({
    url: PLACE_URL[order.kind],
    method: 'POST',
    data: order.body,
    schema: orderAnswerSchema,
  });
  return data;
}

/**
 * POST /bet/match/odds/cancel: the whole unmatched remainder. The caller keeps `idempotencyKey`
 * for its retries of the same cancel, so a retry after a lost answer gets the first answer.
 */
export async function cancelOrder(
  orderId: string,
  idempotencyKey: string,
): Promise<OrderAnswer | null> {
  const { data } = await request({
    url: '/bet/match/odds/cancel',
    method: 'POST',
    data: { orderId, idempotencyKey },
    schema: orderAnswerSchema,
  });
  return data;
}

export function useMatches(sportId: SportId | null) {
  return useQuery({
    queryKey: exchangeKeys.matches(sportId),
    queryFn: () => getMatches(sportId),
    refetchInterval: LIST_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useEvent(eventId: string) {
  const isAuth = useAuthStore((state) => state.isAuth);
  return useQuery({
    queryKey: exchangeKeys.event(eventId),
    queryFn: () => getEvent(eventId),
    enabled: /^\d+$/.test(eventId),
    // Players get market:update over the socket; visitors poll.
    refetchInterval: isAuth ? false : EVENT_POLL_MS,
  });
}

/** The session board; kept current by its socket subscription (use-session-board-updates). */
export function useSessionBoard() {
  return useQuery({ queryKey: exchangeKeys.sessionBoard, queryFn: getSessionBoard });
}

export function useMatchSettings(eventId: string) {
  return useQuery({
    queryKey: exchangeKeys.settings(eventId),
    queryFn: () => getMatchSettings(eventId),
  });
}

export function useBets(query: BetsQuery, enabled = true) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...exchangeKeys.bets, playerId, query],
    queryFn: () => getBets(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useEventPnl(eventId: string, enabled: boolean) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...exchangeKeys.pnl(eventId), playerId],
    queryFn: () => getEventPnl(eventId),
    enabled,
  });
}
