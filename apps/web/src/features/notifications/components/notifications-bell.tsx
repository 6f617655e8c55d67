import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@spm/contract';
import { useDismiss } from '@/shared/hooks/use-dismiss';
import { formatDateTime } from '@spm/client';
import {
  useMarkNotificationsRead,
  useNotifications,
  useNotificationsLiveRefresh,
} from '../api/notifications-api';
import './notifications-bell.css';

/** More than this shows as "99+" so the badge keeps its size. */
const MAX_BADGE_COUNT = 99;

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t, i18n } = useTranslation();
  const { title, message, status, read, createdAt } = notification;
  return (
    <li>
      <button
        type="button"
        className={`notification notification--${status}${read ? '' : ' notification--unread'}`}
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-status={status}
        data-read={read}
      >
        <span className="notification__marker" aria-hidden="true" />
        <span className="notification__body">
          {title && <span className="notification__title">{title}</span>}
          {message && <span className="notification__message">{message}</span>}
          <time className="notification__time" dateTime={createdAt}>
            {formatDateTime(createdAt, i18n.language)}
          </time>
        </span>
        <span className="visually-hidden">
          {t(`notifications.status.${status}`)}
          {read ? '' : `, ${t('notifications.unread')}`}
        </span>
      </button>
    </li>
  );
}

/**
 * The signed-in header's bell (SPEC 3 "Notifications"): the unread count, and a panel with
 * the player's notifications, newest first, page by page. Opening an unread one marks it
 * read; "mark all read" marks every one. A realtime notification refreshes it.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  useNotificationsLiveRefresh();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  const pages = notifications.data?.pages ?? [];
  const unread = pages[0]?.unread ?? 0;
  // A notification arriving between two "load more" shifts the pages by one; the id keeps
  // the repeated one from showing twice.
  // Newest first whatever the paging did (sort is stable: equal times keep server order).
  const items = [
    ...new Map(pages.flatMap((page) => page.items).map((item) => [item.id, item])).values(),
  ].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

  const onOpenNotification = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification.id]);
  };

  let content;
  if (notifications.isPending) {
    content = (
      <p className="notifications-panel__note" role="status">
        {t('common.loading')}
      </p>
    );
  } else if (items.length === 0) {
    content = (
      <p className="notifications-panel__note" data-testid="notifications-empty">
        {notifications.isError ? t('notifications.loadError') : t('notifications.empty')}
      </p>
    );
  } else {
    content = (
      <ul className="notifications-panel__list" data-testid="notifications-list">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={onOpenNotification}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="notifications" ref={rootRef}>
      <button
        type="button"
        className="notifications__bell"
        aria-label={
          unread > 0 ? t('notifications.bellUnread', { unread }) : t('notifications.title')
        }
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="notifications-bell"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && (
          <span
            className="notifications__count"
            aria-hidden="true"
            data-testid="notifications-unread"
          >
            {unread > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          className="notifications-panel"
          id={panelId}
          aria-label={t('notifications.title')}
          data-testid="notifications-panel"
        >
          <header className="notifications-panel__header">
            <h2 className="notifications-panel__title">{t('notifications.title')}</h2>
            <button
              type="button"
              className="link-button"
              onClick={() => markRead.mutate(undefined)}
              disabled={unread === 0 || markRead.isPending}
              data-testid="notifications-mark-all"
            >
              {t('notifications.markAll')}
            </button>
          </header>
          {content}
          {notifications.hasNextPage && (
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => void notifications.fetchNextPage()}
              disabled={notifications.isFetchingNextPage}
              aria-busy={notifications.isFetchingNextPage}
              data-testid="notifications-load-more"
            >
              {notifications.isFetchingNextPage ? t('common.loading') : t('notifications.loadMore')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
