import type { Notification } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import {
  countUnread,
  insertNotification,
  listNotifications,
  markNotificationsRead,
} from './notification-repository.ts';
import type { ServiceDeps } from '../../deps.ts';

export interface NotificationInput {
  title: string;
  message: string;
  status: Notification['status'];
}

/**
 * Stores the notification inside the caller's transaction and answers the emit to run
 * after that transaction commits (a rolled-back notification is never toasted).
 */
export async function storeNotification(
  db: DbHandle,
  deps: Pick<ServiceDeps, 'clock' | 'realtime'>,
  userId: number,
  input: NotificationInput,
): Promise<() => void> {
  await insertNotification(db, { userId, ...input, createdAt: deps.clock.now() });
  return () =>
    deps.realtime.emitToUser(userId, 'sub:notification_toast', {
      title: input.title,
      message: input.message,
      status: input.status,
    });
}

/** Stores a notification for the player and toasts it to that player's sockets only. */
export async function notify(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  userId: number,
  input: NotificationInput,
): Promise<void> {
  const emit = await storeNotification(deps.db, deps, userId, input);
  emit();
}

export async function getNotifications(
  deps: Pick<ServiceDeps, 'db'>,
  userId: number,
  page: number,
  pageSize: number,
) {
  const { rows, total, unread } = await listNotifications(
    deps.db,
    userId,
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      message: row.message,
      status: row.status,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total,
    unread,
  };
}

/** Marks the caller's own notifications read; ids of other players' rows change nothing. */
export async function readNotifications(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  userId: number,
  ids: string[] | undefined,
): Promise<{ unread: number }> {
  const numeric = ids?.filter((id) => /^\d{1,18}$/.test(id)).map(Number);
  if (numeric === undefined || numeric.length > 0) {
    await markNotificationsRead(deps.db, userId, numeric, deps.clock.now());
  }
  return { unread: await countUnread(deps.db, userId) };
}
