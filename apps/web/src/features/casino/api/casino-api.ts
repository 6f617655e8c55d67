import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SPM_SESSION_HEADER,
  casinoFavouriteSchema,
  casinoGamesSchema,
  casinoHistorySchema,
  casinoLaunchSchema,
  spmPlaceBetSchema,
  spmSessionSchema,
  spmTableRoundsSchema,
  spmTableSchema,
} from '@spm/contract';
import type {
  CasinoFavourite,
  CasinoGames,
  CasinoGamesQuery,
  CasinoLaunch,
  SpmSession,
  SpmTable,
  SpmTableRounds,
} from '@spm/contract';
import type { z } from 'zod';
import { errorText, request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';

export type CasinoHistoryPage = z.infer<typeof casinoHistorySchema>;
export type SpmPlacedBet = z.infer<typeof spmPlaceBetSchema>;

export const HISTORY_PAGE_SIZE = 20;
export const TABLE_ROUNDS_PAGE_SIZE = 10;

export const casinoKeys = {
  games: ['casino-games'] as const,
  rounds: ['casino-rounds'] as const,
  table: (tableId: string) => ['spm-table', tableId] as const,
  tableRounds: (tableId: string) => ['spm-table-rounds', tableId] as const,
};

/** What a failed call the caller shows itself answers: the text to show, already translated. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

function unwrap<T>(
  result: { data: T | null; error: { message?: string } | null },
  what: string,
): T {
  if (!result.data) throw new Error(result.error?.message ?? `${what} unavailable`);
  return result.data;
}

/** GET /casino/games?family=&category=&provider=&search=&filter= */
export async function getCasinoGames(query: CasinoGamesQuery): Promise<CasinoGames> {
  const result = await request({
    url: '/casino/games',
    queryParams: { ...query },
    schema: casinoGamesSchema,
    // The lobby shows its own error state with a retry.
    noToastEmit: true,
  });
  return unwrap(result, 'games');
}

/** POST /casino/games/{gameId}/favourite: toggles; failures are toasted. */
export async function toggleFavourite(gameId: string): Promise<CasinoFavourite | null> {
  const { data } = await request({
    url: `/casino/games/${encodeURIComponent(gameId)}/favourite`,
    method: 'POST',
    schema: casinoFavouriteSchema,
  });
  return data;
}

/** POST /casino/launch {gameId}: the address to open; failures are toasted. */
export async function launchGame(gameId: string): Promise<CasinoLaunch | null> {
  const { data } = await request({
    url: '/casino/launch',
    method: 'POST',
    data: { gameId },
    schema: casinoLaunchSchema,
  });
  return data;
}

/** GET /casino/rounds?page=&pageSize= : the player's rounds, newest first. */
export async function getCasinoRounds(page: number): Promise<CasinoHistoryPage> {
  const result = await request({
    url: '/casino/rounds',
    queryParams: { page, pageSize: HISTORY_PAGE_SIZE },
    schema: casinoHistorySchema,
  });
  return unwrap(result, 'rounds');
}

/** POST /casino/spm/session {launchToken}: the table's game session (the token works once). */
export async function openSpmSession(launchToken: string): Promise<Outcome<SpmSession>> {
  const { data, error } = await request({
    url: '/casino/spm/session',
    method: 'POST',
    data: { launchToken },
    schema: spmSessionSchema,
    noToastEmit: true,
  });
  if (data) return { ok: true, data };
  return { ok: false, message: error ? errorText(error) : '' };
}

/** GET /casino/spm/tables/{tableId} with the game session header. */
export async function getSpmTable(tableId: string, sessionToken: string): Promise<SpmTable> {
  const result = await request({
    url: `/casino/spm/tables/${encodeURIComponent(tableId)}`,
    headers: { [SPM_SESSION_HEADER]: sessionToken },
    schema: spmTableSchema,
    noToastEmit: true,
  });
  if (result.data) return result.data;
  throw new Error(result.error ? errorText(result.error) : 'table unavailable');
}

/** GET /casino/spm/tables/{tableId}/rounds?page=&pageSize= : the table's settled rounds. */
export async function getSpmTableRounds(
  tableId: string,
  sessionToken: string,
  page: number,
): Promise<SpmTableRounds> {
  const result = await request({
    url: `/casino/spm/tables/${encodeURIComponent(tableId)}/rounds`,
    queryParams: { page, pageSize: TABLE_ROUNDS_PAGE_SIZE },
    headers: { [SPM_SESSION_HEADER]: sessionToken },
    schema: spmTableRoundsSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'rounds');
}

export interface SpmBetRequest {
  roundId: string;
  spot: string;
  stake: number;
  idempotencyKey: string;
}

/** POST /casino/spm/tables/{tableId}/bets: refusals come back as text for the table to show. */
export async function placeSpmBet(
  tableId: string,
  sessionToken: string,
  body: SpmBetRequest,
): Promise<Outcome<SpmPlacedBet>> {
  const { data, error } = await request({
    url: `/casino/spm/tables/${encodeURIComponent(tableId)}/bets`,
    method: 'POST',
    headers: { [SPM_SESSION_HEADER]: sessionToken },
    data: body,
    schema: spmPlaceBetSchema,
    noToastEmit: true,
  });
  if (data) return { ok: true, data };
  return { ok: false, message: error ? errorText(error) : '' };
}

export function useCasinoGames(query: CasinoGamesQuery) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...casinoKeys.games, playerId, query],
    queryFn: () => getCasinoGames(query),
    placeholderData: keepPreviousData,
  });
}

export function useCasinoRounds(page: number) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...casinoKeys.rounds, playerId, page],
    queryFn: () => getCasinoRounds(page),
    placeholderData: keepPreviousData,
  });
}

export function useSpmTable(tableId: string | null, sessionToken: string | null) {
  return useQuery({
    queryKey: [...casinoKeys.table(tableId ?? ''), sessionToken],
    queryFn: () => getSpmTable(tableId ?? '', sessionToken ?? ''),
    enabled: Boolean(tableId && sessionToken),
    retry: 1,
  });
}

/**
 * The table's round history while shown; `settledRoundId` (the table's last settled round) in
 * the key fetches it again when another round settles.
 */
export function useSpmTableRounds(
  tableId: string,
  sessionToken: string,
  page: number,
  settledRoundId: string | null,
  shown: boolean,
) {
  return useQuery({
    queryKey: [...casinoKeys.tableRounds(tableId), sessionToken, page, settledRoundId],
    queryFn: () => getSpmTableRounds(tableId, sessionToken, page),
    enabled: shown,
    placeholderData: keepPreviousData,
  });
}
