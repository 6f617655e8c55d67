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
  NO_DEMO_USERS: { status: 404, message: 'Demo login is not available right now.' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken.' },
  PHONE_TAKEN: { status: 409, message: 'This mobile number is already registered.' },
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
  ORDER_NOT_FOUND: { status: 404, message: 'No such open bet.' },
  MARKET_ALREADY_SETTLED: {
    status: 409,
    message: 'This market is already settled with another result.',
  },
  MARKET_NOT_SETTLED: { status: 409, message: 'This market has not been settled yet.' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];
