/**
 * A player's profit and loss per outcome and the exposure the wallet must hold (DESIGN 5):
 * exposure = max(0, -min over outcomes of P&L). Pure bigint paise; prices and rates are
 * integers, so no float is ever involved.
 *
 * Rounding (the only divisions are "/ 100" of a price or rate):
 * - Exchange bets are peer-to-peer: the backer's win and the layer's loss are the SAME amount,
 *   floor(stake * (priceHundredths - 100) / 100). Rounding both down keeps every market summing
 *   to zero: no fraction of a paisa is created or destroyed, and nobody pays more than the
 *   ladder price says.
 * - Bookmaker and fancy bets have the house on the other side, so rounding goes the house's
 *   way: what the house pays a player is rounded down, what it collects from a player is
 *   rounded up (a lay bookmaker or a "no" fancy loss of stake * rate / 100).
 * Settlement (settlement.ts) uses these same functions, so the hold always covers the outcome.
 */
import type { OddsType } from '@spm/contract';
import type { Paise } from '../money.ts';
import type { Fill } from './order-book.ts';

const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator;

/** Exposure of a P&L vector: the worst loss, or zero when no outcome loses. */
export function exposureOf(pnls: Iterable<Paise>): Paise {
  let worst = 0n;
  // Stryker disable next-line EqualityOperator: taking an equal value again changes nothing
  for (const pnl of pnls) if (pnl < worst) worst = pnl;
  return -worst;
}

// ---------------------------------------------------------------- exchange (match odds)

export interface ExchangeBet {
  side: OddsType;
  runnerId: string;
  priceHundredths: number;
  /** Backer's stake (for a lay, the stake it accepts; the liability is stake * (price - 1)). */
  stakePaise: Paise;
}

export interface PlayerExchangeBet extends ExchangeBet {
  playerId: string;
}

/** A backer's profit, which is also the layer's liability: floor(stake * (p - 1)). */
export function exchangeProfitPaise(stakePaise: Paise, priceHundredths: number): Paise {
  return (stakePaise * BigInt(priceHundredths - 100)) / 100n;
}

/** One bet's P&L when `winnerRunnerId` wins the market. */
export function exchangeBetPnl(bet: ExchangeBet, winnerRunnerId: string): Paise {
  const runnerWins = bet.runnerId === winnerRunnerId;
  if (bet.side === 'back') {
    return runnerWins ? exchangeProfitPaise(bet.stakePaise, bet.priceHundredths) : -bet.stakePaise;
  }
  return runnerWins ? -exchangeProfitPaise(bet.stakePaise, bet.priceHundredths) : bet.stakePaise;
}

function checkRunners(runnerIds: readonly string[], bets: readonly { runnerId: string }[]): void {
  const known = new Set(runnerIds);
  for (const bet of bets) {
    // A bet on a runner the market does not list is a wiring bug, not a player error.
    if (!known.has(bet.runnerId)) throw new RangeError(`unknown runner ${bet.runnerId}`);
  }
}

/** The P&L of a set of matched bets for each runner winning. */
export function exchangePnlByRunner(
  runnerIds: readonly string[],
  bets: readonly ExchangeBet[],
): Map<string, Paise> {
  checkRunners(runnerIds, bets);
  const pnl = new Map<string, Paise>();
  for (const winner of runnerIds) {
    let total = 0n;
    for (const bet of bets) total += exchangeBetPnl(bet, winner);
    pnl.set(winner, total);
  }
  return pnl;
}

/**
 * Adds one matched bet to a P&L per winning runner kept bet by bet (a sum, so the order bets
 * are added in does not matter): equal to exchangePnlByRunner over every bet added, at the cost
 * of the market's runners per bet instead of all the player's bets per check.
 */
export function addExchangeBetPnl(
  pnl: Map<string, Paise>,
  runnerIds: readonly string[],
  bet: ExchangeBet,
): void {
  checkRunners(runnerIds, [bet]);
  for (const winner of runnerIds) {
    pnl.set(winner, (pnl.get(winner) ?? 0n) + exchangeBetPnl(bet, winner));
  }
}

