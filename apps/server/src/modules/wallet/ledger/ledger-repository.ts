import type { PlayerAccountKind, SystemAccountKind } from '@spm/core';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import { balanceCheckViolated } from '../../../db/errors.ts';
import { dayOf, rangeOf } from '../../../db/sql-dates.ts';
import { outboxInsert, type NewOutboxEvent } from '../../../outbox/outbox-repository.ts';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  type LEDGER_TRANSACTION_KINDS,
} from './tables.ts';

/*
 * The only SQL of the ledger. Postings are inserted, never updated or deleted: there is
 * deliberately no function here that changes one. Amounts cross as text and come back as
 * bigint (pg answers int8 as text, PGlite as bigint; BigInt() takes both).
 */

export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export interface NewLedgerTransaction {
  kind: LedgerTransactionKind;
  idempotencyKey: string | null;
  requestHash: string | null;
  description: string;
  reference: string;
  playerId: number | null;
  actorStaffId: number | null;
  createdAt: Date;
}

/** The new transaction's id, or null when its idempotency key was already taken. */
export async function insertTransactionRow(
  db: DbHandle,
  row: NewLedgerTransaction,
): Promise<string | null> {
  const rows = await executeRows<{ id: string | number }>(
    db,
    sql`insert into ledger_transactions
          (kind, idempotency_key, request_hash, description, reference, player_id, actor_staff_id, created_at)
        values (${row.kind}, ${row.idempotencyKey}, ${row.requestHash}, ${row.description},
                ${row.reference}, ${row.playerId}, ${row.actorStaffId}, ${row.createdAt.toISOString()})
        on conflict (idempotency_key) do nothing
        returning id`,
  );
  return rows[0] === undefined ? null : String(rows[0].id);
}

export interface StoredTransaction {
  id: string;
  requestHash: string | null;
  playerIds: number[];
}

