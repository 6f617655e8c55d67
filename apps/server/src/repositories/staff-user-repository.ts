import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { staffUsers } from '../db/schema.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type NewStaffUserRow = typeof staffUsers.$inferInsert;

export async function findFirstAdmin(db: DbHandle): Promise<StaffUserRow | undefined> {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.role, 'admin'))
    .orderBy(asc(staffUsers.id))
    .limit(1);
  return rows[0];
}

/** Undefined when the username is taken (e.g. another process seeded it a moment earlier). */
export async function insertStaffUserIfAbsent(
  db: DbHandle,
  row: NewStaffUserRow,
): Promise<StaffUserRow | undefined> {
  const rows = await db
    .insert(staffUsers)
    .values(row)
    .onConflictDoNothing({ target: staffUsers.username })
    .returning();
  return rows[0];
}

export async function findStaffUserByUsername(
  db: DbHandle,
  username: string,
): Promise<StaffUserRow | undefined> {
  const rows = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
  return rows[0];
}
