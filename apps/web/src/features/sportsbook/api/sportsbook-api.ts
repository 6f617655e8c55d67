import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SportsbookBets, SportsbookLaunch } from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkLaunch = devSchema('sportsbookLaunchSchema');
const checkBets = devSchema('sportsbookBetsSchema');

/** The two lists of the player's sportsbook bets (the contract's SPORTSBOOK_BET_FILTERS). */
export type SportsbookBetFilter = 'open' | 'settled';

/**
 * Keyed by the player (null for a visitor): a new session never reuses the last one's token
 * or bets, and signing in on /betby asks for a launch with the player's token.
 */
export const sportsbookKeys = {
  launch: (playerId: string | number | null) => ['sportsbook', playerId, 'launch'] as const,
  bets: (playerId: string | number | null, filter: SportsbookBetFilter) =>
    ['sportsbook', playerId, 'bets', filter] as const,
};

/** A failed read, with the text the page shows under its Retry. */
export class SportsbookReadError extends Error {}

/** GET /sportsbook/launch: what Betby's renderer starts with (a visitor's token is null). */
export async function getSportsbookLaunch(): Promise<SportsbookLaunch> {
  const { data, error } = await request({
    url: '/sportsbook/launch',
    schema: checkLaunch,
    noToastEmit: true,
  });
  if (!data) throw new SportsbookReadError(error ? errorText(error) : 'sportsbook unavailable');
  return data;
}

/** GET /sportsbook/bets?status=&page=: a page of the player's bets, newest first. */
export async function getSportsbookBets(
  filter: SportsbookBetFilter,
  page: number,
): Promise<SportsbookBets> {
  const { data, error } = await request({
    url: '/sportsbook/bets',
    queryParams: { status: filter, page },
    schema: checkBets,
    noToastEmit: true,
  });
  if (!data)
    throw new SportsbookReadError(error ? errorText(error) : 'sportsbook bets unavailable');
  return data;
}

export function usePlayerId(): string | number | null {
  return useAuthStore((state) => state.user?.id ?? null);
}

export function useSportsbookLaunch() {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: sportsbookKeys.launch(playerId),
    queryFn: getSportsbookLaunch,
    // The token inside is short-lived: each visit asks for a fresh one (nothing kept after the
    // page), and while the page stays open Betby asks for one itself (onTokenExpired).
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The player's bets of one list, a page at a time: "More" appends the next page. */
export function useSportsbookBets(filter: SportsbookBetFilter, enabled: boolean) {
  const playerId = usePlayerId();
  return useInfiniteQuery({
    queryKey: sportsbookKeys.bets(playerId, filter),
    queryFn: ({ pageParam }) => getSportsbookBets(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}
