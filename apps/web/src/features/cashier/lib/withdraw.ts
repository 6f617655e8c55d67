import { otpSchema } from '@spm/contract';
import type { WithdrawInfo } from '@spm/contract';
import { cashierMessageKey } from '@/shared/lib/cashier-messages';
import { formatAmount } from '@spm/client';
import { amountProblem, parseAmount } from './amount';
import { problem } from './form-problem';
import type { FieldProblem } from './form-problem';

/** Above the KYC threshold without approved KYC the server refuses (KYC_REQUIRED). */
export function needsKyc(info: WithdrawInfo, amount: number | null): boolean {
  return amount !== null && amount > info.kycRequiredAbove && info.kycStatus !== 'approved';
}

export function pendingLimitReached(info: WithdrawInfo): boolean {
  return info.pendingCount >= info.maxPending;
}

/**
 * A withdrawal amount's problem: the contract's rules and the method's limits, then what
 * the server would refuse anyway (more than the withdrawable balance, KYC needed).
 */
export function withdrawAmountProblem(
  text: string,
  limits: { min: number; max: number },
  info: WithdrawInfo,
): FieldProblem | null {
  const found = amountProblem(text, limits);
  if (found) return found;
  const amount = parseAmount(text);
  if (amount !== null && amount > info.withdrawable) {
    return problem('cashier.withdraw.aboveBalance', { balance: formatAmount(info.withdrawable) });
  }
  if (needsKyc(info, amount)) {
    return problem('cashier.withdraw.kycRequired', { amount: formatAmount(info.kycRequiredAbove) });
  }
  return null;
}

export function otpProblem(otp: string): FieldProblem | null {
  const checked = otpSchema.safeParse(otp);
  return checked.success
    ? null
    : problem(cashierMessageKey(checked.error.issues[0]?.message ?? ''));
}
