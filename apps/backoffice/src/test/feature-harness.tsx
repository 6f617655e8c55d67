import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { fail, stubApi } from '@spm/client/testing';
import type { MockRoute } from '@spm/client/testing';
import { useAuthStore } from '../shared/auth-store.ts';
import { initI18n } from '../shared/i18n.ts';

export { callsTo, fail, ok } from '@spm/client/testing';
export type { MockAnswer, MockRoute, RecordedCall } from '@spm/client/testing';

/** Replaces fetch only (the network boundary); routes are "METHOD /path" without the query. */
export function mockApi(routes: Record<string, MockRoute>) {
  return stubApi(routes, fail(404, 'ROUTE_NOT_FOUND', 'This address does not exist.'));
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
