import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/shared/stores/auth-store';
import { callsTo, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { bsc, kycState, openPage, paytm, tron, wallet } from '@/test/cashier';

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('cashier hub /cashier', () => {
  beforeEach(() => resetStores());

  it('shows the wallet, the two actions, the histories, KYC status and bank details', async () => {
    const fetchMock = openPage(
      '/cashier',
      { 'GET /api/kyc': ok(kycState({ status: 'pending' })) },
      { balance: wallet(12500.5, { cash: 15000.5, coins: 900, sports: 250 }) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Cashier' })).toBeInTheDocument();
    expect(text('cashier-balance')).toBe('12,500.50');
    expect(text('cashier-cash')).toBe('15,000.50');
    expect(text('cashier-coins')).toBe('900.00');
    expect(text('cashier-sports')).toBe('250.00');
    expect(text('cashier-exposure')).toBe('0.00');
    expect(screen.getByTestId('cashier-deposit')).toHaveAttribute('href', '/gateways');
    expect(screen.getByTestId('cashier-withdraw')).toHaveAttribute('href', '/withdraw');
    expect(screen.getByTestId('cashier-deposit-history')).toHaveAttribute('href', '/deposit/list');
    expect(screen.getByTestId('cashier-withdraw-history')).toHaveAttribute('href', '/withdrawlist');
    expect(screen.getByTestId('cashier-crypto')).toHaveAttribute('href', '/withdraw/gateways');
    expect(screen.getByTestId('cashier-bank-details')).toHaveAttribute(
      'href',
      '/profile#bank-details',
    );
    const kycLink = screen.getByTestId('cashier-kyc-link');
    expect(kycLink).toHaveAttribute('href', '/kyc');
    expect(await within(kycLink).findByTestId('cashier-kyc-status')).toHaveTextContent('Pending');
    expect(callsTo(fetchMock, 'GET /api/kyc')).toHaveLength(1);
    expect(screen.queryByTestId('demo-notice')).not.toBeInTheDocument();
  });

  it('moves with the wallet when update_balance replaces it', async () => {
    openPage('/cashier', { 'GET /api/kyc': ok(kycState()) }, { balance: wallet(100) });
    await screen.findByTestId('cashier-balance');
    expect(text('cashier-balance')).toBe('100.00');
    act(() => useAuthStore.getState().setWallet(wallet(75.25)));
    expect(text('cashier-balance')).toBe('75.25');
  });

  it('tells a demo account up front that the cashier is for real money', async () => {
    openPage('/cashier', { 'GET /api/kyc': ok(kycState()) }, { demo: true });
    expect(await screen.findByTestId('demo-notice')).toHaveTextContent(
      'Deposits, withdrawals, bank details and KYC are for real-money accounts only.',
    );
  });
});

describe('gateway list /gateways', () => {
  beforeEach(() => resetStores());

  it('shows a card per gateway with its limits and offer badges, linking to its page', async () => {
    openPage('/gateways', { 'GET /api/gateways': ok([paytm, tron, bsc]) });
    const cards = await screen.findAllByTestId('gateway-card');
    expect(cards.map((card) => card.getAttribute('data-code'))).toEqual([
      'm_paytm',
      'm_binance_tron',
      'm_binance_bsc',
    ]);
    const [upiCard, tronCard, bscCard] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(upiCard).toHaveAttribute('href', '/deposit/m_paytm');
    expect(upiCard).toHaveTextContent('Paytm UPI');
    expect(within(upiCard).getByText('UPI')).toBeInTheDocument();
    expect(within(upiCard).getByTestId('gateway-limits')).toHaveTextContent(
      'Min 100.00 – max 1,00,000.00',
    );
    expect(within(upiCard).queryByTestId('gateway-bonus')).not.toBeInTheDocument();
    expect(within(upiCard).queryByTestId('gateway-automatic')).not.toBeInTheDocument();
    expect(within(tronCard).getByTestId('gateway-bonus')).toHaveTextContent('10% bonus');
    expect(within(tronCard).getByTestId('gateway-automatic')).toHaveTextContent('Automatic');
    expect(within(bscCard).getByText('Crypto')).toBeInTheDocument();
    expect(within(bscCard).queryByTestId('gateway-bonus')).not.toBeInTheDocument();

    await userEvent.click(tronCard);
    expect(await screen.findByTestId('location')).toHaveTextContent('/deposit/m_binance_tron');
  });

  it('says so when there is no payment method', async () => {
    openPage('/gateways', { 'GET /api/gateways': ok([]) });
    expect(await screen.findByTestId('gateways-empty')).toHaveTextContent(
      'No payment methods are available right now.',
    );
  });
});
