import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../../audit/audit-tables.ts';
import { insertAudit } from '../../../audit/audit-repository.ts';
import type { DbHandle } from '../../../db/database.ts';
import { rgSessionSettings } from './tables.ts';

/** A player's reality-check interval and session time limit (minutes; null: off). */
export interface SessionSettings {
  realityCheckMinutes: number | null;
  sessionLimitMinutes: number | null;
}

export interface StoredSessionSettings extends SessionSettings {
  updatedAt: Date;
}

/** What the audit names a player's change of these settings. */
export const SESSION_SETTINGS_AUDIT_ACTION = 'player.safer_play_session_settings';

export async function findSessionSettings(
  db: DbHandle,
  playerId: number,
): Promise<StoredSessionSettings | null> {
  const rows = await db
    .select({
      realityCheckMinutes: rgSessionSettings.realityCheckMinutes,
      sessionLimitMinutes: rgSessionSettings.sessionLimitMinutes,
      updatedAt: rgSessionSettings.updatedAt,
    })
    .from(rgSessionSettings)
    .where(eq(rgSessionSettings.playerId, playerId))
    .limit(1);
  return rows[0] ?? null;
}

/** The row locked for the change (the caller's transaction), or null when none yet. */
async function lockSessionSettings(
  db: DbHandle,
  playerId: number,
): Promise<SessionSettings | null> {
  const rows = await db
    .select({
      realityCheckMinutes: rgSessionSettings.realityCheckMinutes,
      sessionLimitMinutes: rgSessionSettings.sessionLimitMinutes,
    })
    .from(rgSessionSettings)
    .where(eq(rgSessionSettings.playerId, playerId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores the player's settings and the audit row of the change, in the caller's transaction;
 * answers what they were before (null: never set).
 */
export async function saveSessionSettings(
  db: DbHandle,
  playerId: number,
  settings: SessionSettings,
  at: { now: Date; ip: string },
): Promise<SessionSettings | null> {
  const before = await lockSessionSettings(db, playerId);
  await db
    .insert(rgSessionSettings)
    .values({ playerId, updatedAt: at.now, ...settings })
    .onConflictDoUpdate({
      target: rgSessionSettings.playerId,
      set: { updatedAt: at.now, ...settings },
    });
  await insertAudit(db, {
    actorType: 'player',
    actorId: String(playerId),
    action: SESSION_SETTINGS_AUDIT_ACTION,
    targetType: 'player',
    targetId: String(playerId),
    before,
    after: settings,
    reason: null,
    ip: at.ip,
    createdAt: at.now,
  });
  return before;
}

/** The player's changes of these settings, newest first (at most `limit`). */
export async function listSessionSettingsChanges(
  db: DbHandle,
  playerId: number,
  limit: number,
): Promise<{ at: Date; before: unknown; after: unknown }[]> {
  return db
    .select({ at: auditLog.createdAt, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, SESSION_SETTINGS_AUDIT_ACTION),
        eq(auditLog.targetType, 'player'),
        eq(auditLog.targetId, String(playerId)),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
