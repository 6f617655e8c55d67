import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayAllowance, PlayAllowanceClaim } from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';
import { devSchema } from '@/shared/lib/dev-schema';

// Production trusts the server's answer check (dev-schema.ts): no zod on the first download.
const checkAllowance = devSchema('playAllowanceSchema');
const checkAllowanceClaim = devSchema('playAllowanceClaimSchema');

/** Keyed by the player, so a new session never sees the last one's claim. */
export const allowanceKey = (playerId: string | number | null) =>
  ['play-allowance', playerId] as const;

export async function getPlayAllowance(): Promise<PlayAllowance> {
  const { data, error } = await request({ url: '/play/allowance', schema: checkAllowance });
  if (error || !data) throw new Error(error ? errorText(error) : 'no allowance');
  return data;
}

/** POST /play/allowance/claim; the wallet's update_balance moves the header by itself. */
export async function claimPlayAllowance(): Promise<PlayAllowanceClaim> {
  const { data, error } = await request({
    url: '/play/allowance/claim',
    method: 'POST',
    schema: checkAllowanceClaim,
  });
  if (error || !data) throw new Error(error ? errorText(error) : 'no claim');
  return data;
}

export function usePlayAllowance() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: allowanceKey(playerId),
    queryFn: getPlayAllowance,
    enabled: playerId !== null,
  });
}

export function useClaimPlayAllowance() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimPlayAllowance,
    // Claimed or refused (claimed elsewhere meanwhile): what the server says now.
    onSettled: () => client.invalidateQueries({ queryKey: allowanceKey(playerId) }),
  });
}
