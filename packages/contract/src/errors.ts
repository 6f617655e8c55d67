/**
 * The one error-code catalogue (DESIGN 6). Codes are stable API; messages are the English
 * text sent alongside and the key the apps translate by (`errors.<code>` in the locales).
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This address does not exist.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.' },
  IDEMPOTENCY_MISMATCH: {
    status: 409,
    message: 'This request id was already used with a different request.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password' },
  ACCOUNT_LOCKED: { status: 403, message: 'This account is locked. Please contact support.' },
  DEMO_ACCOUNT: { status: 403, message: 'Demo accounts cannot do this.' },
  /** A play-money (points) account asked for real money: a deposit, a withdrawal, a real market. */
  PLAY_MONEY: {
    status: 403,
    message: 'This account plays for points: real money is not available to it.',
  },
  /** A play-money site (MONEY_MODE=play, issue 42 item 6): no deposit, withdrawal or payment. */
  PLAY_MONEY_SITE: {
    status: 403,
    message: 'This site plays for points only: there are no deposits, withdrawals or payments.',
  },
  /** The daily points allowance was claimed already on this day (India time). */
  ALLOWANCE_CLAIMED: {
    status: 409,
    message: "Today's points are already claimed. Come back tomorrow.",
  },
  /** The daily points allowance: only for a play-mode account on a play-money site. */
  ALLOWANCE_UNAVAILABLE: {
    status: 403,
    message: 'Daily points are only for accounts that play for points on a points site.',
  },
  NO_DEMO_USERS: { status: 404, message: 'Demo login is not available right now.' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken.' },
  PHONE_TAKEN: { status: 409, message: 'This mobile number is already registered.' },
  /** Registration: an agent code no agent has (a player would be attached to no one). */
  AGENT_CODE_UNKNOWN: { status: 400, message: 'No agent or player has this code.' },
  BONUS_OFFER_NOT_FOUND: { status: 404, message: 'This offer is not available.' },
  BONUS_FIRST_DEPOSIT_ONLY: {
    status: 409,
    message: 'This offer is for a first deposit, and you have deposited already.',
  },
  BONUS_ALREADY_CLAIMED: { status: 409, message: 'You have claimed this offer already.' },
  BONUS_CLAIM_PENDING: {
    status: 409,
    message: 'An offer you claimed is waiting for your deposit. Cancel it to claim another.',
  },
  BONUS_CLAIM_NOT_FOUND: { status: 404, message: 'This bonus was not found.' },
  BONUS_CLAIM_ENDED: { status: 409, message: 'This bonus has ended already.' },
  /** Regions (issue 42 item 7): the phone's country, the declared state or the address is not served. */
  REGION_BLOCKED: { status: 403, message: 'This site is not available in your region.' },
  EMAIL_TAKEN: { status: 409, message: 'This email is already registered.' },
  PHONE_NOT_VERIFIED: { status: 400, message: 'Please verify your mobile number first.' },
  OTP_INVALID: { status: 400, message: 'The OTP is incorrect.' },
  OTP_EXPIRED: { status: 400, message: 'The OTP has expired. Please request a new one.' },
  OTP_COOLDOWN: { status: 429, message: 'Please wait before requesting another OTP.' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is incorrect.' },
  RESET_NOT_STARTED: { status: 400, message: 'Please request a new password reset.' },
  STATEMENT_RANGE_INVALID: {
    status: 400,
    message: 'Choose a date range of at most 92 days with the start before the end.',
  },
  INSUFFICIENT_FUNDS: { status: 400, message: 'Insufficient balance.' },
  PLAYER_NOT_FOUND: { status: 404, message: 'No such player.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not accepted.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait and try again.' },
  MAINTENANCE: { status: 503, message: 'The site is under maintenance.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready.' },
  EVENT_NOT_FOUND: { status: 404, message: 'No such event.' },
  MARKET_NOT_FOUND: { status: 404, message: 'No such market.' },
  RUNNER_NOT_FOUND: { status: 404, message: 'No such selection in this market.' },
  MARKET_SUSPENDED: { status: 409, message: 'This market is suspended. Please try again shortly.' },
  MARKET_CLOSED: { status: 409, message: 'This market is closed for betting.' },
  PRICE_INVALID: { status: 400, message: 'This price is not on the odds ladder.' },
  STAKE_BELOW_MIN: { status: 400, message: 'The stake is below the minimum for this market.' },
  STAKE_ABOVE_MAX: { status: 400, message: 'The stake is above the maximum for this market.' },
  PROFIT_ABOVE_MAX: {
    status: 400,
    message: 'The possible profit is above the maximum for this market.',
  },
  RATE_CHANGED: {
    status: 409,
    message: 'The rate has changed. Please check the new rate and try again.',
  },
  /** Staff rates (bookmaker, fancy yes/no) a player could back and lay to win whatever the result. */
  RATES_OFFER_SURE_WIN: {
    status: 400,
    message:
      'These rates would let a player win whatever the result. Lower the back (yes) rates or raise the lay (no) rates.',
  },
  ORDER_NOT_FOUND: { status: 404, message: 'No such open bet.' },
  MARKET_ALREADY_SETTLED: {
    status: 409,
    message: 'This market is already settled with another result.',
  },
  MARKET_NOT_SETTLED: { status: 409, message: 'This market has not been settled yet.' },
  GATEWAY_NOT_FOUND: { status: 404, message: 'No such payment method.' },
  GATEWAY_DISABLED: { status: 409, message: 'This payment method is not available right now.' },
  GATEWAY_UNAVAILABLE: {
    status: 502,
    message: 'The payment gateway did not answer. Please try again shortly.',
  },
  AMOUNT_BELOW_MIN: { status: 400, message: 'The amount is below the minimum.' },
  AMOUNT_ABOVE_MAX: { status: 400, message: 'The amount is above the maximum.' },
  REFERENCE_USED: { status: 409, message: 'This transaction reference has already been used.' },
  FILE_REQUIRED: { status: 400, message: 'Please attach the required file.' },
  TOO_MANY_PARTS: { status: 413, message: 'The upload has too many files or fields.' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'No such file.' },
  DEPOSIT_NOT_FOUND: { status: 404, message: 'No such deposit request.' },
  WITHDRAWAL_NOT_FOUND: { status: 404, message: 'No such withdrawal request.' },
  BANK_DETAIL_NOT_FOUND: { status: 404, message: 'No such bank detail.' },
  BANK_DETAILS_LIMIT: { status: 409, message: 'You have saved the most bank details allowed.' },
  BANK_TYPE_CHANGE: { status: 400, message: 'The type of a saved bank detail cannot change.' },
  KYC_NOT_FOUND: { status: 404, message: 'No such KYC submission.' },
  KYC_REQUIRED: {
    status: 403,
    message: 'Please complete KYC verification before withdrawing this amount.',
  },
  KYC_ALREADY_PENDING: { status: 409, message: 'Your documents are already under review.' },
  KYC_ALREADY_APPROVED: { status: 409, message: 'Your KYC is already approved.' },
  REQUEST_ALREADY_DECIDED: { status: 409, message: 'This request has already been decided.' },
  REQUEST_EXPIRED: { status: 409, message: 'This request has expired.' },
  PENDING_REQUESTS_LIMIT: {
    status: 409,
    message: 'You have too many pending requests. Please wait for them to be processed.',
  },
  SIGNATURE_INVALID: { status: 401, message: 'The signature is not valid.' },
  CALLBACK_AMOUNT_MISMATCH: {
    status: 409,
    message: 'The paid amount does not match the request.',
  },
  TOTP_INVALID: { status: 401, message: 'The authenticator code is not valid.' },
  CHALLENGE_EXPIRED: { status: 401, message: 'Your sign-in step expired. Please sign in again.' },
  STAFF_DISABLED: { status: 403, message: 'This staff account is disabled.' },
  STAFF_NOT_FOUND: { status: 404, message: 'No such staff member.' },
  STAFF_USERNAME_TAKEN: { status: 409, message: 'This staff username is already taken.' },
  AGENT_CODE_TAKEN: { status: 409, message: 'This agent code is already in use.' },
  BANNER_NOT_FOUND: { status: 404, message: 'No such banner.' },
  ANNOUNCEMENT_NOT_FOUND: { status: 404, message: 'No such announcement.' },
  GAME_NOT_FOUND: { status: 404, message: 'No such game.' },
  GAME_DISABLED: { status: 409, message: 'This game is not available right now.' },
  // Not 401: the app ends the site session on any 401; a spent game link must not.
  CASINO_SESSION_INVALID: {
    status: 403,
    message: 'Your game session has ended. Please open the game again.',
  },
  BETTING_CLOSED: { status: 409, message: 'Betting is closed for this round.' },
  BET_OUTSIDE_LIMITS: { status: 400, message: "The stake is outside this table's limits." },
  ROUND_LIMIT_REACHED: { status: 409, message: 'Maximum bet is 7500 points per round.' },
  /** Crash: a cash-out at or after the crash; the bet is lost. */
  CRASH_ROUND_CRASHED: {
    status: 409,
    message: 'Too late: the round crashed before your cash-out.',
  },
  /** Crash: a cash-out before the flight started. */
  CRASH_NOT_FLYING: { status: 409, message: 'The round has not taken off yet.' },
  /** Crash: the player already has a bet on this panel in this round. */
  CRASH_PANEL_TAKEN: { status: 409, message: 'You already have a bet on this panel this round.' },
  /**
   * A limit of the player's (safer play) refused a stake. The envelope's `data.refusal` names
   * the limit and says when it lifts (issue 41 item 5).
   */
  LIMIT_REACHED: {
    status: 409,
    message: 'You have reached one of your limits. You can bet again once it lifts.',
  },
  /** The player excluded themselves from play; `data.refusal.until` says until when. */
  SELF_EXCLUDED: {
    status: 403,
    message: 'You have excluded yourself from play. Betting stays closed until it ends.',
  },
  /** The player took a time-out; `data.refusal.until` says when it ends. */
  TIME_OUT: {
    status: 403,
    message: 'You are taking a break. Betting opens again when your time-out ends.',
  },
  /** Safer play: a time-out or self-exclusion ending as late or later is already under way. */
  EXCLUSION_ACTIVE: {
    status: 409,
    message: 'A time-out or self-exclusion that lasts at least as long is already under way.',
  },
  /**
   * Safer play: a player under a time-out or self-exclusion asked for anything outside the
   * restricted view (withdrawals and history only).
   */
  RESTRICTED: {
    status: 403,
    message:
      'Your account is on a time-out or self-exclusion: only withdrawals and your history are open.',
  },
  /** Safer play: a return is asked only once a self-exclusion has ended, and only once. */
  RETURN_NOT_ALLOWED: {
    status: 409,
    message: 'You can ask to return only once your self-exclusion has ended.',
  },
  /** Personal data (issue 42 item 8): erasure waits until nothing is owed either way. */
  DATA_ERASURE_BALANCE: {
    status: 409,
    message:
      'Your account still holds money. Withdraw your balance (and let pending withdrawals finish) before asking to erase your account.',
  },
  DATA_ERASURE_OPEN_BETS: {
    status: 409,
    message: 'You still have open bets. Ask again once they are settled.',
  },
  DATA_REQUEST_OPEN: { status: 409, message: 'You already have an open request of this kind.' },
  DATA_REQUEST_NOT_FOUND: { status: 404, message: 'No such data request.' },
  DATA_REQUEST_DECIDED: { status: 409, message: 'This data request has already been answered.' },
  /** Contact messages (issue 44 item 1, docs/contact-messages.md). */
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, message: 'No such contact message.' },
  CONTACT_MESSAGE_ANSWERED: { status: 409, message: 'This message has already been answered.' },
  CONTACT_MESSAGE_CLOSED: { status: 409, message: 'This message is closed.' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];
