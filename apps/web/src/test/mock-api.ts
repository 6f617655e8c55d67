import { fail, ok, stubApi } from '@spm/client/testing';
import type { MockAnswer, MockRoute } from '@spm/client/testing';
import { LIMIT_NAMES } from '@spm/contract';
import type { AppDetails, LimitsState } from '@spm/contract';

export { callsTo, fail, ok } from '@spm/client/testing';
export type { MockAnswer, MockRoute, RecordedCall } from '@spm/client/testing';

export const liveAppDetails: AppDetails = {
  OTP: 0,
  IS_EMAIL: 0,
  LOGO_URL: '/logo.svg',
  BRAND_STATUS: 'active',
  BRAND_NAME: 'SPM Exchange',
  WHATS_APP_URL: '',
  TELEGRAM: '',
  INSTATGRAM: '',
  FACEBOOK: '',
  organisationStatus: 'live',
  GRIEVANCE_OFFICER_NAME: 'Asha Rao',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@spm.example',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
  REFERRAL_REWARD_POINTS: 100,
  REFERRAL_MIN_DEPOSIT_POINTS: 500,
};

/** An empty first page of GET /notifications. */
export const noNotifications = { items: [], page: 1, pageSize: 20, total: 0, unread: 0 };

/** GET /rg/limits of a player with no limits who answered the prompts already. */
export const noLimitsState: LimitsState = {
  limits: LIMIT_NAMES.map((name) => {
    const [kind, period] = name.split('-') as [
      LimitsState['limits'][number]['kind'],
      LimitsState['limits'][number]['period'],
    ];
    return { name, kind, period, amount: null, used: 0, pending: null };
  }),
  promptDue: { registration: false, deposit: false },
  reviewDueAt: null,
  reviewDue: false,
};

// What every page asks for (app data), and what every signed-in page asks for (the header's
// exposure and notifications), answered plainly so tests only name the routes they care about.
const defaultRoutes: Record<string, MockRoute> = {
  'GET /api/getAppDetails': ok(liveAppDetails),
  'GET /api/getBanners': ok([]),
  'GET /api/announcement/display': ok([]),
  'GET /api/bet/exposure/amount': ok({ exposureAmount: 0 }),
  'GET /api/notifications': ok(noNotifications),
  // The player home lists events.
  'GET /api/bet/matches': ok({ items: [], page: 1, pageSize: 50, total: 0 }),
  // The profile page lists the saved bank details.
  'GET /api/bank': ok([]),
  // …and the player's data choices (issue 42 item 8).
  'GET /api/privacy/consent': ok({ given: false, givenAt: null, withdrawnAt: null }),
  'GET /api/privacy/requests': ok([]),
  // Every signed-in page may offer the limits prompt (safer play).
  'GET /api/rg/limits': ok(noLimitsState),
  // ...and the safer-play session settings (issue 42 item 2).
  'GET /api/rg/reality-check': ok({
    realityCheckMinutes: null,
    sessionLimitMinutes: null,
    updatedAt: null,
    sessionStartedAt: '2026-12-02T09:00:00.000Z',
    sessionEndsAt: '2026-12-03T09:00:00.000Z',
  }),
};

/**
 * Replaces `fetch` only (the network boundary): routes are keyed "METHOD /path" without
 * the query string. Unknown routes answer 404 with an error envelope.
 */
export function mockApi(routes: Record<string, MockRoute> = {}) {
  return stubApi({ ...defaultRoutes, ...routes }, fail(404, 'NOT_FOUND', 'Not found.'));
}

/** A route answer the test releases when it wants (to see busy states). */
export function deferred(answer: MockAnswer) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const route: MockRoute = async () => {
    await gate;
    return answer;
  };
  return { route, release: () => release() };
}
