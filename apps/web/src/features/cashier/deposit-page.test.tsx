import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { browserLocation } from '@/shared/lib/navigation';
import { callsTo, fail, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { bsc, deposit, fill, formDataTo, image, openPage, paytm, tron } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);
const list = ok({ items: [], page: 1, pageSize: 20, total: 0 });

describe('deposit /deposit/{gateway}', () => {
  beforeEach(() => {
    resetStores();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the instructions, the pay-to details with copy buttons and a UPI QR', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openPage('/deposit/m_paytm', { 'GET /api/gateways/m_paytm': ok(paytm) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deposit with Paytm UPI' }),
    ).toBeInTheDocument();
    expect(field('deposit-instructions')).toHaveTextContent('Pay the amount to the UPI id below');
    expect(field('pay-to-upiId')).toHaveTextContent('spmsports@paytm');
    expect(field('pay-to-accountName')).toHaveTextContent('SPM Sports');
    expect(screen.queryByTestId('pay-to-walletAddress')).not.toBeInTheDocument();

    await userEvent.click(field('pay-to-upiId-copy'));
    expect(writeText).toHaveBeenCalledWith('spmsports@paytm');
    // The label changes once the clipboard's promise settles: a loaded machine may be later.
    await waitFor(() => expect(field('pay-to-upiId-copy')).toHaveTextContent('Copied'));

    const qr = await screen.findByTestId('deposit-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(qr).toHaveAttribute('data-link', 'upi://pay?pa=spmsports@paytm&pn=SPM%20Sports&cu=INR');
    // A valid amount goes into the UPI intent, so the app opens with it filled in.
    await userEvent.click(field('deposit-amount-preset-2000'));
    expect(field('deposit-amount')).toHaveValue('2000');
    await waitFor(() =>
      expect(field('deposit-qr')).toHaveAttribute(
        'data-link',
        'upi://pay?pa=spmsports@paytm&pn=SPM%20Sports&am=2000.00&cu=INR',
      ),
    );
    expect(screen.getByText('Min 100.00 – max 1,00,000.00')).toBeInTheDocument();
  });

  it('uses the uploaded QR when the gateway has one, and shows the crypto address', async () => {
    openPage('/deposit/m_binance_bsc', {
      'GET /api/gateways/m_binance_bsc': ok({
        ...bsc,
        payTo: { ...bsc.payTo, qrImageUrl: '/api/gateways/m_binance_bsc/qr' },
      }),
    });
    expect(await screen.findByTestId('deposit-qr')).toHaveAttribute(
      'src',
      '/api/gateways/m_binance_bsc/qr',
    );
    expect(field('pay-to-walletAddress')).toHaveTextContent(
      '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
    );
    expect(field('pay-to-network')).toHaveTextContent('Send only USDT on the BEP20 network.');
    await userEvent.type(field('deposit-amount'), '1000');
    expect(field('deposit-currency')).toHaveTextContent('≈ 11.12 USDT');
  });

  it('checks amount, reference and proof with the contract messages before sending', async () => {
    const fetchMock = openPage('/deposit/m_paytm', { 'GET /api/gateways/m_paytm': ok(paytm) });
    await screen.findByTestId('deposit-form');
    await userEvent.click(field('deposit-submit'));
    expect(field('deposit-amount-error')).toHaveTextContent('Enter an amount.');
    expect(field('deposit-reference-error')).toHaveTextContent(
      'Enter the transaction reference (UTR).',
    );
    expect(field('deposit-proof-error')).toHaveTextContent('Upload the payment proof.');

    await userEvent.type(field('deposit-amount'), '50');
    expect(field('deposit-amount-error')).toHaveTextContent('The minimum is 100.00.');
    await fill(field('deposit-amount'), '100.555');
    expect(field('deposit-amount-error')).toHaveTextContent('At most 2 decimals.');
    await fill(field('deposit-amount'), '200000');
    expect(field('deposit-amount-error')).toHaveTextContent('The maximum is 1,00,000.00.');
    await fill(field('deposit-reference'), 'AB#1');
    expect(field('deposit-reference-error')).toHaveTextContent(
      'The reference is 6 to 80 letters, digits or dashes.',
    );

    // A file that is not an image is refused before any upload.
    fireEvent.change(field('deposit-proof'), {
      target: { files: [new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' })] },
    });
    expect(field('deposit-proof-error')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
    const huge = image('huge.png');
    Object.defineProperty(huge, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(field('deposit-proof'), { target: { files: [huge] } });
    expect(field('deposit-proof-error')).toHaveTextContent('The image is larger than 5 MB.');
    await userEvent.click(field('deposit-submit'));
    expect(callsTo(fetchMock, 'POST /api/deposit/create')).toHaveLength(0);
  });

  it('translates the contract messages', async () => {
    openPage('/deposit/m_paytm', { 'GET /api/gateways/m_paytm': ok(paytm) });
    await screen.findByTestId('deposit-form');
    await act(() => i18n.changeLanguage('hi'));
    await userEvent.click(field('deposit-submit'));
    expect(field('deposit-amount-error')).toHaveTextContent('राशि दर्ज करें।');
  });

  it('sends a manual deposit as multipart and goes to the deposit list', async () => {
    const fetchMock = openPage('/deposit/m_paytm', {
      'GET /api/gateways/m_paytm': ok(paytm),
      'POST /api/deposit/create': ok(deposit('41', { amount: 2500.5 })),
      'GET /api/deposit/get': list,
      'GET /api/gateways': ok([paytm]),
    });
    await screen.findByTestId('deposit-form');
    await userEvent.type(field('deposit-amount'), '2500.50');
    await fill(field('deposit-reference'), ' 412345678901 ');
    const proof = image('utr.png');
    await userEvent.upload(field('deposit-proof'), proof);
    expect(field('deposit-proof-preview')).toHaveAttribute('src', 'blob:preview-1');
    await userEvent.click(field('deposit-submit'));

    expect(
      await screen.findByText('Deposit request sent. Your balance is credited once it is checked.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('location')).toHaveTextContent('/deposit/list'));
    const [form] = formDataTo(fetchMock, 'POST /api/deposit/create');
    expect(form && [...form.keys()]).toEqual(['gateway', 'amount', 'reference', 'proof']);
    expect(form?.get('gateway')).toBe('m_paytm');
    expect(form?.get('amount')).toBe('2500.5');
    expect(form?.get('reference')).toBe('412345678901');
    expect((form?.get('proof') as File).name).toBe('utr.png');
    expect(callsTo(fetchMock, 'POST /api/deposit/create')[0]?.headers.authorization).toBe(
      'token-1',
    );
    // The preview's blob address is given back once the form is gone.
    await screen.findByTestId('deposits-empty');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('keeps the form when the server refuses (the toast says why)', async () => {
    openPage('/deposit/m_paytm', {
      'GET /api/gateways/m_paytm': ok(paytm),
      'POST /api/deposit/create': fail(
        409,
        'REFERENCE_USED',
        'This transaction reference has already been used.',
      ),
    });
    await screen.findByTestId('deposit-form');
    await userEvent.type(field('deposit-amount'), '500');
    await fill(field('deposit-reference'), '412345678901');
    await userEvent.upload(field('deposit-proof'), image());
    await userEvent.click(field('deposit-submit'));
    expect(
      await screen.findByText('This transaction reference has already been used.'),
    ).toBeInTheDocument();
    expect(field('location')).toHaveTextContent('/deposit/m_paytm');
    expect(field('deposit-submit')).toBeEnabled();
  });

  it('starts an automated payment with fastpayme and sends the player to its pay page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetchMock = openPage('/deposit/m_binance_tron', {
      'GET /api/gateways/m_binance_tron': ok(tron),
      'POST /api/deposit/fastpayme': ok({
        deposit: deposit('77', { gateway: 'm_binance_tron', automated: true, amount: 1800 }),
        payUrl: '/api/gateway-sim/pay/sim-77',
        payAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        network: 'TRC20',
        payAmount: 20,
        currency: 'USDT',
      }),
    });
    await screen.findByTestId('deposit-form');
    expect(screen.queryByTestId('deposit-reference')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-proof')).not.toBeInTheDocument();
    await userEvent.click(field('deposit-amount-preset-1800'));
    expect(field('deposit-currency')).toHaveTextContent('≈ 20.00 USDT');
    expect(field('deposit-bonus')).toHaveTextContent('+180.00 bonus (10%)');
    expect(field('deposit-submit')).toHaveTextContent('Pay now');
    await userEvent.click(field('deposit-submit'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/gateway-sim/pay/sim-77'));
    expect(callsTo(fetchMock, 'POST /api/deposit/fastpayme')[0]?.body).toEqual({
      gateway: 'm_binance_tron',
      amount: 1800,
    });
  });

  it('shows a not-found state with a way back for an unknown gateway', async () => {
    const fetchMock = openPage('/deposit/m_unknown', {
      'GET /api/gateways/m_unknown': fail(404, 'GATEWAY_NOT_FOUND', 'No such payment method.'),
    });
    expect(await screen.findByTestId('deposit-not-found')).toHaveTextContent(
      'This payment method does not exist or is not available right now.',
    );
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute(
      'href',
      '/gateways',
    );
    // A page state, not an error toast.
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/gateways/m_unknown')).toHaveLength(1);
  });

  it('does not even ask for a code that cannot be a gateway', async () => {
    const fetchMock = openPage('/deposit/NOT-A-CODE');
    expect(await screen.findByTestId('deposit-not-found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/gateways/'))).toBe(
      false,
    );
  });

  it('keeps a demo account from submitting', async () => {
    openPage('/deposit/m_paytm', { 'GET /api/gateways/m_paytm': ok(paytm) }, { demo: true });
    await screen.findByTestId('deposit-form');
    expect(field('demo-notice')).toBeInTheDocument();
    expect(field('deposit-submit')).toBeDisabled();
  });
});
