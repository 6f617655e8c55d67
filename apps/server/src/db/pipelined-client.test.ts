import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../test/harness.ts';
import { executePreparedRows, executeRows, migrate, type Db, type DbHandle } from './database.ts';
import { PipelinedClient } from './pipelined-client.ts';

/**
 * What the pool's clients send, in order: the first word of each query as it is handed to pg
 * (in pipeline mode, written at once), and the events a test adds.
 */
function watchWire(): { events: string[]; restore: () => void } {
  const events: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first.text ?? '');
    events.push(`send ${text.trim().split(/\s+/)[0]!.toLowerCase()}`);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    events,
    restore: () => {
      pg.Client.prototype.query = query;
    },
  };
}

/** An error's message and its causes'. */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' <- ');
}

describe.skipIf(!postgresAvailable)('the PostgreSQL pool pipelines transactions', () => {
  let testDatabase: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    await migrate(testDatabase.database);
    db = testDatabase.database.db;
    await db.execute(sql`create table pipelined (id int primary key)`);
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  const ids = async () =>
    (await executeRows<{ id: number }>(db, sql`select id from pipelined order by id`)).map(
      (row) => row.id,
    );
  const insert = (tx: DbHandle, id: number, commitBehind = false) =>
    executePreparedRows(tx, sql`insert into pipelined (id) values (${id}) returning id`, {
      commitBehind,
    });

  it('its connections are pipelined clients', async () => {
    await db.transaction(async (tx) => {
      const client = (tx as unknown as { session: { client: unknown } }).session.client;
      expect(client).toBeInstanceOf(PipelinedClient);
      expect((client as pg.Client).pipeline).toBe(true);
    });
  });

  it('sends the COMMIT behind the last statement, before its answer, and commits once', async () => {
    const wire = watchWire();
    await db.transaction(async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2, true).then(() => wire.events.push('answer insert'));
    });
    wire.restore();
    expect(wire.events).toEqual([
      'send begin',
      'send insert',
      'send insert',
      'send commit',
      'answer insert',
    ]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls back when the statement with the COMMIT behind it fails; the connection goes on', async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 3);
        await insert(tx, 1, true); // taken: the COMMIT behind it rolls back
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([1, 2]);
    // Every pooled connection is still good for a whole transaction.
    await Promise.all(
      [4, 5, 6].map((id) => db.transaction(async (tx) => void (await insert(tx, id, true)))),
    );
    expect(await ids()).toEqual([1, 2, 4, 5, 6]);
  });

  it('refuses a statement after the COMMIT went out, and says it cannot roll back', async () => {
    const failure = db.transaction(async (tx) => {
      await insert(tx, 7, true);
      await insert(tx, 8);
    });
    // drizzle reports the failed ROLLBACK, with the client's reason as its cause.
    const error: unknown = await failure.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(messagesOf(error)).toMatch(/committed with its last statement: it cannot roll back/);
    // 7 committed (and the caller was told it could not be rolled back); 8 never ran.
    expect(await ids()).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it('a BEGIN not waited for still opens the transaction its statements run in', async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 9);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await ids()).not.toContain(9);
  });
});

describe.skipIf(!postgresAvailable)('spm_check', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    await migrate(testDatabase.database);
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  it('raises its message when the check fails, and answers true when it holds', async () => {
    const { db } = testDatabase.database;
    await expect(db.execute(sql`select spm_check(1 = 2, 'the plan differs')`)).rejects.toThrow(
      /the plan differs/,
    );
    const [row] = await executeRows<{ ok: boolean }>(db, sql`select spm_check(1 = 1, 'x') as ok`);
    expect(row?.ok).toBe(true);
  });
});
