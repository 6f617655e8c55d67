import {
  accountKey,
  addParts,
  holdAdjustmentPostings,
  movedParts,
  objectWith,
  splitPayout,
  spreadPlayerCash,
  subtractParts,
  takeFromParts,
  drawsBonus,
  playerAccount,
  settlementPostings,
  systemAccount,
  transfer,
  walletView,
  type AccountRef,
  type FundingPart,
  type FundingWallet,
  type Paise,
  type Posting,
  type WalletView,
} from '@spm/core';
import {
  WalletPolicies,
  type DebitRequest,
  type LimitPolicy,
  type PolicyRefusal,
  type WalletPlayerFacts,
} from './wallet-policies.ts';
import {
  lockCashBalances,
  walletVersionOf,
  type BatchLedgerTransaction,
  type LedgerTransactionKind,
  type NewLedgerTransaction,
} from './ledger-repository.ts';
import {
  getWalletView,
  ledgerRollback,
  ledgerTransaction,
  outboxRowsOf,
  postWithin,
  resolveAccountIds,
  requestHash,
  type LedgerContext,
  type LedgerDeps,
} from './ledger-service.ts';
import {
  findOperationForUpdate,
  holdKeyOf,
  holdKeyText,
  type HoldKey,
  insertOperation,
  deleteEmptyHolds,
  lockHold,
  readBeforeMoves,
  writeMoves,
  type NewWalletOperation,
  type NewWalletOperationWithOutcome,
  markRolledBack,
  recordOutcome,
  setHold,
  type WalletOperationKind,
  type WalletOperationRow,
  type WalletProduct,
} from './wallet-operation-repository.ts';
import {
  drawStake,
  eventParts,
  fundedHold,
  holdPartsOf,
  mainWallet,
  movedPartsOf,
  partsOf,
  roundStakeParts,
  stakePartsOf,
  storedParts,
  type FundedHold,
} from './funding.ts';
import {
  closeRoundRow,
  commissionOf,
  postingsOf,
  reopenRound,
  reversalOf,
  roundIsClosed,
  type RoundKey,
} from './wallet-rounds.ts';
import {
  addPlayerHours,
  lockWalletPlayers,
  readWalletTotals,
  type WalletPlayerRow,
} from './wallet-player-repository.ts';
import {
  addHourDelta,
  hourDeltaOfOperation,
  hourOf,
  totalsWith,
  zeroTotals,
  type HourDelta,
  type WalletTotals,
} from './wallet-totals.ts';
import { roundKeyText, unsettledStakesOf } from './round-stakes.ts';
import type { MoneyMode } from './tables.ts';

/*
 * The wallet API (DESIGN 1, docs/adding-a-product.md): the only way a product (exchange,
 * casino, crash, sportsbook) moves a player's money. Every operation is idempotent on
 * (product, external transaction id), carries the round it belongs to, answers a typed
 * result, runs the limit checks before any debit and writes one product-neutral wallet event
 * per stake and per settlement to the outbox in its own transaction.
 */

export type { WalletProduct } from './wallet-operation-repository.ts';

/**
 * A player wallet money comes from or goes to: cash, or a bonus wallet (`coins`, `sports`)
 * once the bonus issue registers its funding policy (docs/decisions.md "Funding parts").
 */
export type StakeWallet = FundingWallet;

interface OperationInput {
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

/**
 * The product-neutral events of the wallet (outbox topic `wallet`), for wagering and limits
 * (docs/decisions.md "Wallet events: money at risk"). Summed per player, the stakes of
 * `stake` minus those of `rollback` are the money put at risk, and the stakes of `settlement`
 * are the same money as its rounds settle.
 * - `wallet.stake`: money newly at risk: a debit stake (casino, crash) at once; a hold stake
 *   for what it puts at risk (the exchange: what it matched, when it matched; an order resting
 *   unmatched counts nothing, so its cancel withdraws nothing). Never for a stake of 0.
 * - `wallet.settlement`: a round (or a part of it) settles: `win`, `settle`, and `reverse`
 *   (payout negative: the corrected settlement's payout leaves again, stakes 0). Its stakes are
 *   those of the round's stake operations no earlier settlement event reported, its payout
 *   what cash received.
 * - `wallet.rollback`: a stake refunded: its stakes are withdrawn from the count.
 */
export const WALLET_EVENTS = {
  stake: 'wallet.stake',
  settlement: 'wallet.settlement',
  rollback: 'wallet.rollback',
} as const;

export interface WalletEventPayload {
  product: WalletProduct;
  playerId: number;
  roundId: string;
  externalId: string;
  operation: WalletOperationKind;
  /** The main wallet: the first of `parts` (cash when nothing moved). */
  wallet: StakeWallet;
  /** The money this operation moved per player wallet (WalletResult's `parts`), as text. */
  parts: { wallet: FundingWallet; amountPaise: string }[];
  /**
   * Paise as decimal text (JSON has no bigint). stake: the money this operation put at risk;
   * settlement: the round's stakes it settles (those no earlier settlement event of the round
   * reported: a second win of a round carries 0); rollback: the stake withdrawn.
   */
  stakePaise: string;
  /** What cash received: a win's or settlement's return (negative for a reversal), else 0. */
  payoutPaise: string;
  /** True when the counterparty is play money (demo players): no real money moved. */
  playMoney: boolean;
}

/** Thrown inside the API's own transaction so a refusal writes nothing. */
class WalletRefusal extends Error {
  readonly result: WalletFailure;
  constructor(result: WalletFailure) {
    super(result.code);
    this.result = result;
  }
}

const fail = (code: WalletFailureCode): WalletFailure => ({ ok: false, code });

/** A limit policy's refusal as the wallet's answer. */
const refusedBy = (refusal: PolicyRefusal): WalletFailure => ({
  ok: false,
  code: refusal.code,
  limit: refusal.limit,
  until: refusal.until,
});

/** What the debit of a planned operation takes from the player's cash (0 when none). */
function cashDebitOf(planned: Plan, playerId: number): Paise {
  return -planned.postings
    .filter((p) => accountIs(p.account, playerId, 'cash'))
    .reduce((sum, p) => sum + p.amountPaise, 0n);
}

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
   * versions) and answers each scope player's cash as `lockAvailable` does. The next
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
    },
  ) => Promise<WalletResult[]>;
}

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
   * The rounds the moves may pay a win in: their unsettled stakes (what the win's settlement
   * event reports) are read with the rest, instead of by a statement of their own.
   */
  settlingRounds?: readonly RoundKey[];
}

/** A prepared read (`prepareMoves`), good until the transaction moves money. */
interface PreparedRead {
  read: Awaited<ReturnType<typeof readBeforeMoves>>;
  operations: Set<string>;
  holds: Set<string>;
  players: Set<number>;
  moneyWrites: number;
  /**
   * Each player's totals with the debits `judgeDebit` allowed so far added as staked: a
   * group's second stake of a player is judged after its first, as `applyMany` will judge it
   * (it may only see less staked, a release between them, so it never refuses what was allowed).
   */
  judgedTotals: Map<number, WalletTotals>;
}

const preparedReads = new WeakMap<LedgerContext, PreparedRead>();

/** The wallet rows the single path locked in a transaction, by player. */
const playerRows = new WeakMap<LedgerContext, Map<number, WalletPlayerRow>>();

/** What a policy is told of the player: the wallet's row and the totals as of this move. */
function playerFactsOf(player: WalletPlayerRow, totals: WalletTotals): WalletPlayerFacts {
  return {
    playerId: player.playerId,
    playMoney: player.moneyMode === 'play',
    moneyMode: player.moneyMode,
    excludedUntil: player.excludedUntil,
    timeOutUntil: player.timeOutUntil,
    totals,
  };
}

/** What a planned operation adds to the player's hour row (from the change of their cash). */
function hourDeltaOf(
  operation: WalletOperationKind,
  planned: Plan,
  playerId: number,
): HourDelta | null {
  return hourDeltaOfOperation(operation, -cashDebitOf(planned, playerId));
}

