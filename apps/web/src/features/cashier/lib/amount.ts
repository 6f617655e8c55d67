import { depositCreateFieldsSchema } from '@spm/contract';
import { percentToBasisPoints, pointsToPaise, shareOfPaise, toGatewayAmount } from '@spm/core';
import { cashierMessageKey } from '@/shared/lib/cashier-messages';
import { formatAmount } from '@spm/client';
import { problem } from './form-problem';
import type { FieldProblem } from './form-problem';

/** The contract's amount rule (positive, at most 2 decimals) as the multipart form reads it. */
const amountRule = depositCreateFieldsSchema.shape.amount;

/** Points typed into an amount box, or null while it is not a valid amount. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  const checked = amountRule.safeParse(text.trim());
  return checked.success ? checked.data : null;
}

/**
 * What is wrong with a typed amount for the limits (points), or null. The contract's
 * messages first (required, positive, 2 decimals), then the method's minimum and maximum.
 */
export function amountProblem(
  text: string,
  limits: { min: number; max: number },
): FieldProblem | null {
  if (text.trim() === '') return problem('cashier.messages.amountRequired');
  const checked = amountRule.safeParse(text.trim());
  if (!checked.success) {
    return problem(cashierMessageKey(checked.error.issues[0]?.message ?? ''));
  }
  if (checked.data < limits.min) {
    return problem('cashier.amountMin', { min: formatAmount(limits.min) });
  }
  if (checked.data > limits.max) {
    return problem('cashier.amountMax', { max: formatAmount(limits.max) });
  }
  return null;
}

/**
 * Points in the gateway's currency, rounded up to the cent as the server asks for it (core
 * toGatewayAmount): 1,000 points at 90 a USDT is 11.12 USDT. Null when it cannot be said.
 */
export function inCurrency(points: number, pointsPerUnit: number): string | null {
  const amount = pointsToPaise(points);
  const unit = pointsToPaise(pointsPerUnit);
  if (!amount.ok || !unit.ok || unit.paise <= 0n || amount.paise < 0n) return null;
  return toGatewayAmount(amount.paise, unit.paise);
}

/** A percentage of points, rounded down to the paisa as the server pays it (core shareOfPaise). */
export function shareOf(points: number, percent: number): number {
  const amount = pointsToPaise(points);
  if (!amount.ok || percent <= 0) return 0;
  return Number(shareOfPaise(amount.paise, percentToBasisPoints(percent))) / 100;
}

/** amount + share, added in paise so no float error reaches the screen. */
export function plusShare(points: number, percent: number): number {
  const amount = pointsToPaise(points);
  const extra = pointsToPaise(shareOf(points, percent));
  if (!amount.ok || !extra.ok) return points;
  return Number(amount.paise + extra.paise) / 100;
}
