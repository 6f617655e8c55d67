/**
 * Settling a market (DESIGN 5), pure: given the matched bets and the result, the net P&L per
 * player, the house's commission, and the ledger postings that turn a player's exposure hold
 * into the settled outcome. Idempotency (settle once) and corrections (reverse with new
 * transactions) are the server's job; it gets the same answer from the same input every time.
 *
 * Each bet's P&L comes from exposure.ts, so a hold computed there always covers the settled
 * loss, with the same rounding.
 */
import type { Paise } from '../money.ts';
import {
  netPostings,
  playerAccount,
  systemAccount,
  type AccountRef,
  type Posting,
} from '../ledger.ts';
import {
  bookmakerBetPnl,
  exchangeBetPnl,
  fancyBetPnl,
  type BookmakerBet,
  type FancyBet,
  type PlayerExchangeBet,
} from './exposure.ts';

export type RunnerResult = { kind: 'winner'; runnerId: string } | { kind: 'void' };
export type FancyResult = { kind: 'value'; value: number } | { kind: 'void' };

export interface PlayerSettlement {
  playerId: string;
  /** Sum of the player's bets in this market for the result. */
  grossPnlPaise: Paise;
  /** Taken from positive gross winnings only. */
  commissionPaise: Paise;
  /** What the player ends with relative to before the market: gross - commission. */
  netPnlPaise: Paise;
}

export interface MarketSettlement {
  /** One entry per player who had a bet, ordered by first appearance in the input. */
  players: PlayerSettlement[];
  /** The house's own P&L as counterparty (0 on the peer-to-peer exchange). */
  houseGrossPaise: Paise;
  houseCommissionPaise: Paise;
}

export const BASIS_POINTS_PER_UNIT = 10_000n;

/**
 * Commission on a player's net market winnings at `basisPoints` (500 = 5%), rounded down in
 * paise: nothing on a loss or break-even, and never more than the rate says.
 */
export function commissionPaise(grossPnlPaise: Paise, basisPoints: number): Paise {
  if (grossPnlPaise <= 0n) return 0n;
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`commission basis points out of range: ${basisPoints}`);
  }
  return (grossPnlPaise * BigInt(basisPoints)) / BASIS_POINTS_PER_UNIT;
}

/** A winning projected the way settlement will pay it: before commission, the commission, after. */
export interface NetWinnings {
  grossPaise: Paise;
  commissionPaise: Paise;
  netPaise: Paise;
}

/**
 * Gross P&L to what the player keeps, with the very commission settlement takes (the bet slip
 * and /mybets call this, so the profit they promise is the profit that is paid).
 */
export function netOfCommission(grossPnlPaise: Paise, basisPoints: number): NetWinnings {
  const commission = commissionPaise(grossPnlPaise, basisPoints);
  return {
    grossPaise: grossPnlPaise,
    commissionPaise: commission,
    netPaise: grossPnlPaise - commission,
  };
}

/**
 * The rate settlement applies on a market of this type: only the peer-to-peer exchange (match
 * odds) charges commission; on bookmaker and fancy the house's rate is its margin.
 */
export function settlementCommissionBasisPoints(
  marketType: 'match_odds' | 'bookmaker' | 'fancy',
  marketBasisPoints: number,
): number {
  return marketType === 'match_odds' ? marketBasisPoints : 0;
}

function settle<B extends { playerId: string }>(
  bets: readonly B[],
  pnlOf: ((bet: B) => Paise) | null,
  basisPoints: number,
): MarketSettlement {
  const gross = new Map<string, Paise>();
  for (const bet of bets) {
    gross.set(bet.playerId, (gross.get(bet.playerId) ?? 0n) + (pnlOf ? pnlOf(bet) : 0n));
  }
  let houseGrossPaise = 0n;
  let houseCommissionPaise = 0n;
  const players: PlayerSettlement[] = [];
  for (const [playerId, grossPnlPaise] of gross) {
    const { commissionPaise: commission, netPaise } = netOfCommission(grossPnlPaise, basisPoints);
    houseGrossPaise -= grossPnlPaise;
    houseCommissionPaise += commission;
    players.push({ playerId, grossPnlPaise, commissionPaise: commission, netPnlPaise: netPaise });
  }
  return { players, houseGrossPaise, houseCommissionPaise };
}