interface PreparedUse {
  /** applyMany found a prepared read that covered it. */
  used: number;
  /** applyMany read again. */
  missed: number;
  /** Operations prepareMoves looked up (those the caller gave as new are not). */
  operationsLookedUp: number;
}
const preparedUse = new WeakMap<object, PreparedUse>();

function preparedUseOf(db: object): PreparedUse {
  let use = preparedUse.get(db);
  if (!use) preparedUse.set(db, (use = { used: 0, missed: 0, operationsLookedUp: 0 }));
  return use;
}

/** How prepared reads went on this database (tests, benches). */
export function preparedReadStats(db: object): PreparedUse {
  return { ...preparedUseOf(db) };
}

const opKeyOf = (product: string, externalId: string) => `${product}\u0000${externalId}`;
const defaultLedgerKey = (product: string, externalId: string) => `wallet:${product}:${externalId}`;

/** A move `applyMany` plans in memory and writes in one statement. */
type AtOnceMove =
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

const isAtOnceMove = (move: BatchMoveInput): move is AtOnceMove =>
  move.operation === 'stake' || move.operation === 'release' || move.operation === 'win';

/** One move as its single operation. */
function applyOne(ops: WalletOperations, move: BatchMoveInput): Promise<WalletResult> {
  switch (move.operation) {
    case 'stake':
      return ops.stake(move.input);
    case 'release':
      return ops.release(move.input);
    case 'win':
      return ops.win(move.input);
    case 'settle':
      return ops.settle(move.input);
    case 'rollback':
      return ops.rollback(move.input);
    case 'reverse':
      return ops.reverse(move.input);
  }
}

/** Whether a move changes a round's hold (and so locks it). */
const movesHold = (move: AtOnceMove): boolean =>
  move.operation === 'release' || (move.operation === 'stake' && move.input.mode === 'hold');

/** The least amount of a move: a hold may move with no new stake; a debit takes at least 1 paisa. */
const leastAmount = (move: AtOnceMove): Paise =>
  move.operation === 'stake' && move.input.mode === 'debit' ? 1n : 0n;

/** A hold as a batch plans it: `exists` false once planned to zero (or not yet created). */
type BatchHold = FundedHold & { exists: boolean };

/** What one operation will do, once idempotency and the checks let it. */
interface Plan {
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

const isAmount = (paise: Paise) => paise >= 0n;

/**
 * The wallet API. buildApp makes the one instance every module gets (`deps.wallet`) and
 * registers its policies on it; tests of the wallet alone make their own. `within(ctx)` runs
 * the same operations inside a ledger transaction the caller opened (the exchange writes its
 * orders in it). Limit policies run in the order they were added.
 */
export class WalletApi {
  /** Limit policies and the round rule, registered at start (`wallet-policies.ts`). */
  readonly policies = new WalletPolicies();

  constructor(
    private readonly deps: LedgerDeps,
    options: { limitPolicies?: readonly LimitPolicy[] } = {},
  ) {
    for (const policy of options.limitPolicies ?? []) this.policies.addLimit(policy);
  }

  /** Registers a limit policy asked before every debit, after those registered before it. */
  addLimitPolicy(policy: LimitPolicy): () => void {
    return this.policies.addLimit(policy);
  }

  stake(input: StakeInput): Promise<WalletResult> {
    return this.alone((ops) => ops.stake(input));
  }
  release(input: ReleaseInput): Promise<WalletResult> {
    return this.alone((ops) => ops.release(input));
  }
  win(input: WinInput): Promise<WalletResult> {
    return this.alone((ops) => ops.win(input));
  }
  settle(input: SettleInput): Promise<WalletResult> {
    return this.alone((ops) => ops.settle(input));
  }
  rollback(input: RollbackInput): Promise<WalletResult> {
    return this.alone((ops) => ops.rollback(input));
  }
  reverse(input: ReverseInput): Promise<WalletResult> {
    return this.alone((ops) => ops.reverse(input));
  }
  /** Closes a player's round in a transaction of its own. */
  async closeRound(input: CloseRoundInput): Promise<void> {
    await ledgerTransaction(this.deps, (ctx) => this.within(ctx).closeRound(input));
  }

  /**
   * The operations inside the caller's transaction. A refusal found before anything is
   * written answers `{ok: false}` and writes nothing; not enough money found while posting
   * (INSUFFICIENT_FUNDS) rolls the caller's whole transaction back, as postWithin does.
   */
  within(ctx: LedgerContext): WalletOperations {
    return {
      stake: (input) => this.run(ctx, 'stake', input, () => this.planStake(ctx, input)),
      release: (input) => this.run(ctx, 'release', input, () => this.planRelease(ctx, input)),
      win: (input) => this.run(ctx, 'win', input, () => this.planWin(ctx, input)),
      settle: (input) => this.run(ctx, 'settle', input, () => this.planSettle(ctx, input)),
      rollback: (input) => this.run(ctx, 'rollback', input, () => this.planRollback(ctx, input)),
      reverse: (input) => this.run(ctx, 'reverse', input, () => this.planReverse(ctx, input)),
      closeRound: (input) => closeRoundRow(ctx.tx, input, ctx.now),
      lockAvailable: (playerIds) => lockCashBalances(ctx.tx, playerIds),
      judgeDebit: (request) => this.judgeDebit(ctx, request),
      preparedMoneyMode: (playerId) =>
        preparedReads.get(ctx)?.read.players.get(playerId)?.moneyMode,
      prepareMoves: (scope) => this.prepareMoves(ctx, scope),
      // Limit policies are pure: the batch judges each debit in memory, as the single
      // operation would, and stays one batch with policies registered.
      applyMany: (moves, options) =>
        this.applyMoves(ctx, moves, {
          last: options?.last === true || options?.commit === true,
          commit: options?.commit === true,
        }),
    };
  }

  private judgeDebit(ctx: LedgerContext, request: Omit<DebitRequest, 'now'>): WalletFailure | null {
    if (!this.policies.hasLimits) return null;
    const read = preparedReads.get(ctx)?.read;
    const player = read?.players.get(request.playerId);
    if (!read || !player)
      throw new Error("judgeDebit: the player was not in this transaction's prepareMoves");
    const judged = preparedReads.get(ctx)!.judgedTotals;
    const totals =
      judged.get(request.playerId) ?? read.totals.get(request.playerId) ?? zeroTotals();
    const refusal = this.policies.judge(
      objectWith(request, { now: ctx.now }),
      playerFactsOf(player, totals),
    );
    if (refusal) return refusedBy(refusal);
    const staked = { depositedPaise: 0n, stakedPaise: request.debitPaise, wonPaise: 0n };
    judged.set(request.playerId, totalsWith(totals, staked));
    return null;
  }

  private async prepareMoves(ctx: LedgerContext, scope: MoveScope): Promise<Map<number, Paise>> {
    const playerIds = [...new Set(scope.playerIds)].sort((a, b) => a - b);
    const read = await readBeforeMoves(ctx.tx, {
      operations: scope.operations,
      playerIds,
      ledgerKeys: scope.operations.map((o) => defaultLedgerKey(o.product, o.externalId)),
      holdKeys: scope.holds,
      totalsAt: this.policies.hasLimits ? ctx.now : undefined,
      stakeRounds: scope.settlingRounds ?? [],
    });
    for (const playerId of playerIds) ctx.lockedPlayers.add(playerId);
    preparedUseOf(this.deps.db).operationsLookedUp += scope.operations.length;
    preparedReads.set(ctx, {
      read,
      operations: new Set(
        [...scope.operations, ...(scope.newOperations ?? [])].map((o) =>
          opKeyOf(o.product, o.externalId),
        ),
      ),
      holds: new Set(scope.holds.map(holdKeyText)),
      players: new Set(playerIds),
      moneyWrites: ctx.moneyWrites,
      judgedTotals: new Map(),
    });
    const cash = new Map<number, Paise>(playerIds.map((id) => [id, 0n]));
    for (const account of read.accounts) {
      if (account.kind === 'cash') cash.set(account.playerId, account.balancePaise);
    }
    return cash;
  }

