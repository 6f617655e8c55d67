import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const entry: AuditEntry = {
  id: '31',
  actorType: 'staff',
  actorId: '1',
  actorName: 'root.admin',
  action: 'player.lock',
  targetType: 'player',
  targetId: '1024',
  before: { status: 'active' },
  after: { status: 'locked', sessionsEnded: 2 },
  reason: 'chargeback',
  ip: '198.51.100.4',
  createdAt: '2025-01-20T09:00:00.000Z',
};

describe('audit log', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'sends the filters as the query, pages, and expands before/after',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        'GET /api/staff/audit': ok({ items: [entry], page: 1, pageSize: 25, total: 60 }),
      });
      const user = userEvent.setup();
      const { router } = await renderApp({ path: '/audit' });

      const table = await screen.findByTestId('audit-table');
      expect(await within(table).findByText('player.lock')).toBeVisible();
      expect(within(table).getByText('player #1024')).toBeVisible();

      await user.type(screen.getByLabelText('Staff id'), '1');
      await user.type(screen.getByLabelText('Action (starts with)'), 'player.');
      await user.type(screen.getByLabelText('Player id'), '1024');
      await user.type(screen.getByLabelText('From'), '2025-01-01');
      await user.type(screen.getByLabelText('To'), '2025-01-31');
      await user.click(screen.getByRole('button', { name: 'Apply' }));

      await waitFor(() => {
        const query = api.callsTo('GET /api/staff/audit').at(-1)?.url.searchParams;
        expect(Object.fromEntries(query ?? [])).toEqual({
          staffId: '1',
          action: 'player.',
          playerId: '1024',
          from: '2025-01-01',
          to: '2025-01-31',
          page: '1',
          pageSize: '25',
        });
      });
      expect(router.state.location.search).toContain('action=player.');

      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => {
        const query = api.callsTo('GET /api/staff/audit').at(-1)?.url.searchParams;
        expect(query?.get('page')).toBe('2');
        expect(query?.get('playerId')).toBe('1024');
      });

      await user.click(within(table).getByRole('button', { name: 'Show' }));
      expect(within(table).getByText(/"status": "active"/)).toBeVisible();
      expect(within(table).getByText(/"sessionsEnded": 2/)).toBeVisible();
      await user.click(within(table).getByRole('button', { name: 'Hide' }));
      expect(within(table).queryByText(/"sessionsEnded": 2/)).toBeNull();
    },
  );

  it('refuses a non-numeric id and a reversed range without asking the server', async () => {
    const api = mockApi({
      'GET /api/staff/audit': ok({ items: [], page: 1, pageSize: 25, total: 0 }),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/audit' });
    expect(await screen.findByText('No entries match.')).toBeVisible();
    const before = api.callsTo('GET /api/staff/audit').length;

    await user.type(screen.getByLabelText('Player id'), 'ravi');
    await user.type(screen.getByLabelText('From'), '2025-02-01');
    await user.type(screen.getByLabelText('To'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter a numeric id.')).toBeVisible();
    expect(screen.getByText('The end date must not be before the start date.')).toBeVisible();
    expect(api.callsTo('GET /api/staff/audit')).toHaveLength(before);
  });
});
