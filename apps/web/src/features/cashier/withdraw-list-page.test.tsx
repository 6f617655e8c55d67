import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { callsTo, fail, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { openPage, wallet, withdrawal } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);

/** GET /withdrawRequest/get answering from a list the test can change. */
function withdrawalsRoute(items: () => Withdrawal[]): MockRoute {
  return (url) => {
    const page = Number(url.searchParams.get('page'));
    return ok({ items: items(), page, pageSize: 20, total: items().length });
  };
}

describe('withdrawal history /withdrawlist', () => {
  beforeEach(() => resetStores());

  it('shows each withdrawal with amount, extra, payout, destination, status and reason', async () => {
    openPage('/withdrawlist', {
      'GET /api/withdrawRequest/get': withdrawalsRoute(() => [
        withdrawal('3', {
          amount: 1000,
          extra: 30,
          payout: 1030,
          destination: {
            type: 'crypto',
            label: 'TQn9…cbLSE',
            gateway: 'm_binance_tron',
            network: 'TRC20',
          },
        }),
        withdrawal('2', { status: 'approved', decidedAt: '2024-05-10T12:00:00.000Z' }),
        withdrawal('1', { status: 'declined', reason: 'Name does not match the account' }),
      ]),
    });
    const [crypto, approved, declined] = (await screen.findAllByTestId('withdrawal-row')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(crypto).toHaveTextContent('Crypto wallet · TRC20');
    expect(within(crypto).getByTestId('withdrawal-amount')).toHaveTextContent('1,000.00');
    expect(within(crypto).getByTestId('withdrawal-extra')).toHaveTextContent('+30.00');
    expect(within(crypto).getByTestId('withdrawal-payout')).toHaveTextContent('1,030.00');
    expect(within(crypto).getByTestId('withdrawal-destination')).toHaveTextContent('TQn9…cbLSE');
    expect(within(crypto).getByTestId('withdrawal-status')).toHaveTextContent('Pending');
    expect(within(crypto).getByTestId('withdrawal-cancel')).toBeInTheDocument();
    expect(within(approved).getByTestId('withdrawal-status')).toHaveTextContent('Approved');
    expect(within(approved).queryByTestId('withdrawal-extra')).not.toBeInTheDocument();
    expect(within(approved).queryByTestId('withdrawal-cancel')).not.toBeInTheDocument();
    expect(within(declined).getByTestId('withdrawal-reason')).toHaveTextContent(
      'Reason: Name does not match the account',
    );
  });

  it('filters by status', async () => {
    const fetchMock = openPage('/withdrawlist', {
      'GET /api/withdrawRequest/get': withdrawalsRoute(() => [withdrawal('1')]),
    });
    await screen.findAllByTestId('withdrawal-row');
    await userEvent.selectOptions(field('withdrawals-filter-status'), 'cancelled');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/withdrawRequest/get').at(-1)?.url.search).toBe(
        '?page=1&status=cancelled&pageSize=20',
      ),
    );
    expect(screen.queryByTestId('withdrawals-filter-gateway')).not.toBeInTheDocument();
  });

  it('cancels a pending withdrawal after a confirmation, then refreshes list and balance', async () => {
    let rows = [withdrawal('7', { amount: 2000 })];
    const fetchMock = openPage(
      '/withdrawlist',
      {
        'GET /api/withdrawRequest/get': withdrawalsRoute(() => rows),
        'POST /api/withdrawRequest/cancel': () => {
          rows = [{ ...rows[0]!, status: 'cancelled', decidedAt: '2024-05-10T10:00:00.000Z' }];
          return ok({ withdrawal: rows[0], wallet: wallet(27000) });
        },
      },
      { balance: wallet(25000) },
    );
    await screen.findByTestId('withdrawal-row');
    await userEvent.click(field('withdrawal-cancel'));
    const dialog = field('withdrawal-cancel-dialog');
    expect(dialog).toHaveTextContent('2,000.00 to HDFC Bank ****4321 goes back to your balance.');

    // Backing out sends nothing.
    await userEvent.click(within(dialog).getByTestId('withdrawal-cancel-dialog-cancel'));
    expect(screen.queryByTestId('withdrawal-cancel-dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/withdrawRequest/cancel')).toHaveLength(0);

    await userEvent.click(field('withdrawal-cancel'));
    await userEvent.click(field('withdrawal-cancel-dialog-confirm'));
    expect(await screen.findByText('Withdrawal cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/withdrawRequest/cancel')[0]?.body).toEqual({ id: '7' });
    await waitFor(() => expect(field('withdrawal-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByTestId('withdrawal-cancel')).not.toBeInTheDocument();
    expect(useAuthStore.getState().wallet.balance).toBe(27000);
  });

  it('refreshes the row when the request was decided meanwhile', async () => {
    let rows = [withdrawal('8')];
    openPage('/withdrawlist', {
      'GET /api/withdrawRequest/get': withdrawalsRoute(() => rows),
      'POST /api/withdrawRequest/cancel': () => {
        rows = [{ ...rows[0]!, status: 'approved' }];
        return fail(409, 'REQUEST_ALREADY_DECIDED', 'This request has already been decided.');
      },
    });
    await screen.findByTestId('withdrawal-row');
    await userEvent.click(field('withdrawal-cancel'));
    await userEvent.click(field('withdrawal-cancel-dialog-confirm'));
    expect(await screen.findByText('This request has already been decided.')).toBeInTheDocument();
    await waitFor(() => expect(field('withdrawal-status')).toHaveTextContent('Approved'));
    expect(screen.queryByText('Withdrawal cancelled')).not.toBeInTheDocument();
  });
});
