import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { staffLoginChallenges } from './tables.ts';

export type StaffLoginChallengeRow = typeof staffLoginChallenges.$inferSelect;
export type NewStaffLoginChallengeRow = typeof staffLoginChallenges.$inferInsert;

export async function insertStaffLoginChallenge(
  db: DbHandle,
  row: NewStaffLoginChallengeRow,
): Promise<void> {
  await db.insert(staffLoginChallenges).values(row);
}

/** The challenge, locked for the rest of the transaction (one TOTP answer at a time). */
export async function findStaffLoginChallengeForUpdate(
  db: DbHandle,
  tokenHash: string,
): Promise<StaffLoginChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(staffLoginChallenges)
    .where(eq(staffLoginChallenges.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function countStaffLoginChallengeAttempt(
  db: DbHandle,
  id: string,
  attempts: number,
  killedAt: Date | null,
): Promise<void> {
  await db
    .update(staffLoginChallenges)
    .set(killedAt === null ? { attempts } : { attempts, usedAt: killedAt })
    .where(eq(staffLoginChallenges.id, id));
}

export async function markStaffLoginChallengeUsed(
  db: DbHandle,
  id: string,
  usedAt: Date,
): Promise<void> {
  await db
    .update(staffLoginChallenges)
    .set({ usedAt, pendingTotpSecret: null })
    .where(eq(staffLoginChallenges.id, id));
}

/** Ends every open challenge of a member (TOTP reset, account disabled). */
export async function endStaffLoginChallenges(
  db: DbHandle,
  staffId: number,
  at: Date,
): Promise<void> {
  await db
    .update(staffLoginChallenges)
    .set({ usedAt: at, pendingTotpSecret: null })
    .where(
      and(eq(staffLoginChallenges.staffId, staffId), sql`${staffLoginChallenges.usedAt} is null`),
    );
}
