import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const emptyPage = { items: [], page: 1, pageSize: 20, total: 0 };
const location = () => screen.getByTestId('location').textContent;
const nav = () => within(screen.getByTestId('bottom-nav'));

describe('bottom navigation (phones)', () => {
  beforeEach(() => {
    resetStores();
    mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/bets': ok(emptyPage),
      'GET /api/bet/matches': ok(emptyPage),
    });
  });

  it('links a player to home, in-play, my bets, cashier and account, marking the current one', async () => {
    signIn();
    renderApp('/mybets');
    await screen.findByTestId('page-title');
    expect(nav().getByTestId('bottom-nav-home')).toHaveAttribute('href', '/home');
    expect(nav().getByTestId('bottom-nav-inPlay')).toHaveAttribute('href', '/sports/cricket');
    expect(nav().getByTestId('bottom-nav-myBets')).toHaveAttribute('href', '/mybets');
    expect(nav().getByTestId('bottom-nav-cashier')).toHaveAttribute('href', '/cashier');
    expect(nav().getByTestId('bottom-nav-account')).toHaveAttribute('href', '/profile');
    expect(nav().getByTestId('bottom-nav-myBets')).toHaveAttribute('aria-current', 'page');
    expect(nav().getByTestId('bottom-nav-myBets')).toHaveClass('bottom-nav__item--active');
    expect(nav().getByTestId('bottom-nav-home')).not.toHaveAttribute('aria-current');

    await userEvent.click(nav().getByTestId('bottom-nav-home'));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(nav().getByTestId('bottom-nav-home')).toHaveAttribute('aria-current', 'page');
    expect(nav().getByTestId('bottom-nav-myBets')).not.toHaveAttribute('aria-current');
  });

  it('sends a visitor tapping my bets to the sign-in dialog, as any protected route does', async () => {
    renderApp('/spmsports/cricket');
    await screen.findByTestId('page-title');
    expect(nav().getByTestId('bottom-nav-home')).toHaveAttribute('href', '/');
    expect(nav().getByTestId('bottom-nav-inPlay')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(nav().getByTestId('bottom-nav-myBets'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal', 'login');
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it.each(['cashier', 'account'])('opens sign-in for a visitor tapping %s', async (key) => {
    renderApp('/spmsports/cricket');
    await screen.findByTestId('page-title');
    await userEvent.click(nav().getByTestId(`bottom-nav-${key}`));
    await waitFor(() => expect(useAppStore.getState().activeAuthModal).toBe('login'));
    expect(location()).toBe('/');
  });
});

describe('account menu', () => {
  beforeEach(() => {
    resetStores();
    mockApi({ 'GET /api/profile': ok(playerProfile), 'GET /api/bets': ok(emptyPage) });
  });

  it('links to /mybets', async () => {
    signIn();
    renderApp('/profile');
    await userEvent.click(await screen.findByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('mybets-link'));
    await waitFor(() => expect(location()).toBe('/mybets'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
