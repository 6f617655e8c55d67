import { MAX_BET_POINTS } from '@spm/contract';

/*
 * The stand-in's prices and money, in integers: odds in hundredths (1.95 is 195), amounts in
 * cents (1 point = 100 cents, the operator's paise). Products of several legs' odds are kept
 * exact as a bigint over 100^legs and rounded down once, at the end, so an accumulator never
 * pays a cent more than its odds say, whatever the number of legs.
 */

/** The lowest price offered: a price of 1.00 would win nothing. */
export const MIN_ODDS_HUNDREDTHS = 101;
/**
 * The stand-in's margin, in percent of the winnings the exchange price would pay. The
 * exchange's best back price is what a backer can take there; a fixed-odds book pays a little
 * less for the same outcome (that difference is its margin), so 2.00 on the exchange is 1.95
 * here, 1.50 is 1.47 (rounded down), and a price of 1.01 stays 1.01.
 */
export const STAND_IN_MARGIN_PERCENT = 5;

export const CENTS_PER_POINT = 100n;
/** Whole points only; the smallest bet the stand-in takes. */
export const MIN_STAKE_POINTS = 10;
/**
 * The largest single bet: the game rules' maximum bet per round (a slip is one), as Betby's
 * limits are set within them; the player's own limits apply below it.
 */
export const MAX_STAKE_POINTS = MAX_BET_POINTS;
/** Legs of one slip (Betby's schema allows 30; more would only make a lottery ticket). */
export const MAX_SELECTIONS = 10;
/** An accumulator's total odds at most: keeps `k` and the potential win in Betby's bounds. */
export const MAX_TOTAL_ODDS = 10_000;

/**
 * The stand-in's fixed price for a runner whose best back price on the exchange is
 * `exchangeHundredths` (undefined: nothing to back there, the runner is not offered): the
 * winnings part less the margin, rounded down to the hundredth, at least 1.01.
 */
export function standInOddsHundredths(exchangeHundredths: number | undefined): number | undefined {
  if (exchangeHundredths === undefined || exchangeHundredths <= 100) return undefined;
  const winningsHundredths = exchangeHundredths - 100;
  const keptHundredths = Math.floor((winningsHundredths * (100 - STAND_IN_MARGIN_PERCENT)) / 100);
  return Math.max(MIN_ODDS_HUNDREDTHS, 100 + keptHundredths);
}

/** A decimal price as the wire carries it: "1.95". */
export function oddsText(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** "1.95" → 195; undefined when it is not a price with at most two decimals. */
export function hundredthsOf(odds: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(odds);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * A price a client sent as a JSON number (1.95) in hundredths, or undefined when it has more
 * than two decimals: 1.95 * 100 is 195.00000000000003 in floating point, so it is rounded,
 * and anything further from a whole hundredth than that noise is not a price.
 */
export function hundredthsOfNumber(odds: number): number | undefined {
  const hundredths = Math.round(odds * 100);
  return Math.abs(odds * 100 - hundredths) < 1e-6 ? hundredths : undefined;
}

/** The exact product of legs' odds: `numerator / 100^legs`. */
export interface ExactOdds {
  numerator: bigint;
  denominator: bigint;
}

export function productOfOdds(legsHundredths: readonly number[]): ExactOdds {
  let numerator = 1n;
  let denominator = 1n;
  for (const hundredths of legsHundredths) {
    numerator *= BigInt(hundredths);
    denominator *= 100n;
  }
  return { numerator, denominator };
}

/** The total odds as the slip's `k`: two decimals, rounded down. */
export function totalOddsText(odds: ExactOdds): string {
  const hundredths = (odds.numerator * 100n) / odds.denominator;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** Whether the total odds pass MAX_TOTAL_ODDS. */
export function oddsAbove(odds: ExactOdds, limit: number): boolean {
  return odds.numerator > BigInt(limit) * odds.denominator;
}

/** stake × odds, rounded down to the cent once. */
export function payoutCents(stakeCents: bigint, odds: ExactOdds): bigint {
  return (stakeCents * odds.numerator) / odds.denominator;
}

/** How one leg ended on the exchange; `open` while its market is not decided. */
export type LegOutcome = 'won' | 'lost' | 'void' | 'open';

/** What the operator is told about a slip whose legs ended so. */
export type SlipSettlement =
  | { result: 'lost'; payoutCents: 0n }
  | { result: 'refund'; payoutCents: bigint }
  | { result: 'won'; payoutCents: bigint };

/**
 * A slip's settlement, or undefined while it cannot be told yet. One lost leg loses the slip
 * at once (the other legs cannot save it, so the player sees the result without waiting for
 * them, as bookmakers settle); every leg void gives the stake back; otherwise, once every leg
 * is decided, it pays stake × the won legs' odds, a void leg counting 1.00.
 */
export function settleSlip(
  stakeCents: bigint,
  legs: readonly { outcome: LegOutcome; oddsHundredths: number }[],
): SlipSettlement | undefined {
  if (legs.some((leg) => leg.outcome === 'lost')) return { result: 'lost', payoutCents: 0n };
  if (legs.some((leg) => leg.outcome === 'open')) return undefined;
  if (legs.every((leg) => leg.outcome === 'void')) {
    return { result: 'refund', payoutCents: stakeCents };
  }
  const odds = productOfOdds(
    legs.map((leg) => (leg.outcome === 'void' ? 100 : leg.oddsHundredths)),
  );
  return { result: 'won', payoutCents: payoutCents(stakeCents, odds) };
}
