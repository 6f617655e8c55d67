/**
 * The rules a bet must pass before it touches the book or the wallet (DESIGN 5): is the market
 * open, is the stake within the market's limits, is the house rate still the one the player
 * saw, how long an in-play bet waits. Pure: the server maps each refusal code to its AppError.
 */
import type { MarketStatus, OddsType } from '@spm/contract';
import type { Paise } from '../money.ts';
import { exchangeProfitPaise, isBookmakerRateAcceptable } from './exposure.ts';

export type RuleCheck<Code extends string> = { ok: true } | { ok: false; code: Code };

const OK = { ok: true } as const;

/** The limits a market starts with when its creator names none (points 100 / 5 lakh / 50 lakh). */
export const DEFAULT_MARKET_LIMITS = {
  minStakePaise: 10_000n,
  maxStakePaise: 50_000_000n,
  maxProfitPaise: 500_000_000n,
} as const;

export interface MarketLimits {
  minStakePaise: Paise;
  maxStakePaise: Paise;
  maxProfitPaise: Paise;
}

/** Only an open market of an event that is not closed takes bets; suspended says so apart. */
export function checkMarketOpen(
  marketStatus: MarketStatus,
  eventStatus: 'upcoming' | 'in_play' | 'closed' | undefined,
): RuleCheck<'MARKET_SUSPENDED' | 'MARKET_CLOSED'> {
  if (marketStatus === 'suspended') return { ok: false, code: 'MARKET_SUSPENDED' };
  if (marketStatus !== 'open') return { ok: false, code: 'MARKET_CLOSED' };
  if (eventStatus === 'closed') return { ok: false, code: 'MARKET_CLOSED' };
  return OK;
}

/** Minimum stake, then maximum stake, then maximum profit: the first broken limit is named. */
export function checkStakeLimits(
  limits: MarketLimits,
  stakePaise: Paise,
  profitPaise: Paise,
): RuleCheck<'STAKE_BELOW_MIN' | 'STAKE_ABOVE_MAX' | 'PROFIT_ABOVE_MAX'> {
  if (stakePaise < limits.minStakePaise) return { ok: false, code: 'STAKE_BELOW_MIN' };
  if (stakePaise > limits.maxStakePaise) return { ok: false, code: 'STAKE_ABOVE_MAX' };
  if (profitPaise > limits.maxProfitPaise) return { ok: false, code: 'PROFIT_ABOVE_MAX' };
  return OK;
}

/**
 * The profit the max-profit limit is checked against on the exchange: a back wins
 * stake x (price - 1); a lay wins the backer's stake.
 */
export function exchangeOrderProfitPaise(
  side: OddsType,
  stakePaise: Paise,
  priceHundredths: number,
): Paise {
  return side === 'back' ? exchangeProfitPaise(stakePaise, priceHundredths) : stakePaise;
}

/**
 * An order's profit as the book matched it: a back's fills each at their own price (a back
 * fills at its asked price or better, so this may exceed `exchangeOrderProfitPaise`) and what
 * rests at the asked price; a lay wins the backer's stake whatever the prices.
 */
export function exchangeMatchedProfitPaise(
  side: OddsType,
  stakePaise: Paise,
  priceHundredths: number,
  matched: {
    fills: readonly { priceHundredths: number; stakePaise: Paise }[];
    restingPaise: Paise;
  },
): Paise {
  if (side === 'lay') return stakePaise;
  let profitPaise = exchangeProfitPaise(matched.restingPaise, priceHundredths);
  for (const fill of matched.fills) {
    profitPaise += exchangeProfitPaise(fill.stakePaise, fill.priceHundredths);
  }
  return profitPaise;
}

/** Fancy "yes" is the house's back side, "no" its lay side. */
export function houseBookSide(side: OddsType | 'yes' | 'no'): OddsType {
  return side === 'back' || side === 'yes' ? 'back' : 'lay';
}

/** Bookmaker and fancy: a back (or yes) wins stake x rate / 100, a lay (or no) wins the stake. */
export function houseProfitPaise(bookSide: OddsType, stakePaise: Paise, ratePer100: number): Paise {
  return bookSide === 'back' ? (stakePaise * BigInt(ratePer100)) / 100n : stakePaise;
}

/** The rate the house offers a bookmaker runner on one side now; null when it is off. */
export function bookmakerCurrentRate(
  runner: { backRate: number | null; layRate: number | null },
  bookSide: OddsType,
): number | null {
  return bookSide === 'back' ? runner.backRate : runner.layRate;
}

/** The fancy rate offered now; null when it is off or the line moved since the player looked. */
export function fancyCurrentRate(
  market: { line: number | null; yesRate: number | null; noRate: number | null },
  side: 'yes' | 'no',
  line: number,
): number | null {
  if (market.line !== line) return null;
  return side === 'yes' ? market.yesRate : market.noRate;
}

/**
 * A house bet is taken at the current rate when that rate is on offer and at least as good for
 * the player as the one asked; the answer names the rate the bet is taken at.
 */
export function acceptHouseRate(
  bookSide: OddsType,
  requestedRatePer100: number,
  currentRatePer100: number | null,
): { ok: true; ratePer100: number } | { ok: false; code: 'RATE_CHANGED' } {
  if (
    currentRatePer100 === null ||
    !isBookmakerRateAcceptable(bookSide, requestedRatePer100, currentRatePer100)
  ) {
    return { ok: false, code: 'RATE_CHANGED' };
  }
  return { ok: true, ratePer100: currentRatePer100 };
}

/** In play a bet waits the market's delay; before the off, or with no delay set, it does not. */
export function inPlayDelayMs(market: { inPlay: boolean; inPlayDelayMs: number }): number {
  return market.inPlay ? Math.max(0, market.inPlayDelayMs) : 0;
}
