import { objectWith } from '@spm/core';
import type { ProviderAnswer, CasinoProviderStatus } from '@spm/contract';
import { GroupCommitQueue, type Settled } from '../../db/group-commit.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  walletTransaction,
  type BatchMoveInput,
  type WalletApi,
  type WalletContext,
  writesLeftAtEnd,
} from '../wallet/index.ts';
import {
  okAnswer,
  planBetOrWin,
  refusal,
  walletExternalId,
  walletRefusal,
  walletRoundId,
  type Currency,
  type LimitRefusal,
  type TransactionRequest,
} from './provider-answers.ts';
import {
  readCallbacks,
  lockRounds,
  roundKeyOf,
  writeTransactionsAndRounds,
  type CallbackRead,
  type NewCasinoTransaction,
  type RoundRow,
  type SessionRow,
} from './provider-wallet-repository.ts';

/*
 * Bets and wins in batches (docs/decisions.md "Casino callbacks in batches"): callbacks that
 * passed their session checks queue; a batch locks its rounds and its players' cash at once,
 * decides every callback in arrival order in memory exactly as one callback alone would
 * (`decide` in provider-wallet-service.ts), moves the money with one wallet `applyMany`, and
 * stores every answer and round total in one statement, all in one transaction. Anything the
 * plan did not foresee (a transaction id taken meanwhile, a wallet answer other than a fresh
 * success, a deadlock) rolls the batch back and each callback runs again alone.
 */

/** A bet or a win whose session, currency and (for a bet) player and game were checked. */
export interface BatchedCallback {
  providerId: string;
  session: SessionRow;
  request: Extract<TransactionRequest, { kind: 'bet' | 'win' }>;
  hash: string;
  currency: Currency;
  /** The provider's casino_providers.wins_without_bet. */
  winsWithoutBet: boolean;
}

/** The batch's word on a callback: its answer, or that it must run alone. */
export const RUN_ALONE = Symbol('run alone');
export type BatchOutcome = ProviderAnswer | typeof RUN_ALONE;

/**
 * At most this many callbacks per batch, and this many batches at once. One at once measured
 * best once the batch's statements ran on generic plans (bench/casino-wallet, four pairs
 * alternating: 1,630-2,076/s against 1,428-1,868/s with two, batches of 32 callbacks against
 * 14, PostgreSQL 0.31-0.38 against 0.39-0.52 ms a callback): fewer, larger batches cost the
 * database less per callback (docs/decisions.md "Casino callbacks in batches").
 */
const BATCH_CAP = 200;
const BATCHES_IN_FLIGHT = 1;

interface CallbackService {
  deps: ServiceDeps;
  wallet: WalletApi;
}

type Queue = GroupCommitQueue<BatchedCallback, BatchOutcome>;
const queues = new WeakMap<WalletApi, Queue>();

/** This process's batches, the callbacks they carried and those that fell back, for the tests and the benchmark. */
export const callbackBatchStats = { batches: 0, callbacks: 0, fallbacks: 0 };

function queueOf(service: CallbackService): Queue {
  let queue = queues.get(service.wallet);
  if (!queue) {
    queue = new GroupCommitQueue((callbacks) => runBatch(service, callbacks), {
      cap: BATCH_CAP,
      maxInFlight: BATCHES_IN_FLIGHT,
    });
    queues.set(service.wallet, queue);
  }
  return queue;
}

type ReadInput = Parameters<typeof readCallbacks>[1][number];
type ReadQueue = GroupCommitQueue<ReadInput, CallbackRead>;
const readQueues = new WeakMap<object, ReadQueue>();
/** One read at a time: whatever arrives while it runs is the next read's batch. */
const READ_CAP = 500;
const READS_IN_FLIGHT = 1;

/**
 * A callback's first read (provider, session, stored transaction), in one statement with the
 * reads of every callback arriving meanwhile.
 */
export function readCallback(db: ServiceDeps['db'], input: ReadInput): Promise<CallbackRead> {
  let queue = readQueues.get(db);
  if (!queue) {
    queue = new GroupCommitQueue<ReadInput, CallbackRead>(
      async (inputs) =>
        (await readCallbacks(db, inputs)).map((value) => ({ ok: true as const, value })),
      { cap: READ_CAP, maxInFlight: READS_IN_FLIGHT },
    );
    readQueues.set(db, queue);
  }
  return queue.submit(input);
}

/** Queues a checked bet or win; resolves with its answer or RUN_ALONE. */
export function submitCallback(
  service: CallbackService,
  callback: BatchedCallback,
): Promise<BatchOutcome> {
  return queueOf(service).submit(callback);
}

