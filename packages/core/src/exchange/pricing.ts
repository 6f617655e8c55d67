/**
 * Coherent prices (issue 40 item 1): fair probabilities to ladder prices and bookmaker rates
 * with a margin, and the check that no combination of bets on a market's runners wins
 * whatever the result (a "sure win", an arbitrage against the market maker or the house).
 *
 * Prices here are what a PLAYER can take, as decimal odds in hundredths: `backHundredths` is
 * the best price a player can back at (on the exchange, the best resting lay), `layHundredths`
 * the best price a player can lay at (the best resting back). A bookmaker rate r per 100 is
 * the decimal price (100 + r) / 100 on its side (DESIGN 5: a back wins stake * r / 100, a lay
 * loses stake * r / 100), and a fancy line is a two-outcome market ("result >= line" and not)
 * where Yes backs the first outcome and No lays it.
 *
 * The check is exact (integers and bigints), ignores the exchange's commission and the house's
 * rounding in its own favour (both only make a sure win smaller): what it calls safe is safe.
 */
import { LADDER_PRICES, MAX_PRICE_HUNDREDTHS, MIN_PRICE_HUNDREDTHS } from './price-ladder.ts';

/** The best prices a player can take on one runner; null when nothing is offered on that side. */
export interface RunnerQuote {
  backHundredths: number | null;
  layHundredths: number | null;
}

/**
 * How a verdict is proven. `none`: a probability for each runner (numerators over one
 * denominator, summing to it) under which no offered bet has a positive expectation, so no
 * combination of them can profit in every outcome (Farkas). `sure-win`: stakes (in any unit)
 * that profit in every outcome; `how` names the combination.
 */
export type SureWinVerdict =
  | { sureWin: false; probabilityNumerators: bigint[]; probabilityDenominator: bigint }
  | {
      sureWin: true;
      how: 'back-and-lay-one' | 'back-all' | 'lay-all';
      backStakes: bigint[];
      layStakes: bigint[];
    };

/** A fraction with a positive bigint denominator. */
interface Fraction {
  n: bigint;
  d: bigint;
}

const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const sub = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const compare = (a: Fraction, b: Fraction): number => {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
};
const ONE: Fraction = { n: 1n, d: 1n };
const ZERO: Fraction = { n: 0n, d: 1n };

function checkPrice(hundredths: number | null, name: string): void {
  if (hundredths !== null && (!Number.isSafeInteger(hundredths) || hundredths < 100)) {
    throw new RangeError(`${name} must be an integer number of hundredths of at least 100`);
  }
}

/**
 * Whether some combination of bets at these prices, one market whose runners are every
 * outcome (exactly one wins), profits whatever the result, with its proof either way.
 *
 * A back of stake s at B profits s(B - 1) if its runner wins and -s otherwise; a lay of stake
 * t at L profits -t(L - 1) and t. A set of bets profits in every outcome exactly when no
 * probability vector p gives each bet a non-positive expectation, i.e. none with
 * 1/L_i <= p_i <= 1/B_i (bounds 0 and 1 where a side is not offered) summing to 1. Such a p
 * exists iff every runner has 1/L_i <= 1/B_i (its back price at most its lay price) and
 * sum(1/L_i) <= 1 <= sum(1/B_i): so the only sure wins are backing and laying one runner
 * whose prices cross, backing every runner of a book under 100 %, and laying every runner
 * offered of a book over 100 %; any other combination wins only if one of these does.
 */
