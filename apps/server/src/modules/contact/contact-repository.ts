import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database.ts';
import { staffUsers, users } from '../identity/tables.ts';
import { contactMessages } from './tables.ts';

/* The contact module's reads and writes of its own table (with names from identity's). */

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A message with the names staff see: the player's username, who answered, who closed. */
export interface StaffContactRow {
  message: ContactMessageRow;
  username: string | null;
  answeredBy: string | null;
  closedBy: string | null;
}

export async function insertContactMessage(
  db: DbHandle,
  row: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [inserted] = await db.insert(contactMessages).values(row).returning();
  if (!inserted) throw new Error('contact message insert returned no row');
  return inserted;
}

/**
 * Messages sent since `since` by the player, or (a visitor) from the address without a
 * player: what the daily cap counts.
 */
export async function countSentSince(
  db: DbHandle,
  sender: { playerId: number } | { ip: string },
  since: Date,
): Promise<number> {
  const who =
    'playerId' in sender
      ? eq(contactMessages.playerId, sender.playerId)
      : and(eq(contactMessages.ip, sender.ip), isNull(contactMessages.playerId));
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(who, gte(contactMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

export const playerContactMessages = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.playerId, playerId))
    .orderBy(desc(contactMessages.id));

/**
 * Erasure (privacy): the player's messages go, text, answers and address with them. They
 * hold nothing the ledger or the audit needs (the audit keeps who answered which id).
 */
export async function deletePlayerContactMessages(db: DbHandle, playerId: number): Promise<void> {
  await db.delete(contactMessages).where(eq(contactMessages.playerId, playerId));
}

const answeredStaff = alias(staffUsers, 'answered_staff');
const closedStaff = alias(staffUsers, 'closed_staff');

function staffSelect(db: DbHandle) {
  return db
    .select({
      message: contactMessages,
      username: users.username,
      answeredBy: answeredStaff.username,
      closedBy: closedStaff.username,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.playerId))
    .leftJoin(answeredStaff, eq(answeredStaff.id, contactMessages.answeredByStaffId))
    .leftJoin(closedStaff, eq(closedStaff.id, contactMessages.closedByStaffId));
}

/** The back office's list: open ones first (oldest waiting on top), then the rest, newest first. */
export async function listContactMessages(
  db: DbHandle,
  filter: { status?: ContactMessageRow['status'] | undefined; limit: number; offset: number },
): Promise<{ rows: StaffContactRow[]; total: number }> {
  const where = filter.status === undefined ? undefined : eq(contactMessages.status, filter.status);
  const rows = await staffSelect(db)
    .where(where)
    .orderBy(
      sql`case when ${contactMessages.status} = 'open' then 0 else 1 end`,
      sql`case when ${contactMessages.status} = 'open' then ${contactMessages.id} end asc`,
      desc(contactMessages.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function staffContactMessage(
  db: DbHandle,
  id: number,
): Promise<StaffContactRow | undefined> {
  const [row] = await staffSelect(db).where(eq(contactMessages.id, id));
  return row;
}

export async function lockContactMessage(
  db: DbHandle,
  id: number,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  return row;
}

export async function answerContactMessage(
  db: DbHandle,
  id: number,
  answer: { text: string; staffId: number; at: Date },
): Promise<void> {
  await db
    .update(contactMessages)
    .set({
      status: 'answered',
      answer: answer.text,
      answeredAt: answer.at,
      answeredByStaffId: answer.staffId,
    })
    .where(eq(contactMessages.id, id));
}

export async function closeContactMessage(
  db: DbHandle,
  id: number,
  close: { staffId: number; at: Date },
): Promise<void> {
  await db
    .update(contactMessages)
    .set({ status: 'closed', closedAt: close.at, closedByStaffId: close.staffId })
    .where(eq(contactMessages.id, id));
}
