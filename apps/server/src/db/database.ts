import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is, sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { ClusterConfig, Config } from '../config.ts';
import { migrationsDir } from '../paths.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { PipelinedClient } from './pipelined-client.ts';

/**
 * No schema on the query handles: it serves only drizzle's relational API (`db.query.*`), which
 * the app does not use, and drizzle builds a query builder for every table of it on each
 * transaction it opens (docs/decisions.md "Query handles without the schema").
 */
export type Schema = Record<string, never>;
/** The drizzle handle both drivers share; repositories only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbTransaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository function takes: the db, or the transaction its service opened. */
export type DbHandle = Db | DbTransaction;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  readonly driver: DatabaseDriver;
  readonly db: Db;
  /** Applies pending migrations; safe to call from several processes at once. */
  readonly migrate: () => Promise<void>;
  /** Idempotent: shutdown paths may reach it twice. */
  readonly close: () => Promise<void>;
  /** In-memory PGlite only: its whole data directory, to open copies of it (tests). */
  readonly dumpDataDir?: () => Promise<Blob>;
}

/** Any fixed 64-bit number; every process that migrates this database must agree on it. */
const MIGRATION_LOCK_KEY = '7245001001';

export interface DatabaseLogger {
  error: (object: unknown, message: string) => void;
}

/**
 * PGlite in `<dataDir>/pglite`, or in memory when `dataDir` is null (tests), then started from
 * `loadDataDir` when given (a copy of another in-memory database's `dumpDataDir`).
 */