export function findSureWin(runners: readonly RunnerQuote[]): SureWinVerdict {
  if (runners.length === 0) throw new RangeError('A market needs at least one runner');
  for (const runner of runners) {
    checkPrice(runner.backHundredths, 'backHundredths');
    checkPrice(runner.layHundredths, 'layHundredths');
  }
  const zeros = () => runners.map(() => 0n);

  // Crossed: back 2(L - 1) and lay (L - 1) + (B - 1) of the same runner (in hundredths, minus
  // 100): it wins (L - 1)(B - L) if the runner wins and B - L otherwise.
  for (const [i, runner] of runners.entries()) {
    const { backHundredths: back, layHundredths: lay } = runner;
    if (back !== null && lay !== null && back > lay) {
      const backStakes = zeros();
      const layStakes = zeros();
      backStakes[i] = 2n * BigInt(lay - 100);
      layStakes[i] = BigInt(lay - 100) + BigInt(back - 100);
      return { sureWin: true, how: 'back-and-lay-one', backStakes, layStakes };
    }
  }

  // The bounds on each runner's probability: [100 / lay, 100 / back] in hundredths.
  const low = runners.map((r): Fraction =>
    r.layHundredths === null ? ZERO : { n: 100n, d: BigInt(r.layHundredths) },
  );
  const high = runners.map((r): Fraction =>
    r.backHundredths === null ? ONE : { n: 100n, d: BigInt(r.backHundredths) },
  );
  const lowSum = low.reduce(add, ZERO);
  const highSum = high.reduce(add, ZERO);

  // Back every runner in proportion to 1 / B: each outcome returns the same, more than staked.
  if (compare(highSum, ONE) < 0) {
    const product = runners.reduce((p, r) => p * BigInt(r.backHundredths!), 1n);
    const backStakes = runners.map((r) => product / BigInt(r.backHundredths!));
    return { sureWin: true, how: 'back-all', backStakes, layStakes: zeros() };
  }
  // Lay every runner that can be laid in proportion to 1 / L: each outcome costs less than the
  // stakes collected (and an outcome nobody can lay costs nothing).
  if (compare(lowSum, ONE) > 0) {
    const product = runners.reduce((p, r) => p * BigInt(r.layHundredths ?? 1), 1n);
    const layStakes = runners.map((r) =>
      r.layHundredths === null ? 0n : product / BigInt(r.layHundredths),
    );
    return { sureWin: true, how: 'lay-all', backStakes: zeros(), layStakes };
  }

  // No sure win: p = low + lambda (high - low), lambda = (1 - lowSum) / (highSum - lowSum).
  const spread = sub(highSum, lowSum);
  const lambda =
    spread.n === 0n ? ZERO : { n: sub(ONE, lowSum).n * spread.d, d: sub(ONE, lowSum).d * spread.n };
  const probabilities = runners.map((_, i) => {
    const gap = sub(high[i]!, low[i]!);
    return add(low[i]!, { n: lambda.n * gap.n, d: lambda.d * gap.d });
  });
  const denominator = probabilities.reduce((d, p) => d * p.d, 1n);
  return {
    sureWin: false,
    probabilityNumerators: probabilities.map((p) => (p.n * denominator) / p.d),
    probabilityDenominator: denominator,
  };
}

export function hasSureWin(runners: readonly RunnerQuote[]): boolean {
  return findSureWin(runners).sureWin;
}

/** A bookmaker market's rates per 100 on each runner; null when that side is not offered. */
export interface RunnerRates {
  backRate: number | null;
  layRate: number | null;
}

/** A rate r per 100 as the decimal price it pays, in hundredths. */
export function rateToHundredths(ratePer100: number | null): number | null {
  return ratePer100 === null ? null : 100 + ratePer100;
}

/** Bookmaker: the rates as prices (back at 1 + r/100, lay at 1 + r/100) through the same check. */
export function bookmakerSureWin(rates: readonly RunnerRates[]): SureWinVerdict {
  return findSureWin(
    rates.map((r) => ({
      backHundredths: rateToHundredths(r.backRate),
      layHundredths: rateToHundredths(r.layRate),
    })),
  );
}

/**
 * Fancy: Yes backs "result >= line" at 1 + yes/100 and No lays it at 1 + no/100; nothing is
 * offered on the other outcome. The check reduces to: a sure win iff yes > no.
 */
