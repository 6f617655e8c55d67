/*
 * Realtime channel names, apart from the payload schemas in realtime.ts: a module with zod
 * schemas at top level keeps them (and zod) in any bundle that uses one of its constants,
 * and the player app's first page needs the names but not the schemas (page weight,
 * docs/decisions.md).
 */

/** Realtime channel names (SPEC 7.8, DESIGN 7). */
export const REALTIME_PATH = '/public/';
export const CLIENT_EVENTS = {
  sessionCheck: 'session_check',
  getBalance: 'get:balance',
  /**
   * Safer play: the player answered a reality check on this page (continue or stop); the
   * server tells the player's other pages with `rg:reality_check_ack`.
   */
  realityCheckAnswered: 'rg:reality_check_answered',
  /**
   * The app's UI language changed (payload: the language code): server content pushed to
   * this socket (toasts, market names) follows it. The handshake's `auth.lang` sets it first.
   */
  setLanguage: 'language:set',
} as const;
export const SERVER_EVENTS = {
  updateBalance: 'update_balance',
  notificationToast: 'sub:notification_toast',
  sessionRefresh: 'session_refresh',
  /** The app details changed (organisation status, switches, links): to every socket. */
  appDetails: 'app_details',
  /** Safer play: a reality check fell due (issue 42 item 2), to each page of the session. */
  realityCheck: 'rg:reality_check',
  /**
   * Safer play: one page of the player answered the reality check named in the payload; every
   * page of the player closes its dialog for that check (not a newer one).
   */
  realityCheckAck: 'rg:reality_check_ack',
  /** Safer play: the session time limit was reached; the socket closes right after. */
  sessionLimit: 'rg:session_limit',
} as const;
export const SESSION_ERROR = 'SessionError';

/** The `message` of a handshake refusal when nothing more specific applies (SPEC 8). */
export const SESSION_ERROR_FALLBACK_MESSAGE = 'session error';
