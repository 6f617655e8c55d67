import { toast } from 'react-toastify';
import type { TypeOptions } from 'react-toastify';
import { i18n } from '@/shared/i18n/i18n';

/** The realtime `sub:notification_toast` payload (SPEC 3 "Realtime notification"). */
export interface NotificationPayload {
  title?: string | null;
  message?: string | null;
  status?: string | null;
}

export type NotificationStatus = Extract<TypeOptions, 'success' | 'info' | 'warning' | 'error'>;

const NOTIFICATION_STATUSES: readonly NotificationStatus[] = [
  'success',
  'info',
  'warning',
  'error',
];

/** SPEC 8: success, info, warning or error; any other status becomes error. */
export function notificationToastType(status: unknown): NotificationStatus {
  return NOTIFICATION_STATUSES.find((known) => known === status) ?? 'error';
}

/**
 * SPEC 8: "title : message", or whichever of the two exists, else the fallback
 * ("Something went wrong" in English; the caller passes the translated text).
 */
export function notificationToastText(
  payload: NotificationPayload,
  fallback = 'Something went wrong',
): string {
  const { title, message } = payload;
  if (title && message) return `${title} : ${message}`;
  return title || message || fallback;
}

/** Shows a realtime notification as a toast of the matching type. */
export function showNotificationToast(payload: NotificationPayload): void {
  const text = notificationToastText(payload, i18n.t('common.somethingWentWrong'));
  toast(text, { type: notificationToastType(payload.status) });
}
