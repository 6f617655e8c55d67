/**
 * Cashier maths (issue 6), pure and in paise. Percentages are basis points (1000 = 10 %) so
 * they stay integers; shares round down, never paying a fraction of a paisa the house lacks.
 */
import type { Paise } from './money.ts';

export const BASIS_POINTS_PER_WHOLE = 10_000n;

/** bps of an amount, rounded down: 3 % (300 bps) of 1,000.01 points is 30.00 points. */
export function shareOfPaise(amountPaise: Paise, basisPoints: number): Paise {
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points must be a whole number >= 0, got ${basisPoints}`);
  }
  return (amountPaise * BigInt(basisPoints)) / BASIS_POINTS_PER_WHOLE;
}

/** Percent (at most 2 decimals, as staff type it) to basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * What to send in the gateway's currency for an amount of points, rounded up to the
 * currency's cent so the player never pays less than the points credited
 * (e.g. 900 points at 90 points per USDT = 10.00 USDT; 1000 points = 11.12 USDT).
 */
export function toGatewayAmount(amountPaise: Paise, unitPricePaise: Paise): string {
  if (unitPricePaise <= 0n) throw new RangeError('unit price must be positive');
  const cents = (amountPaise * 100n + unitPricePaise - 1n) / unitPricePaise;
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/**
 * The withdrawable amount (DESIGN 4, issue 6): the cash account after exposure and
 * withdrawal holds were moved out of it. Bonus wallets (coins, sports, wicket) never count.
 */
export function withdrawablePaise(view: { balancePaise: Paise }): Paise {
  // Stryker disable next-line EqualityOperator: at exactly 0 both branches answer 0
  return view.balancePaise > 0n ? view.balancePaise : 0n;
}
