import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAccount } from '@spm/contract';
import { fail, mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const accounts: StaffAccount[] = [
  {
    id: '1',
    username: 'root.admin',
    role: 'admin',
    agentCode: null,
    parentStaffId: null,
    totpEnabled: true,
    disabled: false,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: '7',
    username: 'agent.seven',
    role: 'agent',
    agentCode: 'AG7',
    parentStaffId: null,
    totpEnabled: false,
    disabled: false,
    createdAt: '2025-01-05T00:00:00.000Z',
  },
];

describe('staff accounts', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'creates a sub-agent with a code and a parent, and shows a taken code on its field',
    { timeout: 20_000 },
    async () => {
      let creates = 0;
      const api = mockApi({
        'GET /api/staff/users': ok(accounts),
        'POST /api/staff/users': () => {
          creates += 1;
          return creates === 1
            ? fail(409, 'AGENT_CODE_TAKEN', 'This agent code is already in use.')
            : ok({ ...accounts[1], id: '8', username: 'sub.agent', agentCode: 'SUB8' });
        },
      });
      const user = userEvent.setup();
      await renderApp({ path: '/staff' });
      const table = await screen.findByTestId('staff-table');
      expect(await within(table).findByText('agent.seven')).toBeVisible();
      expect(within(table).getByText('Not set up')).toBeVisible();
      expect(within(table).getByText('You')).toBeVisible();

      await user.type(screen.getByLabelText('Username'), 'sub.agent');
      await user.type(screen.getByLabelText('Password (at least 12 characters)'), 'short');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(screen.getByText('The password needs 12 to 128 characters.')).toBeVisible();
      expect(
        screen.getByText('An agent needs an agent code (players type it at sign-up).'),
      ).toBeVisible();
      expect(api.callsTo('POST /api/staff/users')).toHaveLength(0);

      await user.clear(screen.getByLabelText('Password (at least 12 characters)'));
      await user.type(
        screen.getByLabelText('Password (at least 12 characters)'),
        'a-long-password-1',
      );
      await user.type(screen.getByLabelText('Agent code'), 'AG7');
      await user.selectOptions(screen.getByLabelText('Parent agent'), '7');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByText('This agent code is already in use.')).toBeVisible();

      await user.clear(screen.getByLabelText('Agent code'));
      await user.type(screen.getByLabelText('Agent code'), 'SUB8');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(api.callsTo('POST /api/staff/users')).toHaveLength(2));
      expect(api.callsTo('POST /api/staff/users')[1]?.body).toEqual({
        username: 'sub.agent',
        password: 'a-long-password-1',
        role: 'agent',
        agentCode: 'SUB8',
        parentStaffId: '7',
      });
      expect(await screen.findByText(/Account sub.agent created/)).toBeVisible();
    },
  );

  it('resets an authenticator and disables a member after confirming', async () => {
    const api = mockApi({
      'GET /api/staff/users': ok(accounts),
      'POST /api/staff/users/7/reset-totp': ok(accounts[1]),
      'POST /api/staff/users/7/disable': ok({ ...accounts[1], disabled: true }),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/staff' });
    const table = await screen.findByTestId('staff-table');
    await within(table).findByText('agent.seven');

    await user.click(within(table).getByRole('button', { name: 'Reset authenticator' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the authenticator of agent.seven?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(await screen.findByText('Authenticator of agent.seven reset.')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: 'Disable' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disable agent.seven?' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    expect(await screen.findByText('agent.seven disabled.')).toBeVisible();
    expect(api.callsTo('POST /api/staff/users/7/reset-totp')).toHaveLength(1);
    expect(api.callsTo('POST /api/staff/users/7/disable')).toHaveLength(1);
  });
});
