/** Realtime channel names (SPEC 7.8, DESIGN 7). */
export const REALTIME_PATH = '/public/';
export const CLIENT_EVENTS = {
  sessionCheck: 'session_check',
  getBalance: 'get:balance',
} as const;
export const SERVER_EVENTS = {
  updateBalance: 'update_balance',
  notificationToast: 'sub:notification_toast',
  sessionRefresh: 'session_refresh',
} as const;
export const SESSION_ERROR = 'SessionError';
