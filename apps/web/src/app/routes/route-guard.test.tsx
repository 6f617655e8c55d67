import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { liveAppDetails, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const location = () => screen.getByTestId('location').textContent;

describe('route guard (SPEC 2.3)', () => {
  beforeEach(() => {
    resetStores();
    mockApi();
  });

  it('sends a visitor on a protected route to / and opens the login dialog', async () => {
    renderApp('/profile');
    await waitFor(() => expect(location()).toBe('/'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('data-modal', 'login');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it('treats a parametrised route under a protected base path as protected', async () => {
    renderApp('/bonus/123');
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal', 'login');
  });

  it('protects unknown addresses under a protected base path too', async () => {
    renderApp('/deposit/m_paytm/extra');
    await waitFor(() => expect(location()).toBe('/'));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it('lets a visitor open public and common routes', async () => {
    renderApp('/spmsports/cricket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
    expect(location()).toBe('/spmsports/cricket');
    expect(useAppStore.getState().activeAuthModal).toBeNull();
  });

  it('sends a signed-in user on a public route to /home', async () => {
    signIn();
    renderApp('/sign-in');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByTestId('account-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('open-login')).not.toBeInTheDocument();
  });

  it('sends a signed-in user on a public route to the return parameter when given', async () => {
    signIn();
    renderApp('/sign-in?return=/kyc');
    await waitFor(() => expect(location()).toBe('/kyc'));
  });

  it('ignores a return parameter that leaves the site', async () => {
    signIn();
    renderApp('/sign-in?return=//evil.example');
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('lets a signed-in user open a protected route', async () => {
    signIn();
    renderApp('/bonus/123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bonus Details' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/bonus/123');
  });

  it('renders nothing until the auth store has hydrated, then decides', async () => {
    resetStores({ hydrated: false });
    renderApp('/profile');
    expect(screen.getByTestId('app-root')).toBeEmptyDOMElement();
    expect(location()).toBe('/profile');

    act(() => useAuthStore.getState().setStoreHydrated(true));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal', 'login');
  });

  it('scrolls to the top on every path change', async () => {
    renderApp('/profile');
    await waitFor(() => expect(location()).toBe('/'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('maintenance (SPEC 2.3)', () => {
  beforeEach(() => resetStores());

  it('moves the user to /maintenance when the organisation status is not live', async () => {
    mockApi({
      'GET /api/getAppDetails': ok({ ...liveAppDetails, organisationStatus: 'maintenance' }),
    });
    renderApp('/contactus');
    await waitFor(() => expect(location()).toBe('/maintenance'));
    expect(
      await screen.findByRole('heading', { level: 1, name: "We'll be right back" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-status')).toHaveTextContent('Under maintenance');
  });

  it('also moves a signed-in player on a protected page', async () => {
    signIn();
    mockApi({
      'GET /api/getAppDetails': ok({ ...liveAppDetails, organisationStatus: 'suspended' }),
    });
    renderApp('/home');
    await waitFor(() => expect(location()).toBe('/maintenance'));
    expect(await screen.findByTestId('maintenance-status')).toHaveTextContent('Suspended');
  });

  it('closes a login dialog the guard opened when it moves a visitor to /maintenance', async () => {
    mockApi({
      'GET /api/getAppDetails': ok({ ...liveAppDetails, organisationStatus: 'maintenance' }),
    });
    renderApp('/kyc');
    await waitFor(() => expect(location()).toBe('/maintenance'));
    expect(await screen.findByTestId('maintenance-status')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a visitor on /maintenance back to / once the site is live', async () => {
    mockApi();
    renderApp('/maintenance');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('does not move anyone before the status is known', async () => {
    mockApi({ 'GET /api/getAppDetails': { status: 503, body: { data: null, error: true } } });
    renderApp('/contactus');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/contactus');
  });
});
