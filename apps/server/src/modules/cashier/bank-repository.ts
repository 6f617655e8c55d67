import { objectWith } from '@spm/core';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { bankDetails } from './tables.ts';

/** The only SQL of saved bank details (SPEC 7.4). A deleted row stays for audit and snapshots. */
export type BankDetailRow = typeof bankDetails.$inferSelect;
export type NewBankDetailRow = typeof bankDetails.$inferInsert;
export type BankDetailChanges = Pick<
  NewBankDetailRow,
  'accountNo' | 'accountName' | 'iban' | 'ifscCode' | 'bankName'
>;

const liveOf = (playerId: number, id: number) =>
  and(eq(bankDetails.id, id), eq(bankDetails.playerId, playerId), isNull(bankDetails.deletedAt));

/**
 * Serialises one player's bank-detail writes until the caller's transaction ends, so the
 * "at most N live details" count and the insert cannot interleave with a second request.
 */
export async function lockPlayerBankDetails(db: DbHandle, playerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bank:${playerId}`}, 0))`);
}

/** The player's live details, newest first. */
export function listLiveBankDetails(db: DbHandle, playerId: number): Promise<BankDetailRow[]> {
  return db
    .select()
    .from(bankDetails)
    .where(and(eq(bankDetails.playerId, playerId), isNull(bankDetails.deletedAt)))
    .orderBy(desc(bankDetails.createdAt), desc(bankDetails.id));
}

/** A live detail of this player; another player's or a deleted one is undefined. */
export async function findLiveBankDetail(
  db: DbHandle,
  playerId: number,
  id: number,
): Promise<BankDetailRow | undefined> {
  const [row] = await db.select().from(bankDetails).where(liveOf(playerId, id)).limit(1);
  return row;
}

export async function countLiveBankDetails(db: DbHandle, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bankDetails)
    .where(and(eq(bankDetails.playerId, playerId), isNull(bankDetails.deletedAt)));
  return row?.n ?? 0;
}

export async function insertBankDetail(
  db: DbHandle,
  row: NewBankDetailRow,
): Promise<BankDetailRow> {
  const [inserted] = await db.insert(bankDetails).values(row).returning();
  if (!inserted) throw new Error('insert into bank_details returned no row');
  return inserted;
}

/** Changes a live detail of this player; undefined when there is none. */
export async function updateLiveBankDetail(
  db: DbHandle,
  playerId: number,
  id: number,
  changes: BankDetailChanges,
  now: Date,
): Promise<BankDetailRow | undefined> {
  const [row] = await db
    .update(bankDetails)
    .set(objectWith(changes, { updatedAt: now }))
    .where(liveOf(playerId, id))
    .returning();
  return row;
}

/** Soft delete: withdrawals keep pointing at the row; undefined when it was not live. */
export async function softDeleteBankDetail(
  db: DbHandle,
  playerId: number,
  id: number,
  now: Date,
): Promise<BankDetailRow | undefined> {
  const [row] = await db
    .update(bankDetails)
    .set({ deletedAt: now, updatedAt: now })
    .where(liveOf(playerId, id))
    .returning();
  return row;
}
