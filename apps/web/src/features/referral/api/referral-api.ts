import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralChildren, ReferralCode, ReferralSources, ReferralStats } from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkCode = devSchema('referralCodeSchema');
const checkStats = devSchema('referralStatsSchema');
const checkChildren = devSchema('referralChildrenSchema');
const checkSources = devSchema('referralSourcesSchema');

/** Invited friends shown a page. */
export const REFERRAL_PAGE_SIZE = 20;

/** Keyed by the player, so a new session never sees the last one's programme. */
export const referralKeys = {
  stats: (playerId: string | number | null) => ['referral', playerId, 'stats'] as const,
  sources: (playerId: string | number | null) => ['referral', playerId, 'sources'] as const,
  children: (playerId: string | number | null, page: number) =>
    ['referral', playerId, 'children', page] as const,
};

/** GET /ref/stats: the code (null until asked for), counts and the operator's terms. */
export async function getReferralStats(): Promise<ReferralStats> {
  const { data, error } = await request({
    url: '/ref/stats',
    schema: checkStats,
    noToastEmit: true,
  });
  if (!data) throw new Error(error ? errorText(error) : 'referral stats unavailable');
  return data;
}

/** GET /ref/sources: visits, sign-ups and rewards per source, the busiest first. */
export async function getReferralSources(): Promise<ReferralSources> {
  const { data, error } = await request({
    url: '/ref/sources',
    schema: checkSources,
    noToastEmit: true,
  });
  if (!data) throw new Error(error ? errorText(error) : 'referral sources unavailable');
  return data;
}

/** GET /ref/children?page=&pageSize=: the friends who signed up with the code, newest first. */
export async function getReferralChildren(page: number): Promise<ReferralChildren> {
  const { data, error } = await request({
    url: '/ref/children',
    queryParams: { page, pageSize: REFERRAL_PAGE_SIZE },
    schema: checkChildren,
    noToastEmit: true,
  });
  if (!data) throw new Error(error ? errorText(error) : 'invited friends unavailable');
  return data;
}

/**
 * POST /ref/generate: the player's code, made on the first call and the same ever after.
 * A refusal (a demo account: 403 DEMO_ACCOUNT) is toasted in the player's language.
 */
export async function generateReferralCode(): Promise<ReferralCode> {
  const { data, error } = await request({
    url: '/ref/generate',
    method: 'POST',
    schema: checkCode,
  });
  if (!data) throw new Error(error ? errorText(error) : 'no referral code');
  return data;
}

export function useReferralStats() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({ queryKey: referralKeys.stats(playerId), queryFn: getReferralStats });
}

export function useReferralSources() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({ queryKey: referralKeys.sources(playerId), queryFn: getReferralSources });
}

export function useReferralChildren(page: number) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: referralKeys.children(playerId, page),
    queryFn: () => getReferralChildren(page),
    placeholderData: keepPreviousData,
  });
}

/** Asks for the code, then reads the stats again (they carry it from now on). */
export function useGenerateReferralCode() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateReferralCode,
    onSuccess: () => client.invalidateQueries({ queryKey: referralKeys.stats(playerId) }),
  });
}
