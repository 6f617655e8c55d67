import { vi } from 'vitest';
import type { AppDetails } from '@spm/contract';

/** A canned answer: an envelope body with a status, or a function of the request. */
export interface MockAnswer {
  status?: number;
  body: unknown;
}
export type MockRoute =
  MockAnswer | ((url: URL, init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>);

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
};

export const ok = (data: unknown): MockAnswer => ({ body: { data, error: false } });

/** An empty first page of GET /notifications. */
export const noNotifications = { items: [], page: 1, pageSize: 20, total: 0, unread: 0 };

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
};

/**
 * Replaces `fetch` only (the network boundary): routes are keyed "METHOD /path" without
 * the query string. Unknown routes answer 404 with an error envelope.
 */
export function mockApi(routes: Record<string, MockRoute> = {}) {
  const table = { ...defaultRoutes, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = table[key];
    const answer: MockAnswer = !route
      ? {
          status: 404,
          body: { data: null, error: true, message: 'Not found.', errorCode: 'NOT_FOUND' },
        }
      : typeof route === 'function'
        ? await route(url, init)
        : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An error envelope as the server sends it (DESIGN 6). */
export const fail = (status: number, errorCode: string, message: string): MockAnswer => ({
  status,
  body: { data: null, error: true, message, errorCode },
});

export interface RecordedCall {
  url: URL;
  init: RequestInit;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  headers: Record<string, string>;
}

/** Every call the app made to `key` ("METHOD /path"), oldest first. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): RecordedCall[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), window.location.origin),
      init: init ?? {},
    }))
    .filter(({ url, init }) => `${init.method ?? 'GET'} ${url.pathname}` === key)
    .map(({ url, init }) => ({
      url,
      init,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    }));
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