  /**
   * The transaction's prepared read when it still holds and covers every move, else
   * undefined (after deleting the empty holds it created: the usual read takes over).
   */
  private async takePrepared(
    ctx: LedgerContext,
    moves: readonly AtOnceMove[],
  ): Promise<PreparedRead['read'] | undefined> {
    const prepared = preparedReads.get(ctx);
    if (!prepared) return undefined;
    preparedReads.delete(ctx);
    const covers =
      prepared.moneyWrites === ctx.moneyWrites &&
      moves.every(
        (move) =>
          prepared.operations.has(opKeyOf(move.input.product, move.input.externalId)) &&
          // The scope read the operations' default ledger keys only.
          move.input.ledgerKey === undefined &&
          prepared.players.has(move.input.playerId) &&
          (!movesHold(move) || prepared.holds.has(holdKeyText(holdKey(move.input)))),
      );
    const use = preparedUseOf(this.deps.db);
    if (covers) {
      use.used += 1;
      return prepared.read;
    }
    use.missed += 1;
    await deleteEmptyHolds(
      ctx.tx,
      [...prepared.read.holds].filter(([, hold]) => hold.created).map(([key]) => holdKeyOf(key)),
    );
    return undefined;
  }

  /** applyMany as a loop over the single operations: the reference the batch form matches. */
  async applyManyOneByOne(
    ctx: LedgerContext,
    moves: readonly BatchMoveInput[],
  ): Promise<WalletResult[]> {
    const ops = this.within(ctx);
    const results: WalletResult[] = [];
    for (const move of moves) results.push(await applyOne(ops, move));
    return results;
  }

  /**
   * applyMany: stakes, releases and wins in one statement (applyManyAtOnce). A batch with a
   * settlement, a rollback or a reversal runs as the single operations one after the other in
   * the caller's one transaction: as atomic as the one statement (not enough money anywhere
   * rolls the whole transaction back, a refusal writes nothing but a rollback's marker, as
   * alone) but one round trip per move; those come rarely and a few at a time (a market's or
   * a crash round's settlement, a provider's rollback), the hot batches stay at once.
   */
  private async applyMoves(
    ctx: LedgerContext,
    moves: readonly BatchMoveInput[],
    options: { last: boolean; commit: boolean },
  ): Promise<WalletResult[]> {
    const atOnce: AtOnceMove[] = [];
    for (const move of moves) if (isAtOnceMove(move)) atOnce.push(move);
    if (atOnce.length === moves.length) return this.applyManyAtOnce(ctx, atOnce, options);
    // A prepared read does not cover these moves: the zero holds it created are left.
    const prepared = preparedReads.get(ctx);
    if (prepared) {
      preparedReads.delete(ctx);
      preparedUseOf(this.deps.db).missed += 1;
      await deleteEmptyHolds(
        ctx.tx,
        [...prepared.read.holds].filter(([, hold]) => hold.created).map(([key]) => holdKeyOf(key)),
      );
    }
    return this.applyManyOneByOne(ctx, moves);
  }

