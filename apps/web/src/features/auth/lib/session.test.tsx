import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/shared/i18n/i18n';
import { MOBILE_DETAILS_STORAGE_KEY, TRACKER_STORAGE_KEY } from '@/shared/lib/storage';
import { AUTH_STORE_NAME, authInitialState, useAuthStore } from '@/shared/stores/auth-store';
import { APP_STORE_NAME, useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';
import { logout } from './session';

const location = () => screen.getByTestId('location').textContent;

/** A signed-in player with a wallet, exposure and every storage item of SPEC 3. */
function signedInPlayer() {
  useAuthStore.getState().setSession({
    token: 'token-1',
    user: { id: 'u-1', username: 'ravi', name: 'ravi', isDemo: false, typeId: 3 },
  });
  useAuthStore.getState().setUserProfile(playerProfile);
  useAuthStore.getState().setWallet({ balance: 900, cash: 800, coins: 100, sports: 0, wicket: 0 });
  useAuthStore.getState().setExposureAmount(250);
  useAppStore.getState().setTheme('light');
  localStorage.setItem(MOBILE_DETAILS_STORAGE_KEY, 'e30=');
  localStorage.setItem(TRACKER_STORAGE_KEY, 'trk-1');
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
}

function expectSessionCleared() {
  const state = useAuthStore.getState();
  expect({
    isAuth: state.isAuth,
    token: state.token,
    user: state.user,
    userProfile: state.userProfile,
    wallet: state.wallet,
    exposureAmount: state.exposureAmount,
  }).toEqual({ ...authInitialState });
  expect(localStorage.getItem(AUTH_STORE_NAME)).toBeNull();
  expect(localStorage.getItem(MOBILE_DETAILS_STORAGE_KEY)).toBeNull();
  // Theme (app store) and language stay; so does the visitor's tracking id.
  expect(JSON.parse(localStorage.getItem(APP_STORE_NAME) ?? '{}')).toMatchObject({
    state: { toggleTheme: 'light' },
  });
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  expect(localStorage.getItem(TRACKER_STORAGE_KEY)).toBe('trk-1');
}

describe('header when signed in (SPEC 2.4)', () => {
  beforeEach(() => resetStores());

  it('shows the username and an account menu with Profile and Logout', async () => {
    mockApi({ 'GET /api/profile': ok(playerProfile) });
    signedInPlayer();
    renderApp('/home');
    expect(await screen.findByTestId('header-username')).toHaveTextContent('ravi');
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('account-menu'));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBe(
      screen.getByTestId('logout-button'),
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('logout (SPEC 4.4)', () => {
  beforeEach(() => resetStores());

  it('with the signout flag (the Logout button): POST /signout, then clear, then /', async () => {
    const gate = deferred(ok({ message: 'Signed out' }));
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      'POST /api/signout': gate.route,
    });
    signedInPlayer();
    renderApp('/profile');
    await screen.findByTestId('profile-username');
    const socket = await createdSocket();

    await userEvent.click(screen.getByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('logout-button'));
    // The call goes out with the session's token before anything is cleared.
    const [signout] = callsTo(fetchMock, 'POST /api/signout');
    expect(signout?.headers.authorization).toBe('token-1');
    expect(useAuthStore.getState().isAuth).toBe(true);
    // The socket is closed first, so the server dropping it cannot surface as a session error.
    expect(socket.disconnected).toBe(true);

    gate.release();
    await waitFor(() => expect(location()).toBe('/'));
    expectSessionCleared();
    expect(socket.disconnected).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useAppStore.getState().activeAuthModal).toBeNull();
    expect(screen.getByTestId('open-login')).toBeInTheDocument();
  });

  it('with the signout flag still ends the local session when the call fails', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      'POST /api/signout': fail(500, 'INTERNAL', 'x'),
    });
    signedInPlayer();
    renderApp('/home');
    await userEvent.click(await screen.findByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(location()).toBe('/'));
    expectSessionCleared();
  });

  it('without the flag: no signout call, the same clearing, login dialog open, user at /', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile) });
    signedInPlayer();
    renderApp('/kyc');
    expect(await screen.findByTestId('header-username')).toBeInTheDocument();
    const socket = await createdSocket();

    await act(() => logout());
    expect(location()).toBe('/');
    expectSessionCleared();
    expect(socket.disconnected).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/signout')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'login');
  });

  it('also leaves a common page for /', async () => {
    mockApi();
    signedInPlayer();
    renderApp('/contactus');
    await screen.findByTestId('header-username');
    await act(() => logout());
    expect(location()).toBe('/');
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it('happens on a 401 with the error flag while a token exists (SPEC 4.5)', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': fail(
        401,
        'SESSION_EXPIRED',
        'Your session has expired. Please sign in again.',
      ),
    });
    signedInPlayer();
    renderApp('/profile');
    await waitFor(() => expect(location()).toBe('/'));
    expectSessionCleared();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'login');
    expect(callsTo(fetchMock, 'POST /api/signout')).toHaveLength(0);
  });
});
