import { vi } from 'vitest';
import type {
  AppDetails,
  BonusClaim,
  Dashboard,
  StaffBonusOffer,
  StaffMe,
  StaffPlayerBonuses,
} from '@spm/contract';

/** A canned answer: an envelope body with a status. */
export interface MockAnswer {
  status?: number;
  body: unknown;
}
export type MockRoute = MockAnswer | ((request: RecordedCall) => MockAnswer | Promise<MockAnswer>);

export interface RecordedCall {
  method: string;
  url: URL;
  /** The JSON body, parsed; undefined when there was none or it was multipart. */
  body: unknown;
  headers: Record<string, string>;
}

export const ok = (data: unknown): MockAnswer => ({ body: { data, error: false } });
export const fail = (status: number, errorCode: string, message: string): MockAnswer => ({
  status,
  body: { data: null, error: true, message, errorCode },
});

export const adminMe: StaffMe = {
  id: '1',
  username: 'root.admin',
  role: 'admin',
  agentCode: null,
  idleTimeoutMinutes: 30,
};
export const agentMe: StaffMe = {
  id: '7',
  username: 'agent.seven',
  role: 'agent',
  agentCode: 'AG7',
  idleTimeoutMinutes: 30,
};

export const liveAppDetails: AppDetails = {
  OTP: 0,
  IS_EMAIL: 0,
  LOGO_URL: '/logo.svg',
  BRAND_STATUS: 'active',
  BRAND_NAME: 'SPM',
  WHATS_APP_URL: '',
  TELEGRAM: '',
  INSTATGRAM: '',
  FACEBOOK: '',
  organisationStatus: 'live',
  GRIEVANCE_OFFICER_NAME: 'Grievance Officer',
  REFERRAL_REWARD_POINTS: 100,
  REFERRAL_MIN_DEPOSIT_POINTS: 500,
  GRIEVANCE_OFFICER_EMAIL: 'grievance@spm.example',
  GRIEVANCE_OFFICER_PHONE: '',
};

/** A bonus offer as the staff list shows it (Welcome 100 %, up to 5,000 on 500 or more). */
export function staffBonusOfferFixture(overrides: Partial<StaffBonusOffer> = {}): StaffBonusOffer {
  return {
    id: 3,
    title: 'Welcome bonus',
    titleTranslations: { hi: 'स्वागत बोनस' },
    percent: 100,
    maxBonusPoints: 5000,
    minDepositPoints: 500,
    wageringMultiplier: 10,
    validDays: 30,
    firstDepositOnly: true,
    active: true,
    startsAt: null,
    endsAt: '2026-12-31T18:29:00.000Z',
    claims: 42,
    grantedPoints: 61250,
    convertedPoints: 8400.5,
    createdAt: '2026-11-01T06:00:00.000Z',
    updatedAt: '2026-11-01T06:00:00.000Z',
    ...overrides,
  };
}

/** One bonus of a player: by default an active welcome bonus, half wagered. */
export function bonusClaimFixture(overrides: Partial<BonusClaim> = {}): BonusClaim {
  return {
    id: 31,
    source: 'offer',
    offerId: 3,
    title: 'Welcome bonus',
    status: 'active',
    percent: 100,
    maxBonusPoints: 5000,
    minDepositPoints: 500,
    bonusPoints: 1000,
    depositPoints: 1000,
    wageringRequiredPoints: 10000,
    wageredPoints: 4500,
    convertedPoints: null,
    forfeitedPoints: null,
    createdAt: '2026-11-20T05:00:00.000Z',
    activatedAt: '2026-11-20T05:10:00.000Z',
    expiresAt: '2026-12-20T05:10:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

/** A bonus whose coins came with no offer (a gateway's deposit bonus, a referral reward). */
const WITHOUT_OFFER = {
  offerId: null,
  title: null,
  percent: null,
  maxBonusPoints: null,
  minDepositPoints: null,
  depositPoints: null,
} as const;

/** A player's bonuses: the active one, a completed referral reward and an expired gateway bonus. */
export function staffPlayerBonusesFixture(): StaffPlayerBonuses {
  return {
    coinsPoints: 640,
    claims: [
      bonusClaimFixture(),
      bonusClaimFixture({
        ...WITHOUT_OFFER,
        id: 22,
        source: 'referral',
        status: 'completed',
        bonusPoints: 100,
        wageringRequiredPoints: 1000,
        wageredPoints: 1000,
        convertedPoints: 100,
        endedAt: '2026-11-15T09:00:00.000Z',
      }),
      bonusClaimFixture({
        ...WITHOUT_OFFER,
        id: 12,
        source: 'deposit',
        status: 'expired',
        bonusPoints: 50,
        wageringRequiredPoints: 500,
        wageredPoints: 120,
        forfeitedPoints: 38.75,
        endedAt: '2026-10-30T09:00:00.000Z',
      }),
    ],
  };
}

export function dashboardFixture(): Dashboard {
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);
    return {
      date,
      deposits: 1000 + index * 10,
      withdrawals: 400 + index * 5,
      ggr: index % 7 === 0 ? -150 : 250 + index,
      newPlayers: index % 4,
    };
  });
  return {
    today: {
      deposits: 125000.5,
      withdrawals: 40000,
      ggr: -2500.25,
      newPlayers: 12,
      activePlayers: 340,
    },
    month: {
      deposits: 2500000,
      withdrawals: 900000,
      ggr: 310000.75,
      newPlayers: 210,
      activePlayers: 4100,
    },
    pending: { deposits: 4, withdrawals: 2, kyc: 0 },
    days,
  };
}

function defaultRoutes(): Record<string, MockRoute> {
  return {
    'GET /api/staff/me': ok(adminMe),
    'GET /api/staff/dashboard': ok(dashboardFixture()),
    'GET /api/healthz': ok({ status: 'ok' }),
    'GET /api/readyz': ok({ status: 'ok' }),
    'GET /api/getAppDetails': ok(liveAppDetails),
    'POST /api/staff/logout': ok(null),
  };
}

/**
 * Replaces `fetch` only (the network boundary). Routes are keyed "METHOD /path" without the
 * query string; unknown routes answer 404 with an error envelope. Every call is recorded.
 */
export function mockApi(routes: Record<string, MockRoute> = {}) {
  const table = { ...defaultRoutes(), ...routes };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    let body: unknown;
    if (typeof init?.body === 'string') body = JSON.parse(init.body) as unknown;
    const call: RecordedCall = { method, url, body, headers };
    calls.push(call);
    const route = table[`${method} ${url.pathname}`];
    const answer: MockAnswer = !route
      ? fail(404, 'ROUTE_NOT_FOUND', 'This address does not exist.')
      : typeof route === 'function'
        ? await route(call)
        : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === key),
    set: (key: string, route: MockRoute) => {
      table[key] = route;
    },
  };
}
