import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedTestDatabase,
  postgresAvailable,
  type TestDatabase,
} from '../test/harness.ts';
import { executePreparedRows, executeRows, type Db, type DbHandle } from './database.ts';
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

/**
 * A migrated PostgreSQL database of the describe block's own, with `setup` run on it; `onOpen`
 * receives its handle before the tests run.
 */
function useMigratedPostgres(onOpen: (db: Db) => void, ...setup: SQL[]): void {
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase('postgres');
    for (const statement of setup) await testDatabase.database.db.execute(statement);
    onOpen(testDatabase.database.db);
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });
}

describe.skipIf(!postgresAvailable)('the PostgreSQL pool pipelines transactions', () => {
  let db: Db;
  useMigratedPostgres((opened) => (db = opened), sql`create table pipelined (id int primary key)`);

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

  it('keeps its connections open while they idle', async () => {
    // Three transactions at once hold three connections; once they end, none is set to close.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const opened: Promise<void>[] = [];
    for (let n = 0; n < 3; n += 1) opened.push(db.transaction(() => held));
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    await expect.poll(() => pool.totalCount).toBeGreaterThanOrEqual(3);
    release();
    await Promise.all(opened);
    // pg-pool's idle list: each entry keeps the timer that would end its connection.
    const idle = (pool as unknown as { _idle: { timeoutId?: unknown }[] })._idle;
    expect(idle.length).toBe(pool.totalCount);
    expect(idle.filter((entry) => entry.timeoutId !== undefined)).toEqual([]);
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

  it('writes what a transaction sends in one go to its socket at once', async () => {
    let writes = 0;
    let written = '';
    await db.transaction(async (tx) => {
      const client = (tx as unknown as { session: { client: pg.Client } }).session.client;
      const socket = client.connection.stream as unknown as {
        _writev: (chunks: { chunk: Buffer }[], done: () => void) => void;
        _write: (chunk: Buffer, encoding: string, done: () => void) => void;
      };
      const { _writev: writev, _write: write } = socket;
      socket._writev = (chunks, done) => {
        writes += 1;
        written += chunks.map(({ chunk }) => chunk.toString('latin1')).join('');
        writev.call(socket, chunks, done);
      };
      socket._write = (chunk, encoding, done) => {
        writes += 1;
        written += chunk.toString('latin1');
        write.call(socket, chunk, encoding, done);
      };
      try {
        await Promise.all([insert(tx, 10), insert(tx, 11), insert(tx, 12, true)]);
      } finally {
        socket._writev = writev;
        socket._write = write;
      }
    });
    // BEGIN went out before the watch; three inserts and the COMMIT are one write.
    expect(writes).toBe(1);
    expect(written).toMatch(/commit/);
    expect((await ids()).filter((id) => id >= 10)).toEqual([10, 11, 12]);
    await db.execute(sql`delete from pipelined where id >= 10`);
  });

  it('answers every type as drizzle answers it (dates, times and intervals as their text)', async () => {
    const typed = sql`select '2026-11-27 09:00:00.123+00'::timestamptz as at,
        '2026-11-27 09:00:00'::timestamp as local_at, '2026-11-27'::date as day,
        '1 day 02:00:00'::interval as span, array['2026-11-27 09:00:00+00']::timestamptz[] as ats,
        array[1.5]::numeric[] as amounts, 12345678901234::bigint as big, 1.25::numeric as amount,
        '{"a": [1, 2]}'::jsonb as doc, true as yes, 7::int as n, array[1, 2]::int[] as ns,
        ${'text'}::text as word`;
    const [expected] = await executeRows<Record<string, unknown>>(db, typed);
    expect(expected!.at).toBe('2026-11-27 09:00:00.123+00');
    expect(await executePreparedRows(db, typed)).toEqual([expected]);
    expect(await db.transaction((tx) => executePreparedRows(tx, typed))).toEqual([expected]);
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

describe.skipIf(!postgresAvailable)('a statement asked to run on its generic plan', () => {
  let db: Db;
  useMigratedPostgres(
    (opened) => (db = opened),
    sql`create table planned (id int primary key)`,
    sql`insert into planned select generate_series(1, 50)`,
  );

  // Each test's own text, so its named statement's plan counts start at zero.
  const lookup = (tx: DbHandle, tag: string, genericPlan: boolean) =>
    executePreparedRows<{ id: number }>(
      tx,
      sql`select id, ${sql.raw(`'${tag}'`)} as tag from planned where id = any(${'{1,2}'}::int[])`,
      { genericPlan },
    );
  /** This connection's plans of the statement tagged `tag`, and its plan_cache_mode now. */
  const plans = async (tx: DbHandle, tag: string) => {
    const [row] = await executeRows<{ generic: number; custom: number; mode: string }>(
      tx,
      sql`select generic_plans::int as generic, custom_plans::int as custom,
            current_setting('plan_cache_mode') as mode
          from pg_prepared_statements where statement like ${`%${tag}%`}
            and statement not like '%pg_prepared_statements%'`,
    );
    return row;
  };

  it('is planned once, generically, under settings local to its transaction', async () => {
    const wire = watchWire();
    const seen = await db.transaction(async (tx) => {
      await lookup(tx, 'generic-a', true);
      const rows = await lookup(tx, 'generic-a', true);
      await lookup(tx, 'custom-a', false);
      return {
        rows: rows.map((row) => row.id),
        generic: await plans(tx, 'generic-a'),
        custom: await plans(tx, 'custom-a'),
      };
    });
    wire.restore();
    expect(seen.rows).toEqual([1, 2]);
    expect(seen.generic).toEqual({ generic: 2, custom: 0, mode: 'force_custom_plan' });
    expect(seen.custom).toEqual({ generic: 0, custom: 1, mode: 'force_custom_plan' });
    // The settings go out when the mode changes, not around each statement.
    expect(wire.events).toEqual([
      'send begin',
      'send set',
      'send select',
      'send select',
      'send set',
      'send select',
      'send select',
      'send select',
      'send commit',
    ]);
    // The transaction's end undid them: the connection plans for the values again.
    const [after] = await db.transaction((tx) =>
      executeRows<{ mode: string; seqscan: string }>(
        tx,
        sql`select current_setting('plan_cache_mode') as mode,
              current_setting('enable_seqscan') as seqscan`,
      ),
    );
    expect(after).toEqual({ mode: 'force_custom_plan', seqscan: 'on' });
  });

  it('outside a transaction (on the pool), runs as any statement does', async () => {
    const wire = watchWire();
    const rows = await lookup(db, 'generic-alone', true);
    wire.restore();
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    expect(wire.events).toEqual(['send select']);
  });

  it('after a rollback to a savepoint, sets the custom plans again before a statement', async () => {
    const wire = watchWire();
    const mode = await db.transaction(async (tx) => {
      await tx.execute(sql`savepoint before_generic`);
      await lookup(tx, 'generic-c', true);
      await tx.execute(sql`rollback to savepoint before_generic`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await lookup(tx, 'generic-c', true);
      await tx.execute(sql`rollback to savepoint before_generic`);
      return (await plans(tx, 'generic-c'))?.mode;
    });
    wire.restore();
    expect(mode).toBe('force_custom_plan');
    expect(wire.events.filter((event) => event === 'send set').length).toBe(4);
  });

  it('leaves the connection on custom plans when it fails, in a transaction or alone', async () => {
    const failing = (tx: DbHandle) =>
      executePreparedRows(tx, sql`select 1 / (id - id) from planned where id = 1`, {
        genericPlan: true,
      });
    await expect(db.transaction(async (tx) => void (await failing(tx)))).rejects.toThrow();
    await expect(failing(db)).rejects.toThrow();
    // Every pooled connection (the default pool holds ten) is back on custom plans.
    const modes = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          await lookup(tx, 'custom-b', false);
          return (await plans(tx, 'custom-b'))?.mode;
        }),
      ),
    );
    expect(new Set(modes)).toEqual(new Set(['force_custom_plan']));
  });

  it('keeps its index probes when the statistics say the table is empty', async () => {
    // Statistics of an empty table (a fresh install, vacuumed): a plan made from them alone
    // would scan, and a generic plan keeps that while the table grows.
    await db.execute(sql`create table probed (id int primary key, note text)`);
    await db.execute(sql`vacuum analyze probed`);
    const probe = (tx: DbHandle) =>
      executePreparedRows(
        tx,
        sql`select k.id, p.note from unnest(${'{1,2}'}::int[]) as k(id)
            left join lateral (select note from probed where probed.id = k.id offset 0) p on true`,
        { genericPlan: true },
      );
    const plan = await db.transaction(async (tx) => {
      await probe(tx);
      const [named] = await executeRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%from probed where%'
              and statement not like '%pg_prepared_statements%'`,
      );
      // The cached generic plan, shown as it is (no planning happens for it here).
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain execute ${sql.identifier(named!.name)}('{1,2}')`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using probed_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('runs behind its BEGIN and ahead of a COMMIT sent behind it', async () => {
    const wire = watchWire();
    await db.transaction(async (tx) => {
      await executePreparedRows(tx, sql`insert into planned values (100) returning id`, {
        genericPlan: true,
        commitBehind: true,
      });
    });
    wire.restore();
    expect(wire.events).toEqual(['send begin', 'send set', 'send insert', 'send commit']);
    const [row] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from planned where id = 100`,
    );
    expect(row?.n).toBe(1);
  });
});

describe.skipIf(!postgresAvailable)('spm_check', () => {
  let db: Db;
  useMigratedPostgres((opened) => (db = opened));

  it('raises its message when the check fails, and answers true when it holds', async () => {
    await expect(db.execute(sql`select spm_check(1 = 2, 'the plan differs')`)).rejects.toThrow(
      /the plan differs/,
    );
    const [row] = await executeRows<{ ok: boolean }>(db, sql`select spm_check(1 = 1, 'x') as ok`);
    expect(row?.ok).toBe(true);
  });
});
