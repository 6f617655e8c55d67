import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type DbHandle } from '../../db/database.ts';
import { restrictionEndSql } from '../wallet/index.ts';
import { sessions, users, type SESSION_REVOKE_REASONS } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type SessionRevokeReason = (typeof SESSION_REVOKE_REASONS)[number];

/** A session with what the auth check needs of its player. */
export interface SessionWithUser {
  session: SessionRow;
  user: {
    id: number;
    username: string;
    name: string;
    isDemo: boolean;
    typeId: number;
    status: (typeof users.$inferSelect)['status'];
  };
  /**
   * When the player's time-out or self-exclusion ends (epoch ms; null: none), read from the
   * wallet's row in the same query: a session cached past it lets the restriction lapse by
   * time, and taking one ends every session, so no cached copy misses a new one.
   */
  restrictedUntilMs: number | null;
}

export async function insertSession(db: DbHandle, row: NewSessionRow): Promise<SessionRow> {
  const rows = await db.insert(sessions).values(row).returning();
  const session = rows[0];
  if (!session) throw new Error('insert into sessions returned no row');
  return session;
}

const sessionWithUserColumns = {
  session: sessions,
  user: {
    id: users.id,
    username: users.username,
    name: users.name,
    isDemo: users.isDemo,
    typeId: users.typeId,
    status: users.status,
  },
  restrictedUntilMs: restrictionEndSql(sql`${sessions.userId}`).mapWith((ms: string) => Number(ms)),
};

/** The one session matching `condition` (its token hash or its id), with its player. */
async function findSessionWhere(
  db: DbHandle,
  condition: SQL,
): Promise<SessionWithUser | undefined> {
  const rows = await db
    .select(sessionWithUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(condition)
    .limit(1);
  return rows[0];
}

/** Every request whose session is not cached asks this: built once (preparedQuery). */
export async function findSessionByTokenHash(
  db: DbHandle,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const query = preparedQuery(db, 'session_by_token_hash', (on) =>
    on
      .select(sessionWithUserColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token_hash'),
  );
  const rows = await query.execute({ tokenHash });
  return rows[0];
}

export const findSessionById = (db: DbHandle, sessionId: string) =>
  findSessionWhere(db, eq(sessions.id, sessionId));

/** Records activity; a revoked session stays revoked. */
export async function touchSession(
  db: DbHandle,
  sessionId: string,
  lastSeenAt: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt, idleExpiresAt })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** True when this call revoked it (false: unknown or already revoked). */
export async function revokeSession(
  db: DbHandle,
  sessionId: string,
  reason: SessionRevokeReason,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of the player, except `keepSessionId`; answers their ids. */
export async function revokeUserSessions(
  db: DbHandle,
  userId: number,
  reason: SessionRevokeReason,
  now: Date,
  keepSessionId?: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
