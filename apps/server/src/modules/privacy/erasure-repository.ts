import { and, eq, or, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import {
  otpCodes,
  passwordResets,
  phoneVerifications,
  referralCodes,
  sessions,
  users,
} from '../identity/tables.ts';
import { bankDetails } from '../cashier/tables.ts';
import { dataRequests } from './tables.ts';

/*
 * The erasure of an account (docs/personal-data.md "Erasure"): every field that names or
 * reaches the person is overwritten or deleted in the caller's transaction. The ledger, the
 * deposit and withdrawal records, KYC submissions and bets stay, keyed by the player's id:
 * the law on financial records keeps them (the document says which and for how long).
 */

export interface ErasedAccount {
  username: string;
  passwordHash: string;
  now: Date;
}

/** Overwrites the player's identity; the account is closed and can never sign in again. */
export async function anonymiseUser(
  db: DbHandle,
  playerId: number,
  erased: ErasedAccount,
): Promise<void> {
  await db
    .update(users)
    .set({
      username: erased.username,
      usernameLower: erased.username,
      name: erased.username,
      email: null,
      mobile: null,
      passwordHash: erased.passwordHash,
      source: null,
      trackingId: null,
      registrationIp: null,
      reportedIp: null,
      status: 'closed',
      updatesConsentAt: null,
      updatesConsentWithdrawnAt: erased.now,
      erasedAt: erased.now,
      updatedAt: erased.now,
    })
    .where(eq(users.id, playerId));
}

/**
 * The phone's one-time codes and reset tickets, the sessions' addresses and browsers, the
 * saved bank accounts (masked to their last four, deleted), the referral code and the text of
 * the player's correction requests.
 */
export async function eraseTraces(
  db: DbHandle,
  playerId: number,
  mobile: string | null,
  maskedAccount: (accountNo: string) => string,
  now: Date,
): Promise<void> {
  if (mobile !== null) {
    await db.delete(otpCodes).where(eq(otpCodes.phone, mobile));
    await db.delete(phoneVerifications).where(eq(phoneVerifications.phone, mobile));
  }
  await db
    .delete(passwordResets)
    .where(
      mobile === null
        ? eq(passwordResets.userId, playerId)
        : or(eq(passwordResets.userId, playerId), eq(passwordResets.phone, mobile)),
    );
  await db.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, playerId));
  // The code's link reached people under the player's name; it invites no one any more.
  await db.delete(referralCodes).where(eq(referralCodes.playerId, playerId));
  const accounts = await db
    .select({ id: bankDetails.id, accountNo: bankDetails.accountNo })
    .from(bankDetails)
    .where(eq(bankDetails.playerId, playerId));
  for (const account of accounts) {
    await db
      .update(bankDetails)
      .set({
        accountNo: maskedAccount(account.accountNo),
        accountName: 'erased',
        iban: null,
        deletedAt: sql`coalesce(${bankDetails.deletedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(bankDetails.id, account.id));
  }
  await db
    .update(dataRequests)
    .set({ details: null })
    .where(and(eq(dataRequests.playerId, playerId), eq(dataRequests.kind, 'correction')));
}
