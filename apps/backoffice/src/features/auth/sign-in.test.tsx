import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../shared/auth-store.ts';
import { adminMe, fail, mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const session = {
  token: 'new-staff-token',
  staff: { id: '1', username: 'root.admin', role: 'admin' },
};

describe('staff sign-in', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'enrols the authenticator on the first sign-in, then opens the dashboard',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        'POST /api/staff/login': ok({
          stage: 'totp_setup',
          challengeToken: 'challenge-token-0123456789',
          otpauthUrl: 'otpauth://totp/SPM%20Back%20Office:root.admin?secret=JBSWY3DPEHPK3PXP',
          secret: 'JBSWY3DPEHPK3PXP',
        }),
        'POST /api/staff/login/totp': ok(session),
      });
      const user = userEvent.setup();
      const { router } = await renderApp({ path: '/players', staff: null });

      expect(router.state.location.pathname).toBe('/login');
      await user.type(screen.getByLabelText('Username'), ' root.admin ');
      await user.type(screen.getByLabelText('Password'), 'correct horse battery');
      await user.click(screen.getByRole('button', { name: 'Continue' }));

      expect(
        await screen.findByRole('heading', { name: 'Set up your authenticator' }),
      ).toBeVisible();
      expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
      expect(screen.getByRole('link', { name: /^otpauth:\/\/totp\// })).toHaveAttribute(
        'href',
        expect.stringContaining('secret=JBSWY3DPEHPK3PXP'),
      );
      expect(api.callsTo('POST /api/staff/login')[0]?.body).toEqual({
        username: 'root.admin',
        password: 'correct horse battery',
      });

      // A malformed code never reaches the server.
      await user.type(screen.getByLabelText('6-digit code'), '12a');
      await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Enter the 6-digit code from your authenticator app.',
      );
      expect(api.callsTo('POST /api/staff/login/totp')).toHaveLength(0);

      await user.clear(screen.getByLabelText('6-digit code'));
      await user.type(screen.getByLabelText('6-digit code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

      // Back to where the member was going, signed in.
      await waitFor(() => expect(router.state.location.pathname).toBe('/players'));
      expect(api.callsTo('POST /api/staff/login/totp')[0]?.body).toEqual({
        challengeToken: 'challenge-token-0123456789',
        code: '123456',
      });
      expect(useAuthStore.getState().token).toBe('new-staff-token');
      expect(JSON.parse(localStorage.getItem('backoffice-session') ?? '{}')).toMatchObject({
        state: { token: 'new-staff-token', staff: { username: 'root.admin' } },
      });
      expect(await screen.findByRole('heading', { name: 'Players' })).toBeVisible();
      // Later calls carry the staff token.
      await waitFor(() =>
        expect(api.callsTo('GET /api/staff/players')[0]?.headers.authorization).toBe(
          'new-staff-token',
        ),
      );
    },
  );

  it('asks only for the code once the authenticator is set up, and shows a wrong code', async () => {
    let attempts = 0;
    const api = mockApi({
      'POST /api/staff/login': ok({ stage: 'totp', challengeToken: 'challenge-token-abcdefghij' }),
      'POST /api/staff/login/totp': () => {
        attempts += 1;
        return attempts === 1
          ? fail(401, 'TOTP_INVALID', 'The authenticator code is not valid.')
          : ok(session);
      },
      'GET /api/staff/me': ok(adminMe),
    });
    const user = userEvent.setup();
    const { router } = await renderApp({ path: '/', staff: null });

    await user.type(screen.getByLabelText('Username'), 'root.admin');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Authenticator code' })).toBeVisible();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The authenticator code is not valid.',
    );
    expect(useAuthStore.getState().token).toBeNull();

    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(api.callsTo('POST /api/staff/login/totp')).toHaveLength(2);
  });

  it('shows a wrong password and starts over when the challenge has expired', async () => {
    let logins = 0;
    mockApi({
      'POST /api/staff/login': () => {
        logins += 1;
        return logins === 1
          ? fail(401, 'INVALID_CREDENTIALS', 'Invalid username or password')
          : ok({ stage: 'totp', challengeToken: 'challenge-token-abcdefghij' });
      },
      'POST /api/staff/login/totp': fail(
        401,
        'CHALLENGE_EXPIRED',
        'Your sign-in step expired. Please sign in again.',
      ),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/', staff: null });

    await user.type(screen.getByLabelText('Username'), 'root.admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your sign-in step expired. Please sign in again.',
    );
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('translates the screen (Hindi)', async () => {
    mockApi();
    await renderApp({ path: '/login', staff: null });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    expect(await screen.findByRole('heading', { name: 'स्टाफ़ साइन-इन' })).toBeVisible();
    expect(localStorage.getItem('backoffice-language')).toBe('hi');
  });
});