export interface ExchangeExposure {
  /** P&L of the matched bets only, per winning runner. */
  matchedPnlByRunner: Map<string, Paise>;
  /** Worst P&L per winning runner, counting any unmatched order that would lose there. */
  worstPnlByRunner: Map<string, Paise>;
  exposurePaise: Paise;
}

/**
 * Exposure of one player in one exchange market. Unmatched orders count only against the
 * player: any subset of them may still match (at their own price, since resting orders fill
 * at the resting price), so the worst case is the minimum over runners AND subsets.
 *
 * Why adding each unmatched order only where it loses is enough: for a fixed winner w the
 * P&L of a subset S is matched(w) + sum over i in S of u_i(w), which is smallest for
 * S = { i : u_i(w) < 0 }, giving matched(w) + sum_i min(0, u_i(w)). The minimum over (w, S)
 * is the minimum over w of that. A partial match is never worse than a full one (the loss is
 * linear in the stake, and floors of parts sum to at most the floor of the whole), so whole
 * orders are the extreme cases. The property test checks this against all subsets.
 */
export function exchangeExposure(input: {
  runnerIds: readonly string[];
  matched: readonly ExchangeBet[];
  unmatched?: readonly ExchangeBet[];
}): ExchangeExposure {
  return exchangeExposureOfPnl({
    runnerIds: input.runnerIds,
    matchedPnlByRunner: exchangePnlByRunner(input.runnerIds, input.matched),
    unmatched: input.unmatched ?? [],
  });
}

/**
 * exchangeExposure from the matched bets' P&L per winning runner (exchangePnlByRunner, or kept
 * up to date with addExchangeBetPnl) instead of the bets themselves; a runner absent from the
 * map has no matched P&L.
 */
export function exchangeExposureOfPnl(input: {
  runnerIds: readonly string[];
  matchedPnlByRunner: ReadonlyMap<string, Paise>;
  unmatched: readonly ExchangeBet[];
}): ExchangeExposure {
  const { unmatched } = input;
  checkRunners(input.runnerIds, unmatched);
  const matchedPnlByRunner = new Map<string, Paise>();
  const worstPnlByRunner = new Map<string, Paise>();
  for (const winner of input.runnerIds) {
    let worst = input.matchedPnlByRunner.get(winner) ?? 0n;
    matchedPnlByRunner.set(winner, worst);
    for (const order of unmatched) {
      const pnl = exchangeBetPnl(order, winner);
      // Stryker disable next-line EqualityOperator: adding 0 changes nothing
      if (pnl < 0n) worst += pnl;
    }
    worstPnlByRunner.set(winner, worst);
  }
  return {
    matchedPnlByRunner,
    worstPnlByRunner,
    exposurePaise: exposureOf(worstPnlByRunner.values()),
  };
}

/**
 * The two bets one fill creates: the taker's on its side and the maker's on the other, both
 * at the fill (resting) price and for the same backer's stake.
 */
export function betsFromFill(runnerId: string, fill: Fill): [PlayerExchangeBet, PlayerExchangeBet] {
  const makerSide: OddsType = fill.takerSide === 'back' ? 'lay' : 'back';
  const { priceHundredths, stakePaise } = fill;
  // Written out, not spread from one shared part: see objectWith (../objects.ts).
  return [
    { runnerId, priceHundredths, stakePaise, side: fill.takerSide, playerId: fill.takerOwnerId },
    { runnerId, priceHundredths, stakePaise, side: makerSide, playerId: fill.makerOwnerId },
  ];
}

// ---------------------------------------------------------------- bookmaker

export interface BookmakerBet {
  side: OddsType;
  runnerId: string;
  /** Operator's rate per 100: back wins stake * rate / 100; lay loses stake * rate / 100. */
  ratePer100: number;
  stakePaise: Paise;
}

export function bookmakerBetPnl(bet: BookmakerBet, winnerRunnerId: string): Paise {
  const runnerWins = bet.runnerId === winnerRunnerId;
  const rate = BigInt(bet.ratePer100);
  if (bet.side === 'back') {
    // The house pays: round down.
    return runnerWins ? (bet.stakePaise * rate) / 100n : -bet.stakePaise;
  }
  // The house collects: round up.
  return runnerWins ? -ceilDiv(bet.stakePaise * rate, 100n) : bet.stakePaise;
}

