import { drawsBonusFor, objectWith, type Paise } from '@spm/core';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import { holdKeyOf, holdKeyText } from '../../ledger/operation-keys.ts';
import { deleteEmptyHolds, readBeforeMoves } from '../../ledger/wallet-operation-repository.ts';
import type { MoneyMode } from '../../ledger/tables.ts';
import { playerFactsOf, refusedBy } from '../../policies/debit-judging.ts';
import type { DebitRequest, WalletPolicies } from '../../policies/wallet-policies.ts';
import {
  totalsOfRead,
  totalsWereRead,
  totalsWith,
  type WalletTotals,
} from '../../totals/wallet-totals.ts';
import { defaultLedgerKey, holdKey, movesHold, opKeyOf } from '../operations/plan-parts.ts';
import type { AtOnceMove, MoveScope, WalletFailure } from '../wallet-types.ts';

/*
 * `prepareMoves`: the batch's read taken ahead of its moves (WalletOperations.prepareMoves),
 * kept per transaction until `applyMany` takes it or money moves.
 */

/** What `readBeforeMoves` answers: the operations, holds, players, accounts and totals. */
export type BatchRead = Awaited<ReturnType<typeof readBeforeMoves>>;

/** A prepared read (`prepareMoves`), good until the transaction moves money. */
interface PreparedRead {
  read: BatchRead;
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

/** The player's money mode as this transaction's prepared read found it (no statement). */
export function preparedMoneyMode(ctx: LedgerContext, playerId: number): MoneyMode | undefined {
  return preparedReads.get(ctx)?.read.players.get(playerId)?.moneyMode;
}

/** WalletOperations.judgeDebit: the limit policies over the prepared read, in memory. */
export function judgeDebit(
  policies: WalletPolicies,
  ctx: LedgerContext,
  request: Omit<DebitRequest, 'now'>,
): WalletFailure | null {
  if (!policies.hasLimits) return null;
  const read = preparedReads.get(ctx)?.read;
  const player = read?.players.get(request.playerId);
  if (!read || !player)
    throw new Error("judgeDebit: the player was not in this transaction's prepareMoves");
  const judged = preparedReads.get(ctx)!.judgedTotals;
  const totals = judged.get(request.playerId) ?? totalsOfRead(read, request.playerId);
  const refusal = policies.judge(
    objectWith(request, { now: ctx.now }),
    playerFactsOf(player, totals),
  );
  if (refusal) return refusedBy(refusal);
  const staked = { depositedPaise: 0n, stakedPaise: request.debitPaise, wonPaise: 0n };
  if (totalsWereRead(totals)) judged.set(request.playerId, totalsWith(totals, staked));
  return null;
}

/** WalletOperations.prepareMoves: reads and locks what the scope's moves will need. */
export async function prepareMoves(
  policies: WalletPolicies,
  db: object,
  ctx: LedgerContext,
  scope: MoveScope,
): Promise<Map<number, Paise>> {
  const playerIds = [...new Set(scope.playerIds)].sort((a, b) => a - b);
  const read = await readBeforeMoves(ctx.tx, {
    operations: scope.operations,
    playerIds,
    ledgerKeys: scope.operations.map((o) => defaultLedgerKey(o.product, o.externalId)),
    holdKeys: scope.holds,
    totalsAt: policies.limitsReadTotals ? ctx.now : undefined,
    totalsOnlyLimited: policies.limitsReadTotalsOnlyLimited,
    totalsPlayerIds: scope.debitingPlayerIds,
    stakeRounds: scope.settlingRounds ?? [],
  });
  for (const playerId of playerIds) ctx.lockedPlayers.add(playerId);
  preparedUseOf(db).operationsLookedUp += scope.operations.length;
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
  // What each can stake now: cash, and the bonus coins when the funding policy lets these
  // moves' product draw on them (casino stakes: docs/bonus.md).
  const withCoins = scope.operations.some((o) => drawsBonusFor(policies.funding, o.product));
  const stakeable = new Map<number, Paise>(playerIds.map((id) => [id, 0n]));
  for (const account of read.accounts) {
    if (account.kind === 'cash' || (withCoins && account.kind === 'coins')) {
      stakeable.set(
        account.playerId,
        (stakeable.get(account.playerId) ?? 0n) + account.balancePaise,
      );
    }
  }
  return stakeable;
}

/** The holds a read created at zero (deleted again when the read is not used). */
export const createdHoldsOf = (read: BatchRead) =>
  [...read.holds].filter(([, hold]) => hold.created).map(([key]) => holdKeyOf(key));

/**
 * The transaction's prepared read when it still holds and covers every move, else
 * undefined (after deleting the empty holds it created: the usual read takes over).
 */
export async function takePrepared(
  db: object,
  ctx: LedgerContext,
  moves: readonly AtOnceMove[],
): Promise<BatchRead | undefined> {
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
  const use = preparedUseOf(db);
  if (covers) {
    use.used += 1;
    return prepared.read;
  }
  use.missed += 1;
  await deleteEmptyHolds(ctx.tx, createdHoldsOf(prepared.read));
  return undefined;
}

/** A prepared read the moves do not use (they go one by one): the zero holds it created are left. */
export async function dropPrepared(db: object, ctx: LedgerContext): Promise<void> {
  const prepared = preparedReads.get(ctx);
  if (prepared) {
    preparedReads.delete(ctx);
    preparedUseOf(db).missed += 1;
    await deleteEmptyHolds(ctx.tx, createdHoldsOf(prepared.read));
  }
}
