import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { fill, hdfc, openPage, upi, wallet, withdrawal, withdrawInfo } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const otpSent = ok({ message: 'OTP sent on your mobile', sentTo: '+91 ******3210' });
const emptyList = ok({ items: [], page: 1, pageSize: 20, total: 0 });

async function openWithdraw(routes: Parameters<typeof openPage>[1] = {}) {
  const fetchMock = openPage(
    '/withdraw',
    {
      'GET /api/withdraw/info': ok(withdrawInfo()),
      'GET /api/bank': ok([hdfc, upi]),
      ...routes,
    },
    { balance: wallet(25000) },
  );
  await screen.findByTestId('withdraw-form');
  return fetchMock;
}

describe('withdraw /withdraw', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.useRealTimers());

  it('shows the withdrawable amount, limits, KYC notice and the saved bank details', async () => {
    await openWithdraw();
    expect(field('withdraw-withdrawable')).toHaveTextContent('25,000.00');
    expect(field('withdraw-limits')).toHaveTextContent('Min 500.00 – max 1,00,000.00');
    expect(field('withdraw-pending')).toHaveTextContent('0 of 3');
    expect(field('withdraw-kyc-notice')).toHaveTextContent(
      'Withdrawals above 20,000.00 need verified KYC.',
    );
    expect(field('withdraw-kyc-link')).toHaveAttribute('href', '/kyc');
    const banks = screen.getAllByTestId('withdraw-bank');
    expect(banks.map((bank) => bank.textContent)).toEqual([
      'Bank account•••• 4321Ravi Kumar · HDFC Bank · HDFC0001234',
      'UPIravi@okhdfcbankRavi Kumar',
    ]);
    expect(within(banks[0]!).getByRole('radio')).toBeChecked();
    expect(field('withdraw-crypto-link')).toHaveAttribute('href', '/withdraw/gateways');
  });

  it('shows an OTP send error inline, without a toast', async () => {
    const fetchMock = await openWithdraw({
      'POST /api/withdraw/request/otp': fail(
        429,
        'OTP_COOLDOWN',
        'Please wait before requesting another OTP.',
      ),
    });
    await userEvent.click(field('withdraw-otp-send'));
    expect(await screen.findByTestId('withdraw-otp-send-error')).toHaveTextContent(
      'Please wait before requesting another OTP.',
    );
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.getAllByText('Please wait before requesting another OTP.')).toHaveLength(1);
    expect(field('withdraw-otp-send')).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /api/withdraw/request/otp')).toHaveLength(1);
  });

  it('counts down 30 s before the OTP can be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWithdraw({ 'POST /api/withdraw/request/otp': otpSent });
    await userEvent.click(field('withdraw-otp-send'));
    expect(await screen.findByText('OTP sent to +91 ******3210')).toBeInTheDocument();
    expect(field('withdraw-otp-send')).toHaveTextContent('Resend in 30 s');
    expect(field('withdraw-otp-send')).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(field('withdraw-otp-send')).toHaveTextContent('Resend OTP'));
    expect(field('withdraw-otp-send')).toBeEnabled();
  });

  it('checks the amount and the OTP before sending', async () => {
    const fetchMock = await openWithdraw();
    await userEvent.click(field('withdraw-submit'));
    expect(field('withdraw-amount-error')).toHaveTextContent('Enter an amount.');
    expect(field('withdraw-otp-error')).toHaveTextContent('Enter the 6-digit OTP.');
    await userEvent.type(field('withdraw-amount'), '30000');
    expect(field('withdraw-amount-error')).toHaveTextContent('You can withdraw at most 25,000.00.');
    await fill(field('withdraw-amount'), '20000.01');
    expect(field('withdraw-amount-error')).toHaveTextContent(
      'Amounts above 20,000.00 need verified KYC.',
    );
    expect(field('withdraw-kyc-notice')).toHaveAttribute('data-blocking', 'true');
    await userEvent.type(field('withdraw-otp'), '12a34');
    expect(field('withdraw-otp')).toHaveValue('1234');
    await userEvent.click(field('withdraw-submit'));
    expect(callsTo(fetchMock, 'POST /api/withdrawRequest/create')).toHaveLength(0);
  });

  it('sends the withdrawal with its idempotency key, updates the balance and shows the list', async () => {
    const created = deferred(
      ok({ withdrawal: withdrawal('91', { amount: 1500 }), wallet: wallet(23500) }),
    );
    const fetchMock = await openWithdraw({
      'POST /api/withdraw/request/otp': otpSent,
      'POST /api/withdrawRequest/create': created.route,
      'GET /api/withdrawRequest/get': emptyList,
    });
    await userEvent.click(within(screen.getAllByTestId('withdraw-bank')[1]!).getByRole('radio'));
    await userEvent.type(field('withdraw-amount'), '1500');
    await userEvent.click(field('withdraw-otp-send'));
    await userEvent.type(field('withdraw-otp'), '123456');
    await userEvent.click(field('withdraw-submit'));
    // A second click while the first is in flight sends nothing more.
    await userEvent.click(field('withdraw-submit'));
    created.release();

    expect(
      await screen.findByText('Withdrawal requested. The amount is on hold until it is paid.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('location')).toHaveTextContent('/withdrawlist'));
    const calls = callsTo(fetchMock, 'POST /api/withdrawRequest/create');
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      amount: 1500,
      bankId: '12',
      otp: '123456',
      idempotencyKey: expect.stringMatching(UUID),
    });
    expect(useAuthStore.getState().wallet.balance).toBe(23500);
  });

  it("keeps a newer pushed balance when the withdrawal's answer is older (wallet version)", async () => {
    const created = deferred(
      ok({
        withdrawal: withdrawal('92', { amount: 1500 }),
        wallet: { ...wallet(23500), version: 8 },
      }),
    );
    await openWithdraw({
      'POST /api/withdraw/request/otp': otpSent,
      'POST /api/withdrawRequest/create': created.route,
      'GET /api/withdrawRequest/get': emptyList,
    });
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    socket.reply(CLIENT_EVENTS.getBalance, {
      status: 'success',
      data: { ...wallet(25000), version: 7 },
    });
    act(() => socket.serverConnect());
    await userEvent.click(within(screen.getAllByTestId('withdraw-bank')[1]!).getByRole('radio'));
    await userEvent.type(field('withdraw-amount'), '1500');
    await userEvent.click(field('withdraw-otp-send'));
    await userEvent.type(field('withdraw-otp'), '123456');
    await userEvent.click(field('withdraw-submit'));
    // The hold's push (8), then a bet placed right after it (9), reach the app before the
    // withdrawal's answer, which was read at 8.
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(23500), version: 8 }));
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(23000), version: 9 }));
    created.release();
    await waitFor(() => expect(field('location')).toHaveTextContent('/withdrawlist'));
    expect(useAuthStore.getState().wallet.balance).toBe(23000);
  });

  it('sends the same key again for the same form, and a new one once it changes', async () => {
    const fetchMock = await openWithdraw({
      'POST /api/withdrawRequest/create': fail(400, 'OTP_INVALID', 'The OTP is incorrect.'),
    });
    await userEvent.type(field('withdraw-amount'), '1500');
    await userEvent.type(field('withdraw-otp'), '123456');
    await userEvent.click(field('withdraw-submit'));
    expect(await screen.findByText('The OTP is incorrect.')).toBeInTheDocument();
    await userEvent.click(field('withdraw-submit'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/withdrawRequest/create')).toHaveLength(2),
    );
    await userEvent.clear(field('withdraw-otp'));
    await userEvent.type(field('withdraw-otp'), '654321');
    await userEvent.click(field('withdraw-submit'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/withdrawRequest/create')).toHaveLength(3),
    );
    const keys = callsTo(fetchMock, 'POST /api/withdrawRequest/create').map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(field('location')).toHaveTextContent('/withdraw');
  });

  it('offers to add bank details when there are none', async () => {
    openPage('/withdraw', {
      'GET /api/withdraw/info': ok(withdrawInfo()),
      'GET /api/bank': ok([]),
    });
    expect(await screen.findByTestId('withdraw-no-banks')).toHaveTextContent(
      'Add a bank account, card or UPI ID to withdraw to.',
    );
    expect(field('withdraw-add-bank')).toHaveAttribute('href', '/profile#bank-details');
  });

  it('stops at the pending limit and for demo accounts', async () => {
    openPage(
      '/withdraw',
      {
        'GET /api/withdraw/info': ok(withdrawInfo({ pendingCount: 3, kycStatus: 'approved' })),
        'GET /api/bank': ok([hdfc]),
      },
      { demo: true },
    );
    expect(await screen.findByTestId('withdraw-pending-limit')).toHaveTextContent(
      'You already have 3 pending withdrawals.',
    );
    expect(screen.queryByTestId('withdraw-kyc-notice')).not.toBeInTheDocument();
    expect(field('demo-notice')).toBeInTheDocument();
    expect(field('withdraw-submit')).toBeDisabled();
    expect(field('withdraw-otp-send')).toBeDisabled();
  });
});
