import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffDataRequest } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const erasure: StaffDataRequest = {
  id: '12',
  kind: 'erasure',
  status: 'open',
  details: null,
  createdAt: '2026-10-01T09:00:00.000Z',
  dueAt: '2026-10-31T09:00:00.000Z',
  decidedAt: null,
  note: null,
  playerId: '1024',
  username: 'ravi',
  overdue: true,
  decidedBy: null,
};

describe('data requests (issue 42 item 8)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it(
    'lists open requests with their deadline and marks an erasure done',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        'GET /api/staff/privacy/requests': ok({
          items: [erasure],
          page: 1,
          pageSize: 25,
          total: 1,
        }),
        'POST /api/staff/privacy/requests/12/decision': ok({
          ...erasure,
          status: 'done',
          note: 'Erased',
          username: 'erased-1024',
          overdue: false,
          decidedBy: 'root.admin',
        }),
      });
      const user = userEvent.setup();
      await renderApp({ path: '/queues/data-requests' });

      const table = await screen.findByTestId('data-requests-table');
      expect(await within(table).findByText('ravi')).toBeVisible();
      expect(within(table).getByTestId('data-request-due-12')).toHaveTextContent('Overdue');
      expect(
        api.callsTo('GET /api/staff/privacy/requests')[0]?.url.searchParams.get('status'),
      ).toBe('open');
      expect(screen.getByRole('link', { name: 'Data requests' })).toBeVisible();

      await user.click(within(table).getByTestId('data-request-done-12'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/closes ravi's account for good/)).toBeVisible();
      await user.type(within(dialog).getByLabelText('Note to the player'), 'Erased');
      await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
      await waitFor(() =>
        expect(api.callsTo('POST /api/staff/privacy/requests/12/decision')[0]?.body).toEqual({
          outcome: 'done',
          note: 'Erased',
        }),
      );
    },
  );
});
