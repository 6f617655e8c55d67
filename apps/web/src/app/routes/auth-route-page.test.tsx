import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@/shared/stores/app-store';
import { mockApi } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

describe('sign-in addresses (SPEC 2.2 public routes, 2.5 dialogs)', () => {
  beforeEach(() => {
    resetStores();
    mockApi();
  });

  it.each([
    ['/sign-in', 'login'],
    ['/register', 'register'],
    ['/forgot-password', 'forgotpassword'],
    ['/reset-password', 'resetpassword'],
    ['/mobile-number', 'mobileNumber'],
    ['/verify-number', 'verifyNumber'],
  ])('%s shows the landing page with the %s dialog open', async (path, modal) => {
    renderApp(path);
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal', modal);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(useAppStore.getState().activeAuthModal).toBe(modal);
  });

  it('passes the query to the registration dialog', async () => {
    renderApp('/register?mobile=9876543210&country_code=91&source=sms');
    expect(await screen.findByTestId('register-phone')).toHaveValue('919876543210');
  });

  it('sends a signed-in player on to /home without opening anything', async () => {
    signIn();
    renderApp('/register');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(useAppStore.getState().activeAuthModal).toBeNull();
  });
});
