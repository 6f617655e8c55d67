import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok } from '../../test/mock-api.ts';
import { agentStaff, renderApp, resetSession } from '../../test/render.tsx';

describe('change password from the header', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'checks the form, shows a wrong current password and code on their fields, then changes it',
    { timeout: 20_000 },
    async () => {
      let answers = 0;
      const api = mockApi({
        'POST /api/staff/password': () => {
          answers += 1;
          if (answers === 1) {
            return fail(400, 'WRONG_PASSWORD', 'The current password is incorrect.');
          }
          if (answers === 2) {
            return fail(401, 'TOTP_INVALID', 'The authenticator code is not valid.');
          }
          return ok({ message: 'Password changed.' });
        },
      });
      const user = userEvent.setup();
      // Any member, agents too, reaches it from the header.
      await renderApp({ path: '/', staff: agentStaff });
      await user.click(await screen.findByRole('button', { name: 'Change password' }));
      const dialog = screen.getByRole('dialog', { name: 'Change your password' });
      const field = (label: string) => within(dialog).getByLabelText(label);
      const submit = () =>
        user.click(within(dialog).getByRole('button', { name: 'Change password' }));

      await user.type(field('New password (at least 12 characters)'), 'short');
      await submit();
      expect(within(dialog).getByText('Enter your current password.')).toBeVisible();
      expect(within(dialog).getByText('The password needs 12 to 128 characters.')).toBeVisible();
      expect(
        within(dialog).getByText('Enter the 6-digit code from your authenticator app.'),
      ).toBeVisible();
      expect(api.callsTo('POST /api/staff/password')).toHaveLength(0);

      await user.type(field('Current password'), 'old-password-123');
      await user.clear(field('New password (at least 12 characters)'));
      await user.type(field('New password (at least 12 characters)'), 'a-new-long-password');
      await user.type(field('Repeat the new password'), 'a-new-long-passwort');
      await user.type(field('Authenticator code'), '123 456');
      await submit();
      expect(within(dialog).getByText('The two new passwords do not match.')).toBeVisible();
      expect(api.callsTo('POST /api/staff/password')).toHaveLength(0);

      await user.clear(field('Repeat the new password'));
      await user.type(field('Repeat the new password'), 'a-new-long-password');
      await submit();
      expect(await within(dialog).findByText('The current password is incorrect.')).toBeVisible();
      await submit();
      expect(await within(dialog).findByText('The authenticator code is not valid.')).toBeVisible();
      await submit();
      await waitFor(() => expect(api.callsTo('POST /api/staff/password')).toHaveLength(3));
      expect(api.callsTo('POST /api/staff/password')[2]?.body).toEqual({
        currentPassword: 'old-password-123',
        newPassword: 'a-new-long-password',
        code: '123456',
      });
      expect(
        await screen.findByText('Password changed. Your other sessions were signed out.'),
      ).toBeVisible();
      expect(screen.queryByRole('dialog', { name: 'Change your password' })).toBeNull();
    },
  );
});
