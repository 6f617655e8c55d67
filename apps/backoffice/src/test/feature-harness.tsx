import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { useAuthStore } from '../shared/auth-store.ts';
import { initI18n } from '../shared/i18n.ts';

/** A canned answer: an envelope body (or a Blob for images) with a status. */
export interface MockAnswer {
  status?: number;
  body: unknown;
}
export type MockRoute =
  MockAnswer | ((url: URL, init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>);

export const ok = (data: unknown): MockAnswer => ({ body: { data, error: false } });
export const fail = (status: number, errorCode: string, message: string): MockAnswer => ({
  status,
  body: { data: null, error: true, message, errorCode },
});

/** Replaces fetch only (the network boundary); routes are "METHOD /path" without the query. */
export function mockApi(routes: Record<string, MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const answer: MockAnswer = !route
      ? fail(404, 'ROUTE_NOT_FOUND', 'This address does not exist.')
      : typeof route === 'function'
        ? await route(url, init)
        : route;
    if (answer.body instanceof Blob)
      return new Response(answer.body, { status: answer.status ?? 200 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export interface RecordedCall {
  url: URL;
  init: RequestInit;
  body: unknown;
  headers: Record<string, string>;
}

/** Every call made to `key` ("METHOD /path"), oldest first. */
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
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    }));
}

/** jsdom has no object URLs; images fetched with the token need them. */
export function stubObjectUrls(): void {
  let next = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:test/${(next += 1)}`),
    revokeObjectURL: vi.fn(),
  });
}

export function signInAsAdmin(): void {
  useAuthStore.setState({
    token: 'staff-token',
    staff: { id: '1', username: 'admin', role: 'admin' },
    signOutReason: null,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** One page with a fresh query client (no retries) and a router at `path`. */
export function renderPage(
  ui: ReactNode,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) {
  initI18n();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