  /**
   * applyMany in a constant number of multi-row statements (docs/decisions.md "Group commit
   * in the wallet"): the operations, players and ledger keys read at once, the holds and the
   * players' accounts locked at once, every move planned in memory in the order given
   * exactly as the single operation would (replays, a replay of an earlier move of the same
   * batch, refusals, the hold rows lockHold leaves), then the ledger, the operations and the
   * holds in one statement: 2 round trips. Not enough money throws the rollback postWithin
   * throws. A ledger key already in the ledger (or twice in the batch) is the one case the
   * plan does not cover: then, with nothing written yet, the moves go one by one.
   */
  private async applyManyAtOnce(
    ctx: LedgerContext,
    moves: readonly AtOnceMove[],
    { last, commit }: { last: boolean; commit: boolean },
  ): Promise<WalletResult[]> {
    if (moves.length === 0) return [];
    const opKey = (input: OperationInput) => opKeyOf(input.product, input.externalId);
    const ledgerKeyOf = (input: OperationInput) =>
      input.ledgerKey ?? defaultLedgerKey(input.product, input.externalId);
    const hashes = moves.map((move) => operationHash(move.operation, move.input));

    // 1. Reads and locks only, one statement (or none when prepareMoves read it): the
    // one-by-one path can still take over.
    const playerIds = [...new Set(moves.map(({ input }) => input.playerId))];
    const holdKeyList = moves.filter(movesHold).map(({ input }) => holdKey(input));
    const read =
      (await this.takePrepared(ctx, moves)) ??
      (await readBeforeMoves(ctx.tx, {
        operations: moves.map(({ input }) => ({
          product: input.product,
          externalId: input.externalId,
        })),
        playerIds,
        ledgerKeys: [...new Set(moves.map(({ input }) => ledgerKeyOf(input)))],
        holdKeys: holdKeyList,
        totalsAt: this.policies.hasLimits ? ctx.now : undefined,
        stakeRounds: moves
          .filter((move) => move.operation === 'win')
          .map(({ input }) => holdKey(input)),
      }));
    for (const playerId of playerIds) ctx.lockedPlayers.add(playerId);
    const createdHolds = () =>
      [...read.holds].filter(([, hold]) => hold.created).map(([key]) => holdKeyOf(key));
    const existing = new Map(
      read.operations.map((row) => [opKeyOf(row.product, row.externalId), row]),
    );
    const players = read.players;
    const fresh = moves.filter(({ input }) => !existing.has(opKey(input)));
    const ledgerKeyOwners = new Map<string, string>();
    for (const { input } of fresh) {
      const key = ledgerKeyOf(input);
      const owner = ledgerKeyOwners.get(key);
      if ((owner !== undefined && owner !== opKey(input)) || read.takenLedgerKeys.has(key)) {
        // The rows the read's upsert created would not be there for the single operations.
        await deleteEmptyHolds(ctx.tx, createdHolds());
        return this.applyManyOneByOne(ctx, moves);
      }
      ledgerKeyOwners.set(key, opKey(input));
    }
    // The stakes each win's round has not settled yet (its event's), as the single win reads
    // them; kept in memory as the batch's moves go (a stake adds, a win settles them).
    const winRounds = fresh
      .filter((move) => move.operation === 'win')
      .map(({ input }) => holdKey(input));
    const readStakes = read.unsettled;
    const unsettled =
      readStakes && winRounds.every((round) => readStakes.has(roundKeyText(round)))
        ? readStakes
        : await unsettledStakesOf(ctx.tx, winRounds);
    const holdKeys = new Map(holdKeyList.map((key) => [holdKeyText(key), key]));
    const funding = await this.batchFunding(ctx, moves, read.holds);
    const holds = new Map<string, BatchHold>();
    for (const [key, hold] of read.holds) {
      // A prepared read may have locked holds no move names: those it created at zero are
      // deleted by the write below, the others are left as they are.
      if (!holdKeys.has(key) && !hold.created) continue;
      holds.set(
        key,
        hold.created
          ? { exists: false, heldPaise: 0n, parts: [] }
          : objectWith(fundedHold(hold.heldPaise, funding.holdParts.get(key) ?? null), {
              exists: true,
            }),
      );
    }
    const balances = new Map<string, Paise>();
    for (const row of read.accounts) {
      const account = playerAccount(String(row.playerId), row.kind);
      balances.set(accountKey(account), row.balancePaise);
      // Known now: resolveAccountIds below need not read it again.
      ctx.learnt.set(accountKey(account), row.id);
    }

    // 2. The plan, move by move, in memory. A version this transaction has not taken yet is
    // the stored one, raised by one once the transaction moves the player's money.
    const bumps = new Map<number, number>();
    const storedVersion = (playerId: number) => read.versions.get(playerId) ?? 0;
    const versionNow = (playerId: number): number =>
      ctx.versions.get(playerId) ?? storedVersion(playerId) + (bumps.has(playerId) ? 1 : 0);
    const versionOf: number[] = [];
    const viewOf = (playerId: number) =>
      walletView((kind) => balances.get(accountKey(playerAccount(String(playerId), kind))) ?? 0n);
    type Answer = WalletResult | { writes: number } | { replays: number };
    const answers: Answer[] = [];
    const firstInBatch = new Map<
      string,
      { operation: WalletOperationKind; hash: string; writes: number }
    >();
    const operations: NewWalletOperationWithOutcome[] = [];
    /** What each written operation moved per wallet (its answer's parts). */
    const partsOfWrite: FundingPart[][] = [];
    const ledgerOf: (number | null)[] = [];
    const ledgerRows: {
      row: NewLedgerTransaction;
      postings: Posting[];
      after: Map<string, Paise>;
    }[] = [];
    const events: {
      input: OperationInput;
      operation: WalletOperationKind;
      planned: Plan;
      isDemo: boolean;
    }[] = [];
    const touched = new Map<number, WalletView>();
    const closes: RoundKey[] = [];
    // The hour rows the batch adds to, per player, and each player's totals as the batch's
    // earlier moves left them (a policy sees them as the one-by-one path would).
    const hourSums = new Map<number, HourDelta>();
    const totalsNow = new Map<number, WalletTotals>(read.totals);

    moves.forEach((move, index) => {
      const { operation, input } = move;
      const hash = hashes[index]!;
      const key = opKey(input);
      const first = firstInBatch.get(key);
      if (first) {
        answers.push(
          first.operation === operation && first.hash === hash
            ? { replays: first.writes }
            : fail('DUPLICATE'),
        );
        return;
      }
      const stored = existing.get(key);
      if (stored) return void answers.push(answerExisting(stored, operation, hash));
      const player = players.get(input.playerId);
      if (!player) return void answers.push(fail('PLAYER_NOT_FOUND'));
      if (move.operation !== 'release' && move.input.amountPaise < leastAmount(move)) {
        return void answers.push(fail('INVALID_AMOUNT'));
      }
      const hold = movesHold(move) ? holds.get(holdKeyText(holdKey(input))) : undefined;
      if (movesHold(move) && !hold) throw new Error('applyMany: a hold was not locked');
      if (hold && !hold.exists) Object.assign(hold, { exists: true, heldPaise: 0n, parts: [] });
      const isDemo = player.moneyMode === 'play';
      const planned = this.planAtOnce(move, {
        hold: hold ?? { heldPaise: 0n, parts: [] },
        counterparty: counterpartyOf(isDemo),
        balanceOf: (wallet) =>
          balances.get(accountKey(playerAccount(String(input.playerId), wallet))) ?? 0n,
        roundParts: funding.roundParts,
        roundStakePaise: unsettled.get(roundKeyText(holdKey(input))) ?? 0n,
      });
      if ('ok' in planned) return void answers.push(planned);
      const totals = totalsNow.get(input.playerId) ?? zeroTotals();
      const refused = this.policyRefusal(ctx, input, planned, playerFactsOf(player, totals));
      if (refused) return void answers.push(refused);
      const hourDelta = isDemo ? null : hourDeltaOf(operation, planned, input.playerId);
      if (hourDelta) {
        addHourDelta(hourSums, input.playerId, hourDelta);
        totalsNow.set(input.playerId, totalsWith(totals, hourDelta));
      }
      let ledgerIndex: number | null = null;
      if (planned.postings.length > 0) {
        const after = new Map<string, Paise>();
        for (const posting of planned.postings) {
          // System accounts keep no balance row (theirs is the sum of their postings).
          if (posting.account.owner !== 'player') continue;
          const account = accountKey(posting.account);
          const balance = (balances.get(account) ?? 0n) + posting.amountPaise;
          // The guarded UPDATE's refusal, found in memory: the same rollback.
          if (balance < 0n) throw ledgerRollback('INSUFFICIENT_FUNDS');
          after.set(account, balance);
        }
        for (const [account, balance] of after) balances.set(account, balance);
        if (!ctx.versions.has(input.playerId)) bumps.set(input.playerId, 1);
        ledgerIndex = ledgerRows.length;
        ledgerRows.push({
          row: {
            kind: planned.kind,
            idempotencyKey: ledgerKeyOf(input),
            requestHash: hash,
            description: input.description ?? `${input.product} ${operation} (${input.roundId})`,
            reference: input.reference ?? input.roundId,
            playerId: input.playerId,
            actorStaffId: input.actorStaffId ?? null,
            createdAt: ctx.now,
          },
          postings: planned.postings,
          after,
        });
      }
      const view = viewOf(input.playerId);
      if (ledgerIndex !== null) touched.set(input.playerId, view);
      if (hold) {
        const holdToPaise = planned.holdToPaise ?? 0n;
        Object.assign(hold, {
          exists: holdToPaise !== 0n,
          heldPaise: holdToPaise,
          parts: planned.holdParts ?? [],
        });
      }
      const moved = movedParts(planned.postings, String(input.playerId));
      // A later win of the round in this batch pays back into these stakes' wallets too.
      if (operation === 'stake' && funding.bonus) {
        const round = holdKeyText(holdKey(input));
        funding.roundParts.set(round, addParts(funding.roundParts.get(round) ?? [], moved));
      }
      partsOfWrite.push(moved);
      firstInBatch.set(key, { operation, hash, writes: operations.length });
      answers.push({ writes: operations.length });
      ledgerOf.push(ledgerIndex);
      operations.push(
        Object.assign(operationRow(operation, input, hash, planned, ctx.now), {
          ledgerTransactionId: null,
          balanceAfterPaise: view.balancePaise,
          walletVersion: 0,
        }),
      );
      versionOf.push(versionNow(input.playerId));
      const round = roundKeyText(holdKey(input));
      if (operation === 'win') unsettled.set(round, 0n);
      if (operation === 'stake')
        unsettled.set(round, (unsettled.get(round) ?? 0n) + planned.amountPaise);
      if (planned.event) events.push({ input, operation, planned, isDemo });
      if (planned.closesRound) closes.push(holdKey(input));
    });

    // 3. The writes: the ledger, the operations with their outcome, the holds.
    const accountIds = await resolveAccountIds(
      ctx,
      ledgerRows.flatMap(({ postings }) => postings.map((posting) => posting.account)),
    );
    const idOf = (account: AccountRef) => {
      const id = accountIds.get(accountKey(account));
      if (id === undefined) throw new Error(`no account for ${accountKey(account)}`);
      return id;
    };
    const finals = new Map<number, Paise>();
    const startOf = new Map<number, Paise>();
    const batchRows: BatchLedgerTransaction[] = ledgerRows.map(({ row, postings, after }) => ({
      row,
      postings: postings
        .map((posting) => {
          const accountId = idOf(posting.account);
          if (posting.account.owner !== 'player') {
            return { accountId, amountPaise: posting.amountPaise, balanceAfterPaise: null };
          }
          const balanceAfterPaise = after.get(accountKey(posting.account)) ?? 0n;
          if (!startOf.has(accountId))
            startOf.set(accountId, balanceAfterPaise - posting.amountPaise);
          finals.set(accountId, balanceAfterPaise);
          return { accountId, amountPaise: posting.amountPaise, balanceAfterPaise };
        })
        .sort((a, b) => a.accountId - b.accountId),
    }));
    const balanceMoves = [...finals].flatMap(([accountId, finalPaise]) => {
      const deltaPaise = finalPaise - (startOf.get(accountId) ?? 0n);
      return deltaPaise === 0n ? [] : [{ accountId, deltaPaise, finalPaise }];
    });
    operations.forEach((operation, index) => {
      operation.walletVersion = versionOf[index]!;
    });
    // What the transaction learns from these moves, as the loop would have recorded it (the
    // versions in the order the moves first raised them). Taken before the write: a failed
    // write or check below rolls the whole transaction back, this context with it.
    for (const playerId of bumps.keys()) ctx.versions.set(playerId, storedVersion(playerId) + 1);
    for (const [playerId, view] of touched) ctx.touched.set(playerId, view);
    if (ledgerRows.length > 0) ctx.moneyWrites += 1;
    for (const { input, operation, planned, isDemo } of events) {
      pushEvent(ctx, operation, input, planned, isDemo);
    }
    // The transaction's last write stores its events too, when every player with one is
    // locked by now (event-only players would need their version locked first).
    const outbox = last ? outboxRowsOf(ctx) : undefined;
    const storesEvents = outbox !== undefined && outbox.versionsToLock.length === 0;
    const versionsAfter = new Map(
      [...bumps].map(([playerId, by]) => [playerId, storedVersion(playerId) + by]),
    );
    // The statement checks itself against the plan (a balance or version elsewhere than
    // planned, an operation taken meanwhile, raises and rolls the transaction back): with
    // `commit` the transaction commits before its answer is back.
    const written = await writeMoves(
      ctx.tx,
      { transactions: batchRows, balanceMoves, versionBumps: bumps, versionsAfter },
      operations.map((operation, index) =>
        objectWith(operation, { ledgerIndex: ledgerOf[index] ?? null }),
      ),
      [...holds].map(([key, hold]) => ({
        key: holdKeys.get(key) ?? holdKeyOf(key),
        heldPaise: hold.exists ? hold.heldPaise : null,
        parts: hold.exists ? storedParts(hold.parts) : null,
      })),
      objectWith(
        storesEvents
          ? { outbox: { events: outbox.rows, createdAt: ctx.now }, commitBehind: commit }
          : { commitBehind: false },
        {
          closeRounds: { keys: closes, now: ctx.now },
          hours: { hour: hourOf(ctx.now), sums: hourSums },
        },
      ),
    );
    if (storesEvents) {
      ctx.outboxWritten = { moneyWrites: ctx.moneyWrites, events: ctx.outbox.length };
    }
    operations.forEach((operation, index) => {
      const ledgerIndex = ledgerOf[index];
      operation.ledgerTransactionId =
        ledgerIndex === null || ledgerIndex === undefined
          ? null
          : (written.transactionIds[ledgerIndex] ?? null);
    });
    const { operationIds } = written;

    const success = (writes: number, replay: boolean): WalletSuccess => {
      const operation = operations[writes]!;
      return {
        ok: true,
        operationId: operationIds[writes]!,
        transactionId: operation.ledgerTransactionId,
        replay,
        wallet: mainWallet(partsOfWrite[writes]!),
        parts: partsOfWrite[writes]!,
        balancePaise: operation.balanceAfterPaise,
        walletVersion: operation.walletVersion,
      };
    };
    return answers.map((answer) => {
      if ('writes' in answer) return success(answer.writes, false);
      if ('replays' in answer) return success(answer.replays, true);
      return answer;
    });
  }

