import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function hasDemoUsers(db: DbHandle): Promise<boolean> {
  const rows = await db
    .select({ found: sql<number>`1` })
    .from(users)
    .where(eq(users.isDemo, true))
    .limit(1);
  return rows.length > 0;
}

/** Inserts players whose username is free; returns how many were inserted. */
export async function insertUsersIfAbsent(db: DbHandle, rows: NewUserRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.usernameLower })
    .returning({ id: users.id });
  return inserted.length;
}

export async function deleteDemoUsers(db: DbHandle): Promise<number> {
  const deleted = await db.delete(users).where(eq(users.isDemo, true)).returning({ id: users.id });
  return deleted.length;
}
