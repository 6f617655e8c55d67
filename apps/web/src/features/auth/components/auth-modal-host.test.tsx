import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MODALS, appInitialState, useAppStore } from '@/shared/stores/app-store';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render-app';
import { AuthModalHost } from './auth-modal-host';

const HEADINGS = {
  login: 'Log In',
  mobileNumber: 'Welcome!',
  verifyNumber: 'Verify!',
  register: 'Sign Up',
  forgotpassword: 'Forgot Password',
  resetpassword: 'Reset Password',
} as const;

describe('auth dialog host (SPEC 2.4, 2.5)', () => {
  beforeEach(() => {
    useAppStore.setState({ ...appInitialState });
    mockApi();
  });

  it('renders nothing while no dialog is active', () => {
    renderWithProviders(<AuthModalHost />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(AUTH_MODALS)('renders the %s dialog as an accessible modal', (name) => {
    renderWithProviders(<AuthModalHost />);
    act(() => useAppStore.getState().openAuthModal(name));
    const dialog = screen.getByRole('dialog', { name: HEADINGS[name] });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-modal', name);
    expect(dialog).toHaveFocus();
  });

  it('closes with the close button and with Escape', async () => {
    renderWithProviders(<AuthModalHost />);
    act(() => useAppStore.getState().openAuthModal('login'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useAppStore.getState().activeAuthModal).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => useAppStore.getState().openAuthModal('register'));
    await userEvent.keyboard('{Escape}');
    expect(useAppStore.getState().activeAuthModal).toBeNull();
  });
});