  /**
   * What a batch needs to draw and pay back by wallet, read only when the funding policy
   * names a bonus wallet (with cash only nothing is read: every part is cash): the stored
   * parts of the holds it locked, and the parts of its wins' rounds' stakes.
   */
  private async batchFunding(
    ctx: LedgerContext,
    moves: readonly AtOnceMove[],
    lockedHolds: ReadonlyMap<string, { created: boolean }>,
  ): Promise<{
    bonus: boolean;
    holdParts: Map<string, unknown>;
    roundParts: Map<string, FundingPart[]>;
  }> {
    if (!drawsBonus(this.policies.funding)) {
      return { bonus: false, holdParts: new Map(), roundParts: new Map() };
    }
    const existingHolds = [...lockedHolds].filter(([, hold]) => !hold.created);
    const winRounds = moves.filter((move) => move.operation === 'win').map((m) => holdKey(m.input));
    return {
      bonus: true,
      holdParts: await holdPartsOf(
        ctx.tx,
        existingHolds.map(([key]) => holdKeyOf(key)),
      ),
      roundParts: await roundStakeParts(ctx.tx, winRounds),
    };
  }

  /** One move of applyMany planned in memory, as its single operation would plan it. */
  private planAtOnce(
    move: AtOnceMove,
    funding: {
      hold: FundedHold;
      counterparty: AccountRef;
      balanceOf: (wallet: FundingWallet) => Paise;
      roundParts: ReadonlyMap<string, FundingPart[]>;
      /** The round's stakes no earlier settlement reported (a win's event settles them). */
      roundStakePaise: Paise;
    },
  ): Plan | WalletFailure {
    const policy = this.policies.funding;
    const draw: StakeDraw = (amountPaise) =>
      drawStake(policy, objectWith(move.input, { amountPaise }), funding.balanceOf);
    switch (move.operation) {
      case 'release':
        return planHoldRelease(move.input, funding.hold);
      case 'win': {
        const roundParts = funding.roundParts.get(holdKeyText(holdKey(move.input))) ?? [];
        return planWinPayout(move.input, funding.counterparty, roundParts, funding.roundStakePaise);
      }
      case 'stake':
        return move.input.mode === 'debit'
          ? planDebitStake(move.input, funding.counterparty, draw(move.input.amountPaise))
          : planHoldStake(move.input, funding.hold, draw);
    }
  }

  /** One operation in a transaction of its own; a refusal rolls back whatever it began. */
  private async alone(
    operation: (ops: WalletOperations) => Promise<WalletResult>,
  ): Promise<WalletResult> {
    try {
      const result = await ledgerTransaction(this.deps, async (ctx) => {
        const answer = await operation(this.within(ctx));
        // Rollback markers are the one refusal that must stay written.
        if (!answer.ok && !this.keepsWrites(answer)) throw new WalletRefusal(answer);
        return answer;
      });
      if (!result.ok && !isWalletFailureCode(result.code)) {
        throw new Error(`wallet operation refused by the ledger: ${result.code}`);
      }
      return result as WalletResult;
    } catch (error) {
      if (error instanceof WalletRefusal) return error.result;
      throw error;
    }
  }

  private keepsWrites(answer: WalletFailure): boolean {
    return answer.code === 'NOT_FOUND';
  }

  private async run(
    ctx: LedgerContext,
    operation: WalletOperationKind,
    input: OperationInput,
    plan: () => Promise<Plan | WalletResult>,
  ): Promise<WalletResult> {
    const hash = operationHash(operation, input);
    // The player's wallet row first (docs/decisions.md "Lock order: the player row first").
    const player = await this.lockPlayer(ctx, input.playerId);
    const existing = await findOperationForUpdate(ctx.tx, input.product, input.externalId);
    if (existing) return answerExisting(existing, operation, hash);
    if (!player) return fail('PLAYER_NOT_FOUND');
    const isDemo = player.moneyMode === 'play';

    const planned = await plan();
    if ('ok' in planned) return planned;
    const refused =
      operation === 'reverse' ? null : await this.singleRefusal(ctx, input, planned, player);
    if (refused) return refused;

    const operationId = await insertOperation(
      ctx.tx,
      operationRow(operation, input, hash, planned, ctx.now),
    );
    if (operationId === null) {
      // Taken by a concurrent identical call that committed while this one planned.
      const taken = await findOperationForUpdate(ctx.tx, input.product, input.externalId);
      if (!taken) throw new Error('wallet operation key taken but not found');
      return answerExisting(taken, operation, hash);
    }

    const { transactionId, view } = await this.postPlan(ctx, operation, input, hash, planned);
    if (planned.holdToPaise !== undefined) {
      await setHold(
        ctx.tx,
        holdKey(input),
        planned.holdToPaise,
        storedParts(planned.holdParts ?? []),
      );
    }
    if (planned.closesRound) await closeRoundRow(ctx.tx, holdKey(input), ctx.now);
    const hourDelta = isDemo ? null : hourDeltaOf(operation, planned, input.playerId);
    if (hourDelta) {
      await addPlayerHours(ctx.tx, hourOf(ctx.now), new Map([[input.playerId, hourDelta]]));
    }
    const walletVersion =
      ctx.versions.get(input.playerId) ?? (await walletVersionOf(ctx.tx, input.playerId));
    await recordOutcome(ctx.tx, operationId, {
      ledgerTransactionId: transactionId,
      balanceAfterPaise: view.balancePaise,
      walletVersion,
    });
    if (planned.event) pushEvent(ctx, operation, input, planned, isDemo);
    const parts = movedParts(planned.postings, String(input.playerId));
    return {
      ok: true,
      operationId,
      transactionId,
      replay: false,
      wallet: mainWallet(parts),
      parts,
      balancePaise: view.balancePaise,
      walletVersion,
    };
  }

