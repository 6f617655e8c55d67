import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Deposit } from '@spm/contract';
import { callsTo, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { deposit, openPage, paytm, tron } from '@/test/cashier';

/** GET /deposit/get answering by page, `total` rows in all. */
function depositsRoute(pages: Record<number, Deposit[]>, total: number): MockRoute {
  return (url) => {
    const page = Number(url.searchParams.get('page'));
    return ok({ items: pages[page] ?? [], page, pageSize: 20, total });
  };
}

const rows = () => screen.findAllByTestId('deposit-row');

describe('deposit history /deposit/list', () => {
  beforeEach(() => resetStores());

  it('shows each deposit with its status, amount, bonus, reference, dates and reason', async () => {
    openPage('/deposit/list', {
      'GET /api/gateways': ok([paytm, tron]),
      'GET /api/deposit/get': depositsRoute(
        {
          1: [
            deposit('3', {
              gateway: 'm_binance_tron',
              gatewayName: 'USDT (TRC20)',
              automated: true,
              amount: 1800,
              reference: null,
              payUrl: '/api/gateway-sim/pay/sim-3',
            }),
            deposit('2', {
              status: 'approved',
              amount: 900,
              bonus: 90,
              decidedAt: '2024-05-10T10:00:00.000Z',
            }),
            deposit('1', { status: 'declined', reason: 'Reference not found in our statement' }),
          ],
        },
        3,
      ),
    });
    const [pending, approved, declined] = (await rows()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByTestId('deposit-status')).toHaveTextContent('Pending');
    expect(within(pending).getByTestId('deposit-amount')).toHaveTextContent('1,800.00');
    expect(within(pending).getByTestId('deposit-pay')).toHaveAttribute(
      'href',
      '/api/gateway-sim/pay/sim-3',
    );
    expect(within(approved).getByTestId('deposit-status')).toHaveTextContent('Approved');
    expect(within(approved).getByTestId('deposit-bonus')).toHaveTextContent('+90.00');
    expect(within(approved).getByTestId('deposit-reference')).toHaveTextContent('UTR2000000');
    expect(within(approved).queryByTestId('deposit-pay')).not.toBeInTheDocument();
    expect(within(declined).getByTestId('deposit-status')).toHaveTextContent('Declined');
    expect(within(declined).getByTestId('deposit-reason')).toHaveTextContent(
      'Reason: Reference not found in our statement',
    );
    expect(within(declined).queryByTestId('deposit-pay')).not.toBeInTheDocument();
  });

  // Issue 40 item 7: the player's own cancel at the gateway is not shown as a failure.
  it('tells a payment cancelled at the gateway from one that failed, in the player language', async () => {
    openPage('/deposit/list', {
      'GET /api/gateways': ok([paytm, tron]),
      'GET /api/deposit/get': depositsRoute(
        {
          1: [
            deposit('5', {
              gateway: 'm_binance_tron',
              gatewayName: 'USDT (TRC20)',
              automated: true,
              status: 'cancelled',
              reason: 'Cancelled by the player at the gateway',
            }),
            deposit('4', {
              gateway: 'm_binance_tron',
              gatewayName: 'USDT (TRC20)',
              automated: true,
              status: 'declined',
              reason: 'Payment failed at the gateway',
            }),
          ],
        },
        2,
      ),
    });
    const [cancelled, failed] = (await rows()) as [HTMLElement, HTMLElement];
    expect(within(cancelled).getByTestId('deposit-status')).toHaveTextContent('Cancelled');
    expect(within(cancelled).getByTestId('deposit-reason')).toHaveTextContent(
      'You cancelled this payment at the gateway. Nothing was charged',
    );
    expect(within(cancelled).getByTestId('deposit-reason')).not.toHaveTextContent(/failed/i);
    expect(within(failed).getByTestId('deposit-status')).toHaveTextContent('Declined');
    expect(within(failed).getByTestId('deposit-reason')).toHaveTextContent(
      'Reason: Payment failed at the gateway',
    );
    await act(() => i18n.changeLanguage('ta'));
    expect(within(cancelled).getByTestId('deposit-reason')).toHaveTextContent(
      'இந்தக் கட்டணத்தை நீங்கள் கேட்வேயில் ரத்து செய்தீர்கள்.',
    );
    expect(within(cancelled).getByTestId('deposit-status')).toHaveTextContent('ரத்து');
    await act(() => i18n.changeLanguage('en'));
  });

  it('filters by status, gateway and Indian days, starting again at page 1', async () => {
    const fetchMock = openPage('/deposit/list', {
      'GET /api/gateways': ok([paytm, tron]),
      'GET /api/deposit/get': depositsRoute(
        { 1: Array.from({ length: 20 }, (_, index) => deposit(`p${index}`)), 2: [deposit('x')] },
        21,
      ),
    });
    await rows();
    await userEvent.click(screen.getByTestId('deposits-next'));
    await waitFor(() =>
      expect(screen.getByTestId('deposits-page')).toHaveTextContent('Page 2 of 2'),
    );

    await userEvent.selectOptions(screen.getByTestId('deposits-filter-status'), 'approved');
    await screen.findByRole('option', { name: 'USDT (TRC20)' });
    await userEvent.selectOptions(screen.getByTestId('deposits-filter-gateway'), 'm_binance_tron');
    fireEvent.change(screen.getByTestId('deposits-filter-from'), {
      target: { value: '2024-05-01' },
    });
    fireEvent.change(screen.getByTestId('deposits-filter-to'), { target: { value: '2024-05-10' } });
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET /api/deposit/get').at(-1);
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        page: '1',
        pageSize: '20',
        status: 'approved',
        gateway: 'm_binance_tron',
        from: '2024-05-01',
        to: '2024-05-10',
      });
    });
    expect(callsTo(fetchMock, 'GET /api/deposit/get')[0]?.url.search).toBe('?page=1&pageSize=20');
  });

  it('points out a reversed range and does not ask for it', async () => {
    const fetchMock = openPage('/deposit/list', {
      'GET /api/gateways': ok([paytm]),
      'GET /api/deposit/get': depositsRoute({ 1: [deposit('1')] }, 1),
    });
    await rows();
    const before = callsTo(fetchMock, 'GET /api/deposit/get').length;
    fireEvent.change(screen.getByTestId('deposits-filter-from'), {
      target: { value: '2024-05-10' },
    });
    fireEvent.change(screen.getByTestId('deposits-filter-to'), { target: { value: '2024-05-01' } });
    expect(await screen.findByTestId('deposits-filter-range-error')).toHaveTextContent(
      "The 'To' date cannot be before the 'From' date.",
    );
    expect(callsTo(fetchMock, 'GET /api/deposit/get').length - before).toBe(1);
    expect(
      callsTo(fetchMock, 'GET /api/deposit/get')
        .map((call) => call.url.searchParams.get('to'))
        .includes('2024-05-01'),
    ).toBe(false);
  });

  it('offers a deposit when there is none', async () => {
    openPage('/deposit/list', {
      'GET /api/gateways': ok([paytm]),
      'GET /api/deposit/get': depositsRoute({}, 0),
    });
    const empty = await screen.findByTestId('deposits-empty');
    expect(empty).toHaveTextContent('No deposits found.');
    expect(within(empty).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/gateways',
    );
  });
});
