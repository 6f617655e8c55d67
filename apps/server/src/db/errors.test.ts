import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { executePreparedRows } from './database.ts';
import { statementRefused } from './errors.ts';

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
