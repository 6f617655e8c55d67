import { accountKey, drawsBonusFor, objectWith, playerAccount } from '@spm/core';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import { holdKeyOf, holdKeyText } from '../../ledger/operation-keys.ts';
import type { PlayerAccountRow } from '../../ledger/ledger-repository.ts';
import { deleteEmptyHolds, readBeforeMoves } from '../../ledger/wallet-operation-repository.ts';
import { fundedHold, holdPartsOf, roundStakeParts } from '../../policies/funding.ts';
import type { WalletPolicies } from '../../policies/wallet-policies.ts';
import { roundKeyText, unsettledStakesOf } from '../../ledger/round-stakes.ts';
import { holdKey, movesHold, opKeyOf } from '../operations/plan-parts.ts';
import { operationHash } from '../wallet-answers.ts';
import type { AtOnceMove, BatchFinish, WalletResult } from '../wallet-types.ts';
import {
  ledgerKeyOf,
  opKeyOfInput,
  planMove,
  type BatchFunding,
  type BatchHold,
  type BatchPlan,
} from './batch-plan.ts';
import { createdHoldsOf, takePrepared, type BatchRead } from './prepared-reads.ts';
import { answersOf, plannedResults, writeBatch } from './write-batch.ts';

/**
 * applyMany in a constant number of multi-row statements (docs/decisions.md "Group commit
 * in the wallet"): the operations, players and ledger keys read at once, the holds and the
 * players' accounts locked at once, every move planned in memory in the order given
 * exactly as the single operation would (replays, a replay of an earlier move of the same
 * batch, refusals, the hold rows lockHold leaves), then the ledger, the operations and the
 * holds in one statement: 2 round trips. Not enough money throws the rollback postWithin
 * throws. A ledger key already in the ledger (or twice in the batch) is the one case the
 * plan does not cover: then, with nothing written yet, it answers undefined and the moves
 * go one by one.
 */
export async function applyManyAtOnce(
  policies: WalletPolicies,
  db: object,
  ctx: LedgerContext,
  moves: readonly AtOnceMove[],
  options: { last: boolean; commit: boolean; finish?: BatchFinish | undefined },
): Promise<WalletResult[] | undefined> {
  if (moves.length === 0) return [];
  const hashes = moves.map((move) => operationHash(move.operation, move.input));

  // 1. Reads and locks only, one statement (or none when prepareMoves read it): the
  // one-by-one path can still take over.
  const playerIds = [...new Set(moves.map(({ input }) => input.playerId))];
  const holdKeyList = moves.filter(movesHold).map(({ input }) => holdKey(input));
  const read =
    (await takePrepared(db, ctx, moves)) ??
    (await readBeforeMoves(ctx.tx, {
      operations: moves.map(({ input }) => ({
        product: input.product,
        externalId: input.externalId,
      })),
      playerIds,
      ledgerKeys: [...new Set(moves.map(({ input }) => ledgerKeyOf(input)))],
      holdKeys: holdKeyList,
      totalsAt: policies.limitsReadTotals ? ctx.now : undefined,
      totalsOnlyLimited: policies.limitsReadTotalsOnlyLimited,
      stakeRounds: moves
        .filter((move) => move.operation === 'win')
        .map(({ input }) => holdKey(input)),
    }));
  for (const playerId of playerIds) ctx.lockedPlayers.add(playerId);
  const existing = new Map(
    read.operations.map((row) => [opKeyOf(row.product, row.externalId), row]),
  );
  const fresh = moves.filter(({ input }) => !existing.has(opKeyOfInput(input)));
  if (ledgerKeyTaken(read, fresh)) {
    // The rows the read's upsert created would not be there for the single operations.
    await deleteEmptyHolds(ctx.tx, createdHoldsOf(read));
    return undefined;
  }
  // The stakes each win's round has not settled yet (its event's), as the single win reads
  // them; kept in memory as the batch's moves go (a stake adds, a win settles them). The read
  // brought them when it was asked for every such round (a prepared read names its own).
  const winRounds = fresh
    .filter((move) => move.operation === 'win')
    .map(({ input }) => holdKey(input));
  const readStakes = read.unsettled;
  const unsettled =
    readStakes && winRounds.every((round) => readStakes.has(roundKeyText(round)))
      ? readStakes
      : await unsettledStakesOf(ctx.tx, winRounds);
  const holdKeys = new Map(holdKeyList.map((key) => [holdKeyText(key), key]));
  const funding = await batchFunding(policies, ctx, moves, read.holds, read.accounts);
  const batch = startBatch(policies, ctx, read, existing, unsettled, funding, holdKeys);

  // 2. The plan, move by move, in memory.
  for (let index = 0; index < moves.length; index++) planMove(batch, moves[index]!, hashes[index]!);

  // 3. The writes: the ledger, the operations with their outcome, the holds; the caller's
  // last statement right behind them when it has one (it may refuse the plan first).
  const then = options.finish?.(plannedResults(batch));
  const written = await writeBatch(batch, holdKeys, {
    last: options.last,
    commit: options.commit,
    then,
  });
  // 4. The answers, in the order of the moves.
  return answersOf(batch, written);
}

