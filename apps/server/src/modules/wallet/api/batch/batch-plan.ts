import {
  accountKey,
  addParts,
  movedParts,
  objectWith,
  playerAccount,
  walletView,
  type AccountRef,
  type FundingPart,
  type FundingWallet,
  type Paise,
  type Posting,
  type WalletView,
} from '@spm/core';
import type { NewLedgerTransaction } from '../../ledger/ledger-repository.ts';
import { ledgerRollback, type LedgerContext } from '../../ledger/ledger-service.ts';
import { holdKeyText, type WalletOperationKind } from '../../ledger/operation-keys.ts';
import type {
  NewWalletOperationWithOutcome,
  WalletOperationRow,
} from '../../ledger/wallet-operation-repository.ts';
import { playerFactsOf, policyRefusal } from '../../policies/debit-judging.ts';
import { drawStake, type FundedHold } from '../../policies/funding.ts';
import type { WalletPolicies } from '../../policies/wallet-policies.ts';
import type { RoundKey } from '../../ledger/wallet-rounds.ts';
import { roundKeyText } from '../../ledger/round-stakes.ts';
import {
  addHourDelta,
  totalsWith,
  totalsOfRead,
  totalsWereRead,
  type HourDelta,
  type WalletTotals,
} from '../../totals/wallet-totals.ts';
import { planDebitStake, planHoldStake } from '../operations/plan-stake.ts';
import { planHoldRelease } from '../operations/plan-release.ts';
import { planWinPayout } from '../operations/plan-win.ts';
import {
  counterpartyOf,
  defaultLedgerKey,
  holdKey,
  hourDeltaOf,
  leastAmount,
  movesHold,
  opKeyOf,
  operationRow,
} from '../operations/plan-parts.ts';
import { answerExisting, fail } from '../wallet-answers.ts';
import type {
  AtOnceMove,
  OperationInput,
  Plan,
  StakeDraw,
  WalletFailure,
  WalletResult,
} from '../wallet-types.ts';
import type { BatchRead } from './prepared-reads.ts';

/*
 * applyMany's plan (step 2 of applyManyAtOnce): every move planned in memory, in the order
 * given, exactly as its single operation would plan it, into what one statement writes.
 */

/** A hold as a batch plans it: `exists` false once planned to zero (or not yet created). */
export type BatchHold = FundedHold & { exists: boolean };

/** A move's answer before the write: a refusal, or the index of the operation it wrote. */
type Answer = WalletResult | { writes: number } | { replays: number };

/** What a batch draws and pays back by wallet (`batchFunding`). */
export interface BatchFunding {
  bonus: boolean;
  holdParts: Map<string, unknown>;
  roundParts: Map<string, FundingPart[]>;
}

/** The batch as its moves are planned, then written. */
export interface BatchPlan {
  ctx: LedgerContext;
  policies: WalletPolicies;
  read: BatchRead;
  /** The operations stored before the batch, by (product, external id). */
  existing: Map<string, WalletOperationRow>;
  /** The stakes each round has not settled yet (a stake adds, a win settles them). */
  unsettled: Map<string, Paise>;
  funding: BatchFunding;
  holds: Map<string, BatchHold>;
  /** The players' balances by account as the batch's moves leave them. */
  balances: Map<string, Paise>;
  /** The players whose version the batch raises (by one, whatever it moves). */
  bumps: Map<number, number>;
  answers: Answer[];
  firstInBatch: Map<string, { operation: WalletOperationKind; hash: string; writes: number }>;
  operations: NewWalletOperationWithOutcome[];
  versionOf: number[];
  /** What each written operation moved per wallet (its answer's parts). */
  partsOfWrite: FundingPart[][];
  ledgerOf: (number | null)[];
  ledgerRows: { row: NewLedgerTransaction; postings: Posting[]; after: Map<string, Paise> }[];
  events: {
    input: OperationInput;
    operation: WalletOperationKind;
    planned: Plan;
    isDemo: boolean;
  }[];
  touched: Map<number, WalletView>;
  closes: RoundKey[];
  /** The hour rows the batch adds to, per player. */
  hourSums: Map<number, HourDelta>;
  /** Each player's totals as the batch's earlier moves left them (as a policy sees them). */
  totalsNow: Map<number, WalletTotals>;
}

export const opKeyOfInput = (input: OperationInput) => opKeyOf(input.product, input.externalId);
export const ledgerKeyOf = (input: OperationInput) =>
  input.ledgerKey ?? defaultLedgerKey(input.product, input.externalId);

/** The player's version before this transaction moved their money. */
export const storedVersion = (batch: BatchPlan, playerId: number) =>
  batch.read.versions.get(playerId) ?? 0;

/**
 * A version this transaction has not taken yet is the stored one, raised by one once the
 * transaction moves the player's money.
 */
const versionNow = (batch: BatchPlan, playerId: number): number =>
  batch.ctx.versions.get(playerId) ??
  storedVersion(batch, playerId) + (batch.bumps.has(playerId) ? 1 : 0);

