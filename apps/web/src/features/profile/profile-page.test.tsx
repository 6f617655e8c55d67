import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

function openProfile(routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  renderApp('/profile');
  return fetchMock;
}

const field = (id: string) => screen.getByTestId(id);

describe('profile page (SPEC 2.2, 7.2, 7.3)', () => {
  beforeEach(() => resetStores());

  it('shows the profile fields from GET /profile', async () => {
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('ravi');
    expect(field('profile-name')).toHaveTextContent('Ravi Kumar');
    expect(field('profile-email')).toHaveTextContent('ravi@example.in');
    expect(field('profile-mobile')).toHaveTextContent('+91 9876543210');
    expect(field('profile-agentCode')).toHaveTextContent('AG42');
    expect(field('profile-accountType')).toHaveTextContent('Player account');
    expect(field('profile-memberSince')).toHaveTextContent('2024');
    expect(useAuthStore.getState().userProfile).toEqual(playerProfile);
  });

  it('saves a new name and email with PATCH /profile', async () => {
    const updated = { ...playerProfile, name: 'Ravi K', email: null };
    const fetchMock = openProfile({ 'PATCH /api/profile': ok(updated) });
    await screen.findByTestId('profile-username');
    expect(field('profile-save')).toBeDisabled();
    await userEvent.clear(field('profile-name-input'));
    await userEvent.type(field('profile-name-input'), 'Ravi K');
    await userEvent.clear(field('profile-email-input'));
    await userEvent.click(field('profile-save'));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/profile')[0]?.body).toEqual({
      name: 'Ravi K',
      email: null,
    });
    await waitFor(() => expect(field('profile-name')).toHaveTextContent('Ravi K'));
    expect(field('profile-email')).toHaveTextContent('Not set');
  });

  it('checks name and email before sending', async () => {
    const fetchMock = openProfile();
    await screen.findByTestId('profile-username');
    await userEvent.clear(field('profile-name-input'));
    expect(screen.getByText('Name cannot be empty')).toBeInTheDocument();
    await userEvent.type(field('profile-name-input'), 'Ravi');
    await userEvent.clear(field('profile-email-input'));
    await userEvent.type(field('profile-email-input'), 'not-an-email');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await userEvent.click(field('profile-save'));
    expect(callsTo(fetchMock, 'PATCH /api/profile')).toHaveLength(0);
  });

  it('shows a PATCH error in the form, not as a toast', async () => {
    openProfile({
      'PATCH /api/profile': fail(409, 'EMAIL_TAKEN', 'This email is already registered.'),
    });
    await screen.findByTestId('profile-username');
    await userEvent.clear(field('profile-email-input'));
    await userEvent.type(field('profile-email-input'), 'taken@example.in');
    await userEvent.click(field('profile-save'));
    const error = await screen.findByTestId('profile-error');
    expect(error).toHaveTextContent('This email is already registered.');
    expect(screen.getAllByText('This email is already registered.')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('changes the password with the SPEC 5 rules and toasts "Password changed"', async () => {
    const fetchMock = openProfile({ 'POST /api/update-password': ok({ message: 'ok' }) });
    await screen.findByTestId('profile-username');
    await userEvent.click(field('profile-change-password'));
    expect(screen.getAllByText('Password cannot be empty')).toHaveLength(2);
    await userEvent.type(field('profile-current-password'), 'oldsecret1');
    await userEvent.type(field('profile-new-password'), 'short');
    expect(screen.getByText('Password must be 8 to 20 characters.')).toBeInTheDocument();
    await userEvent.click(field('profile-change-password'));
    expect(callsTo(fetchMock, 'POST /api/update-password')).toHaveLength(0);

    await userEvent.type(field('profile-new-password'), 'enough1');
    await userEvent.click(field('profile-change-password'));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/update-password')[0]?.body).toEqual({
      currentPassword: 'oldsecret1',
      newPassword: 'shortenough1',
    });
    expect(field('profile-current-password')).toHaveValue('');
    expect(field('profile-new-password')).toHaveValue('');
  });

  it('toasts a refused password change by its code', async () => {
    openProfile({
      'POST /api/update-password': fail(
        400,
        'WRONG_PASSWORD',
        'The current password is incorrect.',
      ),
    });
    await screen.findByTestId('profile-username');
    await userEvent.type(field('profile-current-password'), 'wrongpass');
    await userEvent.type(field('profile-new-password'), 'newsecret1');
    await userEvent.click(field('profile-change-password'));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(field('profile-current-password')).toHaveValue('wrongpass');
  });
});
