import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  crashBetAnswerSchema,
  crashCashOutAnswerSchema,
  crashMyBetsSchema,
  crashRoundBetsSchema,
  crashRoundDetailSchema,
  crashRoundsSchema,
  crashStateSchema,
} from '@spm/contract';
import type {
  CrashBetAnswer,
  CrashBetBody,
  CrashCashOutAnswer,
  CrashRoundBets,
  CrashRoundDetail,
  CrashState,
} from '@spm/contract';
import type { z } from 'zod';
import { errorText, request } from '@/shared/lib/request';
import type { RequestError } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';

/*
 * The crash game's HTTP calls (packages/contract/src/crash.ts). Bets, cancels and cash-outs
 * show their refusals on the panel that made them (the text already translated: a limit's
 * refusal names the limit, a known code its catalogue text, anything else the server's
 * message), so none of them toasts.
 */

export type CrashRoundsPage = z.infer<typeof crashRoundsSchema>;
export type CrashMyBetsPage = z.infer<typeof crashMyBetsSchema>;

export const CRASH_ROUNDS_PAGE_SIZE = 20;
export const CRASH_MY_BETS_PAGE_SIZE = 10;
export const CRASH_ROUND_BETS_PAGE_SIZE = 20;
/** While the whole list of the round's bets is open, it is read again this often (ms). */
export const CRASH_ROUND_BETS_REFRESH_MS = 5_000;

export const crashKeys = {
  state: ['crash-state'] as const,
  rounds: ['crash-rounds'] as const,
  round: (roundId: string) => ['crash-round', roundId] as const,
  myBets: ['crash-my-bets'] as const,
  roundBets: ['crash-round-bets'] as const,
};

export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

async function send<T>(
  call: Promise<{ data: T | null; error: RequestError | null }>,
): Promise<Outcome<T>> {
  const { data, error } = await call;
  if (data) return { ok: true, data };
  return { ok: false, message: error ? errorText(error) : '' };
}

function unwrap<T>(result: { data: T | null; error: RequestError | null }, what: string): T {
  if (result.data) return result.data;
  const message = result.error ? errorText(result.error) : '';
  throw new Error(message || `${what} unavailable`);
}

/** GET /api/crash/state: the screen's start when the socket has not answered yet. */
export async function getCrashState(): Promise<CrashState> {
  const result = await request({
    url: '/crash/state',
    schema: crashStateSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'crash state');
}

/** POST /api/crash/bets */
export function placeCrashBet(body: CrashBetBody): Promise<Outcome<CrashBetAnswer>> {
  return send(
    request({
      url: '/crash/bets',
      method: 'POST',
      data: body,
      schema: crashBetAnswerSchema,
      noToastEmit: true,
    }),
  );
}

/** DELETE /api/crash/bets/{betId}: withdraws a bet in the betting window. */
export function cancelCrashBet(betId: string): Promise<Outcome<CrashBetAnswer>> {
  return send(
    request({
      url: `/crash/bets/${encodeURIComponent(betId)}`,
      method: 'DELETE',
      schema: crashBetAnswerSchema,
      noToastEmit: true,
    }),
  );
}

/** POST /api/crash/bets/{betId}/cashout: answered once the win is durable. */
export function cashOutCrashBet(betId: string): Promise<Outcome<CrashCashOutAnswer>> {
  return send(
    request({
      url: `/crash/bets/${encodeURIComponent(betId)}/cashout`,
      method: 'POST',
      schema: crashCashOutAnswerSchema,
      noToastEmit: true,
    }),
  );
}

async function getCrashRounds(page: number): Promise<CrashRoundsPage> {
  const result = await request({
    url: '/crash/rounds',
    queryParams: { page, pageSize: CRASH_ROUNDS_PAGE_SIZE },
    schema: crashRoundsSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'rounds');
}

async function getCrashRound(roundId: string): Promise<CrashRoundDetail> {
  const result = await request({
    url: `/crash/rounds/${encodeURIComponent(roundId)}`,
    schema: crashRoundDetailSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'round');
}

async function getCurrentRoundBets(page: number): Promise<CrashRoundBets> {
  const result = await request({
    url: '/crash/rounds/current/bets',
    queryParams: { page, pageSize: CRASH_ROUND_BETS_PAGE_SIZE },
    schema: crashRoundBetsSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'round bets');
}

async function getCrashMyBets(page: number): Promise<CrashMyBetsPage> {
  const result = await request({
    url: '/crash/my-bets',
    queryParams: { page, pageSize: CRASH_MY_BETS_PAGE_SIZE },
    schema: crashMyBetsSchema,
    noToastEmit: true,
  });
  return unwrap(result, 'my bets');
}

export function useCrashState() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...crashKeys.state, playerId],
    queryFn: getCrashState,
    // The socket keeps the screen current; this is only the first picture.
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Finished rounds, newest first, while `shown`; `lastCrashId` (the newest crash the screen
 * saw) in the key reads them again after each crash.
 */
export function useCrashRounds(page: number, lastCrashId: string | null, shown: boolean) {
  return useQuery({
    queryKey: [...crashKeys.rounds, page, lastCrashId],
    queryFn: () => getCrashRounds(page),
    enabled: shown,
    placeholderData: keepPreviousData,
  });
}

/** One finished round with its bets (names masked), while wanted. */
export function useCrashRound(roundId: string | null, enabled = true) {
  return useQuery({
    queryKey: crashKeys.round(roundId ?? ''),
    queryFn: () => getCrashRound(roundId ?? ''),
    enabled: enabled && roundId !== null,
    // A finished round never changes.
    staleTime: Infinity,
  });
}

/** My bets, newest first, while shown; read again after each crash (`lastCrashId`). */
export function useCrashMyBets(page: number, lastCrashId: string | null, shown: boolean) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...crashKeys.myBets, playerId, page, lastCrashId],
    queryFn: () => getCrashMyBets(page),
    enabled: shown,
    placeholderData: keepPreviousData,
  });
}

/**
 * The round now's whole list of bets, a page at a time, while `shown` (the room's summary
 * lists only the biggest few): read again for a new round and every CRASH_ROUND_BETS_REFRESH_MS.
 */
export function useCurrentRoundBets(roundId: string, page: number, shown: boolean) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: [...crashKeys.roundBets, playerId, roundId, page],
    queryFn: () => getCurrentRoundBets(page),
    enabled: shown,
    placeholderData: keepPreviousData,
    refetchInterval: shown ? CRASH_ROUND_BETS_REFRESH_MS : false,
  });
}
