import { useQuery } from '@tanstack/react-query';
import type { LimitName, LimitPromptPlace, LimitsState } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';
import { devSchema } from '@/shared/lib/dev-schema';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkLimitsState = devSchema('limitsStateSchema');

/*
 * The player's safer-play limits (issue 42 items 1 and 4): GET/PUT /rg/limits, the prompt's
 * skip and the 6-month review. Shared: the profile shows them, the deposit page and the
 * layout offer the prompt.
 */

export const limitsKeys = {
  all: ['rg-limits'] as const,
  of: (playerId: string | number | null) => ['rg-limits', playerId] as const,
};

async function getLimits(): Promise<LimitsState> {
  const { data, error } = await request({ url: '/rg/limits', schema: checkLimitsState });
  if (error || !data) throw new Error(error?.message ?? 'limits unavailable');
  return data;
}

export function useLimits(enabled = true) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: limitsKeys.of(playerId),
    queryFn: getLimits,
    enabled: enabled && playerId !== null,
  });
}

export async function saveLimits(
  changes: { name: LimitName; amount: number | null }[],
): Promise<LimitsState | null> {
  const { data } = await request({
    url: '/rg/limits',
    method: 'PUT',
    data: { changes },
    schema: checkLimitsState,
  });
  return data;
}

export async function skipLimitsPrompt(place: LimitPromptPlace): Promise<LimitsState | null> {
  const { data } = await request({
    url: '/rg/limits/prompt',
    method: 'POST',
    data: { answer: 'skipped', place },
    schema: checkLimitsState,
  });
  return data;
}

export async function reviewLimits(): Promise<LimitsState | null> {
  const { data } = await request({
    url: '/rg/limits/review',
    method: 'POST',
    data: {},
    schema: checkLimitsState,
  });
  return data;
}