  /**
   * The limit policies, before a debit, in memory: the single operation and the batch ask
   * them alike (a reversal corrects a settlement: the single path never asks for one).
   */
  private policyRefusal(
    ctx: LedgerContext,
    input: OperationInput,
    planned: Plan,
    player: WalletPlayerFacts,
  ): WalletFailure | null {
    if (!this.policies.hasLimits) return null;
    const debitPaise = cashDebitOf(planned, input.playerId);
    if (debitPaise <= 0n) return null;
    const request: DebitRequest = {
      product: input.product,
      playerId: input.playerId,
      roundId: input.roundId,
      externalId: input.externalId,
      stakePaise: planned.stakePaise,
      debitPaise,
      now: ctx.now,
    };
    const refusal = this.policies.judge(request, player);
    return refusal && refusedBy(refusal);
  }

  /**
   * policyRefusal on the single path: the totals are read (a statement after the row lock, so
   * they include what the player's previous holder committed) only when a policy is asked.
   */
  private async singleRefusal(
    ctx: LedgerContext,
    input: OperationInput,
    planned: Plan,
    player: WalletPlayerRow,
  ): Promise<WalletFailure | null> {
    if (!this.policies.hasLimits || cashDebitOf(planned, input.playerId) <= 0n) return null;
    const totals = await readWalletTotals(ctx.tx, [input.playerId], ctx.now);
    const facts = playerFactsOf(player, totals.get(input.playerId) ?? zeroTotals());
    return this.policyRefusal(ctx, input, planned, facts);
  }

  /**
   * Locks the player's wallet row (the first lock of the player's money in this transaction;
   * again harmlessly when an earlier read of the transaction took it) and keeps it for the
   * transaction's plans (counterparty).
   */
  private async lockPlayer(
    ctx: LedgerContext,
    playerId: number,
  ): Promise<WalletPlayerRow | undefined> {
    const row = (await lockWalletPlayers(ctx.tx, [playerId])).get(playerId);
    ctx.lockedPlayers.add(playerId);
    let known = playerRows.get(ctx);
    if (!known) playerRows.set(ctx, (known = new Map()));
    if (row) known.set(playerId, row);
    return row;
  }

  /** Posts the plan's postings (if any) and answers the player's wallet after them. */
  private async postPlan(
    ctx: LedgerContext,
    operation: WalletOperationKind,
    input: OperationInput,
    hash: string,
    planned: Plan,
  ): Promise<{ transactionId: string | null; view: WalletView }> {
    if (planned.postings.length === 0) {
      return { transactionId: null, view: await getWalletView(ctx.tx, input.playerId) };
    }
    const posted = await postWithin(ctx, {
      kind: planned.kind,
      postings: planned.postings,
      idempotencyKey: input.ledgerKey ?? `wallet:${input.product}:${input.externalId}`,
      requestHash: hash,
      description: input.description ?? `${input.product} ${operation} (${input.roundId})`,
      reference: input.reference ?? input.roundId,
      playerId: input.playerId,
      actorStaffId: input.actorStaffId ?? undefined,
    });
    return {
      transactionId: posted.transactionId,
      view: posted.wallets.get(input.playerId) ?? walletView(() => 0n),
    };
  }

  private async counterparty(ctx: LedgerContext, playerId: number): Promise<AccountRef> {
    const player = playerRows.get(ctx)?.get(playerId) ?? (await this.lockPlayer(ctx, playerId));
    return counterpartyOf(player?.moneyMode === 'play');
  }

  /** The round's hold, locked, with its parts per wallet. */
  private async fundedHold(ctx: LedgerContext, key: HoldKey): Promise<FundedHold> {
    const hold = await lockHold(ctx.tx, key);
    return fundedHold(hold.heldPaise, hold.parts);
  }

  /**
   * How a stake of this input is drawn: by the funding policy over the player's balances,
   * read only when the policy names a bonus wallet (cash only: nothing to read).
   */
  private async stakeDraw(ctx: LedgerContext, input: StakeInput): Promise<StakeDraw> {
    const policy = this.policies.funding;
    const view = drawsBonus(policy) ? await getWalletView(ctx.tx, input.playerId) : undefined;
    const balances: Record<FundingWallet, Paise> = {
      cash: view?.balancePaise ?? 0n,
      coins: view?.coinsPaise ?? 0n,
      sports: view?.sportsPaise ?? 0n,
    };
    return (amountPaise) =>
      drawStake(policy, objectWith(input, { amountPaise }), (wallet) => balances[wallet]);
  }

  /** What a round's stakes standing took per wallet (read only with a bonus policy). */
  private async roundParts(ctx: LedgerContext, key: HoldKey): Promise<FundingPart[]> {
    if (!drawsBonus(this.policies.funding)) return [];
    return (await roundStakeParts(ctx.tx, [key])).get(holdKeyText(key)) ?? [];
  }

  private async planStake(ctx: LedgerContext, input: StakeInput): Promise<Plan | WalletFailure> {
    // A hold may move with no new stake (an exchange maker whose exposure a fill changed).
    if (input.amountPaise < leastAmount({ operation: 'stake', input })) {
      return fail('INVALID_AMOUNT');
    }
    const draw = await this.stakeDraw(ctx, input);
    if (input.mode === 'debit') {
      const counterparty = await this.counterparty(ctx, input.playerId);
      return planDebitStake(input, counterparty, draw(input.amountPaise));
    }
    return planHoldStake(input, await this.fundedHold(ctx, holdKey(input)), draw);
  }

  private async planRelease(
    ctx: LedgerContext,
    input: ReleaseInput,
  ): Promise<Plan | WalletFailure> {
    return planHoldRelease(input, await this.fundedHold(ctx, holdKey(input)));
  }

  private async planWin(ctx: LedgerContext, input: WinInput): Promise<Plan | WalletFailure> {
    if (input.amountPaise < 0n) return fail('INVALID_AMOUNT');
    const stakes = await unsettledStakesOf(ctx.tx, [holdKey(input)]);
    const counterparty = await this.counterparty(ctx, input.playerId);
    return planWinPayout(
      input,
      counterparty,
      await this.roundParts(ctx, holdKey(input)),
      stakes.get(roundKeyText(holdKey(input))) ?? 0n,
    );
  }

  private async planSettle(ctx: LedgerContext, input: SettleInput): Promise<Plan | WalletFailure> {
    const commissionPaise = input.commissionPaise ?? 0n;
    const holdToPaise = input.holdToPaise ?? 0n;
    const amounts = [input.payoutPaise, commissionPaise, holdToPaise];
    if (!amounts.every(isAmount)) return fail('INVALID_AMOUNT');
    const hold = await this.fundedHold(ctx, holdKey(input));
    const { heldPaise } = hold;
    // A partial settlement (a partial cash-out) settles the hold down to holdToPaise.
    if (holdToPaise > heldPaise) return fail('INVALID_AMOUNT');
    const settledPaise = heldPaise - holdToPaise;
    const stakes = await unsettledStakesOf(ctx.tx, [holdKey(input)]);
    // The settled part's wallets, in proportion; the payout goes back to them (funding.ts).
    const settledParts = takeFromParts(hold.parts, settledPaise);
    // core's settlement: hold released, the counterparty pays (or takes) the difference.
    const postings = settlementPostings({
      playerId: String(input.playerId),
      heldExposurePaise: settledPaise,
      grossPnlPaise: input.payoutPaise - settledPaise + commissionPaise,
      commissionPaise,
      counterparty: await this.counterparty(ctx, input.playerId),
    });
    return {
      kind: 'bet_settlement',
      postings: spreadPlayerCash(
        postings,
        String(input.playerId),
        splitPayout(settledParts, input.payoutPaise),
      ),
      amountPaise: input.payoutPaise,
      holdDeltaPaise: -settledPaise,
      holdToPaise,
      holdParts: subtractParts(hold.parts, settledParts),
      holdDeltaParts: settledParts,
      // The round's stakes at risk (the exchange's matched ones), not the hold released.
      stakePaise: stakes.get(roundKeyText(holdKey(input))) ?? 0n,
      payoutPaise: input.payoutPaise,
      event: WALLET_EVENTS.settlement,
      closesRound: input.close === true,
    };
  }

