import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { staffUsers } from './tables.ts';
import type { LoginAttemptPolicy } from './user-repository.ts';

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

/** The one member matching `condition`, if any. */
async function findStaffUserWhere(db: DbHandle, condition: SQL): Promise<StaffUserRow | undefined> {
  const rows = await db.select().from(staffUsers).where(condition).limit(1);
  return rows[0];
}

export const findStaffUserByUsername = (db: DbHandle, username: string) =>
  findStaffUserWhere(db, eq(staffUsers.username, username));

export const findStaffUserById = (db: DbHandle, id: number) =>
  findStaffUserWhere(db, eq(staffUsers.id, id));

export const findStaffUserByAgentCode = (db: DbHandle, agentCode: string) =>
  findStaffUserWhere(db, sql`lower(${staffUsers.agentCode}) = lower(${agentCode})`);

/** Case-insensitive: "Admin" and "admin" would be two members too easily confused. */
export const findStaffUserByUsernameFolded = (db: DbHandle, username: string) =>
  findStaffUserWhere(db, sql`lower(${staffUsers.username}) = lower(${username})`);

/** The member's row, locked until the transaction ends (sign-in steps run one at a time). */
export async function lockStaffUser(db: DbHandle, id: number): Promise<StaffUserRow | undefined> {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function listStaffUsers(db: DbHandle): Promise<StaffUserRow[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.id));
}

export async function updateStaffUser(
  db: DbHandle,
  id: number,
  changes: Partial<
    Pick<
      NewStaffUserRow,
      'totpSecret' | 'totpConfirmedAt' | 'totpLastStep' | 'disabledAt' | 'passwordHash'
    >
  >,
): Promise<StaffUserRow | undefined> {
  const rows = await db.update(staffUsers).set(changes).where(eq(staffUsers.id, id)).returning();
  return rows[0];
}

export async function insertStaffUser(db: DbHandle, row: NewStaffUserRow): Promise<StaffUserRow> {
  const rows = await db.insert(staffUsers).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('staff_users insert returned no row');
  return inserted;
}

/**
 * Reserves one password check of a staff sign-in in one statement, as reserveLoginAttempt does
 * for players: at most `maxAttempts` per window whatever the parallelism; the reservation that
 * fills the window locks the member until `now + lockMs`. False: locked, check nothing.
 */
export async function reserveStaffLoginAttempt(
  db: DbHandle,
  staffId: number,
  policy: LoginAttemptPolicy,
): Promise<boolean> {
  const { now, maxAttempts } = policy;
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const lockedUntil = new Date(now.getTime() + policy.lockMs);
  const fresh = sql`(${staffUsers.failedLoginWindowStartedAt} is null or ${staffUsers.failedLoginWindowStartedAt} <= ${windowStart})`;
  const newCount = sql`case when ${fresh} then 1 else ${staffUsers.failedLoginCount} + 1 end`;
  const rows = await db
    .update(staffUsers)
    .set({
      failedLoginCount: sql`${newCount}`,
      failedLoginWindowStartedAt: sql`case when ${fresh} then ${now} else ${staffUsers.failedLoginWindowStartedAt} end`,
      loginLockedUntil: sql`case when ${newCount} >= ${maxAttempts} then ${lockedUntil} else ${staffUsers.loginLockedUntil} end`,
    })
    .where(
      and(
        eq(staffUsers.id, staffId),
        sql`(${staffUsers.loginLockedUntil} is null or ${staffUsers.loginLockedUntil} <= ${now})`,
        sql`(${fresh} or ${staffUsers.failedLoginCount} < ${maxAttempts})`,
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/** A completed staff sign-in (or a new password): the count starts over and any lock lifts. */
export async function clearStaffLoginAttempts(db: DbHandle, staffId: number): Promise<void> {
  await db
    .update(staffUsers)
    .set({ failedLoginCount: 0, failedLoginWindowStartedAt: null, loginLockedUntil: null })
    .where(eq(staffUsers.id, staffId));
}
