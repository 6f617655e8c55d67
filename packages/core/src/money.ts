/**
 * Money is integer paise (1/100 point) in bigint everywhere inside the platform (DESIGN 4).
 * The API shows points as JSON numbers with at most 2 decimals; these two functions are the
 * only crossing between the two, used once at the edge.
 */
export type Paise = bigint;

export type ParsePointsResult =
  | { ok: true; paise: Paise }
  | { ok: false; code: 'NOT_FINITE' | 'TOO_MANY_DECIMALS' | 'OUT_OF_RANGE' };

/** Largest amount the API accepts in one field: 10^13 points keeps paise inside int64. */
export const MAX_ABS_POINTS = 10_000_000_000_000;

/**
 * Converts an API points value to paise without float multiplication (0.29 * 100 is
 * 28.999999999999996). It reads the number's shortest round-trip text, which is the text the
 * JSON body carried, so 1048451.18 stays 1048451.18 rather than 1048451.1799999999.
 */
export function pointsToPaise(points: number): ParsePointsResult {
  if (!Number.isFinite(points)) return { ok: false, code: 'NOT_FINITE' };
  if (Math.abs(points) > MAX_ABS_POINTS) return { ok: false, code: 'OUT_OF_RANGE' };
  const text = String(Math.abs(points));
  // Exponent form below the range check only appears for magnitudes under 1e-6.
  if (text.includes('e')) return { ok: false, code: 'TOO_MANY_DECIMALS' };
  // Stryker disable next-line StringLiteral: split always yields a first element, so that default never applies
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > 2) return { ok: false, code: 'TOO_MANY_DECIMALS' };
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  // bigint has no -0: -0 points and 0 points are both 0n, whichever branch (so `<= 0` is the same).
  // Stryker disable next-line EqualityOperator: equivalent at 0, see above
  return { ok: true, paise: points < 0 ? -magnitude : magnitude };
}

/** Paise to the API's points number (exact: every paise value below 2^53 / 100 is representable to 2 decimals). */
export function paiseToPoints(paise: Paise): number {
  const negative = paise < 0n;
  const magnitude = negative ? -paise : paise;
  const whole = magnitude / 100n;
  const fraction = magnitude % 100n;
  const value = Number(`${whole}.${fraction.toString().padStart(2, '0')}`);
  return negative ? -value : value;
}

/** Display text in the Indian grouping (1,00,000.00) used across the player app. */
export function formatPoints(paise: Paise): string {
  return paiseToPoints(paise).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
