import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/routes/app-routes';
import { createQueryClient } from '@/shared/lib/query-client';
import { useAuthStore, authInitialState } from '@/shared/stores/auth-store';
import { useAppStore, appInitialState } from '@/shared/stores/app-store';
import { useSiteMoneyModeStore } from '@/shared/stores/site-money-mode';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Fresh stores for each test: module singletons would otherwise carry state across. */
export function resetStores({ hydrated = true }: { hydrated?: boolean } = {}): void {
  useAuthStore.setState({ ...authInitialState, isStoreHydrated: hydrated });
  useAppStore.setState({ ...appInitialState });
  useSiteMoneyModeStore.setState({ mode: null });
}

export function signIn(): void {
  useAuthStore.getState().setSession({ token: 'token-1', user: { id: 1, username: 'ravi' } });
}

/**
 * One piece of the app (a dialog host, a page) with the real providers and a router at
 * `path`, plus the location probe; for tests that need less than the whole route table.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}

/** The whole app (real providers, routes and stores) at `path`, with a location probe. */
export function renderApp(path: string) {
  const utils = render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <div data-testid="app-root">
          <AppRoutes />
        </div>
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return utils;
}
