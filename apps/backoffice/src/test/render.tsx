import { act, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StaffMember } from '@spm/contract';
import { AppProviders } from '../app/provider.tsx';
import { routes } from '../app/routes.tsx';
import { useAuthStore } from '../shared/auth-store.ts';
import { initI18n } from '../shared/i18n.ts';
import { adminMe } from './mock-api.ts';

export const adminStaff: StaffMember = {
  id: adminMe.id,
  username: adminMe.username,
  role: 'admin',
};
export const agentStaff: StaffMember = { id: '7', username: 'agent.seven', role: 'agent' };

export interface RenderAppOptions {
  path?: string;
  /** Signed in as this member (token "staff-token"); null: signed out. */
  staff?: StaffMember | null;
}

/** The whole app (real routes, guards and layout) in a memory router, in English. */
export async function renderApp({ path = '/', staff = adminStaff }: RenderAppOptions = {}) {
  initI18n();
  await act(async () => {
    await i18next.changeLanguage('en');
  });
  useAuthStore.setState({
    token: staff ? 'staff-token' : null,
    staff,
    signOutReason: null,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Clears what a test leaves in storage and the session. */
export function resetSession(): void {
  localStorage.clear();
  useAuthStore.setState({ token: null, staff: null, signOutReason: null });
}
