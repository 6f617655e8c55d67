import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { ExclusionFacts } from '@spm/core';
import { auditLog } from '../../../audit/audit-tables.ts';
import type { DbHandle } from '../../../db/database.ts';
import { playerExclusions } from './tables.ts';

/** A stored time-out or self-exclusion. */
export type ExclusionRow = typeof playerExclusions.$inferSelect;

/** The player's exclusions, newest first. */
export async function listExclusions(db: DbHandle, playerId: number): Promise<ExclusionRow[]> {
  return db
    .select()
    .from(playerExclusions)
    .where(eq(playerExclusions.playerId, playerId))
    .orderBy(desc(playerExclusions.id));
}

/**
 * Serialises the changes of one player's exclusions for the rest of the transaction (a
 * transaction-scoped advisory lock: the player may have no row yet to lock).
 */
export async function lockPlayerExclusions(db: DbHandle, playerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${EXCLUSION_LOCK_SPACE}, ${playerId}::int)`);
}

/** The advisory lock space of exclusion changes (any constant no other code uses). */
const EXCLUSION_LOCK_SPACE = 42_003;

export async function insertExclusion(
  db: DbHandle,
  row: typeof playerExclusions.$inferInsert,
): Promise<ExclusionRow> {
  const [inserted] = await db.insert(playerExclusions).values(row).returning();
  if (!inserted) throw new Error('the exclusion was not stored');
  return inserted;
}

/** Records the return asked after a self-exclusion's end; false when asked already. */
export async function recordReturnRequest(
  db: DbHandle,
  exclusionId: number,
  at: { requestedAt: Date; returnsAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(playerExclusions)
    .set({ returnRequestedAt: at.requestedAt, returnsAt: at.returnsAt })
    .where(and(eq(playerExclusions.id, exclusionId), isNull(playerExclusions.returnRequestedAt)))
    .returning({ id: playerExclusions.id });
  return rows.length > 0;
}

/** The audit rows of a player's exclusion changes, newest first. */
export async function exclusionAuditOf(db: DbHandle, playerId: number) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'player'),
        eq(auditLog.targetId, String(playerId)),
        like(auditLog.action, 'safer_play.%'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(200);
}

export const factsOf = (row: ExclusionRow): ExclusionFacts => ({
  kind: row.kind,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  returnRequestedAt: row.returnRequestedAt,
  returnsAt: row.returnsAt,
});