/**
 * DESIGN 5: a bookmaker bet is accepted only at the shown rate or better for the player. A
 * backer is better off with a higher rate (wins more), a layer with a lower one (risks less).
 */
export function isBookmakerRateAcceptable(
  side: OddsType,
  requestedRatePer100: number,
  currentRatePer100: number,
): boolean {
  return side === 'back'
    ? currentRatePer100 >= requestedRatePer100
    : currentRatePer100 <= requestedRatePer100;
}

export function bookmakerPnlByRunner(
  runnerIds: readonly string[],
  bets: readonly BookmakerBet[],
): Map<string, Paise> {
  checkRunners(runnerIds, bets);
  const pnl = new Map<string, Paise>();
  for (const winner of runnerIds) {
    let total = 0n;
    for (const bet of bets) total += bookmakerBetPnl(bet, winner);
    pnl.set(winner, total);
  }
  return pnl;
}

/** Bookmaker bets are matched on acceptance (the house takes them), so there is no unmatched part. */
export function bookmakerExposure(
  runnerIds: readonly string[],
  bets: readonly BookmakerBet[],
): Paise {
  return exposureOf(bookmakerPnlByRunner(runnerIds, bets).values());
}

// ---------------------------------------------------------------- fancy (session)

export const FANCY_SIDES = ['yes', 'no'] as const;
export type FancySide = (typeof FANCY_SIDES)[number];

export interface FancyBet {
  side: FancySide;
  /** The line L (runs, wickets...): Yes wins when the result >= L. A non-negative integer. */
  line: number;
  /** Yes: win stake * rate / 100. No: lose stake * rate / 100. */
  ratePer100: number;
  stakePaise: Paise;
}

export function fancyBetPnl(bet: FancyBet, result: number): Paise {
  const rate = BigInt(bet.ratePer100);
  if (bet.side === 'yes') {
    return result >= bet.line ? (bet.stakePaise * rate) / 100n : -bet.stakePaise;
  }
  return result < bet.line ? bet.stakePaise : -ceilDiv(bet.stakePaise * rate, 100n);
}

export function fancyPnlAt(bets: readonly FancyBet[], result: number): Paise {
  let total = 0n;
  for (const bet of bets) total += fancyBetPnl(bet, result);
  return total;
}

/**
 * Exposure over every possible result value 0, 1, 2, ... Each bet's P&L only changes where
 * the result crosses its line (result >= L), so the total is constant on [0, L1 - 1],
 * [L1, L2 - 1], ... and above the last line: evaluating at 0 and at each line covers every
 * result. The property test checks this against all results one by one.
 */
export function fancyExposure(bets: readonly FancyBet[]): {
  exposurePaise: Paise;
  worstResult: number;
} {
  // A set: a line at 0 (lines are never negative) is the candidate 0 itself.
  const candidates = new Set<number>([0]);
  for (const bet of bets) candidates.add(bet.line);
  let worstResult = 0;
  let worst: Paise | undefined;
  for (const result of [...candidates].sort((a, b) => a - b)) {
    const pnl = fancyPnlAt(bets, result);
    if (worst === undefined || pnl < worst) {
      worst = pnl;
      worstResult = result;
    }
  }
  return { exposurePaise: exposureOf([worst ?? 0n]), worstResult };
}

// ---------------------------------------------------------------- money at risk

/**
 * What one matched bet loses if it loses: the money really at risk the wallet's stake events
 * count (docs/decisions.md "Wallet events: money at risk"). A back (or fancy yes) risks its
 * stake; an exchange lay its liability at the price it matched, stake * (price - 1); a house
 * lay (or fancy no) stake * rate / 100, rounded up as the house collects it.
 */
export function exchangeBetAtRiskPaise(
  side: OddsType,
  stakePaise: Paise,
  priceHundredths: number,
): Paise {
  return side === 'back' ? stakePaise : exchangeProfitPaise(stakePaise, priceHundredths);
}

/** A bookmaker or fancy bet's money at risk (`exchangeBetAtRiskPaise`). */
export function houseBetAtRiskPaise(
  side: OddsType | FancySide,
  stakePaise: Paise,
  ratePer100: number,
): Paise {
  if (side === 'back' || side === 'yes') return stakePaise;
  return ceilDiv(stakePaise * BigInt(ratePer100), 100n);
}
