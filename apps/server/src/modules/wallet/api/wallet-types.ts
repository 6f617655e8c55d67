import type { FundingPart, FundingWallet, Paise, Posting } from '@spm/core';
import type { DebitRequest } from '../policies/wallet-policies.ts';
import type { LedgerTransactionKind } from '../ledger/ledger-repository.ts';
import type { HoldKey, WalletProduct } from '../ledger/operation-keys.ts';
import type { MoneyMode } from '../ledger/tables.ts';
import type { RoundKey } from '../ledger/round-stakes.ts';

/*
 * What a product gives the wallet API and what it answers (DESIGN 1,
 * docs/adding-a-product.md), and the plan an operation becomes before it is written.
 */

export type { WalletProduct } from '../ledger/operation-keys.ts';

/**
 * A player wallet money comes from or goes to: cash, or a bonus wallet (`coins`, `sports`)
 * once the bonus issue registers its funding policy (docs/decisions.md "Funding parts").
 */
export type StakeWallet = FundingWallet;

export interface OperationInput {
  product: WalletProduct;
  /** The product's or provider's transaction id; with `product`, the idempotency key. */
  externalId: string;
  playerId: number;
  /** Groups a round's operations: a casino round, a crash game, a bet slip, a market. */
  roundId: string;
  /** Statement text; defaults to the product and round. */
  description?: string | undefined;
  /** Statement reference; defaults to the round id. */
  reference?: string | undefined;
  /**
   * The ledger transaction's idempotency key; defaults to `wallet:{product}:{externalId}`.
   * The exchange passes the keys it used before the wallet API (`settle:{m}:v{n}:p{p}`), so
   * a settlement retried across the switch still replays instead of paying twice.
   */
  ledgerKey?: string | undefined;
  /** The staff member behind the operation (an exchange settlement), for the ledger's audit. */
  actorStaffId?: number | null | undefined;
}

export interface StakeInput extends OperationInput {
  /**
   * The stake: money this move puts at risk, what the `wallet.stake` event and the limit
   * checks count. A debit is at risk at once. A hold counts only what is really at risk now:
   * the exchange sends what this move MATCHED for this player (the taker's fills and each
   * maker's, a lay at its liability), 0 for an order that rests unmatched. 0 only with `hold`:
   * a hold moved with no new stake (no stake event then).
   */
  amountPaise: Paise;
  /**
   * debit: the stake leaves to the house now (casino, crash: a win pays later).
   * hold: it is set aside as exposure until the round settles (sportsbook, exchange).
   */
  mode: 'debit' | 'hold';
  /**
   * hold only: the round's hold after this stake, when it is not hold + stake (the exchange's
   * new required exposure of a market, which a hedge can even lower).
   */
  holdToPaise?: Paise | undefined;
}

export interface ReleaseInput extends OperationInput {
  /** The round's hold after the release (exchange: the new required exposure); default 0. */
  holdToPaise?: Paise | undefined;
}

/** For the win or settle that ends its round (`wallet-rounds.ts`). */
interface ClosingInput {
  /**
   * Closes the round in the same call (as `closeRound` would after it): its stakes then
   * stand, a rollback of them is refused ROUND_CLOSED. A win or settle alone leaves the round
   * open.
   */
  close?: boolean | undefined;
}

export interface WinInput extends OperationInput, ClosingInput {
  amountPaise: Paise;
}

export interface SettleInput extends OperationInput, ClosingInput {
  /**
   * What the player's cash receives for the part settled, the released hold included: 0 for
   * a lost bet, the hold for a void, hold + winnings - commission for a win.
   */
  payoutPaise: Paise;
  /** Taken from the winnings for the operator (exchange match odds); default 0. */
  commissionPaise?: Paise | undefined;
  /**
   * A partial settlement (a partial cash-out): the round's hold left after it, from 0 (the
   * default: the whole hold settles) up to the hold now. The rest stays held for a later
   * settle.
   */
  holdToPaise?: Paise | undefined;
}

/**
 * Undoes a win or a settlement (a corrected result): exactly what it moved goes back, read
 * from the target, and its round opens again (its stakes may then be refunded, a void).
 */
export interface ReverseInput extends OperationInput {
  /** The external id of the win or settlement to undo. */
  targetExternalId: string;
  /**
   * Optional checks, each against the target: what it paid into cash, the released hold
   * included; the commission it took; the round's hold it released. A settlement made
   * before the exchange used the wallet API has no operation: then payoutPaise and
   * holdToPaise are required and taken as given.
   */
  payoutPaise?: Paise | undefined;
  commissionPaise?: Paise | undefined;
  holdToPaise?: Paise | undefined;
}