async function runBatch(
  service: CallbackService,
  callbacks: BatchedCallback[],
): Promise<Settled<BatchOutcome>[]> {
  callbackBatchStats.batches += 1;
  callbackBatchStats.callbacks += callbacks.length;
  const outcomes: Settled<BatchOutcome>[] = callbacks.map(() => ({ ok: true, value: RUN_ALONE }));
  // A transaction id twice in one batch: the later ones run alone after it and find what the
  // first stored (a replay or a duplicate), as two requests one after the other would.
  const firsts = new Set<string>();
  const batched: number[] = [];
  callbacks.forEach((callback, index) => {
    const key = `${callback.providerId}\u0000${callback.request.transactionId}`;
    if (firsts.has(key)) return;
    firsts.add(key);
    batched.push(index);
  });
  try {
    const answers = await walletTransaction(service.deps, (money) =>
      decideAndWrite(
        service,
        money,
        batched.map((index) => callbacks[index]!),
      ),
    );
    if (!Array.isArray(answers)) {
      // A refusal from the ledger the plan did not foresee: each alone answers it properly.
      callbackBatchStats.fallbacks += 1;
      return outcomes;
    }
    batched.forEach((index, position) => {
      outcomes[index] = { ok: true, value: answers[position]! };
    });
  } catch {
    // Rolled back whole (or unknown at commit): each callback alone is idempotent on its
    // transaction id, so running it again answers exactly once either way.
    callbackBatchStats.fallbacks += 1;
  }
  return outcomes;
}

/** What one callback of the batch decided, before the wallet's answer is known. */
interface Decided {
  callback: BatchedCallback;
  round: RoundRow;
  /** Index into the wallet moves, when the callback moves money. */
  move: number | null;
  /** What the player can stake after an accepted move (cash, and coins by the funding policy). */
  balanceAfterPaise?: bigint;
  refused: ProviderAnswer | null;
  appliedPaise: bigint;
  /** A win's amount after the cap; null for a bet and a refusal. */
  creditedPaise: bigint | null;
}

/** The batch's moves of one round, ending at its state after them. */
interface RoundAfter {
  round: RoundRow;
  closedAt: Date | null;
}

/** Thrown inside the batch's transaction to roll it back and run each callback alone. */
class PlanNotHeld extends Error {}

/**
 * What the batch's moves may touch, for the wallet's prepared read: the wallet operations
 * under the callbacks' transaction ids, their players (a bet and a win move no hold), and the
 * rounds the wins pay, whose unsettled stakes their settlement events report.
 */
function walletScopeOf(callbacks: readonly BatchedCallback[]) {
  return {
    operations: callbacks.map((c) => ({
      product: 'casino' as const,
      externalId: walletExternalId(c.providerId, c.request.transactionId),
    })),
    holds: [],
    playerIds: callbacks.map((c) => c.session.playerId),
    // Only a bet debits: the limits' totals are summed for the bettors alone.
    debitingPlayerIds: callbacks
      .filter((c) => c.request.kind === 'bet')
      .map((c) => c.session.playerId),
    settlingRounds: callbacks
      .filter((c) => c.request.kind === 'win')
      .map((c) => ({
        product: 'casino' as const,
        playerId: c.session.playerId,
        roundId: walletRoundId(c.providerId, c.request.roundId),
      })),
  };
}

