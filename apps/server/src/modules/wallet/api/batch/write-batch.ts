import { accountKey, objectWith, type AccountRef, type Paise } from '@spm/core';
import { pushEvent } from '../../events/wallet-events.ts';
import type { BatchLedgerTransaction } from '../../ledger/ledger-repository.ts';
import { outboxRowsOf, resolveAccountIds } from '../../ledger/ledger-service.ts';
import { holdKeyOf, type HoldKey } from '../../ledger/operation-keys.ts';
import { writeMoves } from '../../ledger/wallet-operation-repository.ts';
import { mainWallet, storedParts } from '../../policies/funding.ts';
import { hourOf } from '../../totals/wallet-totals.ts';
import type { BatchFinish, PlannedResult, WalletResult, WalletSuccess } from '../wallet-types.ts';
import { storedVersion, type BatchPlan } from './batch-plan.ts';

/* applyMany's write and answers (steps 3 and 4 of applyManyAtOnce). */

type Written = Awaited<ReturnType<typeof writeMoves>>;

interface WriteOptions {
  last: boolean;
  commit: boolean;
  /**
   * The caller's last statement (applyMany's `finish`), sent right behind the write, with the
   * COMMIT behind it when the write stores the events.
   */
  then?: ReturnType<BatchFinish> | undefined;
}

/**
 * The writes: the ledger, the operations with their outcome, the holds, in one statement.
 * The statement checks itself against the plan (a balance or version elsewhere than planned,
 * an operation taken meanwhile, raises and rolls the transaction back): with `commit` the
 * transaction commits before its answer is back.
 */
export async function writeBatch(
  batch: BatchPlan,
  holdKeys: ReadonlyMap<string, HoldKey>,
  { last, commit, then }: WriteOptions,
): Promise<Written> {
  const { ctx, operations, ledgerOf, bumps } = batch;
  const accountIds = await resolveAccountIds(
    ctx,
    batch.ledgerRows.flatMap(({ postings }) => postings.map((posting) => posting.account)),
  );
  const { batchRows, balanceMoves } = ledgerWritesOf(batch, accountIds);
  operations.forEach((operation, index) => {
    operation.walletVersion = batch.versionOf[index]!;
  });
  learnFromBatch(batch);
  // The transaction's last write stores its events too, when every player with one is
  // locked by now (event-only players would need their version locked first).
  const outbox = last ? outboxRowsOf(ctx) : undefined;
  const storesEvents = outbox !== undefined && outbox.versionsToLock.length === 0;
  const versionsAfter = new Map(
    [...bumps].map(([playerId, by]) => [playerId, storedVersion(batch, playerId) + by]),
  );
  const writing = writeMoves(
    ctx.tx,
    { transactions: batchRows, balanceMoves, versionBumps: bumps, versionsAfter },
    operations.map((operation, index) =>
      objectWith(operation, { ledgerIndex: ledgerOf[index] ?? null }),
    ),
    holdWritesOf(batch, holdKeys),
    objectWith(
      storesEvents
        ? {
            outbox: { events: outbox.rows, createdAt: ctx.now },
            commitBehind: commit && then === undefined,
          }
        : { commitBehind: false },
      {
        closeRounds: { keys: batch.closes, now: ctx.now },
        hours: { hour: hourOf(ctx.now), sums: batch.hourSums },
      },
    ),
  );
  // Sent at once behind the write (the connection pipelines them, in this order): a write
  // that raises fails the caller's statement too, and either one failing turns the COMMIT
  // behind them into a ROLLBACK.
  const [written] = await Promise.all([writing, then?.(storesEvents)]);
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
  return written;
}

/** The holds as the batch leaves them (null: deleted). */
function holdWritesOf(batch: BatchPlan, holdKeys: ReadonlyMap<string, HoldKey>) {
  return [...batch.holds].map(([key, hold]) => ({
    key: holdKeys.get(key) ?? holdKeyOf(key),
    heldPaise: hold.exists ? hold.heldPaise : null,
    parts: hold.exists ? storedParts(hold.parts) : null,
  }));
}

/** The ledger rows with their accounts' ids, and each player account's move in balance. */
function ledgerWritesOf(batch: BatchPlan, accountIds: ReadonlyMap<string, number>) {
  const idOf = (account: AccountRef) => {
    const id = accountIds.get(accountKey(account));
    if (id === undefined) throw new Error(`no account for ${accountKey(account)}`);
    return id;
  };
  const finals = new Map<number, Paise>();
  const startOf = new Map<number, Paise>();
  const batchRows: BatchLedgerTransaction[] = batch.ledgerRows.map(({ row, postings, after }) => ({
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
  return { batchRows, balanceMoves };
}

/**
 * What the transaction learns from these moves, as the loop would have recorded it (the
 * versions in the order the moves first raised them), and the moves' events queued. Taken
 * before the write: a failed write or check rolls the whole transaction back, this context
 * with it.
 */
function learnFromBatch(batch: BatchPlan): void {
  const { ctx } = batch;
  for (const playerId of batch.bumps.keys()) {
    ctx.versions.set(playerId, storedVersion(batch, playerId) + 1);
  }
  for (const [playerId, view] of batch.touched) ctx.touched.set(playerId, view);
  if (batch.ledgerRows.length > 0) ctx.moneyWrites += 1;
  for (const { input, operation, planned, isDemo } of batch.events) {
    pushEvent(ctx, operation, input, planned, isDemo);
  }
}

/** Each move's answer as planned, before the write (applyMany's `finish`). */
export function plannedResults(batch: BatchPlan): PlannedResult[] {
  return batch.answers.map((answer) => {
    if ('writes' in answer) {
      const { balanceAfterPaise } = batch.operations[answer.writes]!;
      return { ok: true, replay: false, balancePaise: balanceAfterPaise };
    }
    if ('replays' in answer) {
      const { balanceAfterPaise } = batch.operations[answer.replays]!;
      return { ok: true, replay: true, balancePaise: balanceAfterPaise };
    }
    return answer;
  });
}

/** Each move's answer: its refusal, or what its write (or the write it replays) did. */
export function answersOf(batch: BatchPlan, { operationIds }: Written): WalletResult[] {
  const { operations, partsOfWrite } = batch;
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
  return batch.answers.map((answer) => {
    if ('writes' in answer) return success(answer.writes, false);
    if ('replays' in answer) return success(answer.replays, true);
    return answer;
  });
}
