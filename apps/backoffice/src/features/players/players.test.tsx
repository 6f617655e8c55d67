import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agentMe, fail, mockApi, ok } from '../../test/mock-api.ts';
import { agentStaff, renderApp, resetSession } from '../../test/render.tsx';
import { staffPlayerFixture } from '../../test/staff-player.ts';

const ravi = staffPlayerFixture();
const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, pageSize: 20, total });

describe('players', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'searches by text and status with paging, and opens a player',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        'GET /api/staff/players': ok(page([ravi], 45)),
        'GET /api/staff/players/1024': ok(ravi),
      });
      const user = userEvent.setup();
      const { router } = await renderApp({ path: '/players' });

      const table = await screen.findByTestId('players-table');
      expect(await within(table).findByText('ravi_k')).toBeVisible();
      expect(screen.getByText('Page 1 of 3 (45 in all)')).toBeVisible();

      await user.type(screen.getByLabelText('Id, username or phone'), '98765');
      await user.selectOptions(screen.getByLabelText('Status'), 'locked');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => {
        const query = api.callsTo('GET /api/staff/players').at(-1)?.url.searchParams;
        expect(query?.get('q')).toBe('98765');
        expect(query?.get('status')).toBe('locked');
        expect(query?.get('page')).toBe('1');
      });
      expect(router.state.location.search).toBe('?q=98765&status=locked');

      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() =>
        expect(api.callsTo('GET /api/staff/players').at(-1)?.url.searchParams.get('page')).toBe(
          '2',
        ),
      );

      await user.click(within(table).getByRole('link', { name: 'ravi_k' }));
      expect(await screen.findByRole('heading', { name: /ravi_k/ })).toBeVisible();
      expect(screen.getByTestId('player-profile')).toHaveTextContent('+919876543210');
      expect(screen.getByTestId('player-profile')).toHaveTextContent('203.0.113.9');
      // Issue 42 item 7: the declared state and when the 18+ box was ticked.
      expect(screen.getByTestId('player-profile')).toHaveTextContent('Declared stateMaharashtra');
      expect(screen.getByTestId('player-profile')).toHaveTextContent(/18\+ confirmed.*2025/);
    },
  );

  it(
    'shows the tabs: wallet, ledger for a date range, deposits of the player',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        'GET /api/staff/players/1024': ok(ravi),
        'GET /api/staff/players/1024/ledger': ok(
          page([
            {
              id: '9',
              time: '2025-01-20T09:00:00.000Z',
              type: 'deposit',
              kind: 'deposit',
              wallet: 'cash',
              description: 'Deposit #5',
              reference: 'deposit:5',
              credit: 500,
              debit: 0,
              balanceAfter: 1700,
            },
          ]),
        ),
        'GET /api/staff/deposits': ok(
          page([
            {
              id: '5',
              gateway: 'm_paytm',
              gatewayName: 'Paytm UPI',
              amount: 500,
              bonus: 0,
              reference: 'UTR123456',
              status: 'approved',
              reason: null,
              automated: false,
              payUrl: null,
              createdAt: '2025-01-20T08:55:00.000Z',
              expiresAt: '2025-01-20T09:55:00.000Z',
              decidedAt: '2025-01-20T09:00:00.000Z',
              playerId: '1024',
              username: 'ravi_k',
              decidedBy: 'root.admin',
              note: 'UTR matched',
              proofUploadId: '6f1c0c4e-4b7e-4e59-9a36-7f3f0c1d2e3f',
              gatewayTxnId: null,
            },
          ]),
        ),
      });
      const user = userEvent.setup();
      await renderApp({ path: '/players/1024' });

      await user.click(await screen.findByRole('tab', { name: 'Wallet' }));
      expect(screen.getByTestId('player-wallet')).toHaveTextContent('1,500.00');
      expect(screen.getByTestId('player-wallet')).toHaveTextContent('Exposure');

      await user.click(screen.getByRole('tab', { name: 'Ledger' }));
      expect(await screen.findByText('Deposit #5')).toBeVisible();
      const first = api.callsTo('GET /api/staff/players/1024/ledger')[0]?.url.searchParams;
      expect(first?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await user.clear(screen.getByLabelText('From'));
      await user.type(screen.getByLabelText('From'), '2025-01-01');
      await user.clear(screen.getByLabelText('To'));
      await user.type(screen.getByLabelText('To'), '2025-01-31');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => {
        const query = api.callsTo('GET /api/staff/players/1024/ledger').at(-1)?.url.searchParams;
        expect(query?.get('from')).toBe('2025-01-01');
        expect(query?.get('to')).toBe('2025-01-31');
      });

      await user.click(screen.getByRole('tab', { name: 'Deposits' }));
      const deposits = await screen.findByTestId('deposits-table');
      expect(await within(deposits).findByText('UTR123456')).toBeVisible();
      expect(within(deposits).getByText(/UTR matched/)).toBeVisible();
      expect(api.callsTo('GET /api/staff/deposits')[0]?.url.searchParams.get('playerId')).toBe(
        '1024',
      );
    },
  );

  it('shows who invited the player and whom they invited, each a link', async () => {
    mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/referrals': ok({
        code: 'K7WQ2M9P',
        invitedBy: { id: '512', username: 'asha_r' },
        invited: [
          {
            id: '2048',
            username: 'vik_s',
            joinedAt: '2026-11-30T10:00:00.000Z',
            status: 'active',
            registrationIp: '203.0.113.9',
            rewardPoints: 100,
          },
          {
            id: '2049',
            username: 'vik_s2',
            joinedAt: '2026-11-30T10:05:00.000Z',
            status: 'locked',
            registrationIp: '203.0.113.9',
            rewardPoints: null,
          },
        ],
        invitedTotal: 102,
      }),
    });
    await renderApp({ path: '/players/1024' });
    const panel = await screen.findByTestId('player-referrals');
    expect(await within(panel).findByText('K7WQ2M9P')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'asha_r' })).toHaveAttribute(
      'href',
      '/players/512',
    );
    expect(within(panel).getByText('102')).toBeVisible();
    const rows = within(screen.getByTestId('player-referrals-invited')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/vik_s.*Active.*203\.0\.113\.9.*100/);
    expect(rows[2]).toHaveTextContent(/vik_s2.*Locked.*No qualifying deposit yet/);
    expect(within(panel).getByText('The newest 2 of 102 are shown.')).toBeVisible();
  });

  it('locks a player with a reason after confirming', async () => {
    let current = ravi;
    const api = mockApi({
      'GET /api/staff/players/1024': () => ok(current),
      'POST /api/staff/players/1024/lock': () => {
        current = { ...ravi, status: 'locked' };
        return ok({ player: current, sessionsEnded: 2 });
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/players/1024' });

    await user.click(await screen.findByRole('button', { name: 'Lock account' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock ravi_k?' });
    expect(dialog).toHaveTextContent('all sessions and live connections');

    // Too short a reason is refused before any request.
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write at least 3 characters.');
    expect(api.callsTo('POST /api/staff/players/1024/lock')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 't the owner: chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/staff/players/1024/lock')[0]?.body).toEqual({
        reason: 'not the owner: chargeback',
      }),
    );
    expect(await screen.findByText('Account locked. Sessions ended: 2.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Unlock account' })).toBeVisible();
  });

  it(
    'validates the adjustment form and sends it with one idempotency key per form',
    { timeout: 20_000 },
    async () => {
      let answers = 0;
      let current = ravi;
      const api = mockApi({
        'GET /api/staff/players/1024': () => ok(current),
        'POST /api/staff/players/1024/adjustments': () => {
          answers += 1;
          if (answers === 1) return fail(503, 'SERVICE_UNAVAILABLE', 'The service is not ready.');
          current = { ...ravi, wallet: { ...ravi.wallet, balance: 1750.5, cash: 1950.5 } };
          return ok({ transactionId: '77', wallet: current.wallet });
        },
      });
      const user = userEvent.setup();
      await renderApp({ path: '/players/1024?tab=wallet' });
      await screen.findByTestId('player-wallet');

      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      expect(screen.getByText('Enter an amount.')).toBeVisible();
      expect(screen.getByText('Write a reason of at least 3 characters.')).toBeVisible();

      await user.type(screen.getByLabelText('Amount (points)'), '250.505');
      await user.type(
        screen.getByLabelText('Reason (kept in the audit log)'),
        'Goodwill for outage',
      );
      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      expect(screen.getByText('Enter a number with at most 2 decimals.')).toBeVisible();

      await user.clear(screen.getByLabelText('Amount (points)'));
      await user.type(screen.getByLabelText('Amount (points)'), '0');
      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      expect(screen.getByText('The amount must be more than 0.')).toBeVisible();
      expect(api.callsTo('POST /api/staff/players/1024/adjustments')).toHaveLength(0);

      await user.clear(screen.getByLabelText('Amount (points)'));
      await user.type(screen.getByLabelText('Amount (points)'), '250.5');
      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      const confirm = screen.getByRole('dialog', { name: 'Confirm the adjustment' });
      expect(confirm).toHaveTextContent('Credit 250.50 points to ravi_k?');
      await user.click(within(confirm).getByRole('button', { name: 'Adjust balance' }));
      expect(await screen.findByText('The service is not ready.')).toBeVisible();

      // The retry after a failure reuses the key, so a lost answer can never credit twice.
      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Confirm the adjustment' })).getByRole('button', {
          name: 'Adjust balance',
        }),
      );
      expect(await screen.findByText('250.50 points credited to ravi_k.')).toBeVisible();
      const sent = api.callsTo('POST /api/staff/players/1024/adjustments').map((call) => call.body);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toEqual({
        direction: 'credit',
        amount: 250.5,
        reason: 'Goodwill for outage',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(sent[1]).toEqual(sent[0]);
      expect(screen.getByTestId('player-wallet')).toHaveTextContent('1,750.50');
      expect(screen.getByLabelText('Amount (points)')).toHaveValue('');

      // The next adjustment is a new one: a new key.
      await user.click(screen.getByLabelText('Debit (take)'));
      await user.type(screen.getByLabelText('Amount (points)'), '10');
      await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Correction');
      await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Confirm the adjustment' })).getByRole('button', {
          name: 'Adjust balance',
        }),
      );
      await waitFor(() =>
        expect(api.callsTo('POST /api/staff/players/1024/adjustments')).toHaveLength(3),
      );
      const third = api.callsTo('POST /api/staff/players/1024/adjustments')[2]?.body as {
        direction: string;
        idempotencyKey: string;
      };
      expect(third.direction).toBe('debit');
      expect(third.idempotencyKey).not.toBe((sent[0] as { idempotencyKey: string }).idempotencyKey);
    },
  );

  it('gives an agent a read-only player: no lock and no adjustment', async () => {
    mockApi({ 'GET /api/staff/me': ok(agentMe), 'GET /api/staff/players/1024': ok(ravi) });
    const user = userEvent.setup();
    await renderApp({ path: '/players/1024', staff: agentStaff });
    expect(await screen.findByRole('heading', { name: /ravi_k/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lock account' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(screen.getByTestId('player-wallet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Review adjustment' })).toBeNull();
  });

  it('shows a player outside the downline as not found', async () => {
    mockApi({
      'GET /api/staff/me': ok(agentMe),
      'GET /api/staff/players/2048': fail(404, 'PLAYER_NOT_FOUND', 'No such player.'),
    });
    await renderApp({ path: '/players/2048', staff: agentStaff });
    expect(await screen.findByRole('alert')).toHaveTextContent('No such player.');
  });
});