export async function openPgliteDatabase(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if (dataDir === null) {
    client = await PGlite.create(
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined,
    );
  } else {
    const dir = join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    lock = await acquireDataDirLock(join(dataDir, 'pglite.lock'), dataDir);
    try {
      client = await PGlite.create(dir);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  const db = drizzlePglite({ client });
  let closed = false;
  return {
    driver: 'pglite',
    db,
    // One in-process connection: nothing else can race this migration.
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    ...(dataDir === null ? { dumpDataDir: () => client.dumpDataDir('none') } : {}),
  };
}

/**
 * How long the database lets one of this process's sessions hold what it holds (milliseconds;
 * PostgreSQL's own settings, set per connection). With several nodes each is shorter than the
 * market lease: a paused or frozen node's open transaction is ended by the server, its row locks
 * gone, before another node takes its lease over, and no running node waits on it longer than
 * `lockTimeoutMs` (deploy/README.md "Bounds on every transaction").
 */
export interface SessionBounds {
  /** `idle_in_transaction_session_timeout`: a transaction whose client stopped sending. */
  idleInTransactionMs: number;
  /** `lock_timeout`: one wait for a lock (a row another session holds). */
  lockTimeoutMs: number;
  /** `statement_timeout`: one statement, lock waits included. */
  statementTimeoutMs: number;
}

/** The lease that bounds are derived from when the node is not in a cluster (its default). */
export const DEFAULT_LEASE_MS = 1500;

/**
 * Half a lease idle or waiting on a lock, two thirds running one statement: a lease is renewed
 * every third of it, so between a node's pause and the expiry of its leases lie at least two
 * thirds of a lease, and its idle transactions are gone a sixth of a lease before that.
 */
export function sessionBoundsFor(leaseMs: number): SessionBounds {
  return {
    idleInTransactionMs: Math.floor(leaseMs / 2),
    lockTimeoutMs: Math.floor(leaseMs / 2),
    statementTimeoutMs: Math.floor((leaseMs * 2) / 3),
  };
}

function boundOptions(bounds: SessionBounds): string {
  return [
    `-c idle_in_transaction_session_timeout=${bounds.idleInTransactionMs}`,
    `-c lock_timeout=${bounds.lockTimeoutMs}`,
    `-c statement_timeout=${bounds.statementTimeoutMs}`,
  ].join(' ');
}

/** Migrations and their advisory lock wait as long as they need (a boot waits for another's). */
const UNBOUNDED_OPTIONS =
  '-c idle_in_transaction_session_timeout=0 -c lock_timeout=0 -c statement_timeout=0';

/**
 * Work that may run longer than one statement's bound (a staff report over months of rows):
 * one read transaction whose statements get `statementTimeoutMs` each. It takes no row locks,
 * so a long one holds up no other session's writes.
 */
export async function withStatementTimeout<T>(
  db: Db,
  statementTimeoutMs: number,
  work: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`,
    );
    return work(tx);
  });
}

export function openPostgresDatabase(
  url: string,
  logger?: DatabaseLogger,
  options: { maxConnections?: number; bounds?: SessionBounds } = {},
): Database {
  const bounds = options.bounds === undefined ? '' : ` ${boundOptions(options.bounds)}`;
  const pool = new pg.Pool({
    // Pipeline mode, BEGIN not waited for, a COMMIT behind a last statement (pipelined-client.ts).
    Client: PipelinedClient as unknown as new () => pg.ClientBase,
    connectionString: url,
    application_name: 'spm-server',
    // Named statements (executePreparedRows) are still planned for the values they run with:
    // a generic plan cannot know how long a batch's key arrays are, and measured slower
    // (except statements shaped so their plan cannot change: `genericPlan`).
    options: `-c plan_cache_mode=force_custom_plan${bounds}`,
    // Connections stay open once made (pg closes one idle for 10 s by default): a closed one
    // comes back on the next burst with a new backend, and every named statement is parsed
    // and planned again on it, which under load is a stall of its own (docs/decisions.md
    // "The pool keeps its connections").
    idleTimeoutMillis: 0,
    ...(options.maxConnections === undefined ? {} : { max: options.maxConnections }),
  });
  // An idle client dropped by the server emits here; unhandled it would crash the process,
  // while the pool itself recovers by opening a new connection on the next query.
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  // A checked-out client whose session the server ends between two queries (the cluster's
  // idle-in-transaction limit on a stalled node, pg_terminate_backend) emits here; its next
  // query fails and the transaction rolls back. Unhandled, the event would end the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.error({ err: error }, 'PostgreSQL session ended'));
  });
  const db = drizzleNodePg({ client: pool });
  let closed = false;
  return {
    driver: 'postgres',
    db,
    migrate: async () => {
      // Session-level advisory locks belong to one connection, so lock, migrate and unlock
      // on the same pooled client; other booting processes wait here instead of racing
      // drizzle's CREATE SCHEMA / CREATE TABLE and the migration journal. A connection of
      // its own, outside the pool's bounds: the wait for another booting process's lock and
      // a migration rewriting a large table may both take longer than a lease.
      const client = new pg.Client({
        connectionString: url,
        application_name: 'spm-server-migrate',
        options: UNBOUNDED_OPTIONS,
      });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client }), {
            migrationsFolder: migrationsDir,
          });
        } finally {
          await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        // Ending the session also drops the lock if the unlock did not run.
        await client.end();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** DATABASE_URL set: PostgreSQL. Otherwise PGlite persisting under DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & {
    cluster?: Pick<ClusterConfig, 'leaseMs'> | undefined;
  },
  logger?: DatabaseLogger,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgresDatabase(config.databaseUrl, logger, {
      bounds: sessionBoundsFor(config.cluster?.leaseMs ?? DEFAULT_LEASE_MS),
    });
  }
  return openPgliteDatabase(config.dataDir);
}

/** Applies pending migrations from apps/server/drizzle. */
export function migrate(database: Database): Promise<void> {
  return database.migrate();
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the shared PgDatabase type
 * cannot say so (its result type is per driver), hence the one cast here.
 */
export async function executeRows<T>(db: DbHandle, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The parts of drizzle's PgDatabase that `db.execute` itself uses, public in the JavaScript
 * but not in drizzle's types: its dialect (SQL to text and parameters) and its session
 * (the connection, or the transaction's).
 */
interface DrizzleInternals {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    /** The transaction's connection on PostgreSQL (the pool outside a transaction). */
    client?: unknown;
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ) => { execute: () => Promise<unknown> };
  };
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle query built once per database and then run with its placeholders' values, for the
 * reads of every request (a token's session): drizzle's select builder costs more than such a
 * query (0.3–0.6 ms a build on the benches' machine). `prepare` builds it on the handle given
 * and ends with `.prepare(name)`; inside a transaction it is built for that transaction each
 * time, as any query is.
 */
export function preparedQuery<P>(db: DbHandle, name: string, prepare: (on: DbHandle) => P): P {
  if (is(db, PgTransaction)) return prepare(db);
  let byName = preparedByDb.get(db);
  if (byName === undefined) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let prepared = byName.get(name) as P | undefined;
  if (prepared === undefined) {
    prepared = prepare(db);
    byName.set(name, prepared);
  }
  return prepared;
}

/** Statement names by text: a name is only ever given to one text. */
const statementNames = new Map<string, string>();
/** Hot statements are few; past this many texts a statement is simply not named. */
const MAX_NAMED_STATEMENTS = 200;

function statementNameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * executeRows for the hot statements of group commits, whose text never changes from call to
 * call (lists cross as array or JSON parameters): on PostgreSQL each runs as a named prepared
 * statement, parsed once per connection and still planned for each run's values (the pool
 * forces custom plans; docs/decisions.md "Prepared hot statements"). The name is derived from the text, so two
 * texts never share one. PGlite ignores the name and runs it as executeRows does.
 */
export async function executePreparedRows<T>(
  db: DbHandle,
  query: SQL,
  options: {
    /**
     * The transaction's last statement: on PostgreSQL its COMMIT is sent right behind it, not
     * after its answer (pipelined-client.ts), so the statement must raise when what it wrote
     * is wrong (`spm_check`), and the transaction may send nothing after it.
     */
    commitBehind?: boolean;
    /**
     * Planned once per connection, not for each run's values, and without sequential scans.
     * Only for a statement whose every lookup is one probe per key (a `lateral` subquery with
     * `offset 0`) of the one index that starts with the looked-up columns: a plan made while
     * a table is small may pick another index sharing a first column and keeps it as the table
     * grows (docs/decisions.md "Generic plans where the plan cannot change").
     */
    genericPlan?: boolean;
  } = {},
): Promise<T[]> {
  // db.execute's own steps with a name added (see DrizzleInternals).
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const prepared = internals.session.prepareQuery(
    built,
    undefined,
    statementNameOf(built.sql),
    false,
  );
  const client = internals.session.client;
  const execute = () => prepared.execute() as Promise<{ rows: T[] }>;
  const pipelined = client instanceof PipelinedClient ? client : null;
  const run =
    options.genericPlan === true && pipelined ? () => pipelined.withGenericPlan(execute) : execute;
  const result =
    options.commitBehind === true && pipelined
      ? await pipelined.withCommitBehind(run)
      : await run();
  return result.rows;
}