export function fancySureWin(rates: {
  yesRate: number | null;
  noRate: number | null;
}): SureWinVerdict {
  return findSureWin([
    {
      backHundredths: rateToHundredths(rates.yesRate),
      layHundredths: rateToHundredths(rates.noRate),
    },
    { backHundredths: null, layHundredths: null },
  ]);
}

/** Margins in basis points of the book: 200 = a back book of at least 102 %, a lay book of at most 98 %. */
function checkMargin(marginBps: number): void {
  if (!Number.isInteger(marginBps) || marginBps < 1 || marginBps >= 5000) {
    throw new RangeError('marginBps must be an integer from 1 to 4999');
  }
}

function normalised(fair: readonly number[]): number[] {
  if (fair.length === 0 || fair.some((p) => !(p > 0) || !Number.isFinite(p))) {
    throw new RangeError('Fair probabilities must be positive and finite');
  }
  const total = fair.reduce((sum, p) => sum + p, 0);
  return fair.map((p) => p / total);
}

/** The largest ladder price at or below a value in hundredths, or null below 1.01. */
export function ladderFloor(hundredths: number): number | null {
  if (hundredths < MIN_PRICE_HUNDREDTHS) return null;
  let found: number | null = null;
  for (const price of LADDER_PRICES) {
    if (price > hundredths) break;
    found = price;
  }
  return found;
}

/** The smallest ladder price at or above a value in hundredths, or null above 1000. */
export function ladderCeil(hundredths: number): number | null {
  if (hundredths > MAX_PRICE_HUNDREDTHS) return null;
  for (const price of LADDER_PRICES) if (price >= hundredths) return price;
  return null;
}

/**
 * Match odds: the best back and lay price to offer each runner from fair probabilities (any
 * positive weights; they are normalised). The back price is the ladder price at or below
 * 1 / (p (1 + m)) and the lay price the one at or above 1 / (p (1 - m)), so the back book is
 * at least 100 % + m and the lay book at most 100 % - m whatever the rounding; a side whose
 * price would fall off the ladder is not offered.
 */
export function quoteFromFair(fair: readonly number[], marginBps: number): RunnerQuote[] {
  checkMargin(marginBps);
  const margin = marginBps / 10_000;
  return normalised(fair).map((p) => ({
    // A hair inside each bound so float rounding can never cross it.
    backHundredths: ladderFloor(100 / (p * (1 + margin)) - 1e-9),
    layHundredths: ladderCeil(100 / (p * (1 - margin)) + 1e-9),
  }));
}

/** The highest rate a staff form takes (and the simulator offers). */
export const MAX_RATE_PER_100 = 1000;

/**
 * Bookmaker rates per 100 from fair probabilities, as quoteFromFair does for the ladder but on
 * whole rates: back r = floor(100 / (p (1 + m)) - 100), lay r = ceil(100 / (p (1 - m)) - 100).
 * A side whose rate would be under 1 or over 1000 is not offered.
 */
export function bookmakerRatesFromFair(fair: readonly number[], marginBps: number): RunnerRates[] {
  checkMargin(marginBps);
  const margin = marginBps / 10_000;
  return normalised(fair).map((p) => {
    const back = Math.floor(100 / (p * (1 + margin)) - 100 - 1e-9);
    const lay = Math.ceil(100 / (p * (1 - margin)) - 100 + 1e-9);
    return {
      backRate: back >= 1 && back <= MAX_RATE_PER_100 ? back : null,
      layRate: lay >= 1 && lay <= MAX_RATE_PER_100 ? lay : null,
    };
  });
}

/** Fancy yes/no rates for a line the result reaches with probability `reach` (0 < reach < 1). */
export function fancyRatesFromFair(
  reach: number,
  marginBps: number,
): { yesRate: number | null; noRate: number | null } {
  if (!(reach > 0 && reach < 1)) throw new RangeError('reach must be between 0 and 1');
  const [over] = bookmakerRatesFromFair([reach, 1 - reach], marginBps);
  return { yesRate: over!.backRate, noRate: over!.layRate };
}
