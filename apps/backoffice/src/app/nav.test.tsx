import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { agentMe, mockApi, ok } from '../test/mock-api.ts';
import { agentStaff, renderApp, resetSession } from '../test/render.tsx';

function navLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('role-aware navigation', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows an admin every section', async () => {
    mockApi();
    await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(navLinks()).toEqual([
      'Dashboard',
      'Players',
      'Limits report',
      'Deposits',
      'Withdrawals',
      'KYC',
      'Data requests',
      'Contact messages',
      'Events and markets',
      'Games',
      'Providers',
      'Rounds',
      'Casino GGR',
      'Crash rounds',
      'Crash RTP and GGR',
      'Crash settings',
      'App details',
      'Bonus offers',
      'Banners',
      'Announcements',
      'Payment gateways',
      'Notifications',
      'Market names',
      'Content pages',
      'Staff accounts',
      'Audit log',
    ]);
    expect(screen.getByTestId('staff-who')).toHaveTextContent('root.adminAdmin');
  });

  it('shows an agent only the dashboard, players and casino rounds, and refuses the other pages', async () => {
    mockApi({ 'GET /api/staff/me': ok(agentMe) });
    const { router } = await renderApp({ path: '/', staff: agentStaff });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(navLinks()).toEqual(['Dashboard', 'Players', 'Rounds']);
    expect(await screen.findByText('Code AG7')).toBeVisible();
    // Pending counts are shown without links to queues the agent cannot open.
    expect(within(screen.getByTestId('pending')).queryByRole('link')).toBeNull();

    for (const path of [
      '/audit',
      '/staff',
      '/queues/deposits',
      '/queues/contact',
      '/sports',
      '/settings/app',
      '/settings/bonus-offers',
      '/settings/names',
      '/settings/content',
      '/casino/games',
      '/casino/providers',
      '/casino/ggr',
      '/crash/rounds',
      '/crash/report',
      '/crash/settings',
      '/rg/limits',
    ]) {
      await router.navigate(path);
      // A loaded machine (CI) can take more than the default second to draw the next page.
      const refused = await screen.findByRole(
        'heading',
        { name: 'Not available' },
        { timeout: 5_000 },
      );
      expect(refused).toBeVisible();
    }
  });

  it('sends a signed-out visitor to the sign-in screen', async () => {
    mockApi();
    const { router } = await renderApp({ path: '/audit', staff: null });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  });

  it('follows a sign-out made in another tab', async () => {
    mockApi();
    const { router } = await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const signedOut = JSON.stringify({ state: { token: null, staff: null }, version: 0 });
    localStorage.setItem('backoffice-session', signedOut);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'backoffice-session', newValue: signedOut }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs out from the top bar', async () => {
    const api = mockApi();
    const { router } = await renderApp({ path: '/' });
    (await screen.findByRole('button', { name: 'Sign out' })).click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST /api/staff/logout')).toHaveLength(1);
  });
});
