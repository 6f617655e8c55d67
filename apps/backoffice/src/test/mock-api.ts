import { vi } from 'vitest';
import type { AppDetails, Dashboard, StaffMe } from '@spm/contract';

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
