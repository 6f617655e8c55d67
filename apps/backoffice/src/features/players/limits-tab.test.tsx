import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMIT_NAMES, type StaffPlayerLimits } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';
import { staffPlayerFixture } from '../../test/staff-player.ts';

const ravi = staffPlayerFixture();

const limits: StaffPlayerLimits = {
  state: {
    limits: LIMIT_NAMES.map((name) => {
      const [kind, period] = name.split('-') as ['deposit', '24h'];
      return name === 'deposit-24h'
        ? {
            name,
            kind,
            period,
            amount: 500,
            used: 120,
            pending: { amount: 2000, effectiveAt: '2025-01-21T10:00:00.000Z' },
          }
        : { name, kind, period, amount: null, used: 0, pending: null };
    }),
    promptDue: { registration: false, deposit: false },
    reviewDueAt: '2025-07-20T10:00:00.000Z',
    reviewDue: false,
  },
  history: [
    {
      id: 2,
      name: 'deposit-24h',
      change: 'increase',
      fromAmount: 500,
      toAmount: 2000,
      requestedAt: '2025-01-20T10:00:00.000Z',
      effectiveAt: '2025-01-21T10:00:00.000Z',
    },
    {
      id: 1,
      name: 'deposit-24h',
      change: 'set',
      fromAmount: null,
      toAmount: 500,
      requestedAt: '2025-01-20T09:00:00.000Z',
      effectiveAt: '2025-01-20T09:00:00.000Z',
    },
  ],
};

describe("a player's safer-play limits in the back office", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows the limits, the pending increase and the history, read only', async () => {
    mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/limits': ok(limits),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/players/1024' });
    await user.click(await screen.findByRole('tab', { name: 'Limits' }));
    const table = await screen.findByTestId('player-limits');
    expect(await within(table).findByText('24-hour deposit limit')).toBeVisible();
    expect(table).toHaveTextContent('500.00');
    expect(table).toHaveTextContent('2,000.00 from');
    const history = screen.getByTestId('player-limit-history');
    expect(history).toHaveTextContent('Increase');
    expect(history).toHaveTextContent('Set');
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });
});
