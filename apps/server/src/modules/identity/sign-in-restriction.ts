import type { SessionRestriction } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { PERMANENT_EXCLUSION_UNTIL, playerRestrictionsOf } from '../wallet/index.ts';

/*
 * What a sign-in says about a time-out or self-exclusion (issue 42 item 3): the sign-in still
 * succeeds, and the app opens only the restricted view (withdraw and history). Read from the
 * wallet's own row through its entry; safer play, above identity, writes it.
 */

/** The restriction of the player at `now`, or null: a self-exclusion wins over a time-out. */
export function restrictionAt(
  row: { excludedUntil: Date | null; timeOutUntil: Date | null } | undefined,
  now: Date,
): SessionRestriction | null {
  if (!row) return null;
  if (row.excludedUntil !== null && row.excludedUntil.getTime() > now.getTime()) {
    const lifts = row.excludedUntil.getTime() !== PERMANENT_EXCLUSION_UNTIL.getTime();
    return { kind: 'self_exclusion', until: lifts ? row.excludedUntil.toISOString() : null };
  }
  if (row.timeOutUntil !== null && row.timeOutUntil.getTime() > now.getTime()) {
    return { kind: 'time_out', until: row.timeOutUntil.toISOString() };
  }
  return null;
}

/** The player's restriction now (an unlocked read of the wallet row). */
export async function playerRestriction(
  db: DbHandle,
  playerId: number,
  now: Date,
): Promise<SessionRestriction | null> {
  return restrictionAt((await playerRestrictionsOf(db, [playerId])).get(playerId), now);
}