/** The transaction that holds the key, with the players its postings touched. */
export async function findTransactionByKey(
  db: DbHandle,
  idempotencyKey: string,
): Promise<StoredTransaction | undefined> {
  const rows = await executeRows<{
    id: string | number;
    request_hash: string | null;
    player_ids: (string | number)[] | null;
  }>(
    db,
    sql`select t.id, t.request_hash,
               array(select distinct a.player_id from ledger_postings p
                     join ledger_accounts a on a.id = p.account_id
                     where p.transaction_id = t.id and a.player_id is not null) as player_ids
        from ledger_transactions t where t.idempotency_key = ${idempotencyKey}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: String(row.id),
    requestHash: row.request_hash,
    playerIds: (row.player_ids ?? []).map(Number),
  };
}

export interface AccountKey {
  playerId: number;
  kind: PlayerAccountKind;
}

/**
 * Ids of the players' accounts, creating the missing ones. One statement inserts what is
 * missing; a row another transaction created meanwhile is picked up by a second read.
 */
export async function ensurePlayerAccounts(
  db: DbHandle,
  keys: readonly AccountKey[],
): Promise<Map<string, number>> {
  const players = keys.map((key) => String(key.playerId));
  const kinds = keys.map((key) => key.kind);
  const read = async () =>
    executeRows<{ id: string | number; player_id: string | number; kind: string }>(
      db,
      sql`select id, player_id, kind from ledger_accounts
          where (player_id, kind) in (select * from unnest(${pgArray(players)}::bigint[], ${pgArray(kinds)}::text[]))`,
    );
  const ids = new Map<string, number>();
  const collect = (rows: Awaited<ReturnType<typeof read>>) => {
    for (const row of rows) ids.set(`${Number(row.player_id)}:${row.kind}`, Number(row.id));
  };
  collect(await read());
  if (ids.size < keys.length) {
    await db.execute(
      sql`insert into ledger_accounts (owner, player_id, kind)
          select 'player', p, k from unnest(${pgArray(players)}::bigint[], ${pgArray(kinds)}::text[]) as t(p, k)
          on conflict do nothing`,
    );
    collect(await read());
  }
  return ids;
}

/** Ids of the system accounts, created on first use (one row per kind). */
export async function ensureSystemAccounts(
  db: DbHandle,
  kinds: readonly SystemAccountKind[],
): Promise<Map<SystemAccountKind, number>> {
  const list = [...kinds];
  await db.execute(
    sql`insert into ledger_accounts (owner, player_id, kind)
        select 'system', null, k from unnest(${pgArray(list)}::text[]) as t(k)
        on conflict do nothing`,
  );
  const rows = await executeRows<{ id: string | number; kind: SystemAccountKind }>(
    db,
    sql`select id, kind from ledger_accounts where player_id is null and kind = any(${pgArray(list)}::text[])`,
  );
  return new Map(rows.map((row) => [row.kind, Number(row.id)]));
}

/**
 * The guarded debit/credit of one player account: the check and the change are one
 * statement, so no concurrency can take a balance below zero. Null: not enough money.
 */
export async function applyToPlayerAccount(
  db: DbHandle,
  accountId: number,
  deltaPaise: bigint,
): Promise<bigint | null> {
  const delta = deltaPaise.toString();
  let rows: { balance_paise: string | bigint }[];
  try {
    rows = await executeRows<{ balance_paise: string | bigint }>(
      db,
      sql`update ledger_accounts set balance_paise = balance_paise + ${delta}::bigint
          where id = ${accountId} and balance_paise + ${delta}::bigint >= 0
          returning balance_paise`,
    );
  } catch (error) {
    // The database's own check stopped what the guard above should have: the same answer,
    // typed, not a server error (the caller rolls the failed transaction back).
    if (balanceCheckViolated(error)) return null;
    throw error;
  }
  return rows[0] === undefined ? null : BigInt(rows[0].balance_paise);
}

export interface NewPosting {
  accountId: number;
  amountPaise: bigint;
  balanceAfterPaise: bigint | null;
}

/**
 * Inserts the postings (and the transaction row too when `transaction` is new, i.e. it had
 * no idempotency key to check first) and reads the touched players' balances as they stand
 * after this transaction's updates: one statement, one round trip on the hot path.
 */
export async function insertPostingsReadBalances(
  db: DbHandle,
  transaction: { id: string } | NewLedgerTransaction,
  createdAt: Date,
  postings: readonly NewPosting[],
  playerIds: readonly number[],
): Promise<{
  transactionId: string;
  balances: { playerId: number; kind: string; paise: bigint }[];
}> {
  const txRow =
    'id' in transaction
      ? sql`select ${transaction.id}::bigint as id`
      : sql`insert into ledger_transactions
              (kind, description, reference, player_id, actor_staff_id, created_at)
            values (${transaction.kind}, ${transaction.description}, ${transaction.reference},
                    ${transaction.playerId}, ${transaction.actorStaffId},
                    ${transaction.createdAt.toISOString()})
            returning id`;
  const rows = await executeRows<{
    id: string | number;
    player_id: string | number | null;
    kind: string | null;
    balance_paise: string | bigint | null;
  }>(
    db,
    sql`with t as (${txRow}),
        p as (
          insert into ledger_postings (transaction_id, account_id, amount_paise, balance_after_paise, created_at)
          select t.id, a, m, b, ${createdAt.toISOString()}::timestamptz
          from t, unnest(${pgArray(postings.map((p) => p.accountId))}::bigint[],
                      ${pgArray(postings.map((p) => p.amountPaise.toString()))}::bigint[],
                      ${pgArray(postings.map((p) => p.balanceAfterPaise?.toString() ?? null))}::bigint[]) as u(a, m, b)
        )
        select t.id, a.player_id, a.kind, a.balance_paise
        from t left join ledger_accounts a on a.player_id = any(${pgArray(playerIds)}::bigint[])`,
  );
  const first = rows[0];
  if (!first) throw new Error('insert into ledger_transactions returned no row');
  return {
    transactionId: String(first.id),
    balances: rows.flatMap((row) =>
      row.player_id === null || row.kind === null || row.balance_paise === null
        ? []
        : [{ playerId: Number(row.player_id), kind: row.kind, paise: BigInt(row.balance_paise) }],
    ),
  };
}

/**
 * A player's balances by kind (absent accounts are zero to the caller) and wallet version,
 * read by one statement (one snapshot): the version is the one every money change that made
 * these balances raised (0 before any).
 */
export async function playerBalancesAndVersion(
  db: DbHandle,
  playerId: number,
): Promise<{ balances: Map<string, bigint>; version: number }> {
  const rows = await executeRows<{
    version: string | number;
    kind: string | null;
    balance_paise: string | bigint | null;
  }>(
    db,
    sql`select v.version, a.kind, a.balance_paise
        from (select coalesce((select version from wallet_versions
                               where player_id = ${playerId}), 0) as version) v
        left join ledger_accounts a on a.player_id = ${playerId}`,
  );
  const balances = new Map<string, bigint>();
  for (const row of rows) {
    if (row.kind !== null && row.balance_paise !== null) {
      balances.set(row.kind, BigInt(row.balance_paise));
    }
  }
  return { balances, version: Number(rows[0]?.version ?? 0) };
}

/** The ledger's self-check: every total that must be zero or agree, for tests and the bench. */
export async function ledgerTotals(db: DbHandle): Promise<{
  postingsSum: bigint;
  playerRowsSum: bigint;
  systemPostingsSum: bigint;
  playerRowsDisagreeing: number;
  unbalancedTransactions: number;
}> {
  const [row] = await executeRows<Record<string, string | number | bigint | null>>(
    db,
    sql`select
          (select coalesce(sum(amount_paise), 0) from ledger_postings) as postings_sum,
          (select coalesce(sum(balance_paise), 0) from ledger_accounts where owner = 'player') as player_rows_sum,
          (select coalesce(sum(p.amount_paise), 0) from ledger_postings p
             join ledger_accounts a on a.id = p.account_id where a.owner = 'system') as system_postings_sum,
          (select count(*) from ledger_accounts a where a.owner = 'player' and a.balance_paise <>
             (select coalesce(sum(amount_paise), 0) from ledger_postings p where p.account_id = a.id)) as disagreeing,
          (select count(*) from (select transaction_id from ledger_postings group by transaction_id
             having sum(amount_paise) <> 0) u) as unbalanced`,
  );
  return {
    postingsSum: BigInt(row?.postings_sum ?? 0),
    playerRowsSum: BigInt(row?.player_rows_sum ?? 0),
    systemPostingsSum: BigInt(row?.system_postings_sum ?? 0),
    playerRowsDisagreeing: Number(row?.disagreeing ?? 0),
    unbalancedTransactions: Number(row?.unbalanced ?? 0),
  };
}

/**
 * Per day in [fromDate, toDate] (in `timeZone`): minus the net of the bet_settlement postings
 * on the cash and exposure_hold accounts of `players` (an SQL subquery of player ids). A
 * settlement releases the hold into cash and adds the P&L net of commission, so the sum is
 * what those players lost net of winnings: the house's gross gaming revenue.
 */
export async function settledNetByDay(
  db: DbHandle,
  input: { players: SQL; fromDate: string; toDate: string; timeZone: string },
): Promise<{ day: string; paise: string | bigint }[]> {
  const { players, fromDate, toDate, timeZone } = input;
  return executeRows<{ day: string; paise: string | bigint }>(
    db,
    sql`select ${dayOf(ledgerPostings.createdAt, timeZone)} as day,
               -sum(${ledgerPostings.amountPaise}) as paise
        from ${ledgerPostings}
        join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerPostings.transactionId}
        join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerPostings.accountId}
        where ${ledgerTransactions.kind} = 'bet_settlement'
          and ${ledgerAccounts.kind} in ('cash', 'exposure_hold')
          and ${rangeOf(ledgerPostings.createdAt, fromDate, toDate, timeZone)}
          and ${ledgerAccounts.playerId} in ${players}
        group by 1`,
  );
}

/** Account balances of several players at once: playerId → kind → paise. */
export async function playersBalances(
  db: DbHandle,
  playerIds: number[],
): Promise<Map<number, Map<string, bigint>>> {
  const result = new Map<number, Map<string, bigint>>();
  if (playerIds.length === 0) return result;
  const rows = await db
    .select({
      playerId: ledgerAccounts.playerId,
      kind: ledgerAccounts.kind,
      balancePaise: ledgerAccounts.balancePaise,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.playerId, playerIds));
  for (const row of rows) {
    if (row.playerId === null) continue;
    const kinds = result.get(row.playerId) ?? new Map<string, bigint>();
    kinds.set(row.kind, row.balancePaise);
    result.set(row.playerId, kinds);
  }
  return result;
}

/**
 * Raises the player's wallet version and answers it. The row stays locked until the
 * transaction ends, so versions reach commit (and the outbox) in the order they were taken.
 */
export async function bumpWalletVersion(db: DbHandle, playerId: number): Promise<number> {
  const rows = await executeRows<{ version: string | number }>(
    db,
    sql`insert into wallet_versions (player_id, version) values (${playerId}, 1)
        on conflict (player_id) do update set version = wallet_versions.version + 1
        returning version`,
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Takes the player's version lock without raising it (events with no money change, such
 * as a toast, still queue behind the player's earlier money events). Absent row: nothing to
 * order against yet.
 */
export async function lockWalletVersion(db: DbHandle, playerId: number): Promise<number> {
  const rows = await executeRows<{ version: string | number }>(
    db,
    sql`select version from wallet_versions where player_id = ${playerId} for update`,
  );
  return Number(rows[0]?.version ?? 0);
}

/** lockWalletVersion for many players in one statement, in player order. */
export async function lockWalletVersions(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<void> {
  if (playerIds.length === 0) return;
  await executeRows(
    db,
    sql`select version from wallet_versions where player_id = any(${pgArray([...playerIds])}::bigint[])
        order by player_id for update`,
  );
}

/** The player's wallet version now (0 before any money moved). */
export async function walletVersionOf(db: DbHandle, playerId: number): Promise<number> {
  const rows = await executeRows<{ version: string | number }>(
    db,
    sql`select version from wallet_versions where player_id = ${playerId}`,
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Locks the players' wallet rows (player order, the first lock: docs/decisions.md "Lock
 * order: the player row first"), then their cash accounts (account id order), and answers the
 * cash balances; a player with no cash account yet has 0.
 */
export async function lockCashBalances(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, bigint>> {
  const balances = new Map<number, bigint>(playerIds.map((id) => [id, 0n]));
  if (playerIds.length === 0) return balances;
  const players = pgArray([...playerIds]);
  const rows = await executePreparedRows<{
    player_id: string | number;
    balance_paise: string | bigint | null;
  }>(
    db,
    sql`with rows as materialized (
          select player_id from wallet_versions where player_id = any(${players}::bigint[])
          order by player_id for update
        ),
        cash as (
          select player_id, balance_paise from ledger_accounts
          where kind = 'cash' and player_id = any(${players}::bigint[])
            and (select count(*) from rows) >= 0
          order by id for update
        )
        select player_id, null as balance_paise from rows
        union all
        select player_id, balance_paise from cash`,
  );
  for (const row of rows) {
    if (row.balance_paise !== null) balances.set(Number(row.player_id), BigInt(row.balance_paise));
  }
  return balances;
}

/*
 * Group commit (docs/decisions.md "Group commit in the wallet"): the statements that write a
 * whole batch of ledger transactions at once. Lists cross as one JSON parameter each, so text
 * of any content (descriptions, keys) needs no array-literal quoting.
 */

/** The transactions holding any of these keys, with the players their postings touched. */
export async function findTransactionsByKeys(
  db: DbHandle,
  idempotencyKeys: readonly string[],
): Promise<Map<string, StoredTransaction>> {
  const found = new Map<string, StoredTransaction>();
  if (idempotencyKeys.length === 0) return found;
  const rows = await executePreparedRows<{
    id: string | number;
    idempotency_key: string;
    request_hash: string | null;
    player_ids: (string | number)[] | null;
  }>(
    db,
    sql`select t.id, t.idempotency_key, t.request_hash,
               array(select distinct a.player_id from ledger_postings p
                     join ledger_accounts a on a.id = p.account_id
                     where p.transaction_id = t.id and a.player_id is not null) as player_ids
        from ledger_transactions t
        where t.idempotency_key = any(${pgArray(idempotencyKeys)}::text[])`,
    // Parsed once per connection and planned once (genericPlan): the keys, a transaction's
    // postings and an account each have one index that starts with the looked-up column.
    { genericPlan: true },
  );
  for (const row of rows) {
    found.set(row.idempotency_key, {
      id: String(row.id),
      requestHash: row.request_hash,
      playerIds: (row.player_ids ?? []).map(Number),
    });
  }
  return found;
}

export interface PlayerAccountRow {
  id: number;
  playerId: number;
  kind: PlayerAccountKind;
  balancePaise: bigint;
}

/**
 * The CTEs `versions` (the wallet rows of `versionPlayers`, locked in player order, FIRST) and
 * `accounts` (every account of `accountPlayers`, locked in account id order, after: its
 * condition reads `versions`, so the rows are locked before any account whatever order the
 * statement pulls them in): the order in which every money transaction takes these locks, so
 * no two wait crosswise (docs/decisions.md "Lock order: the player row first"). Both are
 * pgArray literals of player ids.
 */
export function playerLocks(accountPlayers: string, versionPlayers: string): SQL {
  return sql`versions as materialized (
          select player_id, version, money_mode, excluded_until, time_out_until, limits
          from wallet_versions
          where player_id = any(${versionPlayers}::bigint[])
          order by player_id for update
        ),
        accounts as (
          select id, player_id, kind, balance_paise from ledger_accounts
          where player_id = any(${accountPlayers}::bigint[])
            and (select count(*) from versions) >= 0
          order by id for update
        )`;
}

/**
 * A group commit's locks in one statement: the players' wallet rows, in player order, then
 * every account of these players, in account id order (the order the wallet's own reads take
 * them, readBeforeMoves). A player with no row yet is absent from `versions` (0).
 */
export async function lockPlayersForBatch(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<{ accounts: PlayerAccountRow[]; versions: Map<number, number> }> {
  const accounts: PlayerAccountRow[] = [];
  const versions = new Map<number, number>();
  if (playerIds.length === 0) return { accounts, versions };
  const players = pgArray([...playerIds]);
  const rows = await executePreparedRows<{
    what: 'account' | 'version';
    id: string | number | null;
    player_id: string | number;
    kind: PlayerAccountKind | null;
    value: string | bigint;
  }>(
    db,
    sql`with ${playerLocks(players, players)}
        select 'version' as what, null::bigint as id, player_id, null::text as kind,
               version as value from versions
        union all
        select 'account', id, player_id, kind, balance_paise from accounts`,
    // Planned once per connection (genericPlan), as the wallet's own lock of the same rows
    // (readBeforeMoves): each lookup has one index that starts with its column; planning it
    // for each batch cost PostgreSQL 0.3 ms.
    { genericPlan: true },
  );
  for (const row of rows) {
    if (row.what === 'version') versions.set(Number(row.player_id), Number(row.value));
    else {
      accounts.push({
        id: Number(row.id),
        playerId: Number(row.player_id),
        kind: row.kind!,
        balancePaise: BigInt(row.value),
      });
    }
  }
  return { accounts, versions };
}

export interface BatchLedgerTransaction {
  row: NewLedgerTransaction;
  /** Netted, one per account, in account id order, balance_after set on player accounts. */
  postings: readonly NewPosting[];
}

/**
 * A group commit's whole write in one statement: many ledger transactions and their postings
 * (ids drawn beforehand with their positions, so the answer maps ids to positions), the player
 * balances moved by the batch's net per account under the no-negative guard, each player's
 * wallet version raised by the number of the batch's transactions that moved their money, and
 * the batch's outbox events. The statement checks itself against the plan: every balance at
 * its planned final value, every version at `versionsAfter` (a key taken meanwhile fails it
 * too, a unique violation), and raises otherwise (`spm_check`), so with `commitBehind` the
 * COMMIT sent behind it rolls the transaction back.
 */
export async function writeLedgerBatchAndEvents(
  db: DbHandle,
  ledger: {
    transactions: readonly BatchLedgerTransaction[];
    balanceMoves: readonly { accountId: number; deltaPaise: bigint; finalPaise: bigint }[];
    versionBumps: ReadonlyMap<number, number>;
    versionsAfter: ReadonlyMap<number, number>;
  },
  outbox: { events: readonly NewOutboxEvent[]; createdAt: Date },
  options: { commitBehind: boolean },
): Promise<string[]> {
  const parts = ledgerBatchParts(ledger.transactions, ledger.balanceMoves, ledger.versionBumps);
  const rows = await executePreparedRows<LedgerBatchAnswerRow>(
    db,
    sql`with ${parts.ctes},
        events as (${outboxInsert(outbox.events, outbox.createdAt)}),
        checked as (
          select spm_check(
            ${ledgerWriteAsPlanned(ledger.balanceMoves, ledger.versionsAfter)},
            'post batch: the write is not where the plan put it (a balance or a version moved meanwhile)'
          ) as ok
        )
        select 'tx' as what, ids.id, ids.n as value from ids
        union all
        select 'checked', 0, 0 from checked`,
    // Planned once per connection (genericPlan), as the wallet's write: accounts and versions
    // are found by primary key only, the rest is inserted.
    { commitBehind: options.commitBehind, genericPlan: true },
  );
  return transactionIdsOf(rows, ledger.transactions.length);
}

export interface LedgerBatchAnswerRow {
  what: string;
  id: string | number;
  value: string | number | bigint;
}

/**
 * The ledger's part of a group write, for statements that write more in the same round trip
 * (writeLedgerBatchAndEvents, the wallet's writeMoves): `ctes` defines ids (each
 * transaction's id by its 1-based position n), t, p, b and v; a statement answers
 * `select 'tx' as what, ids.id, ids.n as value from ids` for transactionIdsOf.
 */
export function ledgerBatchParts(
  transactions: readonly BatchLedgerTransaction[],
  balanceMoves: readonly { accountId: number; deltaPaise: bigint }[],
  versionBumps: ReadonlyMap<number, number>,
): { ctes: SQL } {
  const { txJson, postingsJson } = ledgerBatchJson(transactions);
  // Arrays, so the planner updates the few accounts by their key (pgArray's note).
  const moves = [...balanceMoves].sort((a, b) => a.accountId - b.accountId);
  const moveAccounts = pgArray(moves.map((move) => move.accountId));
  const moveDeltas = pgArray(moves.map((move) => move.deltaPaise));
  const bumpsJson = JSON.stringify(
    [...versionBumps].sort(([a], [b]) => a - b).map(([playerId, by]) => ({ p: playerId, k: by })),
  );
  return {
    ctes: sql`ids as materialized (
          select n, nextval('ledger_transactions_id_seq'::regclass) as id
          from generate_series(1, ${transactions.length}::int) as n
        ),
        t as (
          insert into ledger_transactions
            (id, kind, idempotency_key, request_hash, description, reference, player_id,
             actor_staff_id, created_at)
          select ids.id, x.kind, x.k, x.h, x.d, x.r, x.p, x.s, x.c
          from jsonb_to_recordset(${txJson}::jsonb)
            as x(n int, kind text, k text, h text, d text, r text, p bigint, s bigint, c timestamptz)
          join ids on ids.n = x.n
          order by x.n
          returning id
        ),
        p as (
          insert into ledger_postings
            (transaction_id, account_id, amount_paise, balance_after_paise, created_at)
          select t.id, x.a, x.m, x.b, x.c
          from jsonb_to_recordset(${postingsJson}::jsonb)
            as x(n int, a bigint, m bigint, b bigint, c timestamptz)
          join ids on ids.n = x.n
          join t on t.id = ids.id
          order by x.n, x.a
        ),
        b as (
          update ledger_accounts a set balance_paise = a.balance_paise + x.d
          from unnest(${moveAccounts}::bigint[], ${moveDeltas}::bigint[]) as x(a, d)
          where a.id = x.a and a.balance_paise + x.d >= 0
          returning a.id, a.balance_paise
        ),
        v as (
          insert into wallet_versions (player_id, version)
          select x.p, x.k from jsonb_to_recordset(${bumpsJson}::jsonb) as x(p bigint, k bigint)
          order by x.p
          on conflict (player_id) do update set version = wallet_versions.version + excluded.version
          returning player_id, version
        )`,
  };
}

/** The transactions and their postings as ledgerBatchParts' two JSON parameters. */
function ledgerBatchJson(transactions: readonly BatchLedgerTransaction[]) {
  const txJson = JSON.stringify(
    transactions.map(({ row }, index) => ({
      n: index + 1,
      kind: row.kind,
      k: row.idempotencyKey,
      h: row.requestHash,
      d: row.description,
      r: row.reference,
      p: row.playerId,
      s: row.actorStaffId,
      c: row.createdAt.toISOString(),
    })),
  );
  const postingsJson = JSON.stringify(
    transactions.flatMap(({ row, postings }, index) =>
      postings.map((posting) => ({
        n: index + 1,
        a: posting.accountId,
        m: posting.amountPaise.toString(),
        b: posting.balanceAfterPaise?.toString() ?? null,
        c: row.createdAt.toISOString(),
      })),
    ),
  );
  return { txJson, postingsJson };
}

/**
 * The condition, over ledgerBatchParts' `b` and `v`, that the write left every moved balance
 * at its planned final value and every bumped version at its planned value: what a statement
 * sent with its COMMIT behind it checks (`spm_check`) before nothing can roll it back.
 */
export function ledgerWriteAsPlanned(
  balanceMoves: readonly { accountId: number; finalPaise: bigint }[],
  versionsAfter: ReadonlyMap<number, number>,
): SQL {
  const finalAccounts = pgArray(balanceMoves.map((move) => move.accountId));
  const finalBalances = pgArray(balanceMoves.map((move) => move.finalPaise));
  const versionPlayers = pgArray([...versionsAfter.keys()]);
  const versions = pgArray([...versionsAfter.values()]);
  return sql`(select count(*) from b
              join unnest(${finalAccounts}::bigint[], ${finalBalances}::bigint[]) as e(a, f)
                on e.a = b.id and e.f = b.balance_paise) = ${balanceMoves.length}::int
            and (select count(*) from v
              join unnest(${versionPlayers}::bigint[], ${versions}::bigint[]) as e(p, k)
                on e.p = v.player_id and e.k = v.version) = ${versionsAfter.size}::int`;
}

/** The new transactions' ids by position, from the `tx` rows of a ledgerBatchParts statement. */
export function transactionIdsOf(
  rows: readonly LedgerBatchAnswerRow[],
  transactionCount: number,
): string[] {
  const transactionIds: string[] = new Array<string>(transactionCount);
  for (const row of rows) {
    if (row.what === 'tx') transactionIds[Number(row.value) - 1] = String(row.id);
  }
  return transactionIds;
}

/**
 * The net result of a player's play since `since` (paise; negative: a loss): the sum of the
 * bet postings (holds, releases, settlements) on the player's own accounts, the withdrawal
 * hold apart. Money moved into an exposure hold stays the player's until its round settles,
 * so an open bet counts at its settlement; a deposit, withdrawal or bonus is no play.
 * Safer play's reality check reads it (issue 42 item 2).
 */
export async function playNetSince(db: DbHandle, playerId: number, since: Date): Promise<bigint> {
  const rows = await executeRows<{ net: string | bigint | null }>(
    db,
    // From the player's accounts (a transaction may touch several players, so its own
    // player_id is not relied on), their postings by account and time (an index), then kind.
    sql`select coalesce(sum(${ledgerPostings.amountPaise}), 0) as net
        from ${ledgerAccounts}
        join ${ledgerPostings} on ${ledgerPostings.accountId} = ${ledgerAccounts.id}
        join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerPostings.transactionId}
        where ${ledgerAccounts.playerId} = ${playerId}
          and ${ledgerAccounts.kind} <> 'withdrawal_hold'
          and ${ledgerPostings.createdAt} >= ${since.toISOString()}
          and ${ledgerTransactions.kind} in ('bet_hold', 'bet_release', 'bet_settlement')`,
  );
  return BigInt(rows[0]?.net ?? 0);
}