/** Whether a fresh move's ledger key is taken: in the ledger, or by another move of the batch. */
function ledgerKeyTaken(read: BatchRead, fresh: readonly AtOnceMove[]): boolean {
  const ledgerKeyOwners = new Map<string, string>();
  for (const { input } of fresh) {
    const key = ledgerKeyOf(input);
    const owner = ledgerKeyOwners.get(key);
    if ((owner !== undefined && owner !== opKeyOfInput(input)) || read.takenLedgerKeys.has(key)) {
      return true;
    }
    ledgerKeyOwners.set(key, opKeyOfInput(input));
  }
  return false;
}

/** The batch before its first move: the holds and balances as read. */
function startBatch(
  policies: WalletPolicies,
  ctx: LedgerContext,
  read: BatchRead,
  existing: BatchPlan['existing'],
  unsettled: BatchPlan['unsettled'],
  funding: BatchFunding,
  holdKeys: ReadonlyMap<string, unknown>,
): BatchPlan {
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
  const balances = new Map<string, bigint>();
  for (const row of read.accounts) {
    const account = playerAccount(String(row.playerId), row.kind);
    balances.set(accountKey(account), row.balancePaise);
    // Known now: resolveAccountIds below need not read it again.
    ctx.learnt.set(accountKey(account), row.id);
  }
  return {
    ctx,
    policies,
    read,
    existing,
    unsettled,
    funding,
    holds,
    balances,
    bumps: new Map(),
    answers: [],
    firstInBatch: new Map(),
    operations: [],
    versionOf: [],
    partsOfWrite: [],
    ledgerOf: [],
    ledgerRows: [],
    events: [],
    touched: new Map(),
    closes: [],
    hourSums: new Map(),
    totalsNow: new Map(read.totals),
  };
}

/**
 * What a batch needs to draw and pay back by wallet, read only when the funding policy
 * names a bonus wallet for one of its products (otherwise nothing is read: every part is
 * cash, as for the exchange's and the crash game's batches): the stored
 * parts of the holds it locked, and the parts of its wins' rounds' stakes.
 */
async function batchFunding(
  policies: WalletPolicies,
  ctx: LedgerContext,
  moves: readonly AtOnceMove[],
  lockedHolds: ReadonlyMap<string, { created: boolean }>,
  accounts: readonly PlayerAccountRow[],
): Promise<BatchFunding> {
  if (!moves.some((move) => drawsBonusFor(policies.funding, move.input.product))) {
    return { bonus: false, holdParts: new Map(), roundParts: new Map() };
  }
  const existingHolds = [...lockedHolds].filter(([, hold]) => !hold.created);
  // Only a player who has a bonus wallet account (made by its first grant, never removed) can
  // have a stake drawn from it: the other players' wins are all cash, with nothing to read.
  const withBonus = new Set(
    accounts
      .filter((row) => row.kind === 'coins' || row.kind === 'sports')
      .map((row) => row.playerId),
  );
  const winRounds = moves
    .filter((move) => move.operation === 'win' && withBonus.has(move.input.playerId))
    .map((m) => holdKey(m.input));
  return {
    bonus: true,
    holdParts: await holdPartsOf(
      ctx.tx,
      existingHolds.map(([key]) => holdKeyOf(key)),
    ),
    roundParts: await roundStakeParts(ctx.tx, winRounds),
  };
}