  /**
   * Undoes a win or a settlement (a corrected result): the target's postings negated (the
   * payout leaves cash again, the commission and the counterparty's share go back, a released
   * hold is held again) and its round opened again. Not enough cash left is
   * INSUFFICIENT_FUNDS. Amounts the caller gives must match the target's; a settlement made
   * before the exchange used the API has no operation row: its amounts are taken as given.
   */
  private async planReverse(
    ctx: LedgerContext,
    input: ReverseInput,
  ): Promise<Plan | WalletFailure> {
    const given = [input.payoutPaise, input.commissionPaise, input.holdToPaise];
    if (!given.every((paise) => paise === undefined || isAmount(paise))) {
      return fail('INVALID_AMOUNT');
    }
    const target = await findOperationForUpdate(ctx.tx, input.product, input.targetExternalId);
    if (!target) return this.planReverseUnrecorded(ctx, input);
    if (target.status === 'rolled_back') return fail('ROLLED_BACK');
    const reversible = target.operation === 'settle' || target.operation === 'win';
    const sameRound = target.playerId === input.playerId && target.roundId === input.roundId;
    if (!reversible || !sameRound || target.status !== 'done') return fail('NOT_ROLLBACKABLE');
    const postings = target.ledgerTransactionId
      ? await postingsOf(ctx.tx, target.ledgerTransactionId)
      : [];
    const releasedPaise = -target.holdDeltaPaise;
    const player =
      playerRows.get(ctx)?.get(input.playerId) ?? (await this.lockPlayer(ctx, input.playerId));
    // A play-money settlement's commission joins the play-money counterparty: not checkable.
    const commissionMismatch =
      input.commissionPaise !== undefined &&
      player?.moneyMode !== 'play' &&
      commissionOf(postings) !== input.commissionPaise;
    if (
      (input.payoutPaise !== undefined && input.payoutPaise !== target.amountPaise) ||
      (input.holdToPaise !== undefined && input.holdToPaise !== releasedPaise) ||
      commissionMismatch
    ) {
      return fail('INVALID_AMOUNT');
    }
    await markRolledBack(ctx.tx, target.id, input.externalId);
    await reopenRound(ctx.tx, holdKey(input));
    const hold = await this.fundedHold(ctx, holdKey(input));
    // The hold the target released comes back to the wallets it was settled from.
    const reheld = partsOf(target.holdParts, releasedPaise);
    return {
      kind: 'bet_settlement',
      postings: reversalOf(postings),
      amountPaise: target.amountPaise,
      holdDeltaPaise: releasedPaise,
      holdToPaise: hold.heldPaise + releasedPaise,
      holdParts: addParts(hold.parts, reheld),
      holdDeltaParts: reheld,
      stakePaise: 0n,
      payoutPaise: -target.amountPaise,
      event: WALLET_EVENTS.settlement,
      relatedExternalId: input.targetExternalId,
    };
  }

  /** The reversal of a settlement the exchange posted before it used the wallet API. */
  private async planReverseUnrecorded(
    ctx: LedgerContext,
    input: ReverseInput,
  ): Promise<Plan | WalletFailure> {
    const { payoutPaise, holdToPaise: releasedPaise } = input;
    if (payoutPaise === undefined || releasedPaise === undefined) return fail('NOT_FOUND');
    const commissionPaise = input.commissionPaise ?? 0n;
    // Before the wallet API every hold was cash.
    const hold = await this.fundedHold(ctx, holdKey(input));
    const settled = settlementPostings({
      playerId: String(input.playerId),
      heldExposurePaise: releasedPaise,
      grossPnlPaise: payoutPaise - releasedPaise + commissionPaise,
      commissionPaise,
      counterparty: await this.counterparty(ctx, input.playerId),
    });
    await reopenRound(ctx.tx, holdKey(input));
    return {
      kind: 'bet_settlement',
      postings: reversalOf(settled),
      amountPaise: payoutPaise,
      holdDeltaPaise: releasedPaise,
      holdToPaise: hold.heldPaise + releasedPaise,
      holdParts: addParts(hold.parts, [{ wallet: 'cash', amountPaise: releasedPaise }]),
      stakePaise: 0n,
      payoutPaise: -payoutPaise,
      event: WALLET_EVENTS.settlement,
      relatedExternalId: input.targetExternalId,
    };
  }

