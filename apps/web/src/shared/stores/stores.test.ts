import { describe, expect, it } from 'vitest';
import { AUTH_STORE_NAME, authInitialState, useAuthStore } from './auth-store';
import { APP_STORE_NAME, appInitialState, useAppStore } from './app-store';

const dataKeys = (state: object) =>
  Object.entries(state)
    .filter(([, value]) => typeof value !== 'function')
    .map(([key]) => key)
    .sort();

const persisted = (name: string) =>
  (JSON.parse(localStorage.getItem(name) ?? '{}') as { state?: Record<string, unknown> }).state ??
  {};

describe('stores (SPEC 3)', () => {
  it('auth store holds exactly the auth state fields', () => {
    expect(dataKeys(useAuthStore.getState())).toEqual(
      [
        'isAuth',
        'token',
        'user',
        'userProfile',
        'wallet',
        'exposureAmount',
        'isStoreHydrated',
      ].sort(),
    );
    expect(Object.keys(useAuthStore.getState().wallet).sort()).toEqual(
      ['balance', 'cash', 'coins', 'sports', 'wicket'].sort(),
    );
  });

  it('app store holds exactly the app state fields with the spec defaults', () => {
    expect(dataKeys(useAppStore.getState())).toEqual(
      [
        'appDetails',
        'bankDetails',
        'banners',
        'organisationStatus',
        'activeAuthModal',
        'authModalConfig',
        'toggleTheme',
        'sideMenu',
        'showProfileModal',
        'showPostLoginModal',
        'agentCodeConfig',
      ].sort(),
    );
    expect(appInitialState.organisationStatus).toBe('live');
    expect(appInitialState.toggleTheme).toBe('dark');
    expect(Object.keys(appInitialState.agentCodeConfig).sort()).toEqual(['agentCode', 'saveTime']);
  });

  it('is hydrated on load, and does not persist the hydration flag', () => {
    expect(useAuthStore.getState().isStoreHydrated).toBe(true);
    useAuthStore.setState({ ...authInitialState, isStoreHydrated: true });
    useAuthStore.getState().setSession({ token: 't1', user: { id: 7, username: 'meera' } });
    const stored = persisted(AUTH_STORE_NAME);
    expect(stored).toMatchObject({ isAuth: true, token: 't1', user: { id: 7 } });
    expect(stored).not.toHaveProperty('isStoreHydrated');
  });

  it('persists the theme and agent code but not server data or open dialogs', () => {
    useAppStore.setState({ ...appInitialState });
    useAppStore.getState().setTheme('light');
    useAppStore.getState().setAgentCodeConfig({ agentCode: 'AG42', saveTime: 1_700_000_000_000 });
    useAppStore.getState().openAuthModal('login');
    useAppStore.getState().setOrganisationStatus('maintenance');
    expect(Object.keys(persisted(APP_STORE_NAME)).sort()).toEqual([
      'agentCodeConfig',
      'toggleTheme',
    ]);
  });

  it('clears the session on logout', () => {
    useAuthStore.getState().setSession({ token: 't1', user: { id: 7 } });
    useAuthStore.getState().setWallet({ balance: 5, cash: 5, coins: 1, sports: 0, wicket: 0 });
    useAuthStore.getState().setExposureAmount(20);
    useAuthStore.getState().clearSession();
    const { isAuth, token, user, wallet, exposureAmount } = useAuthStore.getState();
    expect({ isAuth, token, user, wallet, exposureAmount }).toEqual({
      isAuth: false,
      token: null,
      user: null,
      wallet: authInitialState.wallet,
      exposureAmount: 0,
    });
  });
});
