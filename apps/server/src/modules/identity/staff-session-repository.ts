import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { preparedQuery, type DbHandle } from '../../db/database.ts';
import { staffSessions, staffUsers } from './tables.ts';

export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type NewStaffSessionRow = typeof staffSessions.$inferInsert;

export async function insertStaffSession(db: DbHandle, row: NewStaffSessionRow): Promise<void> {
  await db.insert(staffSessions).values(row);
}

/** Every staff request asks this: built once (preparedQuery). */
export async function findStaffSessionByTokenHash(db: DbHandle, tokenHash: string) {
  const query = preparedQuery(db, 'staff_session_by_token_hash', (on) =>
    on
      .select({
        session: staffSessions,
        staff: {
          id: staffUsers.id,
          username: staffUsers.username,
          role: staffUsers.role,
          disabledAt: staffUsers.disabledAt,
        },
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('staff_session_by_token_hash'),
  );
  const rows = await query.execute({ tokenHash });
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

/** True when this call revoked it. */
export async function revokeStaffSession(
  db: DbHandle,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length > 0;
}

/**
 * Ends every live session of a member (disabled, TOTP reset, a new password), but
 * `exceptSessionId` (the session that changed its own password); answers how many.
 */
export async function revokeStaffSessionsOf(
  db: DbHandle,
  staffId: number,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(staffSessions.id, exceptSessionId),
      ),
    )
    .returning({ id: staffSessions.id });
  return rows.length;
}
