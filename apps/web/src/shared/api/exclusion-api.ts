import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExclusionStatus, TakeExclusionBody } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';
import { devSchema } from '@/shared/lib/dev-schema';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkExclusionStatus = devSchema('exclusionStatusSchema');

/** Time-out and self-exclusion (issue 42 item 3): GET and POST /rg/exclusion, POST …/return. */
export const exclusionKeys = {
  status: (playerId: string | number | null) => ['rg-exclusion', playerId] as const,
};

async function getExclusionStatus(): Promise<ExclusionStatus> {
  const { data, error } = await request({ url: '/rg/exclusion', schema: checkExclusionStatus });
  if (error || !data) throw new Error(error?.message ?? 'exclusion status unavailable');
  return data;
}

export function useExclusionStatus() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: exclusionKeys.status(playerId),
    queryFn: getExclusionStatus,
    enabled: playerId !== null,
  });
}

/** Takes a time-out or self-exclusion; the server ends every session at once. */
export async function takeExclusion(body: TakeExclusionBody): Promise<ExclusionStatus | null> {
  const { data } = await request({
    url: '/rg/exclusion',
    method: 'POST',
    data: body,
    schema: checkExclusionStatus,
  });
  return data;
}

/** After a self-exclusion ended: asks to return (play reopens 24 hours later). */
export function useAskToReturn() {
  const client = useQueryClient();
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return async () => {
    const { data } = await request({
      url: '/rg/exclusion/return',
      method: 'POST',
      schema: checkExclusionStatus,
    });
    if (data) client.setQueryData(exclusionKeys.status(playerId), data);
  };
}

/**
 * After a time-out or self-exclusion is taken: the server has ended this session, so a call
 * is refused with 401 and the app's 401 handler signs out (as the closed sockets do too).
 */
export async function endRevokedSession(): Promise<void> {
  await request({ url: '/rg/exclusion', noToastEmit: true });
}