/** One move of the batch: answered at once (a replay, a refusal) or planned into the write. */
export function planMove(batch: BatchPlan, move: AtOnceMove, hash: string): void {
  const { operation, input } = move;
  const { answers } = batch;
  const key = opKeyOfInput(input);
  const first = batch.firstInBatch.get(key);
  if (first) {
    answers.push(
      first.operation === operation && first.hash === hash
        ? { replays: first.writes }
        : fail('DUPLICATE'),
    );
    return;
  }
  const stored = batch.existing.get(key);
  if (stored) return void answers.push(answerExisting(stored, operation, hash));
  const player = batch.read.players.get(input.playerId);
  if (!player) return void answers.push(fail('PLAYER_NOT_FOUND'));
  if (move.operation !== 'release' && move.input.amountPaise < leastAmount(move)) {
    return void answers.push(fail('INVALID_AMOUNT'));
  }
  const hold = movesHold(move) ? batch.holds.get(holdKeyText(holdKey(input))) : undefined;
  if (movesHold(move) && !hold) throw new Error('applyMany: a hold was not locked');
  if (hold && !hold.exists) Object.assign(hold, { exists: true, heldPaise: 0n, parts: [] });
  const isDemo = player.moneyMode === 'play';
  const planned = planAtOnce(batch.policies, move, {
    hold: hold ?? { heldPaise: 0n, parts: [] },
    counterparty: counterpartyOf(isDemo),
    balanceOf: (wallet) =>
      batch.balances.get(accountKey(playerAccount(String(input.playerId), wallet))) ?? 0n,
    roundParts: batch.funding.roundParts,
    roundStakePaise: batch.unsettled.get(roundKeyText(holdKey(input))) ?? 0n,
  });
  if ('ok' in planned) return void answers.push(planned);
  const totals = batch.totalsNow.get(input.playerId) ?? totalsOfRead(batch.read, input.playerId);
  const refused = policyRefusal(
    batch.policies,
    batch.ctx,
    input,
    planned,
    playerFactsOf(player, totals),
  );
  if (refused) return void answers.push(refused);
  const hourDelta = isDemo ? null : hourDeltaOf(operation, planned, input.playerId);
  if (hourDelta) {
    addHourDelta(batch.hourSums, input.playerId, hourDelta);
    if (totalsWereRead(totals)) batch.totalsNow.set(input.playerId, totalsWith(totals, hourDelta));
  }
  const ledgerIndex = planned.postings.length > 0 ? addLedgerRow(batch, move, hash, planned) : null;
  recordMove(batch, move, key, hash, planned, hold, isDemo, ledgerIndex);
}

/**
 * The move's ledger transaction, its balances checked in memory: the batch's index of it.
 * Not enough money throws the rollback the guarded UPDATE would.
 */
function addLedgerRow(batch: BatchPlan, move: AtOnceMove, hash: string, planned: Plan): number {
  const { operation, input } = move;
  const { balances, ctx } = batch;
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
  if (!ctx.versions.has(input.playerId)) batch.bumps.set(input.playerId, 1);
  const ledgerIndex = batch.ledgerRows.length;
  batch.ledgerRows.push({
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
  return ledgerIndex;
}

/**
 * A planned move recorded: its operation row, hold, answer, round and event. (Positional
 * arguments: it runs once per move, and an options object would be one more per move.)
 */
function recordMove(
  batch: BatchPlan,
  { operation, input }: AtOnceMove,
  key: string,
  hash: string,
  planned: Plan,
  hold: BatchHold | undefined,
  isDemo: boolean,
  ledgerIndex: number | null,
): void {
  const { balances, funding, operations, unsettled } = batch;
  const playerId = input.playerId;
  const view = walletView(
    (kind) => balances.get(accountKey(playerAccount(String(playerId), kind))) ?? 0n,
  );
  if (ledgerIndex !== null) batch.touched.set(playerId, view);
  if (hold) {
    const holdToPaise = planned.holdToPaise ?? 0n;
    Object.assign(hold, {
      exists: holdToPaise !== 0n,
      heldPaise: holdToPaise,
      parts: planned.holdParts ?? [],
    });
  }
  const moved = movedParts(planned.postings, String(playerId));
  // A later win of the round in this batch pays back into these stakes' wallets too.
  if (operation === 'stake' && funding.bonus) {
    const round = holdKeyText(holdKey(input));
    funding.roundParts.set(round, addParts(funding.roundParts.get(round) ?? [], moved));
  }
  batch.partsOfWrite.push(moved);
  batch.firstInBatch.set(key, { operation, hash, writes: operations.length });
  batch.answers.push({ writes: operations.length });
  batch.ledgerOf.push(ledgerIndex);
  operations.push(
    Object.assign(operationRow(operation, input, hash, planned, batch.ctx.now), {
      ledgerTransactionId: null,
      balanceAfterPaise: view.balancePaise,
      walletVersion: 0,
    }),
  );
  batch.versionOf.push(versionNow(batch, playerId));
  const round = roundKeyText(holdKey(input));
  if (operation === 'win') unsettled.set(round, 0n);
  if (operation === 'stake')
    unsettled.set(round, (unsettled.get(round) ?? 0n) + planned.amountPaise);
  if (planned.event) batch.events.push({ input, operation, planned, isDemo });
  if (planned.closesRound) batch.closes.push(holdKey(input));
}

/** One move of applyMany planned in memory, as its single operation would plan it. */
function planAtOnce(
  policies: WalletPolicies,
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
  const policy = policies.funding;
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
