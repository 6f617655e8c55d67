import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database.ts';
import { notifications } from '../ledger/tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export async function insertNotification(db: DbHandle, row: NewNotificationRow): Promise<void> {
  await db.insert(notifications).values(row);
}

/** One page of a player's notifications, newest first, with the total. */
export async function listNotifications(
  db: DbHandle,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db
    .select({ total: count(), unread: count(notifications.readAt) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const total = totals?.total ?? 0;
  return { rows, total, unread: total - (totals?.unread ?? 0) };
}

/** Marks the player's own notifications read (the given ids, or all of them). */
export async function markNotificationsRead(
  db: DbHandle,
  userId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids === undefined ? mine : and(mine, inArray(notifications.id, ids)));
}

export async function countUnread(db: DbHandle, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
