import { desc, eq, sql } from 'drizzle-orm';
import type { LimitChangeKind, LimitName } from '@spm/contract';
import type { DbHandle } from '../../../db/database.ts';
import { saferPlayLimitChanges, saferPlayLimitPlayers } from './tables.ts';

/* Safer play's own rows of limits: the change history and the prompt/review times. */

export type LimitChangeRow = typeof saferPlayLimitChanges.$inferSelect;

export async function insertLimitChanges(
  db: DbHandle,
  rows: readonly {
    playerId: number;
    name: LimitName | null;
    change: LimitChangeKind;
    fromPaise: bigint | null;
    toPaise: bigint | null;
    requestedAt: Date;
    effectiveAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(saferPlayLimitChanges).values([...rows]);
}

/** The player's changes, newest first. */
export async function listLimitChanges(
  db: DbHandle,
  playerId: number,
  limit = 200,
): Promise<LimitChangeRow[]> {
  return db
    .select()
    .from(saferPlayLimitChanges)
    .where(eq(saferPlayLimitChanges.playerId, playerId))
    .orderBy(desc(saferPlayLimitChanges.id))
    .limit(limit);
}

export async function findLimitPlayer(db: DbHandle, playerId: number) {
  const rows = await db
    .select()
    .from(saferPlayLimitPlayers)
    .where(eq(saferPlayLimitPlayers.playerId, playerId))
    .limit(1);
  return rows[0];
}

/**
 * Records that the player reviewed their limits at `at` and answered the prompt at these
 * places (a first answer is kept).
 */
export async function markLimitsReviewed(
  db: DbHandle,
  playerId: number,
  at: Date,
  places: { registration: boolean; deposit: boolean },
): Promise<void> {
  await db
    .insert(saferPlayLimitPlayers)
    .values({
      playerId,
      promptedAt: places.registration ? at : null,
      depositPromptedAt: places.deposit ? at : null,
      reviewedAt: at,
    })
    .onConflictDoUpdate({
      target: saferPlayLimitPlayers.playerId,
      set: {
        promptedAt: sql`coalesce(${saferPlayLimitPlayers.promptedAt}, excluded.prompted_at)`,
        depositPromptedAt: sql`coalesce(${saferPlayLimitPlayers.depositPromptedAt}, excluded.deposit_prompted_at)`,
        reviewedAt: sql`excluded.reviewed_at`,
      },
    });
}