  private async planRollback(
    ctx: LedgerContext,
    input: RollbackInput,
  ): Promise<Plan | WalletResult> {
    const target = await findOperationForUpdate(ctx.tx, input.product, input.targetExternalId);
    if (!target) {
      await insertRollbackMarker(ctx, input);
      return fail('NOT_FOUND');
    }
    if (target.status === 'cancelled') return fail('NOT_FOUND');
    if (target.status === 'rolled_back') {
      // This very rollback, sent twice at once: the first has committed, answer as it did.
      const mine = await findOperationForUpdate(ctx.tx, input.product, input.externalId);
      if (mine && target.relatedExternalId === input.externalId) {
        return answerExisting(mine, 'rollback', operationHash('rollback', input));
      }
      return fail('ROLLED_BACK');
    }
    if (target.operation !== 'stake' || target.playerId !== input.playerId) {
      return fail('NOT_ROLLBACKABLE');
    }
    if (await roundIsClosed(ctx.tx, input.product, target.playerId, target.roundId)) {
      return fail('ROUND_CLOSED');
    }
    const player = String(input.playerId);
    const cash = playerAccount(player, 'cash');
    // A refund returns exactly the parts the stake took.
    const stakeParts = stakePartsOf(target);
    let plan: Plan;
    if (target.holdDeltaPaise === 0n) {
      const counterparty = await this.counterparty(ctx, input.playerId);
      plan = {
        kind: 'bet_release',
        postings: spreadPlayerCash(
          transfer(counterparty, cash, target.amountPaise),
          player,
          stakeParts,
        ),
        amountPaise: target.amountPaise,
        holdDeltaPaise: 0n,
        stakePaise: target.amountPaise,
        payoutPaise: 0n,
        event: WALLET_EVENTS.rollback,
        relatedExternalId: target.externalId,
      };
    } else {
      const key = objectWith(holdKey(input), { roundId: target.roundId });
      const hold = await this.fundedHold(ctx, key);
      const { heldPaise } = hold;
      const holdToPaise = heldPaise - target.holdDeltaPaise;
      // A stake that lowered the hold (a hedge) would need a new debit to undo; and a hold
      // released since cannot give this stake's share back twice.
      if (target.holdDeltaPaise < 0n || !isAmount(holdToPaise)) return fail('NOT_ROLLBACKABLE');
      const refunded = refundFromHold(hold, stakeParts, target.holdDeltaPaise);
      plan = {
        kind: 'bet_release',
        postings: spreadPlayerCash(
          holdAdjustmentPostings(player, heldPaise, holdToPaise),
          player,
          refunded,
        ),
        amountPaise: target.amountPaise,
        holdDeltaPaise: -target.holdDeltaPaise,
        stakePaise: target.amountPaise,
        payoutPaise: 0n,
        event: WALLET_EVENTS.rollback,
        relatedExternalId: target.externalId,
      };
      await setHold(ctx.tx, key, holdToPaise, storedParts(subtractParts(hold.parts, refunded)));
    }
    await markRolledBack(ctx.tx, target.id, input.externalId);
    return plan;
  }
}

/**
 * What a hold stake's refund gives back: exactly the parts it took while the hold still has
 * them; after a partial release took from them in proportion, the hold's parts in proportion.
 */
function refundFromHold(hold: FundedHold, stakeParts: FundingPart[], amountPaise: Paise) {
  const left = subtractParts(hold.parts, stakeParts);
  return left.every((part) => part.amountPaise >= 0n)
    ? stakeParts
    : takeFromParts(hold.parts, amountPaise);
}

/** The rollback overtook its stake: keep a marker so the stake is refused when it comes. */
async function insertRollbackMarker(ctx: LedgerContext, input: RollbackInput): Promise<void> {
  await insertOperation(ctx.tx, {
    product: input.product,
    externalId: input.targetExternalId,
    operation: 'stake',
    status: 'cancelled',
    playerId: input.playerId,
    roundId: input.roundId,
    requestHash: '',
    wallet: 'cash',
    parts: null,
    holdParts: null,
    amountPaise: 0n,
    holdDeltaPaise: 0n,
    relatedExternalId: input.externalId,
    createdAt: ctx.now,
  });
}

/** Draws a stake's parts: the funding policy over the player's balances (funding.ts). */
type StakeDraw = (amountPaise: Paise) => FundingPart[];

/**
 * A stake into a round's hold (the hold already locked): a raise drawn by the funding
 * policy, a lowering (a hedge) given back from the hold's parts in proportion.
 */
function planHoldStake(input: StakeInput, hold: FundedHold, draw: StakeDraw): Plan | WalletFailure {
  const { heldPaise } = hold;
  const holdToPaise = input.holdToPaise ?? heldPaise + input.amountPaise;
  if (!isAmount(holdToPaise)) return fail('INVALID_AMOUNT');
  const raise = holdToPaise >= heldPaise;
  const deltaParts = raise
    ? draw(holdToPaise - heldPaise)
    : takeFromParts(hold.parts, heldPaise - holdToPaise);
  return {
    kind: raise ? 'bet_hold' : 'bet_release',
    postings: spreadPlayerCash(
      holdAdjustmentPostings(String(input.playerId), heldPaise, holdToPaise),
      String(input.playerId),
      deltaParts,
    ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: holdToPaise - heldPaise,
    holdToPaise,
    holdParts: raise ? addParts(hold.parts, deltaParts) : subtractParts(hold.parts, deltaParts),
    stakePaise: input.amountPaise,
    payoutPaise: 0n,
    ...(input.amountPaise > 0n ? { event: WALLET_EVENTS.stake } : {}),
  };
}

/**
 * Whom a player's stakes go to and wins come from. Points-only players (demo accounts; every
 * player in the operator's play mode) win from and lose to play money, so the house's real
 * books never see them.
 */
const counterpartyOf = (isDemo: boolean): AccountRef =>
  systemAccount(isDemo ? 'play_money' : 'house');

/**
 * A stake taken at once (no hold) from the wallets `parts` name (cash only by default), to
 * `counterparty` (house or play money).
 */
function planDebitStake(input: StakeInput, counterparty: AccountRef, parts: FundingPart[]): Plan {
  return {
    kind: 'bet_settlement',
    postings: spreadPlayerCash(
      transfer(playerAccount(String(input.playerId), 'cash'), counterparty, input.amountPaise),
      String(input.playerId),
      parts,
    ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: 0n,
    stakePaise: input.amountPaise,
    payoutPaise: 0n,
    event: WALLET_EVENTS.stake,
  };
}

/**
 * A win paid from `counterparty` into the wallets in the proportion of `roundParts` (the
 * round's stakes; all cash when none is known); a win of 0 moves nothing but is recorded.
 * Its event settles `roundStakePaise`, the round's stakes no earlier settlement reported.
 */
function planWinPayout(
  input: WinInput,
  counterparty: AccountRef,
  roundParts: FundingPart[],
  roundStakePaise: Paise,
): Plan {
  const player = String(input.playerId);
  return {
    kind: 'bet_settlement',
    postings:
      input.amountPaise === 0n
        ? []
        : spreadPlayerCash(
            transfer(counterparty, playerAccount(player, 'cash'), input.amountPaise),
            player,
            splitPayout(roundParts, input.amountPaise),
          ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: 0n,
    stakePaise: roundStakePaise,
    payoutPaise: input.amountPaise,
    event: WALLET_EVENTS.settlement,
    closesRound: input.close === true,
  };
}

/**
 * A release of a round's hold (the hold already locked), back into the wallets of the hold's
 * parts in proportion (all of them exactly for a whole release).
 */
function planHoldRelease(input: ReleaseInput, hold: FundedHold): Plan | WalletFailure {
  const { heldPaise } = hold;
  const holdToPaise = input.holdToPaise ?? 0n;
  if (!isAmount(holdToPaise) || holdToPaise > heldPaise) return fail('INVALID_AMOUNT');
  const released = takeFromParts(hold.parts, heldPaise - holdToPaise);
  return {
    kind: 'bet_release',
    postings: spreadPlayerCash(
      holdAdjustmentPostings(String(input.playerId), heldPaise, holdToPaise),
      String(input.playerId),
      released,
    ),
    amountPaise: heldPaise - holdToPaise,
    holdDeltaPaise: holdToPaise - heldPaise,
    holdToPaise,
    holdParts: subtractParts(hold.parts, released),
    stakePaise: 0n,
    payoutPaise: 0n,
  };
}

/** The operation log row of a planned operation (its outcome is recorded after the ledger). */
function operationRow(
  operation: WalletOperationKind,
  input: OperationInput,
  hash: string,
  planned: Plan,
  createdAt: Date,
): NewWalletOperation {
  const parts = movedParts(planned.postings, String(input.playerId));
  return {
    product: input.product,
    externalId: input.externalId,
    operation,
    status: 'done',
    playerId: input.playerId,
    roundId: input.roundId,
    requestHash: hash,
    wallet: mainWallet(parts),
    parts: storedParts(parts),
    holdParts: storedParts(planned.holdDeltaParts ?? []),
    amountPaise: planned.amountPaise,
    holdDeltaPaise: planned.holdDeltaPaise,
    relatedExternalId: planned.relatedExternalId ?? null,
    createdAt,
  };
}

/** The product-neutral event of the operation, in its transaction's outbox. */
function pushEvent(
  ctx: LedgerContext,
  operation: WalletOperationKind,
  input: OperationInput,
  planned: Plan,
  playMoney: boolean,
): void {
  const parts = movedParts(planned.postings, String(input.playerId));
  const payload: WalletEventPayload = {
    product: input.product,
    playerId: input.playerId,
    roundId: input.roundId,
    externalId: input.externalId,
    operation,
    wallet: mainWallet(parts),
    parts: eventParts(parts),
    stakePaise: planned.stakePaise.toString(),
    payoutPaise: planned.payoutPaise.toString(),
    playMoney,
  };
  ctx.outbox.push({ playerId: input.playerId, topic: 'wallet', event: planned.event!, payload });
}

/** What a replay must match: the whole request but the ledger key (a storage detail). */
function operationHash(operation: WalletOperationKind, input: OperationInput): string {
  return requestHash(Object.assign({ operation }, input, { ledgerKey: undefined }));
}

/** The answer for a (product, external id) seen before. */
function answerExisting(
  existing: WalletOperationRow,
  operation: WalletOperationKind,
  hash: string,
): WalletResult {
  if (existing.status === 'cancelled') return fail('ROLLED_BACK');
  if (existing.operation !== operation || existing.requestHash !== hash) {
    return fail('DUPLICATE');
  }
  const parts = movedPartsOf(existing);
  return {
    ok: true,
    operationId: existing.id,
    transactionId: existing.ledgerTransactionId,
    replay: true,
    wallet: mainWallet(parts),
    parts,
    balancePaise: existing.balanceAfterPaise ?? 0n,
    walletVersion: existing.walletVersion ?? 0,
  };
}

function holdKey(input: OperationInput) {
  return { playerId: input.playerId, product: input.product, roundId: input.roundId };
}

function accountIs(account: AccountRef, playerId: number, kind: string): boolean {
  return (
    account.owner === 'player' && account.playerId === String(playerId) && account.kind === kind
  );
}

const WALLET_FAILURE_CODES: ReadonlySet<string> = new Set<WalletFailureCode>([
  'INSUFFICIENT_FUNDS',
  'DUPLICATE',
  'ROLLED_BACK',
  'LIMIT_REACHED',
  'SELF_EXCLUDED',
  'TIME_OUT',
  'NOT_FOUND',
  'PLAYER_NOT_FOUND',
  'NOT_ROLLBACKABLE',
  'ROUND_CLOSED',
  'INVALID_AMOUNT',
]);

function isWalletFailureCode(code: string): code is WalletFailureCode {
  return WALLET_FAILURE_CODES.has(code);
}
