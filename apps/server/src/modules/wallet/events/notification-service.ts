import { objectWith } from '@spm/core';
import {
  SERVER_EVENTS,
  textIn,
  type Language,
  type Notification,
  type NotificationTranslations,
} from '@spm/contract';
import type { DbHandle } from '../../../db/database.ts';
import {
  countUnread,
  insertNotification,
  listNotifications,
  markNotificationsRead,
} from './notification-repository.ts';
import type { ServiceDeps } from '../../../deps.ts';
import { insertOutboxEvents } from '../../../outbox/outbox-repository.ts';
import { kickOutbox, socketEvent } from '../../../outbox/outbox-worker.ts';
import { ledgerContextOf } from '../ledger/ledger-service.ts';
import { localizedToast } from '../../../realtime/localized.ts';
import { lockWalletVersion } from '../ledger/ledger-repository.ts';

export interface NotificationInput {
  title: string;
  message: string;
  status: Notification['status'];
  /** Title and message in other languages (a staff broadcast); English where none. */
  translations?: NotificationTranslations;
}

/**
 * Stores the notification inside the caller's transaction, with its toast in the outbox of
 * the same transaction (a rolled-back notification is never toasted; a committed one is,
 * even if the process dies right after). Answers what to run after commit: a kick of the
 * outbox worker, so the toast goes out now rather than at the next poll.
 */
export async function storeNotification(
  db: DbHandle,
  deps: Pick<ServiceDeps, 'clock' | 'realtime'>,
  userId: number,
  input: NotificationInput,
): Promise<() => void> {
  const now = deps.clock.now();
  await insertNotification(db, objectWith({ userId, ...input }, { createdAt: now }));
  // The toast's other languages ride in the outbox row; the worker sends each socket its own.
  const toast = socketEvent(
    userId,
    SERVER_EVENTS.notificationToast,
    localizedToast(
      { title: input.title, message: input.message, status: input.status },
      input.translations,
    ),
  );
  const ledger = ledgerContextOf(db);
  if (ledger) {
    // Written with the ledger transaction's other events, after the player's balance.
    ledger.outbox.push(toast);
    return () => undefined;
  }
  // A savepoint inside the caller's transaction, or a transaction of its own: the lock
  // orders the toast behind the player's money events that are still committing.
  await db.transaction(async (tx) => {
    await lockWalletVersion(tx, userId);
    await insertOutboxEvents(tx, [toast], now);
  });
  return () => kickOutbox(deps.realtime);
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

/** One page of the player's notifications, each in `language` (English where none). */
export async function getNotifications(
  deps: Pick<ServiceDeps, 'db'>,
  userId: number,
  { page, pageSize }: { page: number; pageSize: number },
  language: Language,
) {
  const { rows, total, unread } = await listNotifications(
    deps.db,
    userId,
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    items: rows.map((row) => {
      const english = { title: row.title, message: row.message };
      const { title, message } = textIn(english, row.translations, language);
      return {
        id: String(row.id),
        title,
        message,
        status: row.status,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
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
