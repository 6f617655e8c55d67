import { objectWith } from '@spm/core';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import {
  otpCodes,
  passwordResets,
  phoneVerifications,
  type OTP_CONSUME_REASONS,
  type OTP_PURPOSES,
} from './tables.ts';

export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export type OtpConsumeReason = (typeof OTP_CONSUME_REASONS)[number];
export type NewOtpCodeRow = typeof otpCodes.$inferInsert;

/**
 * Serialises OTP sends for one phone until the caller's transaction ends, so the cooldown
 * and hourly limits are read and written by one request at a time.
 */
export async function lockPhoneForOtp(db: DbHandle, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${phone}`}, 0))`);
}

export async function latestOtpCreatedAt(
  db: DbHandle,
  phone: string,
  purpose: OtpPurpose,
): Promise<Date | undefined> {
  const rows = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return rows[0]?.createdAt;
}

export async function countOtpCodesSince(
  db: DbHandle,
  phone: string,
  purpose: OtpPurpose,
  since: Date,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, since)),
    );
  return rows[0]?.n ?? 0;
}

/**
 * Code requests from one address since `since`. Reset codes are counted through their
 * password_resets rows, which exist for unregistered phones too, so the limit reads the same
 * whether or not a phone is registered.
 */
export async function countOtpRequestsByIpSince(
  db: DbHandle,
  ip: string,
  since: Date,
): Promise<number> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`select
      (select count(*) from ${otpCodes}
        where ${otpCodes.ip} = ${ip} and ${otpCodes.purpose} <> 'reset' and ${otpCodes.createdAt} > ${since})
      + (select count(*) from ${passwordResets}
        where ${passwordResets.ip} = ${ip} and ${passwordResets.createdAt} > ${since}) as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Ends the live code of this phone and purpose, if any; answers its id. */
export async function supersedeLiveOtp(
  db: DbHandle,
  phone: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<string | undefined> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now, consumeReason: 'superseded' })
    .where(
      and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)),
    )
    .returning({ id: otpCodes.id });
  return rows[0]?.id;
}

export async function insertOtpCode(db: DbHandle, row: NewOtpCodeRow): Promise<string> {
  const rows = await db.insert(otpCodes).values(row).returning({ id: otpCodes.id });
  const id = rows[0]?.id;
  if (!id) throw new Error('insert into otp_codes returned no row');
  return id;
}

/**
 * Undoes a send the SMS provider refused: the new code goes (its row would spend cooldown
 * and hourly budget for a message never sent) and the code it replaced is live again.
 */
export async function undoOtpSend(
  db: DbHandle,
  newCodeId: string,
  supersededId: string | undefined,
): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, newCodeId));
  if (supersededId === undefined) return;
  await db
    .update(otpCodes)
    .set({ consumedAt: null, consumeReason: null })
    .where(and(eq(otpCodes.id, supersededId), eq(otpCodes.consumeReason, 'superseded')));
}

export interface OtpAttempt {
  id: string;
  codeHash: string;
  attempts: number;
}

/**
 * Spends one try of the live, unexpired code before it is compared, in one statement: however
 * many guesses arrive at once, at most `maxAttempts` are ever compared. Undefined when there
 * is no such code (none sent, expired, used, replaced or out of tries).
 */
export async function takeOtpAttempt(
  db: DbHandle,
  phone: string,
  purpose: OtpPurpose,
  options: { now: Date; maxAttempts: number },
): Promise<OtpAttempt | undefined> {
  const rows = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.phone, phone),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, options.maxAttempts),
        gt(otpCodes.expiresAt, options.now),
      ),
    )
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
  return rows[0];
}

/** True when this call ended the code (false: someone else already did). */
export async function consumeOtpCode(
  db: DbHandle,
  id: string,
  reason: OtpConsumeReason,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now, consumeReason: reason })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

export async function insertPhoneVerification(
  db: DbHandle,
  row: { phone: string; verifiedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneVerifications).values(objectWith(row, { purpose: 'register' as const }));
}

/**
 * Uses up every live registration verification of the phone; answers how many there were
 * (0: the phone is not verified). Run in the registering transaction.
 */
export async function consumePhoneVerifications(
  db: DbHandle,
  phone: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        eq(phoneVerifications.purpose, 'register'),
        isNull(phoneVerifications.consumedAt),
        gt(phoneVerifications.expiresAt, now),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return rows.length;
}