/**
 * Exchange (match odds) settlement. Bets come in pairs from fills, so players' gross P&L sums
 * to zero and players' net P&L + house commission is zero. Void: every P&L is zero.
 */
export function settleExchangeMarket(input: {
  bets: readonly PlayerExchangeBet[];
  result: RunnerResult;
  commissionBasisPoints: number;
}): MarketSettlement {
  const { result } = input;
  return settle(
    input.bets,
    result.kind === 'void' ? null : (bet) => exchangeBetPnl(bet, result.runnerId),
    input.commissionBasisPoints,
  );
}

export interface PlayerBookmakerBet extends BookmakerBet {
  playerId: string;
}

/** Bookmaker settlement: the house is the counterparty, no commission (the rate is its margin). */
export function settleBookmakerMarket(input: {
  bets: readonly PlayerBookmakerBet[];
  result: RunnerResult;
}): MarketSettlement {
  const { result } = input;
  return settle(
    input.bets,
    result.kind === 'void' ? null : (bet) => bookmakerBetPnl(bet, result.runnerId),
    0,
  );
}

export interface PlayerFancyBet extends FancyBet {
  playerId: string;
}

/** Fancy settlement at the result value (runs, wickets...), the house as counterparty. */
export function settleFancyMarket(input: {
  bets: readonly PlayerFancyBet[];
  result: FancyResult;
}): MarketSettlement {
  const { result } = input;
  return settle(
    input.bets,
    result.kind === 'void' ? null : (bet) => fancyBetPnl(bet, result.value),
    0,
  );
}

/**
 * The postings that take one player from "exposure held" to "settled": release the whole
 * hold to cash, pay the gross winnings from the house or collect the gross loss to it, and
 * move the commission to the commission account. Netted, so each account changes once; an
 * empty list means there is nothing to post (no hold, no P&L).
 *
 * The house account is the clearing point of a peer-to-peer market: winners are paid from it,
 * losers pay into it, and over the whole market it nets to zero (checked by the tests).
 * Cash never goes negative when the hold was the market's exposure: the loss is at most the
 * hold.
 */
export function settlementPostings(input: {
  playerId: string;
  heldExposurePaise: Paise;
  grossPnlPaise: Paise;
  commissionPaise: Paise;
  /**
   * Who pays winnings and takes losses and commission: the house for real money; the
   * play-money account for a demo player, so play money never moves the house's books.
   */
  counterparty?: AccountRef;
}): Posting[] {
  const counterparty = input.counterparty ?? systemAccount('house');
  // Only the system has a play_money account (player kinds never share its name).
  const commissionTo =
    counterparty.kind === 'play_money' ? counterparty : systemAccount('commission');
  const cash = playerAccount(input.playerId, 'cash');
  return netPostings([
    {
      account: playerAccount(input.playerId, 'exposure_hold'),
      amountPaise: -input.heldExposurePaise,
    },
    {
      account: cash,
      amountPaise: input.heldExposurePaise + input.grossPnlPaise - input.commissionPaise,
    },
    { account: counterparty, amountPaise: -input.grossPnlPaise },
    { account: commissionTo, amountPaise: input.commissionPaise },
  ]);
}

/**
 * The postings that move a player's exposure hold from what it is to what it must be after a
 * bet, a fill or a cancel changed the market's exposure (DESIGN 5: the wallet holds exactly
 * the sum of market exposures). Empty when nothing changes. The server applies them with the
 * ledger's no-negative guard, which refuses a bet the player cannot cover.
 */
export function holdAdjustmentPostings(
  playerId: string,
  heldPaise: Paise,
  requiredPaise: Paise,
): Posting[] {
  const delta = requiredPaise - heldPaise;
  if (delta === 0n) return [];
  return [
    { account: playerAccount(playerId, 'cash'), amountPaise: -delta },
    { account: playerAccount(playerId, 'exposure_hold'), amountPaise: delta },
  ];
}
