import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../http/error-handler.ts';
import {
  createTestDatabase,
  drivers,
  postgresAvailable,
  startHarness,
  type Harness,
  type TestDatabase,
} from '../test/harness.ts';
import { executePreparedRows, openDatabase, type Database } from './database.ts';
import { databaseBoundReached, statementRefused } from './errors.ts';

describe.each(drivers)('statementRefused on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("is true for PostgreSQL's own answer to a statement, however the driver wraps it", async () => {
    const failed = await h.db.execute(sql`select 1 / 0`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeDefined();
    expect(statementRefused(failed)).toBe(true);
    const checked = await executePreparedRows(h.db, sql`select spm_check(1 = 2, 'no')`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(statementRefused(checked)).toBe(true);
    expect(statementRefused({ cause: { cause: checked } })).toBe(true);
  });
});

describe('statementRefused without an answer', () => {
  it('is false for a connection that failed or a plain error', async () => {
    // Nothing listens on port 1: the connection fails before PostgreSQL answers anything.
    const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeDefined();
    expect(statementRefused(refused)).toBe(false);
    expect(statementRefused(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(statementRefused({ code: 'ECONNRESET' })).toBe(false);
    expect(statementRefused(undefined)).toBe(false);
  });
});

describe.skipIf(!postgresAvailable)('the session bounds on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  /** Opened as main.ts opens it: the pool whose sessions carry the bounds. */
  let bounded: Database;
  let other: pg.Client;
  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    bounded = await openDatabase({ databaseUrl: testDatabase.url!, dataDir: 'unused' });
    other = new pg.Client({ connectionString: testDatabase.url });
    await other.connect();
    await other.query('create table bound_probe (id int primary key)');
    await other.query('insert into bound_probe values (1)');
  });
  afterAll(async () => {
    await other?.end();
    await bounded?.close();
    await testDatabase?.dispose();
  });

  /** What the app answers for an error: its catalogue code. */
  const answered = (error: unknown) => toAppError(error as Error).code;

  it('cuts a statement past statement_timeout and answers it as a 503 to retry', async () => {
    const started = performance.now();
    const failed = await bounded.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(databaseBoundReached(failed)).toBe(true);
    expect(answered(failed)).toBe('SERVICE_UNAVAILABLE');
  });

  it("stops waiting behind another session's lock at lock_timeout and answers a 503", async () => {
    await other.query('begin');
    await other.query('select * from bound_probe where id = 1 for update');
    try {
      const started = performance.now();
      const failed = await bounded.db
        .transaction((tx) => tx.execute(sql`select * from bound_probe where id = 1 for update`))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(performance.now() - started).toBeLessThan(4_000);
      expect(databaseBoundReached(failed)).toBe(true);
      expect(answered(failed)).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await other.query('rollback');
    }
  });

  it('answers any other refused statement as a server error, not a retry', () => {
    expect(databaseBoundReached({ code: '22012' })).toBe(false);
    expect(answered(Object.assign(new Error('division by zero'), { code: '22012' }))).toBe(
      'INTERNAL',
    );
  });
});
