import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase } from '../test/harness.ts';
import { insertPlayer } from '../test/wallet.ts';
import { preparedQuery, type DbHandle } from './database.ts';
import { users } from './schema.ts';

describe('preparedQuery', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });

  const usernameOf = async (on: DbHandle, id: number, builds: { count: number }) => {
    const query = preparedQuery(on, 'test_username_by_id', (handle) => {
      builds.count += 1;
      return handle
        .select({ username: users.username })
        .from(users)
        .where(sql`${users.id} = ${sql.placeholder('id')}`)
        .prepare('test_username_by_id');
    });
    return (await query.execute({ id }))[0]?.username;
  };

  it('builds once per database, runs with each call’s values, and builds inside a transaction', async () => {
    const { db } = testDatabase.database;
    const first = await insertPlayer(db);
    const second = await insertPlayer(db);
    const nameOf = async (id: number) =>
      (await db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]!
        .username;
    const builds = { count: 0 };
    expect(await usernameOf(db, first, builds)).toBe(await nameOf(first));
    expect(await usernameOf(db, second, builds)).toBe(await nameOf(second));
    expect(await usernameOf(db, -1, builds)).toBeUndefined();
    expect(builds.count).toBe(1);
    // A transaction's own query sees its own writes: built for it each time.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ username: 'prepared_c' }).where(eq(users.id, first));
      expect(await usernameOf(tx, first, builds)).toBe('prepared_c');
      expect(await usernameOf(tx, first, builds)).toBe('prepared_c');
    });
    expect(builds.count).toBe(3);
  });
});
