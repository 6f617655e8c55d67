import { eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';

export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type NewStaffSessionRow = typeof staffSessions.$inferInsert;

export async function insertStaffSession(db: DbHandle, row: NewStaffSessionRow): Promise<void> {
  await db.insert(staffSessions).values(row);
}

export async function findStaffSessionByTokenHash(db: DbHandle, tokenHash: string) {
  const rows = await db
    .select({
      session: staffSessions,
      staff: { id: staffUsers.id, username: staffUsers.username, role: staffUsers.role },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function touchStaffSession(
  db: DbHandle,
  sessionId: string,
  lastSeenAt: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt, idleExpiresAt })
    .where(eq(staffSessions.id, sessionId));
}
