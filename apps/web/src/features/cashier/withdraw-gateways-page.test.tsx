import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/shared/stores/auth-store';
import { callsTo, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { bsc, fill, openPage, tron, wallet, withdrawal, withdrawInfo } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

function openCrypto(routes: Parameters<typeof openPage>[1] = {}) {
  return openPage('/withdraw/gateways', {
    'GET /api/withdraw/gateways': ok([tron, bsc]),
    'GET /api/withdraw/info': ok(withdrawInfo({ kycStatus: 'approved' })),
    ...routes,
  });
}

async function choose(code: string) {
  const cards = await screen.findAllByTestId('withdraw-gateway-card');
  const card = cards.find((item) => item.getAttribute('data-code') === code);
  if (!card) throw new Error(`no card ${code}`);
  await userEvent.click(card);
  return card;
}

describe('crypto withdrawals /withdraw/gateways', () => {
  beforeEach(() => resetStores());

  it('lists the payout gateways with the TRC20 +3% extra', async () => {
    openCrypto();
    const cards = await screen.findAllByTestId('withdraw-gateway-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('withdraw-gateway-extra')).toHaveTextContent('+3% extra');
    expect(within(cards[0]!).getByText('TRC20')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('withdraw-gateway-extra')).not.toBeInTheDocument();
    expect(field('withdraw-gateways-choose')).toBeInTheDocument();
    expect(screen.queryByTestId('crypto-withdraw-form')).not.toBeInTheDocument();
  });

  it('previews the payout with the extra and checks the address for the network', async () => {
    const fetchMock = openCrypto();
    const card = await choose('m_binance_tron');
    expect(card).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(field('crypto-amount'), '1000');
    expect(field('crypto-extra')).toHaveTextContent('+30.00');
    expect(field('crypto-payout-amount')).toHaveTextContent('1,030.00 ≈ 11.45 USDT');

    await fill(field('crypto-address'), '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c');
    expect(field('crypto-address-error')).toHaveTextContent(
      'Enter a valid TRC20 address (starts with T, 34 characters).',
    );
    await userEvent.clear(field('crypto-address'));
    await userEvent.click(field('crypto-submit'));
    expect(field('crypto-address-error')).toHaveTextContent('Enter the wallet address.');
    expect(field('withdraw-otp-error')).toHaveTextContent('Enter the 6-digit OTP.');

    await fill(field('crypto-amount'), '500');
    expect(field('crypto-amount-error')).toHaveTextContent('The minimum is 900.00.');
    await fill(field('crypto-amount'), '500000');
    expect(field('crypto-amount-error')).toHaveTextContent('The maximum is 4,50,000.00.');
    expect(callsTo(fetchMock, 'POST /api/withdrawRequest/dynamic')).toHaveLength(0);
  });

  it('checks a BEP20 address with the BEP20 rule', async () => {
    openCrypto();
    await choose('m_binance_bsc');
    await fill(field('crypto-address'), TRC20_ADDRESS);
    expect(field('crypto-address-error')).toHaveTextContent(
      'Enter a valid BEP20 address (0x followed by 40 hex characters).',
    );
    expect(screen.queryByTestId('crypto-extra')).not.toBeInTheDocument();
  });

  it('sends the crypto withdrawal with an idempotency key and shows the list', async () => {
    const fetchMock = openCrypto({
      'POST /api/withdrawRequest/dynamic': ok({
        withdrawal: withdrawal('95', {
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
        wallet: wallet(24000),
      }),
      'GET /api/withdrawRequest/get': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    await choose('m_binance_tron');
    await userEvent.type(field('crypto-amount'), '1000');
    await fill(field('crypto-address'), ` ${TRC20_ADDRESS} `);
    await userEvent.type(field('withdraw-otp'), '246810');
    await userEvent.click(field('crypto-submit'));
    await waitFor(() => expect(field('location')).toHaveTextContent('/withdrawlist'));
    expect(callsTo(fetchMock, 'POST /api/withdrawRequest/dynamic')[0]?.body).toEqual({
      gateway: 'm_binance_tron',
      amount: 1000,
      address: TRC20_ADDRESS,
      otp: '246810',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(useAuthStore.getState().wallet.balance).toBe(24000);
  });
});
