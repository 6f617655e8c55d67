import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { passwordResets } from './tables.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type NewPasswordResetRow = typeof passwordResets.$inferInsert;

export async function insertPasswordReset(db: DbHandle, row: NewPasswordResetRow): Promise<string> {
  const rows = await db.insert(passwordResets).values(row).returning({ id: passwordResets.id });
  const id = rows[0]?.id;
  if (!id) throw new Error('insert into password_resets returned no row');
  return id;
}

export async function deletePasswordReset(db: DbHandle, id: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.id, id));
}

export async function latestPasswordResetCreatedAt(
  db: DbHandle,
  phone: string,
): Promise<Date | undefined> {
  const rows = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(eq(passwordResets.phone, phone))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return rows[0]?.createdAt;
}

export async function countPasswordResetsSince(
  db: DbHandle,
  phone: string,
  since: Date,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.phone, phone), gt(passwordResets.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/**
 * Spends one try of a live ticket, as takeOtpAttempt does for codes; undefined when the
 * ticket is unknown, used, expired or out of tries.
 */
export async function takePasswordResetAttempt(
  db: DbHandle,
  ticketHash: string,
  options: { now: Date; maxAttempts: number },
): Promise<PasswordResetRow | undefined> {
  const rows = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        eq(passwordResets.ticketHash, ticketHash),
        isNull(passwordResets.consumedAt),
        lt(passwordResets.attempts, options.maxAttempts),
        gt(passwordResets.expiresAt, options.now),
      ),
    )
    .returning();
  return rows[0];
}

/** True when this call used the ticket up. */
export async function consumePasswordReset(db: DbHandle, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ consumedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.consumedAt)))
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}
