import { sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import { limitsFromJson, type PlayerAccountKind, type PlayerLimits } from '@spm/core';
import {
  ledgerBatchParts,
  ledgerWriteAsPlanned,
  playerLocks,
  transactionIdsOf,
  type BatchLedgerTransaction,
  type LedgerBatchAnswerRow,
  type PlayerAccountRow,
} from './ledger-repository.ts';
import type { StoredParts } from './tables.ts';
import {
  holdKeyText,
  type HoldKey,
  type WalletOperationKind,
  type WalletOperationStatus,
  type WalletProduct,
} from './operation-keys.ts';
import { outboxInsert, type NewOutboxEvent } from '../../../outbox/outbox-repository.ts';
import { closeRoundsPart } from './wallet-rounds.ts';
import {
  collectUnsettledStake,
  roundKeyText,
  unsettledStakesRows,
  type RoundKey,
  type UnsettledStakeRow,
} from './round-stakes.ts';
import {
  collectTotals,
  FRESH_ROW,
  freshTotalsRows,
  playerHoursUpsert,
  totalsRows,
  type TotalsRow,
  type WalletPlayerRow,
} from './wallet-player-repository.ts';
import type { HourDelta, WalletTotals } from '../totals/wallet-totals.ts';

/* The wallet API's SQL: its operation log and the holds it keeps per round. */

export type {
  HoldKey,
  WalletOperationKind,
  WalletOperationStatus,
  WalletProduct,
} from './operation-keys.ts';
export { holdKeyOf, holdKeyText } from './operation-keys.ts';

export interface NewWalletOperation {
  product: WalletProduct;
  externalId: string;
  operation: WalletOperationKind;
  status: WalletOperationStatus;
  playerId: number;
  roundId: string;
  requestHash: string;
  wallet: string;
  /** The money per wallet (funding.ts); null: all cash. */
  parts: StoredParts | null;
  /** The hold moved per wallet; null: all cash. */
  holdParts: StoredParts | null;
  amountPaise: bigint;
  holdDeltaPaise: bigint;
  relatedExternalId: string | null;
  createdAt: Date;
}

/** A stored operation: what was asked, and its outcome once the ledger was written. */
export interface WalletOperationRow extends Omit<NewWalletOperation, 'createdAt'> {
  id: string;
  ledgerTransactionId: string | null;
  balanceAfterPaise: bigint | null;
  walletVersion: number | null;
}

type RawOperation = Record<string, unknown>;

function toRow(raw: RawOperation): WalletOperationRow {
  const text = (key: string) => String(raw[key]);
  const json = (key: string): StoredParts | null => {
    const value = raw[key];
    if (value === null || value === undefined) return null;
    // PGlite and pg answer jsonb parsed; a driver answering text is parsed here.
    return (typeof value === 'string' ? JSON.parse(value) : value) as StoredParts;
  };
  const big = (key: string) =>
    raw[key] === null || raw[key] === undefined ? null : BigInt(raw[key] as string | bigint);
  return {
    id: text('id'),
    product: text('product') as WalletProduct,
    externalId: text('external_id'),
    operation: text('operation') as WalletOperationKind,
    status: text('status') as WalletOperationStatus,
    playerId: Number(raw.player_id),
    roundId: text('round_id'),
    requestHash: text('request_hash'),
    wallet: text('wallet'),
    parts: json('parts'),
    holdParts: json('hold_parts'),
    amountPaise: big('amount_paise') ?? 0n,
    holdDeltaPaise: big('hold_delta_paise') ?? 0n,
    relatedExternalId: raw.related_external_id === null ? null : text('related_external_id'),
    ledgerTransactionId: raw.ledger_transaction_id === null ? null : text('ledger_transaction_id'),
    balanceAfterPaise: big('balance_after_paise'),
    walletVersion: raw.wallet_version === null ? null : Number(raw.wallet_version),
  };
}

/** The operation under (product, external id), locked for the rest of the transaction. */
export async function findOperationForUpdate(
  db: DbHandle,
  product: WalletProduct,
  externalId: string,
): Promise<WalletOperationRow | undefined> {
  const rows = await executeRows<RawOperation>(
    db,
    sql`select * from wallet_operations
        where product = ${product} and external_id = ${externalId} for update`,
  );
  return rows[0] && toRow(rows[0]);
}

/** The new operation's id, or null when (product, external id) was taken meanwhile. */
export async function insertOperation(
  db: DbHandle,
  row: NewWalletOperation,
): Promise<string | null> {
  const rows = await executeRows<{ id: string | number }>(
    db,
    sql`insert into wallet_operations
          (product, external_id, operation, status, player_id, round_id, request_hash, wallet,
           parts, hold_parts, amount_paise, hold_delta_paise, related_external_id, created_at)
        values (${row.product}, ${row.externalId}, ${row.operation}, ${row.status}, ${row.playerId},
                ${row.roundId}, ${row.requestHash}, ${row.wallet}, ${jsonText(row.parts)}::jsonb,
                ${jsonText(row.holdParts)}::jsonb, ${row.amountPaise.toString()}::bigint,
                ${row.holdDeltaPaise.toString()}::bigint, ${row.relatedExternalId},
                ${row.createdAt.toISOString()})
        on conflict (product, external_id) do nothing
        returning id`,
  );
  return rows[0] === undefined ? null : String(rows[0].id);
}

const jsonText = (parts: StoredParts | null): string | null =>
  parts === null ? null : JSON.stringify(parts);

/** What the operation answered, stored so that a replay answers the same. */
export async function recordOutcome(
  db: DbHandle,
  id: string,
  outcome: {
    ledgerTransactionId: string | null;
    balanceAfterPaise: bigint;
    walletVersion: number;
  },
): Promise<void> {
  await db.execute(
    sql`update wallet_operations
        set ledger_transaction_id = ${outcome.ledgerTransactionId}::bigint,
            balance_after_paise = ${outcome.balanceAfterPaise.toString()}::bigint,
            wallet_version = ${outcome.walletVersion}
        where id = ${id}::bigint`,
  );
}

/** A stake a rollback refunded: it stays, marked, naming the rollback. */
export async function markRolledBack(
  db: DbHandle,
  id: string,
  rollbackExternalId: string,
): Promise<void> {
  await db.execute(
    sql`update wallet_operations set status = 'rolled_back', related_external_id = ${rollbackExternalId}
        where id = ${id}::bigint`,
  );
}

/**
 * The round's hold, its row locked (created at zero when absent) so that two operations on
 * one round never both read the same old amount; with its parts per wallet (null: all cash).
 */
export async function lockHold(
  db: DbHandle,
  key: { playerId: number; product: WalletProduct; roundId: string },
): Promise<{ heldPaise: bigint; parts: unknown }> {
  await db.execute(
    sql`insert into wallet_holds (player_id, product, round_id, held_paise)
        values (${key.playerId}, ${key.product}, ${key.roundId}, 0)
        on conflict do nothing`,
  );
  const rows = await executeRows<{ held_paise: string | bigint; parts: unknown }>(
    db,
    sql`select held_paise, parts from wallet_holds
        where player_id = ${key.playerId} and product = ${key.product} and round_id = ${key.roundId}
        for update`,
  );
  return { heldPaise: BigInt(rows[0]?.held_paise ?? 0), parts: rows[0]?.parts ?? null };
}

/** The round's hold after an operation, with its parts (null: all cash); 0 deletes it. */
export async function setHold(
  db: DbHandle,
  key: { playerId: number; product: WalletProduct; roundId: string },
  heldPaise: bigint,
  parts: StoredParts | null = null,
): Promise<void> {
  await db.execute(
    heldPaise === 0n
      ? sql`delete from wallet_holds
            where player_id = ${key.playerId} and product = ${key.product} and round_id = ${key.roundId}`
      : sql`update wallet_holds set held_paise = ${heldPaise.toString()}::bigint,
              parts = ${jsonText(parts)}::jsonb
            where player_id = ${key.playerId} and product = ${key.product} and round_id = ${key.roundId}`,
  );
}

/** Sum of the player's wallet holds: the exposure_hold balance. */
export async function heldByWallet(db: DbHandle, playerId: number): Promise<bigint> {
  const rows = await executeRows<{ s: string | bigint | null }>(
    db,
    sql`select coalesce(sum(held_paise), 0) as s from wallet_holds where player_id = ${playerId}`,
  );
  return BigInt(rows[0]?.s ?? 0);
}

/*
 * The batch forms of the statements above, for WalletOperations.applyMany (docs/decisions.md
 * "Group commit in the wallet"): one statement for many operations or holds. Lists cross as
 * one JSON parameter.
 */

export interface NewWalletOperationWithOutcome extends NewWalletOperation {
  ledgerTransactionId: string | null;
  balanceAfterPaise: bigint;
  walletVersion: number;
}

/**
 * The whole write of applyMany in one statement: the ledger (ledgerBatchParts),
 * insertOperation and recordOutcome for many operations (each linked to its ledger
 * transaction by position, `ledgerIndex`), and setHold for many rounds (a hold of zero, null
 * here, is deleted), and the transaction's outbox events when it is its last write (`outbox`,
 * none otherwise). The statement checks itself against the plan and raises when it differs:
 * every balance it moved ends at its `finalPaise`, every version at `versionsAfter`, every
 * operation row is new (none taken meanwhile by a concurrent transaction). `commitBehind`:
 * the transaction commits right behind it (executePreparedRows). Answers the ledger
 * transactions' ids (by position) and the operations' ids, in input order.
 */
export async function writeMoves(
  db: DbHandle,
  ledger: {
    transactions: readonly BatchLedgerTransaction[];
    balanceMoves: readonly { accountId: number; deltaPaise: bigint; finalPaise: bigint }[];
    versionBumps: ReadonlyMap<number, number>;
    versionsAfter: ReadonlyMap<number, number>;
  },
  rows: readonly (NewWalletOperationWithOutcome & { ledgerIndex: number | null })[],
  holds: readonly { key: HoldKey; heldPaise: bigint | null; parts: StoredParts | null }[],
  options: {
    outbox?: { events: readonly NewOutboxEvent[]; createdAt: Date };
    commitBehind?: boolean;
    /** The rounds the moves close (a win with `close`), closed by the same statement. */
    closeRounds?: { keys: readonly HoldKey[]; now: Date };
    /** The batch's hourly totals, added up per player (docs/decisions.md "Hourly totals"). */
    hours?: { hour: Date; sums: ReadonlyMap<number, HourDelta> };
  } = {},
): Promise<{ transactionIds: string[]; operationIds: string[] }> {
  const outbox = options.outbox ?? { events: [], createdAt: new Date(0) };
  const closing = options.closeRounds ?? { keys: [], now: new Date(0) };
  const json = operationsJson(rows);
  const holdRows = holdArrays(holds);
  const parts = ledgerBatchParts(ledger.transactions, ledger.balanceMoves, ledger.versionBumps);
  // The hour rows go with the batch's write: no statement more for the totals.
  const hours = options.hours;
  const hoursPart =
    hours === undefined || hours.sums.size === 0
      ? sql``
      : sql`hours as (${playerHoursUpsert(hours.hour, hours.sums)}),`;
  const answer = await executePreparedRows<
    LedgerBatchAnswerRow & { product: string | null; external_id: string | null }
  >(
    db,
    writeMovesStatement({
      parts,
      holdRows,
      json,
      events: outboxInsert(outbox.events, outbox.createdAt),
      closeRounds: closeRoundsPart(closing.keys, closing.now),
      hoursPart,
      asPlanned: ledgerWriteAsPlanned(ledger.balanceMoves, ledger.versionsAfter),
      operationCount: rows.length,
    }),
    // Planned once per connection (genericPlan): it writes rows and finds existing ones only
    // by primary key (ledger accounts, holds) or conflict target; planning it for each batch
    // cost PostgreSQL 0.88 ms (EXPLAIN, bench/placement data).
    { commitBehind: options.commitBehind === true, genericPlan: true },
  );
  const ids = new Map<string, string>();
  for (const row of answer) {
    if (row.what === 'operation') ids.set(`${row.product}\u0000${row.external_id}`, String(row.id));
  }
  return {
    transactionIds: transactionIdsOf(answer, ledger.transactions.length),
    // Every row is new: the statement's check raised otherwise.
    operationIds: rows.map((row) => ids.get(`${row.product}\u0000${row.externalId}`)!),
  };
}

/** The operations as one JSON parameter (`jsonb_to_recordset` in writeMoves). */
function operationsJson(
  rows: readonly (NewWalletOperationWithOutcome & { ledgerIndex: number | null })[],
): string {
  return JSON.stringify(
    rows.map((row, index) => ({
      n: index,
      product: row.product,
      e: row.externalId,
      o: row.operation,
      s: row.status,
      p: row.playerId,
      r: row.roundId,
      h: row.requestHash,
      w: row.wallet,
      f: row.parts,
      g: row.holdParts,
      a: row.amountPaise.toString(),
      d: row.holdDeltaPaise.toString(),
      x: row.relatedExternalId,
      c: row.createdAt.toISOString(),
      l: row.ledgerIndex === null ? null : row.ledgerIndex + 1,
      b: row.balanceAfterPaise.toString(),
      v: row.walletVersion,
    })),
  );
}

/** The holds as arrays, so the planner finds the few holds by their key (pgArray's note). */
function holdArrays(
  holds: readonly { key: HoldKey; heldPaise: bigint | null; parts: StoredParts | null }[],
) {
  const holdPlayers = pgArray(holds.map(({ key }) => key.playerId));
  const holdProducts = pgArray(holds.map(({ key }) => key.product));
  const holdRounds = pgArray(holds.map(({ key }) => key.roundId));
  const heldPaise = pgArray(holds.map((hold) => hold.heldPaise));
  const heldParts = pgArray(holds.map((hold) => jsonText(hold.parts)));
  return { holdPlayers, holdProducts, holdRounds, heldPaise, heldParts };
}

/** writeMoves' one statement: the ledger's parts, the holds, the operations, the events. */
function writeMovesStatement({
  parts,
  holdRows: { holdPlayers, holdProducts, holdRounds, heldPaise, heldParts },
  json,
  events,
  closeRounds,
  hoursPart,
  asPlanned,
  operationCount,
}: {
  parts: ReturnType<typeof ledgerBatchParts>;
  holdRows: ReturnType<typeof holdArrays>;
  json: string;
  events: SQL;
  closeRounds: SQL;
  hoursPart: SQL;
  asPlanned: SQL;
  operationCount: number;
}): SQL {
  return sql`with ${parts.ctes},
        h as (
          select * from unnest(${holdPlayers}::bigint[], ${holdProducts}::text[],
                               ${holdRounds}::text[], ${heldPaise}::bigint[],
                               ${heldParts}::jsonb[]) as h(p, d, r, h, f)
        ),
        gone as (
          delete from wallet_holds w using h
          where h.h is null and w.player_id = h.p and w.product = h.d and w.round_id = h.r
        ),
        kept as (
          update wallet_holds w set held_paise = h.h, parts = h.f from h
          where h.h is not null and w.player_id = h.p and w.product = h.d and w.round_id = h.r
        ),
        o as (
          insert into wallet_operations
            (product, external_id, operation, status, player_id, round_id, request_hash, wallet,
             parts, hold_parts, amount_paise, hold_delta_paise, related_external_id, created_at,
             ledger_transaction_id, balance_after_paise, wallet_version)
          select x.product, x.e, x.o, x.s, x.p, x.r, x.h, x.w, x.f, x.g, x.a, x.d, x.x, x.c,
                 ids.id, x.b, x.v
          from jsonb_to_recordset(${json}::jsonb) as x(n int, product text, e text, o text,
            s text, p bigint, r text, h text, w text, f jsonb, g jsonb, a bigint, d bigint, x text,
            c timestamptz, l int, b bigint, v bigint)
          left join ids on ids.n = x.l
          order by x.n
          on conflict (product, external_id) do nothing
          returning id, product, external_id
        ),
        events as (${events}),
        ${closeRounds},
        ${hoursPart}
        checked as (
          select spm_check(
            ${asPlanned}
            and (select count(*) from o) = ${operationCount}::int,
            'applyMany: the write is not where the plan put it (a balance, a version, or an operation taken meanwhile)'
          ) as ok
        )
        -- The balances and versions are checked above: only the new ids come back.
        select 'tx' as what, ids.id, ids.n as value, null::text as product,
               null::text as external_id
        from ids
        union all
        select 'operation', o.id, 0, o.product, o.external_id from o
        union all
        select 'checked', 0, 0, null, null from checked`;
}

/** Deletes these holds when they still hold nothing (rows a batch created and then left). */
export async function deleteEmptyHolds(db: DbHandle, keys: readonly HoldKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from wallet_holds w
        using unnest(${pgArray(keys.map((k) => k.playerId))}::bigint[],
                     ${pgArray(keys.map((k) => k.product))}::text[],
                     ${pgArray(keys.map((k) => k.roundId))}::text[]) as k(p, d, r)
        where w.player_id = k.p and w.product = k.d and w.round_id = k.r and w.held_paise = 0`,
  );
}

/**
 * What applyMany reads and locks before it plans, in two statements written together (one
 * wait), in the order every money transaction takes its locks (docs/decisions.md "Lock
 * order: the player row first"). The first: the players' wallet rows, locked FIRST in player
 * order (whether they exist, their money mode, exclusion and time-out ends, their version);
 * which of these ledger keys the ledger already holds (existence only, for the batch to leave
 * those moves to the one-by-one path); the holds of these rounds, locked by an upsert that
 * creates absent rows at zero for players with a wallet row and otherwise rewrites the row
 * unchanged (as lockHold; `created` when this statement inserted it, xmax 0); every account
 * of these players, locked in account id order (playerLocks); with `totalsAt`, the players'
 * totals over the three windows, for those no commit changed while the lock was awaited
 * (freshTotalsRows). The second: the operations under these (product, external id), locked
 * (as findOperationForUpdate). A player whose row a commit changed meanwhile is summed again
 * after both answer, in a statement whose snapshot includes that commit. The first
 * statement's rows cross as text columns, amounts included (building JSON for each of them
 * was PostgreSQL's own largest cost in this read).
 *
 * The operations are looked up alone: `wallet_operations` has two indexes starting with
 * `product`, and a plan made while the table is small may take the wrong one, so that lookup
 * is planned for each batch, while the rest, whose every lookup has one index to take, runs on
 * its generic plan (docs/decisions.md "Generic plans where the plan cannot change").
 */
export async function readBeforeMoves(
  db: DbHandle,
  query: {
    operations: readonly { product: WalletProduct; externalId: string }[];
    playerIds: readonly number[];
    ledgerKeys: readonly string[];
    holdKeys: readonly HoldKey[];
    /** The transaction's time when a policy will read the totals; none read otherwise. */
    totalsAt?: Date | undefined;
    /** With totalsAt: only the players whose row keeps limits (the policies' 'when-limited'). */
    totalsOnlyLimited?: boolean | undefined;
    /** With totalsAt: the players whose totals are read (those whose moves may debit); all when absent. */
    totalsPlayerIds?: readonly number[] | undefined;
    /** The rounds whose unsettled stakes the batch's wins report (unsettledStakesRows). */
    stakeRounds?: readonly RoundKey[];
  },
): Promise<{
  operations: WalletOperationRow[];
  players: Map<number, WalletPlayerRow>;
  totals: Map<number, WalletTotals>;
  /** The players whose totals were summed (null: every player of the read). */
  totalsFor: Set<number> | null;
  /** The stakeRounds' unsettled stakes by roundKeyText (absent: 0); none asked: undefined. */
  unsettled: Map<string, bigint> | undefined;
  takenLedgerKeys: Set<string>;
  holds: Map<string, { heldPaise: bigint; created: boolean }>;
  accounts: PlayerAccountRow[];
  versions: Map<number, number>;
}> {
  // Arrays, not JSON lists: the planner then knows how many keys there are and probes the
  // indexes (with a JSON list it guessed 100 and scanned wallet_operations and users).
  const holdKeys = [...new Map(query.holdKeys.map((key) => [holdKeyText(key), key])).values()];
  const players = pgArray([...new Set(query.playerIds)].sort((a, b) => a - b));
  const totals = totalsToRead(players, query);
  // Both sent before either answer is awaited (the connection pipelines them), in this order.
  const lockRows = executePreparedRows<LockReadRow>(
    db,
    sql`with ${playerLocks(players, players)},
        held as (
          insert into wallet_holds as w (player_id, product, round_id, held_paise)
          select x.p, x.d, x.r, 0
          from unnest(${pgArray(holdKeys.map((k) => k.playerId))}::bigint[],
                      ${pgArray(holdKeys.map((k) => k.product))}::text[],
                      ${pgArray(holdKeys.map((k) => k.roundId))}::text[]) as x(p, d, r)
          where x.p in (select player_id from versions)
          order by x.p, x.d, x.r
          on conflict (player_id, product, round_id) do update set held_paise = w.held_paise
          returning w.player_id, w.product, w.round_id, w.held_paise, (w.xmax = 0) as created
        )
        select 'player' as what, v.player_id::text as a, v.version::text as b,
               v.money_mode as c, (extract(epoch from v.excluded_until) * 1000)::bigint::text as d,
               (extract(epoch from v.time_out_until) * 1000)::bigint::text as e,
               v.limits::text as f, ${totals ? sql`(${FRESH_ROW})::text` : sql`null`} as g
        from versions v
        union all
        select 'key', idempotency_key, null, null, null, null, null, null from ledger_transactions
        where idempotency_key = any(${pgArray(query.ledgerKeys)}::text[])
        union all
        select 'hold', player_id::text, product, round_id, held_paise::text, created::text, null,
               null
        from held
        union all
        select 'account', id::text, player_id::text, kind, balance_paise::text, null, null, null
        from accounts
        ${totals ? sql`union all ${freshTotalsRows(totals.players, totals.at, totals.onlyLimited)}` : sql``}`,
    { genericPlan: true },
  );
  const secondRows = readOperationsAndStakes(db, query.operations, query.stakeRounds ?? []);
  const [locksRead, secondRead] = await Promise.all([lockRows, secondRows]);
  const locked = lockReadOf(locksRead);
  if (totals) await sumStalePlayersAgain(db, locked, totals, query.totalsPlayerIds);
  const totalsFor = query.totalsPlayerIds === undefined ? null : new Set(query.totalsPlayerIds);
  return Object.assign(locked, secondRead, { totalsFor });
}

/** The players' totals a read sums, when a policy reads them (undefined: none). */
function totalsToRead(
  players: string,
  query: Pick<
    Parameters<typeof readBeforeMoves>[1],
    'totalsAt' | 'totalsOnlyLimited' | 'totalsPlayerIds'
  >,
) {
  if (query.totalsAt === undefined || query.totalsPlayerIds?.length === 0) return undefined;
  return {
    at: query.totalsAt,
    onlyLimited: query.totalsOnlyLimited ?? false,
    players:
      query.totalsPlayerIds === undefined
        ? players
        : pgArray([...new Set(query.totalsPlayerIds)].sort((a, b) => a - b)),
  };
}

/**
 * Sums again, in a statement after the lock, the totals of the players the lock statement
 * could not sum (a commit changed their row while its lock was awaited: freshTotalsRows).
 */
async function sumStalePlayersAgain(
  db: DbHandle,
  locked: ReturnType<typeof lockReadOf>,
  totals: NonNullable<ReturnType<typeof totalsToRead>>,
  totalsPlayerIds: readonly number[] | undefined,
): Promise<void> {
  const asked = totalsPlayerIds === undefined ? null : new Set(totalsPlayerIds);
  const stale = [...locked.players.values()]
    .filter((player) => !locked.fresh.has(player.playerId))
    .filter((player) => asked === null || asked.has(player.playerId))
    .filter((player) => !totals.onlyLimited || player.limits !== null)
    .map((player) => player.playerId);
  if (stale.length === 0) return;
  const rows = await executePreparedRows<TotalsRow>(db, totalsRows(pgArray(stale), totals.at), {
    genericPlan: true,
  });
  for (const playerId of stale) locked.totals.delete(playerId);
  for (const row of rows) collectTotals(locked.totals, row);
}

/** Each kind's fields in text columns a to e, in the order the statement selects them. */
type LockReadRow = {
  what: 'player' | 'key' | 'hold' | 'account' | 'totals';
  a: string;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
  /** A player's limits (jsonb as text); a window's oldest deposit hour (epoch ms). */
  f: string | null;
  /** A player's FRESH_ROW ('true': its totals are summed here); a window's oldest stake hour. */
  g: string | null;
};

/** Parsed limits by their stored text: most players keep the same limits from batch to batch. */
const parsedLimits = new Map<string, PlayerLimits | null>();
const PARSED_LIMITS_KEPT = 10_000;

/** The limits of a wallet row's stored text, parsed once per distinct text (frozen: shared). */
function limitsOfText(text: string): PlayerLimits | null {
  const known = parsedLimits.get(text);
  if (known !== undefined) return known;
  const limits = limitsFromJson(text);
  if (limits) for (const setting of Object.values(limits)) Object.freeze(setting);
  if (parsedLimits.size >= PARSED_LIMITS_KEPT) parsedLimits.clear();
  parsedLimits.set(text, limits && Object.freeze(limits));
  return limits;
}

/** readBeforeMoves' first statement's rows, by kind. */
function lockReadOf(rows: readonly LockReadRow[]) {
  const playersFound = new Map<number, WalletPlayerRow>();
  const versions = new Map<number, number>();
  const takenLedgerKeys = new Set<string>();
  const holds = new Map<string, { heldPaise: bigint; created: boolean }>();
  const accounts: PlayerAccountRow[] = [];
  const totals = new Map<number, WalletTotals>();
  /** The players whose totals this statement summed (FRESH_ROW). */
  const fresh = new Set<number>();
  for (const row of rows) {
    if (row.what === 'totals') collectTotals(totals, row);
    else if (row.what === 'player') {
      const player: WalletPlayerRow = {
        playerId: Number(row.a),
        version: Number(row.b ?? 0),
        moneyMode: row.c === 'play' ? 'play' : 'real',
        excludedUntil: row.d === null ? null : new Date(Number(row.d)),
        timeOutUntil: row.e === null ? null : new Date(Number(row.e)),
        limits: row.f === null ? null : limitsOfText(row.f),
      };
      playersFound.set(player.playerId, player);
      versions.set(player.playerId, player.version);
      if (row.g === 'true') fresh.add(player.playerId);
    } else if (row.what === 'key') takenLedgerKeys.add(row.a);
    else if (row.what === 'hold') {
      holds.set(
        holdKeyText({ playerId: Number(row.a), product: row.b as WalletProduct, roundId: row.c! }),
        { heldPaise: BigInt(row.d!), created: row.e === 'true' },
      );
    } else {
      accounts.push({
        id: Number(row.a),
        playerId: Number(row.b),
        kind: row.c as PlayerAccountKind,
        balancePaise: BigInt(row.d!),
      });
    }
  }
  return { players: playersFound, versions, takenLedgerKeys, holds, accounts, totals, fresh };
}

/**
 * readBeforeMoves' second statement: the operations, locked, and the unsettled stakes of
 * `stakeRounds` (as JSON rows: the operations' lookup is planned for each batch). Its
 * snapshot is taken after the first statement locked the players' rows, so the stakes
 * include what their last holder committed.
 */
async function readOperationsAndStakes(
  db: DbHandle,
  keys: readonly { product: WalletProduct; externalId: string }[],
  stakeRounds: readonly RoundKey[],
): Promise<{
  operations: WalletOperationRow[];
  unsettled: Map<string, bigint> | undefined;
}> {
  const operations: WalletOperationRow[] = [];
  const unsettled = stakeRounds.length === 0 ? undefined : new Map<string, bigint>();
  if (keys.length === 0 && stakeRounds.length === 0) return { operations, unsettled };
  const rows = await executePreparedRows<{ what: 'operation' | 'stakes'; data: unknown }>(
    db,
    operationsAndStakes(keys, stakeRounds),
  );
  for (const row of rows) {
    // PGlite and pg both answer jsonb parsed; a driver answering text is parsed here.
    const data: unknown = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    if (row.what === 'operation') operations.push(toRow(data as RawOperation));
    else collectUnsettledStake(unsettled!, data as UnsettledStakeRow);
  }
  // Every round asked has its entry (0 when nothing is unsettled): a caller sees what it covers.
  for (const round of stakeRounds) {
    if (!unsettled!.has(roundKeyText(round))) unsettled!.set(roundKeyText(round), 0n);
  }
  return { operations, unsettled };
}

/** readOperationsAndStakes' planned statement: the operations and the stakes asked for. */
function operationsAndStakes(
  keys: readonly { product: WalletProduct; externalId: string }[],
  stakeRounds: readonly RoundKey[],
): SQL {
  const products = pgArray(keys.map((k) => k.product));
  const externalIds = pgArray(keys.map((k) => k.externalId));
  const stakesPart =
    stakeRounds.length === 0
      ? sql``
      : sql`union all
        select 'stakes', jsonb_build_object('product', s.product, 'player_id', s.player_id::text,
          'round_id', s.round_id, 'stake_paise', s.stake_paise::text)
        from (${unsettledStakesRows(stakeRounds)}) s`;
  return sql`select 'operation' as what, jsonb_build_object(
           'id', id::text, 'product', product, 'external_id', external_id,
           'operation', operation, 'status', status, 'player_id', player_id::text,
           'round_id', round_id, 'request_hash', request_hash, 'wallet', wallet,
           'parts', parts, 'hold_parts', hold_parts,
           'amount_paise', amount_paise::text, 'hold_delta_paise', hold_delta_paise::text,
           'related_external_id', related_external_id,
           'ledger_transaction_id', ledger_transaction_id::text,
           'balance_after_paise', balance_after_paise::text,
           'wallet_version', wallet_version::text) as data
        from (
          select * from wallet_operations
          where (product, external_id) in
            (select * from unnest(${products}::text[], ${externalIds}::text[]))
          order by id for update
        ) ops
        ${stakesPart}`;
}
