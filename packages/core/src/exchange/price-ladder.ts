/**
 * The exchange price ladder (DESIGN 5). Decimal odds are held as integer hundredths
 * (1.01 -> 101, 1000 -> 100_000) so no float ever decides a match or a payout. The ladder is
 * finite (350 ticks), so the order book can index price levels directly by ladder index.
 */
import { pointsToPaise } from '../money.ts';

/** One band of the ladder: prices in (fromHundredths, toHundredths] stepping by stepHundredths. */
interface LadderBand {
  fromHundredths: number;
  toHundredths: number;
  stepHundredths: number;
  /** Ladder index of the band's first price (fromHundredths + stepHundredths). */
  firstIndex: number;
}

/** [from, to, step] in hundredths, as DESIGN 5 lists them; 1.01 is the ladder's first price. */
const BAND_SPECS: readonly (readonly [number, number, number])[] = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10_000, 500],
  [10_000, 100_000, 1000],
];

const BANDS: readonly LadderBand[] = (() => {
  const bands: LadderBand[] = [];
  let firstIndex = 0;
  for (const [fromHundredths, toHundredths, stepHundredths] of BAND_SPECS) {
    bands.push({ fromHundredths, toHundredths, stepHundredths, firstIndex });
    firstIndex += (toHundredths - fromHundredths) / stepHundredths;
  }
  return bands;
})();

/** Every ladder price in hundredths, ascending: LADDER_PRICES[ladderIndex]. */
export const LADDER_PRICES: readonly number[] = Object.freeze(
  BANDS.flatMap((band) => {
    const prices: number[] = [];
    for (let p = band.fromHundredths + band.stepHundredths; p <= band.toHundredths;) {
      prices.push(p);
      p += band.stepHundredths;
    }
    return prices;
  }),
);

export const LADDER_SIZE = LADDER_PRICES.length;
export const MIN_PRICE_HUNDREDTHS = 101;
export const MAX_PRICE_HUNDREDTHS = 100_000;

/**
 * Ladder index of a price, or -1 when it is not on the ladder. Ten comparisons at most: the
 * book calls this once per order.
 */
export function ladderIndex(priceHundredths: number): number {
  if (
    !Number.isSafeInteger(priceHundredths) ||
    priceHundredths < MIN_PRICE_HUNDREDTHS ||
    priceHundredths > MAX_PRICE_HUNDREDTHS
  ) {
    return -1;
  }
  for (const band of BANDS) {
    if (priceHundredths <= band.toHundredths) {
      const offset = priceHundredths - band.fromHundredths;
      if (offset % band.stepHundredths !== 0) return -1;
      return band.firstIndex + offset / band.stepHundredths - 1;
    }
  }
  return -1;
}

export function isValidPrice(priceHundredths: number): boolean {
  return ladderIndex(priceHundredths) >= 0;
}

/** The price at a ladder index, or undefined outside 0..LADDER_SIZE-1. */
export function priceAtIndex(index: number): number | undefined {
  return LADDER_PRICES[index];
}

/**
 * The smallest ladder price strictly above the given price (which need not be on the ladder),
 * or null above the top. Lets the apps' +/- buttons snap an off-ladder value back on.
 */
export function nextTickUp(priceHundredths: number): number | null {
  let low = 0;
  let high = LADDER_SIZE;
  // First index whose price is > priceHundredths.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((LADDER_PRICES[mid] as number) > priceHundredths) high = mid;
    else low = mid + 1;
  }
  return LADDER_PRICES[low] ?? null;
}

/** The largest ladder price strictly below the given price, or null below 1.01. */
export function nextTickDown(priceHundredths: number): number | null {
  let low = 0;
  let high = LADDER_SIZE;
  // First index whose price is >= priceHundredths; the one before it is the answer.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((LADDER_PRICES[mid] as number) >= priceHundredths) high = mid;
    else low = mid + 1;
  }
  return LADDER_PRICES[low - 1] ?? null;
}

/** How many ticks separate two ladder prices (positive when `to` is higher). */
export function ticksBetween(fromHundredths: number, toHundredths: number): number | null {
  const from = ladderIndex(fromHundredths);
  const to = ladderIndex(toHundredths);
  return from < 0 || to < 0 ? null : to - from;
}

export type ParsePriceResult =
  | { ok: true; priceHundredths: number }
  | { ok: false; code: 'NOT_FINITE' | 'TOO_MANY_DECIMALS' | 'OUT_OF_RANGE' | 'OFF_LADDER' };

/**
 * Reads an API odds value (a JSON number with at most 2 decimals) into hundredths, exactly.
 * The text-based conversion is the same as points to paise (both are "hundredths of a
 * 2-decimal number"), so it is reused rather than written twice: 1.1 * 100 would be
 * 110.00000000000001 in floats; the text "1.1" is exactly 110.
 */
export function parsePrice(odds: number): ParsePriceResult {
  const parsed = pointsToPaise(odds);
  if (!parsed.ok) return parsed;
  const hundredths = parsed.paise;
  if (hundredths < BigInt(MIN_PRICE_HUNDREDTHS) || hundredths > BigInt(MAX_PRICE_HUNDREDTHS)) {
    return { ok: false, code: 'OUT_OF_RANGE' };
  }
  const priceHundredths = Number(hundredths);
  return isValidPrice(priceHundredths)
    ? { ok: true, priceHundredths }
    : { ok: false, code: 'OFF_LADDER' };
}

/** Hundredths to the API's odds number: 101 -> 1.01 (division of integers below 2^53 by 100 prints exactly). */
export function priceToOdds(priceHundredths: number): number {
  return priceHundredths / 100;
}

/** Display text with 2 decimals: 101 -> "1.01", 100000 -> "1000.00". */
export function formatPrice(priceHundredths: number): string {
  const whole = Math.trunc(priceHundredths / 100);
  const fraction = priceHundredths % 100;
  return `${whole}.${fraction.toString().padStart(2, '0')}`;
}
