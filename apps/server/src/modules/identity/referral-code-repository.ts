import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@spm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { findStaffUserByAgentCode } from './staff-user-repository.ts';
import { referralCodes, users } from './tables.ts';

/*
 * Players' referral codes (docs/referral.md). Identity keeps them beside the agents' codes:
 * registration reads both from the one "Agent/referral code" field, an agent's first.
 */

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** A fresh code from the unambiguous alphabet (crypto-random: a code must not be guessed). */
export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

export async function findReferralCode(
  db: DbHandle,
  playerId: number,
): Promise<ReferralCodeRow | undefined> {
  const rows = await db
    .select()
    .from(referralCodes)
    .where(eq(referralCodes.playerId, playerId))
    .limit(1);
  return rows[0];
}

/** How often a drawn code may collide before giving up (31^8: a collision is already rare). */
const CODE_ATTEMPTS = 5;

/**
 * The player's code, made now if it has none. Two calls at once end with one code (the
 * primary key keeps the first; both answer it). A drawn code that an agent already has, or
 * another player's, is drawn again.
 */
export async function ensureReferralCode(
  db: DbHandle,
  playerId: number,
  now: Date,
): Promise<ReferralCodeRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const existing = await findReferralCode(db, playerId);
    if (existing) return existing;
    const code = newReferralCode();
    if (await findStaffUserByAgentCode(db, code)) continue;
    const inserted = await db
      .insert(referralCodes)
      .values({ playerId, code, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
  }
  throw new Error(`no free referral code for player ${playerId} after ${CODE_ATTEMPTS} draws`);
}

/**
 * The player a typed code invites under, with that player's agent code (the friend joins the
 * same agent's downline): the code's owner, when that is an active player who is not a demo
 * account (a closed or locked account's code invites no one).
 */
export async function findReferrerByCode(
  db: DbHandle,
  code: string,
): Promise<{ playerId: number; agentCode: string | null } | undefined> {
  const rows = await db
    .select({ playerId: referralCodes.playerId, agentCode: users.agentCode })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.playerId))
    .where(
      and(
        sql`lower(${referralCodes.code}) = lower(${code})`,
        eq(users.status, 'active'),
        eq(users.isDemo, false),
      ),
    )
    .limit(1);
  return rows[0];
}
