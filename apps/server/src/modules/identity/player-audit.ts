import { insertAudit } from '../../audit/audit-repository.ts';
import type { DbHandle } from '../../db/database.ts';

/** A player's change to their own account (DESIGN 6): who, what, when (UTC), from where. */
export interface PlayerAuditEntry {
  action:
    | 'player.registered'
    | 'player.password_changed'
    | 'player.password_reset'
    | 'player.profile_updated';
  before: unknown;
  after: unknown;
}

/**
 * Writes the audit row of the player's own change, acted by and done to the player, in the
 * caller's transaction. Never pass passwords or their hashes in `before` or `after`.
 */
export async function insertPlayerAudit(
  db: DbHandle,
  playerId: number,
  at: { ip: string; now: Date },
  entry: PlayerAuditEntry,
): Promise<void> {
  await insertAudit(db, {
    actorType: 'player',
    actorId: String(playerId),
    action: entry.action,
    targetType: 'player',
    targetId: String(playerId),
    before: entry.before,
    after: entry.after,
    reason: null,
    ip: at.ip,
    createdAt: at.now,
  });
}
