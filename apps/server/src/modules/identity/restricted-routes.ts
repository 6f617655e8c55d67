import type { AuthContext } from '../../http/auth.ts';
import { AppError } from '../../http/app-error.ts';

/*
 * What a player under a time-out or self-exclusion may still ask for (issue 42 item 3: "only
 * a restricted view, where the player can withdraw the remaining balance and read their
 * history and nothing else"). Every other route behind a player session answers 403
 * RESTRICTED; public routes asked without a session stay as they are. Keys are the method and
 * the route's URL pattern as fastify knows it (with the API prefix): http/auth.ts's
 * routeOfRequest.
 */
export const RESTRICTED_OPEN_ROUTES: ReadonlySet<string> = new Set([
  // What the app shell needs to run, and signing out.
  'GET /api/profile',
  'POST /api/signout',
  // The restricted view itself: the status, a longer one, the return after a self-exclusion.
  'GET /api/rg/exclusion',
  'POST /api/rg/exclusion',
  'POST /api/rg/exclusion/return',
  // Withdrawing the balance: the bank details and KYC a withdrawal needs, the requests.
  'GET /api/bank',
  'GET /api/bank/:id',
  'POST /api/bank',
  'PATCH /api/bank',
  'DELETE /api/bank',
  'GET /api/kyc',
  'POST /api/kyc',
  'GET /api/withdraw/info',
  'GET /api/withdraw/gateways',
  'POST /api/withdraw/request/otp',
  'POST /api/withdrawRequest/create',
  'POST /api/withdrawRequest/dynamic',
  'GET /api/withdrawRequest/get',
  'POST /api/withdrawRequest/cancel',
  // Reading their history: balance and exposure, statement, bets, casino rounds, own data.
  'GET /api/bet/exposure/amount',
  'GET /api/getAccountstatement/:from/:to',
  'GET /api/bets',
  'GET /api/casino/rounds',
  'GET /api/sportsbook/bets',
  'GET /api/privacy/export',
  'GET /api/privacy/consent',
  'PUT /api/privacy/consent',
  'GET /api/privacy/requests',
  'POST /api/privacy/requests',
  // Writing to the operator (the contact form) and reading the answers (issue 44 item 1).
  'GET /api/contact/messages',
  'POST /api/contact/messages',
]);

/**
 * Refuses a restricted player's request outside the restricted view's routes. `auth` says
 * whether a restriction is in force at this request (`restrictedUntilMs`).
 */
export function refuseRestrictedOutsideView(auth: AuthContext, route: string): void {
  if (auth.restrictedUntilMs !== null && !RESTRICTED_OPEN_ROUTES.has(route)) {
    throw new AppError('RESTRICTED');
  }
}