/** Closes a player's round: its stakes stand from now on (idempotent). */
export interface CloseRoundInput {
  product: WalletProduct;
  playerId: number;
  roundId: string;
}

export interface RollbackInput extends OperationInput {
  /** The external id of the stake to refund. */
  targetExternalId: string;
}

export type WalletFailureCode =
  | 'INSUFFICIENT_FUNDS'
  /** The (product, external id) was used for another request. */
  | 'DUPLICATE'
  /** The transaction was rolled back (before or after it arrived). */
  | 'ROLLED_BACK'
  /** A limit policy refused the debit; `limit` names it, `until` says when it lifts. */
  | 'LIMIT_REACHED'
  /** The player excluded themselves (a limit policy's answer, with `limit` and `until`). */
  | 'SELF_EXCLUDED'
  /** The player took a time-out (a limit policy's answer, with `limit` and `until`). */
  | 'TIME_OUT'
  /** Rollback of an unknown transaction (a marker now refuses it if it comes late). */
  | 'NOT_FOUND'
  | 'PLAYER_NOT_FOUND'
  /** Only stakes roll back; wins and settlements are corrected by new operations. */
  | 'NOT_ROLLBACKABLE'
  /** The round already paid out: its stake stays (the provider's rollback is refused). */
  | 'ROUND_CLOSED'
  | 'INVALID_AMOUNT';

export type WalletResult =
  | {
      ok: true;
      operationId: string;
      /** The ledger transaction; null when nothing had to move (a lost round's settle). */
      transactionId: string | null;
      /** True when this answers an earlier identical request: nothing new was written. */
      replay: boolean;
      /** The main wallet: the first of `parts` (cash when nothing moved). */
      wallet: StakeWallet;
      /**
       * The money per player wallet: what a stake took from each, what a payout, refund or
       * release paid into each, what a reversal took back (empty when nothing moved).
       */
      parts: FundingPart[];
      /** The player's available balance after the operation (paise). */
      balancePaise: Paise;
      /** The player's wallet version after the operation (the update_balance it caused). */
      walletVersion: number;
    }
  | {
      ok: false;
      code: WalletFailureCode;
      /** A policy's refusal: the limit's name. */
      limit?: string;
      /** A policy's refusal: when the limit lifts (null: not by itself). */
      until?: Date | null;
    };

export type WalletSuccess = Extract<WalletResult, { ok: true }>;
export type WalletFailure = Extract<WalletResult, { ok: false }>;

/** The wallet operations bound to one open ledger transaction. */
export interface WalletOperations {
  stake: (input: StakeInput) => Promise<WalletResult>;
  release: (input: ReleaseInput) => Promise<WalletResult>;
  win: (input: WinInput) => Promise<WalletResult>;
  settle: (input: SettleInput) => Promise<WalletResult>;
  rollback: (input: RollbackInput) => Promise<WalletResult>;
  reverse: (input: ReverseInput) => Promise<WalletResult>;
  /** Closes a player's round (`CloseRoundInput`), in this transaction. */
  closeRound: (input: CloseRoundInput) => Promise<void>;
  /**
   * Locks these players' cash accounts for the rest of the transaction (in account id order,
   * so two batches never deadlock) and answers what each can stake now: their cash balance,
   * 0 for a player with no account yet. A batching product (the exchange's market writer)
   * decides its refusals from these numbers before it moves any hold.
   */
  lockAvailable: (playerIds: readonly number[]) => Promise<Map<number, Paise>>;
  /**
   * The registered limit policies' answer to a debit about to be moved by `applyMany`, judged
   * in memory from what this transaction's `prepareMoves` read of the player (so a batching
   * product refuses that request alone before it moves anything): the refusal `applyMany`
   * would answer, or null. Null at once when no policy is registered.
   */
  judgeDebit: (request: Omit<DebitRequest, 'now'>) => WalletFailure | null;
  /**
   * The player's money mode as this transaction's `prepareMoves` read it under the row lock
   * (in memory, no statement); undefined for a player it did not read or who has no wallet.
   * The exchange keeps its book to one mode with it (docs/decisions.md "Money mode").
   */
  preparedMoneyMode: (playerId: number) => MoneyMode | undefined;
  /**
   * `lockAvailable` and `applyMany`'s read in one statement, ahead of the moves: locks what
   * moves within `scope` will need (their operations, holds, the players' accounts and
   * versions) and answers what each scope player can stake now: their cash, plus their
   * bonus coins when the funding policy lets one of the scope's products draw on them (the
   * casino's: docs/bonus.md). The next
   * `applyMany` of this transaction whose moves all fall inside the scope, with no money moved
   * in between, reads nothing more; otherwise it reads as usual. A scope wider than the moves
   * only locks more rows (the holds it created at zero and no move reached are deleted).
   */
  prepareMoves: (scope: MoveScope) => Promise<Map<number, Paise>>;
  /**
   * Many operations at once, applied in the order given (a player's later move sees the
   * earlier ones); each answers as the single stake, release or win would. A group-committing
   * product (the exchange's market writer, the casino's callback batches) moves a whole
   * batch's money with it.
   */
  applyMany: (
    moves: readonly BatchMoveInput[],
    options?: {
      /**
       * Nothing moves money or queues an event in this transaction after these moves: the
       * transaction's outbox events are then stored by the moves' own write statement, one
       * round trip less (the transaction refuses to commit if something did).
       */
      last?: boolean;
      /**
       * `last`, and the transaction commits right behind the moves' write statement, before
       * its answer is back (one wait less; docs/decisions.md "Pipelined transactions"): the
       * caller sends nothing after it, and must not fail after it either, since the money has
       * moved by then. No-op on PGlite.
       */
      commit?: boolean;
      /**
       * `last`, and the caller's own last statement goes right behind the moves' write, with
       * the COMMIT behind it when the write stores the events (one wait less than writing it
       * after the answers). `finish` is given each move's answer as planned, before anything
       * is written, and may throw to roll the transaction back with nothing written; it
       * answers the function that sends the statement, which must check itself as `commit`
       * requires (it is told whether the COMMIT goes behind it). When the moves go one by one
       * instead, it runs after them, its statement last.
       */
      finish?: BatchFinish;
    },
  ) => Promise<WalletResult[]>;
}

