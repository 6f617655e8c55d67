import { useQuery } from '@tanstack/react-query';
import { bankDetailsSchema } from '@spm/contract';
import type { BankDetail } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';

/**
 * The player's saved bank details (GET /bank, SPEC 7.4). Shared because two features read
 * them: the profile edits them, the withdraw screen pays out to one of them.
 */
export const bankDetailsKeys = {
  all: ['bank-details'] as const,
  list: (playerId: string | number | null) => ['bank-details', playerId] as const,
};

export async function getBankDetails(): Promise<BankDetail[]> {
  const { data, error } = await request({ url: '/bank', schema: bankDetailsSchema });
  if (error) throw new Error(error.message ?? 'bank details unavailable');
  // SPEC 7.1: a falsy answer is neither data nor an error; for a list that means none.
  return data ?? [];
}

export function useBankDetails() {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: bankDetailsKeys.list(playerId),
    queryFn: getBankDetails,
    enabled: playerId !== null,
  });
}

/** How a saved detail is shown in lists: card and account numbers end in their last 4. */
export function maskAccountNo(detail: Pick<BankDetail, 'type' | 'accountNo'>): string {
  if (detail.type === 'upi') return detail.accountNo;
  const digits = detail.accountNo.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
}
