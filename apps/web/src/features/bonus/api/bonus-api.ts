import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BonusClaim,
  BonusClaimParts,
  BonusClaimStats,
  BonusClaims,
  BonusOffers,
} from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import type { RequestError } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkOffers = devSchema('bonusOffersSchema');
const checkClaim = devSchema('bonusClaimSchema');
const checkClaims = devSchema('bonusClaimsSchema');
const checkStats = devSchema('bonusClaimStatsSchema');
const checkParts = devSchema('bonusClaimPartsSchema');

/** Bonuses in the history, and lines of one bonus, shown a page. */
export const BONUS_PAGE_SIZE = 20;

/** Keyed by the player, so a new session never sees the last one's bonuses. */
export const bonusKeys = {
  all: (playerId: string | number | null) => ['bonus', playerId] as const,
  offers: (playerId: string | number | null) => ['bonus', playerId, 'offers'] as const,
  stats: (playerId: string | number | null) => ['bonus', playerId, 'stats'] as const,
  claims: (playerId: string | number | null, page: number) =>
    ['bonus', playerId, 'claims', page] as const,
  claim: (playerId: string | number | null, claimId: number) =>
    ['bonus', playerId, 'claim', claimId] as const,
  parts: (playerId: string | number | null, claimId: number, page: number) =>
    ['bonus', playerId, 'parts', claimId, page] as const,
};

/** A failed read, with the server's error code (a 404 is told apart from a failure). */
export class BonusReadError extends Error {
  readonly code: string | undefined;

  constructor(error: RequestError | null, fallback: string) {
    super(error ? errorText(error) : fallback);
    const fields = (error ?? {}) as { errorCode?: string; code?: string };
    this.code = fields.errorCode ?? fields.code;
  }
}

/** The codes of an answer "no such bonus" (the route's own, or an unknown address). */
const NOT_FOUND_CODES = new Set(['BONUS_CLAIM_NOT_FOUND', 'NOT_FOUND']);

export function isNotFound(error: unknown): boolean {
  return error instanceof BonusReadError && NOT_FOUND_CODES.has(error.code ?? '');
}

/** GET /bonus/offers: the offers open now, and whether this player may claim each. */
export async function getBonusOffers(): Promise<BonusOffers> {
  const { data, error } = await request({
    url: '/bonus/offers',
    schema: checkOffers,
    noToastEmit: true,
  });
  if (!data) throw new BonusReadError(error, 'bonus offers unavailable');
  return data;
}

/** GET /bonus/claims/stats: the coins, the active and the pending bonus, and the totals. */
export async function getBonusStats(): Promise<BonusClaimStats> {
  const { data, error } = await request({
    url: '/bonus/claims/stats',
    schema: checkStats,
    noToastEmit: true,
  });
  if (!data) throw new BonusReadError(error, 'bonus stats unavailable');
  return data;
}

/** GET /bonus/claims?page=&pageSize=: the player's bonuses, newest first. */
export async function getBonusClaims(page: number): Promise<BonusClaims> {
  const { data, error } = await request({
    url: '/bonus/claims',
    queryParams: { page, pageSize: BONUS_PAGE_SIZE },
    schema: checkClaims,
    noToastEmit: true,
  });
  if (!data) throw new BonusReadError(error, 'bonus history unavailable');
  return data;
}

/** GET /bonus/claims/{claimId}: one bonus (404 BONUS_CLAIM_NOT_FOUND when not the player's). */
export async function getBonusClaim(claimId: number): Promise<BonusClaim> {
  const { data, error } = await request({
    url: `/bonus/claims/${claimId}`,
    schema: checkClaim,
    noToastEmit: true,
  });
  if (!data) throw new BonusReadError(error, 'bonus unavailable');
  return data;
}

/** GET /bonus/claims/parts?claimId=&page=&pageSize=: what happened to one bonus, a line each. */
export async function getBonusClaimParts(claimId: number, page: number): Promise<BonusClaimParts> {
  const { data, error } = await request({
    url: '/bonus/claims/parts',
    queryParams: { claimId, page, pageSize: BONUS_PAGE_SIZE },
    schema: checkParts,
    noToastEmit: true,
  });
  if (!data) throw new BonusReadError(error, 'bonus lines unavailable');
  return data;
}

/**
 * POST /bonus/claims: claims an offer (it waits for the next qualifying deposit). A refusal
 * (BONUS_CLAIM_PENDING, BONUS_ALREADY_CLAIMED…) is toasted in the player's language.
 */
export async function claimBonusOffer(offerId: number): Promise<BonusClaim> {
  const { data, error } = await request({
    url: '/bonus/claims',
    method: 'POST',
    data: { offerId },
    schema: checkClaim,
  });
  if (!data) throw new BonusReadError(error, 'offer not claimed');
  return data;
}

/** POST /bonus/claims/cancel: ends a pending or active bonus; a refusal is toasted. */
export async function cancelBonusClaim(claimId: number): Promise<BonusClaim> {
  const { data, error } = await request({
    url: '/bonus/claims/cancel',
    method: 'POST',
    data: { claimId },
    schema: checkClaim,
  });
  if (!data) throw new BonusReadError(error, 'bonus not cancelled');
  return data;
}

function usePlayerId() {
  return useAuthStore((state) => state.user?.id ?? null);
}

export function useBonusOffers() {
  const playerId = usePlayerId();
  return useQuery({ queryKey: bonusKeys.offers(playerId), queryFn: getBonusOffers });
}

/** The wallet at a glance; `enabled` false asks nothing (yet). */
export function useBonusStats(enabled = true) {
  const playerId = usePlayerId();
  return useQuery({ queryKey: bonusKeys.stats(playerId), queryFn: getBonusStats, enabled });
}

export function useBonusClaims(page: number) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: bonusKeys.claims(playerId, page),
    queryFn: () => getBonusClaims(page),
    placeholderData: keepPreviousData,
  });
}

/** One bonus; `claimId` null (an address that is no id) asks nothing. */
export function useBonusClaim(claimId: number | null) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: bonusKeys.claim(playerId, claimId ?? 0),
    queryFn: () => getBonusClaim(claimId ?? 0),
    enabled: claimId !== null,
  });
}

export function useBonusClaimParts(claimId: number | null, page: number) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: bonusKeys.parts(playerId, claimId ?? 0, page),
    queryFn: () => getBonusClaimParts(claimId ?? 0, page),
    enabled: claimId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every bonus read of the player again: a claim or a cancel changes offers, stats and lists. */
function useInvalidateBonus() {
  const playerId = usePlayerId();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: bonusKeys.all(playerId) });
}

export function useClaimBonusOffer() {
  const invalidate = useInvalidateBonus();
  return useMutation({
    mutationFn: claimBonusOffer,
    // Refused too: the offer's state changed meanwhile (claimed in another tab, say).
    onSettled: invalidate,
  });
}

export function useCancelBonusClaim() {
  const invalidate = useInvalidateBonus();
  return useMutation({ mutationFn: cancelBonusClaim, onSettled: invalidate });
}