/** A move's answer as applyMany planned it, before anything is written (`finish`). */
export type PlannedResult = WalletFailure | { ok: true; replay: boolean; balancePaise: Paise };

/** applyMany's `finish` (see there). */
export type BatchFinish = (
  planned: readonly PlannedResult[],
) => (commitBehind: boolean) => Promise<unknown>;

/**
 * What a batch's moves may touch, known before they are planned (`prepareMoves`): the
 * operations by (product, external id), with their default ledger keys, the rounds whose
 * holds may move, and every player who may be moved.
 */
export interface MoveScope {
  operations: readonly { product: WalletProduct; externalId: string }[];
  /**
   * Operations the caller knows no earlier transaction can have made (their external ids name
   * something this transaction just created, as an order id drawn from its sequence): neither
   * they nor their ledger keys are looked up. Should one exist after all, the moves' write
   * finds it taken and raises (spm_check), so the transaction moves nothing.
   */
  newOperations?: readonly { product: WalletProduct; externalId: string }[];
  holds: readonly HoldKey[];
  playerIds: readonly number[];
  /**
   * The players whose moves may debit them (a stake, a hold's raise): the limits' totals are
   * summed for these only. Absent: for every player. A debit of a player left out while a
   * limit needs their totals throws (the transaction moves nothing).
   */
  debitingPlayerIds?: readonly number[];
  /**
   * The rounds the moves may pay a win in: their unsettled stakes (what the win's settlement
   * event reports) are read with the rest, instead of by a statement of their own.
   */
  settlingRounds?: readonly RoundKey[];
}

/** A move `applyMany` plans in memory and writes in one statement. */
export type AtOnceMove =
  | { operation: 'stake'; input: StakeInput }
  | { operation: 'release'; input: ReleaseInput }
  | { operation: 'win'; input: WinInput };

/**
 * One move of `applyMany`: a stake (into a hold or debited), a release of a hold, a win, a
 * settlement, a rollback or a reversal.
 */
export type BatchMoveInput =
  | AtOnceMove
  | { operation: 'settle'; input: SettleInput }
  | { operation: 'rollback'; input: RollbackInput }
  | { operation: 'reverse'; input: ReverseInput };

/** What one operation will do, once idempotency and the checks let it. */
export interface Plan {
  kind: LedgerTransactionKind;
  postings: Posting[];
  amountPaise: Paise;
  holdDeltaPaise: Paise;
  /** The round's hold after the operation, when the operation keeps one. */
  holdToPaise?: Paise;
  stakePaise: Paise;
  payoutPaise: Paise;
  event?: string;
  relatedExternalId?: string;
  /** The operation closes its round (`close: true`). */
  closesRound?: boolean;
  /** The round's hold per wallet after the operation (with `holdToPaise`). */
  holdParts?: FundingPart[];
  /** The hold moved per wallet, recorded on the operation (a settlement's settled parts). */
  holdDeltaParts?: FundingPart[];
}

/** Draws a stake's parts: the funding policy over the player's balances (funding.ts). */
export type StakeDraw = (amountPaise: Paise) => FundingPart[];
