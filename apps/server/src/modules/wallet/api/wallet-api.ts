import { movedParts, walletView, type WalletView } from '@spm/core';
import { pushEvent } from '../events/wallet-events.ts';
import { lockCashBalances, walletVersionOf } from '../ledger/ledger-repository.ts';
import {
  getWalletView,
  ledgerTransaction,
  postWithin,
  writesLeftAtEnd,
  type LedgerContext,
  type LedgerDeps,
} from '../ledger/ledger-service.ts';
import type { WalletOperationKind } from '../ledger/operation-keys.ts';
import {
  findOperationForUpdate,
  insertOperation,
  recordOutcome,
  setHold,
} from '../ledger/wallet-operation-repository.ts';
import { addPlayerHours } from '../ledger/wallet-player-repository.ts';
import { singleRefusal } from '../policies/debit-judging.ts';
import { mainWallet, storedParts } from '../policies/funding.ts';
import { WalletPolicies, type LimitPolicy } from '../policies/wallet-policies.ts';
import { closeRoundRow } from '../ledger/wallet-rounds.ts';
import { hourOf } from '../totals/wallet-totals.ts';
import { applyManyAtOnce } from './batch/apply-at-once.ts';
import {
  dropPrepared,
  judgeDebit,
  prepareMoves,
  preparedMoneyMode,
} from './batch/prepared-reads.ts';
import { lockPlayer } from './operations/operation-reads.ts';
import { holdKey, hourDeltaOf, isAtOnceMove, operationRow } from './operations/plan-parts.ts';
import { planRelease } from './operations/plan-release.ts';
import { planReverse } from './operations/plan-reverse.ts';
import { planRollback } from './operations/plan-rollback.ts';
import { planSettle } from './operations/plan-settle.ts';
import { planStake } from './operations/plan-stake.ts';
import { planWin } from './operations/plan-win.ts';
import {
  WalletRefusal,
  answerExisting,
  fail,
  isWalletFailureCode,
  operationHash,
} from './wallet-answers.ts';
import type {
  AtOnceMove,
  BatchFinish,
  BatchMoveInput,
  CloseRoundInput,
  OperationInput,
  Plan,
  ReleaseInput,
  ReverseInput,
  RollbackInput,
  SettleInput,
  StakeInput,
  WalletFailure,
  WalletOperations,
  WalletResult,
  WinInput,
} from './wallet-types.ts';

/*
 * The wallet API (DESIGN 1, docs/adding-a-product.md): the only way a product (exchange,
 * casino, crash, sportsbook) moves a player's money. Every operation is idempotent on
 * (product, external transaction id), carries the round it belongs to, answers a typed
 * result, runs the limit checks before any debit and writes one product-neutral wallet event
 * per stake and per settlement to the outbox in its own transaction.
 */

// The API's face: its inputs, answers and events, with the class (tests and the module's
// entry import them from here).
export type * from './wallet-types.ts';
export { WALLET_EVENTS, type WalletEventPayload } from '../events/wallet-events.ts';
export { preparedReadStats } from './batch/prepared-reads.ts';

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
      stake: (input) => this.run(ctx, 'stake', input, () => planStake(this.policies, ctx, input)),
      release: (input) => this.run(ctx, 'release', input, () => planRelease(ctx, input)),
      win: (input) => this.run(ctx, 'win', input, () => planWin(this.policies, ctx, input)),
      settle: (input) => this.run(ctx, 'settle', input, () => planSettle(ctx, input)),
      rollback: (input) => this.run(ctx, 'rollback', input, () => planRollback(ctx, input)),
      reverse: (input) => this.run(ctx, 'reverse', input, () => planReverse(ctx, input)),
      closeRound: (input) => closeRoundRow(ctx.tx, input, ctx.now),
      lockAvailable: (playerIds) => lockCashBalances(ctx.tx, playerIds),
      judgeDebit: (request) => judgeDebit(this.policies, ctx, request),
      preparedMoneyMode: (playerId) => preparedMoneyMode(ctx, playerId),
      prepareMoves: (scope) => prepareMoves(this.policies, this.deps.db, ctx, scope),
      // Limit policies are pure: the batch judges each debit in memory, as the single
      // operation would, and stays one batch with policies registered.
      applyMany: (moves, options) =>
        this.applyMoves(ctx, moves, {
          last: options?.last === true || options?.commit === true || options?.finish !== undefined,
          commit: options?.commit === true,
          finish: options?.finish,
        }),
    };
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
    options: { last: boolean; commit: boolean; finish: BatchFinish | undefined },
  ): Promise<WalletResult[]> {
    if (moves.length === 0) return this.finishAfter(ctx, [], options.finish);
    const atOnce: AtOnceMove[] = [];
    for (const move of moves) if (isAtOnceMove(move)) atOnce.push(move);
    if (atOnce.length === moves.length) {
      const answers = await applyManyAtOnce(this.policies, this.deps.db, ctx, atOnce, options);
      if (answers) return answers;
      return this.finishAfter(ctx, await this.applyManyOneByOne(ctx, atOnce), options.finish);
    }
    // A prepared read does not cover these moves: the zero holds it created are left.
    await dropPrepared(this.deps.db, ctx);
    return this.finishAfter(ctx, await this.applyManyOneByOne(ctx, moves), options.finish);
  }

  /** The caller's `finish` after moves that went one by one: its statement last. */
  private async finishAfter(
    ctx: LedgerContext,
    results: WalletResult[],
    finish: BatchFinish | undefined,
  ): Promise<WalletResult[]> {
    if (finish) await finish(results)(!writesLeftAtEnd(ctx));
    return results;
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
    const player = await lockPlayer(ctx, input.playerId);
    const existing = await findOperationForUpdate(ctx.tx, input.product, input.externalId);
    if (existing) return answerExisting(existing, operation, hash);
    if (!player) return fail('PLAYER_NOT_FOUND');
    const isDemo = player.moneyMode === 'play';

    const planned = await plan();
    if ('ok' in planned) return planned;
    const refused =
      operation === 'reverse'
        ? null
        : await singleRefusal(this.policies, ctx, input, planned, player);
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
}

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