async function decideAndWrite(
  service: CallbackService,
  money: WalletContext,
  callbacks: BatchedCallback[],
): Promise<ProviderAnswer[]> {
  const keyOf = (callback: BatchedCallback) => ({
    providerId: callback.providerId,
    providerRoundId: callback.request.roundId,
    playerId: callback.session.playerId,
    gameId: callback.session.gameId,
    playMoney: callback.session.playMoney,
  });
  const ops = service.wallet.within(money);
  const rule = service.wallet.policies.roundRule;
  // The rounds locked, then the players' cash locked and what the wallet will need for the
  // callbacks' moves read (a bet and a win move no hold): two statements sent together (on
  // PostgreSQL the connection pipelines them), taking their locks in that order as before.
  const [locked, balances] = await Promise.all([
    lockRounds(money.tx, callbacks.map(keyOf), money.now),
    ops.prepareMoves(walletScopeOf(callbacks)),
  ]);

  const rounds = new Map<string, RoundAfter>();
  const moves: BatchMoveInput[] = [];
  const decided: Decided[] = callbacks.map((callback) => {
    const { request, session } = callback;
    const roundKey = roundKeyOf(keyOf(callback));
    const after = rounds.get(roundKey) ?? { round: { ...locked.get(roundKey)! }, closedAt: null };
    const round = after.round;
    const balancePaise = balances.get(session.playerId) ?? 0n;
    const fields = {
      requestId: request.requestId,
      user: request.user,
      currency: callback.currency,
    };
    const refuse = (
      status: CasinoProviderStatus,
      message?: string,
      limit?: LimitRefusal,
    ): Decided => ({
      callback,
      round,
      move: null,
      refused: refusal(
        status,
        objectWith(
          objectWith(fields, { balance: Number(balancePaise) }),
          limit ? { refusal: limit } : {},
        ),
        message,
      ),
      appliedPaise: 0n,
      creditedPaise: null,
    });
    const plan = planBetOrWin(callback.providerId, round, session, request, callback, rule);
    // Such a refusal writes nothing, not even the round the batch's lock created: rolled
    // back, each callback alone answers it (only a provider misbehaving sends one).
    if (plan.refused !== null && plan.unstored) throw new PlanNotHeld();
    if (plan.refused !== null) return refuse(plan.refused, plan.message, plan.refusal);
    // The wallet's limit policies, judged in memory as applyMany will (and before the cash,
    // as the single stake does): a refused bet is refused alone and the batch stays one.
    const judged =
      plan.move.operation === 'stake'
        ? ops.judgeDebit({
            product: plan.move.input.product,
            playerId: plan.move.input.playerId,
            roundId: plan.move.input.roundId,
            externalId: plan.move.input.externalId,
            stakePaise: plan.appliedPaise,
            debitPaise: plan.appliedPaise,
          })
        : null;
    if (judged) {
      const refused = walletRefusal(judged);
      return refuse(refused.status, undefined, refused.refusal);
    }
    // The wallet's guarded debit would refuse a bet the cash cannot cover by rolling the
    // whole batch back: the batch refuses it alone, with the balance the batch left.
    const changePaise = plan.move.operation === 'stake' ? -plan.appliedPaise : plan.appliedPaise;
    if (balancePaise + changePaise < 0n) return refuse('RS_ERROR_NOT_ENOUGH_MONEY');
    const balanceAfterPaise = balancePaise + changePaise;
    balances.set(session.playerId, balanceAfterPaise);
    Object.assign(round, plan.round);
    if (plan.closes) after.closedAt = money.now;
    rounds.set(roundKey, after);
    moves.push(plan.move);
    return {
      callback,
      round,
      move: moves.length - 1,
      balanceAfterPaise,
      refused: null,
      appliedPaise: plan.appliedPaise,
      creditedPaise: plan.creditedPaise,
    };
  });

  // Only the casino's own rows are written after the moves: their statement may store the
  // transaction's events too.
  const results = moves.length > 0 ? await ops.applyMany(moves, { last: true }) : [];
  const answers: ProviderAnswer[] = [];
  const rows: NewCasinoTransaction[] = decided.map((decision) => {
    const { callback, refused } = decision;
    const { request, session } = callback;
    let answer: ProviderAnswer;
    let walletOperationId: number | null = null;
    if (refused || decision.move === null) {
      answer = refused!;
    } else {
      const result = results[decision.move];
      // Every move is new by construction (no stored answer, no wallet operation under its
      // id when read): anything else means another request got there between.
      if (!result?.ok || result.replay) throw new PlanNotHeld();
      const fields = {
        requestId: request.requestId,
        user: request.user,
        currency: callback.currency,
      };
      // The balance the game shows: what the player can stake after this move (cash, and
      // bonus coins by the funding policy), as the batch counted it from prepareMoves.
      const shown = okAnswer(
        fields,
        objectWith(result, { balancePaise: decision.balanceAfterPaise ?? result.balancePaise }),
      );
      answer =
        decision.creditedPaise === null
          ? shown
          : objectWith(shown, { credited: Number(decision.creditedPaise) });
      walletOperationId = Number(result.operationId);
    }
    answers.push(answer);
    return {
      providerId: callback.providerId,
      providerTransactionId: request.transactionId,
      kind: request.kind,
      requestHash: callback.hash,
      roundId: decision.round.id,
      providerRoundId: request.roundId,
      playerId: session.playerId,
      gameId: session.gameId,
      amountPaise: BigInt(request.amount),
      appliedPaise: decision.appliedPaise,
      referenceTransactionId:
        request.kind === 'win' ? (request.referenceTransactionId ?? null) : null,
      status: answer.status,
      answer,
      walletOperationId,
      createdAt: money.now,
    };
  });
  // The batch's last statement, with the COMMIT behind it unless the wallet still writes the
  // transaction's events at its end (a lost round's win of 0 moves no money but tells the
  // player). It checks itself that every row is new: a transaction id taken meanwhile rolls
  // the batch back, to run each callback alone.
  await writeTransactionsAndRounds(
    money.tx,
    rows,
    [...rounds.values()].map(({ round, closedAt }) => objectWith(round, { closedAt })),
    { commitBehind: !writesLeftAtEnd(money) },
  );
  return answers;
}
