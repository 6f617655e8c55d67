import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDetails } from '@spm/contract';
import {
  MOBILE_DETAILS_STORAGE_KEY,
  decodeMobileDetails,
  encodeMobileDetails,
} from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import type { AuthModal } from '@/shared/stores/app-store';
import { callsTo, deferred, fail, liveAppDetails, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { loadedDialog } from '@/test/dialogs';
import { renderApp, resetStores } from '@/test/render-app';

const OTP_ON: AppDetails = { ...liveAppDetails, OTP: 0 };
const OTP_OFF: AppDetails = { ...liveAppDetails, OTP: 1 };
const field = (id: string) => screen.getByTestId(id);
const activeModal = () => screen.getByRole('dialog').getAttribute('data-modal');

function routes(details: AppDetails, extra: Record<string, MockRoute> = {}) {
  return mockApi({ 'GET /api/getAppDetails': ok(details), ...extra });
}

async function open(modal: AuthModal, details: AppDetails, path = '/') {
  useAppStore.getState().openAuthModal(modal);
  renderApp(path);
  await waitFor(() => expect(useAppStore.getState().appDetails).toEqual(details));
  return loadedDialog();
}

describe('mobile details storage (SPEC 3)', () => {
  it('keeps {mobile, country_code} as base64 JSON under the fixed key mvd', () => {
    expect(MOBILE_DETAILS_STORAGE_KEY).toBe('mvd');
    const encoded = encodeMobileDetails({ mobile: '9876543210', country_code: '91' });
    expect(JSON.parse(atob(encoded))).toEqual({ mobile: '9876543210', country_code: '91' });
    expect(decodeMobileDetails(encoded)).toEqual({ mobile: '9876543210', country_code: '91' });
    expect(decodeMobileDetails('not base64 json')).toBeNull();
    expect(decodeMobileDetails(null)).toBeNull();
  });
});

describe('mobile number dialog "Welcome!" (SPEC 2.5, 4.1)', () => {
  beforeEach(() => resetStores());

  it('has the phone, Next (enabled with a complete Indian number) and Log In', async () => {
    routes(OTP_ON);
    const dialog = await open('mobileNumber', OTP_ON);
    expect(within(dialog).getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mobile number')).toBe(field('mobile-phone'));
    expect(field('mobile-next')).toHaveTextContent('Next');
    expect(field('mobile-next')).toBeDisabled();
    await userEvent.type(field('mobile-phone'), '91987654321');
    expect(field('mobile-next')).toBeDisabled();
    await userEvent.type(field('mobile-phone'), '0');
    expect(field('mobile-next')).toBeEnabled();
    await userEvent.clear(field('mobile-phone'));
    expect(screen.getByText('Please enter mobile number')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(activeModal()).toBe('login');
  });

  it('OTP on: sends the OTP, stores mvd, records the source page and opens Verify', async () => {
    const fetchMock = routes(OTP_ON, { 'POST /api/sendOtpToMobile': ok({ message: 'sent' }) });
    await open('mobileNumber', OTP_ON);
    await userEvent.type(field('mobile-phone'), '919876543210');
    await userEvent.click(field('mobile-next'));
    expect(await screen.findByText('OTP sent on your mobile')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/sendOtpToMobile')[0]?.body).toEqual({
      mobile: '9876543210',
      country_code: '91',
    });
    expect(localStorage.getItem('mvd')).toBe(
      btoa(JSON.stringify({ mobile: '9876543210', country_code: '91' })),
    );
    expect(activeModal()).toBe('verifyNumber');
    // No referrer in the test page, so the current address is the source.
    expect(useAppStore.getState().authModalConfig).toMatchObject({
      source: window.location.href,
    });
  });

  it('records no source when an agent code is already set', async () => {
    useAppStore.getState().setAgentCodeConfig({ agentCode: 'AG42', saveTime: Date.now() });
    routes(OTP_ON, { 'POST /api/sendOtpToMobile': ok({ message: 'sent' }) });
    await open('mobileNumber', OTP_ON);
    await userEvent.type(field('mobile-phone'), '919876543210');
    await userEvent.click(field('mobile-next'));
    await waitFor(() => expect(activeModal()).toBe('verifyNumber'));
    expect(useAppStore.getState().authModalConfig?.source).toBeUndefined();
  });

  it('OTP off: "Phone number registered successfully" and straight to register, phone kept', async () => {
    routes(OTP_OFF, { 'POST /api/sendOtpToMobile': ok({ message: 'ok' }) });
    await open('mobileNumber', OTP_OFF);
    await userEvent.type(field('mobile-phone'), '919876543210');
    await userEvent.click(field('mobile-next'));
    expect(await screen.findByText('Phone number registered successfully')).toBeInTheDocument();
    expect(activeModal()).toBe('register');
    expect(await screen.findByTestId('register-phone')).toHaveValue('919876543210');
    expect(field('register-submit')).toBeEnabled();
  });

  it('stays on a failed send, with the error toast', async () => {
    routes(OTP_ON, {
      'POST /api/sendOtpToMobile': fail(
        409,
        'PHONE_TAKEN',
        'This mobile number is already registered.',
      ),
    });
    await open('mobileNumber', OTP_ON);
    await userEvent.type(field('mobile-phone'), '919876543210');
    await userEvent.click(field('mobile-next'));
    expect(
      await screen.findByText('This mobile number is already registered.'),
    ).toBeInTheDocument();
    expect(activeModal()).toBe('mobileNumber');
  });
});

describe('verify dialog "Verify!" (SPEC 2.5, 4.1)', () => {
  beforeEach(() => {
    resetStores();
    localStorage.setItem('mvd', encodeMobileDetails({ mobile: '9876543210', country_code: '91' }));
  });

  it('has the OTP, VERIFY ("SUBMITTING" while busy) and Log In; success opens register verified', async () => {
    const gate = deferred(ok({ message: 'OTP is Verified' }));
    const fetchMock = routes(OTP_ON, { 'POST /api/mobileVerification': gate.route });
    const dialog = await open('verifyNumber', OTP_ON);
    expect(within(dialog).getByRole('heading', { name: 'Verify!' })).toBeInTheDocument();
    expect(within(dialog).getByText(/\+91 9876543210/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(field('verify-submit')).toHaveTextContent(/^VERIFY$/);

    await userEvent.type(field('verify-otp'), '654321');
    await userEvent.click(field('verify-submit'));
    expect(field('verify-submit')).toHaveTextContent(/^SUBMITTING$/);
    expect(field('verify-submit')).toBeDisabled();
    gate.release();

    expect(await screen.findByText('OTP is Verified')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/mobileVerification')[0]?.body).toEqual({
      mobile: '9876543210',
      country_code: '91',
      otp: '654321',
    });
    expect(activeModal()).toBe('register');
    expect(await screen.findByTestId('register-phone')).toHaveValue('919876543210');
    expect(field('register-submit')).toBeEnabled();
    expect(screen.queryByTestId('register-otp')).not.toBeInTheDocument();
  });

  it('asks for the 6-digit code before sending', async () => {
    const fetchMock = routes(OTP_ON);
    await open('verifyNumber', OTP_ON);
    await userEvent.type(field('verify-otp'), '12a3');
    expect(field('verify-otp')).toHaveValue('123');
    await userEvent.click(field('verify-submit'));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/mobileVerification')).toHaveLength(0);
  });

  it('Log In goes back to the login dialog', async () => {
    routes(OTP_ON);
    await open('verifyNumber', OTP_ON);
    await userEvent.click(screen.getByTestId('open-login-from-verify'));
    expect(activeModal()).toBe('login');
  });
});

describe('forgot dialog (SPEC 2.5, 4.1, 5)', () => {
  beforeEach(() => resetStores());

  it('gives "Please enter mobile number" for an empty or invalid phone', async () => {
    const fetchMock = routes(OTP_ON);
    await open('forgotpassword', OTP_ON);
    expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
    await userEvent.click(field('forgot-submit'));
    expect(screen.getByText('Please enter mobile number')).toBeInTheDocument();

    await userEvent.type(field('forgot-phone'), '9198');
    expect(screen.queryByText('Please enter mobile number')).not.toBeInTheDocument();
    await userEvent.click(field('forgot-submit'));
    expect(screen.getByText('Please enter mobile number')).toBeInTheDocument();

    await userEvent.clear(field('forgot-phone'));
    await userEvent.type(field('forgot-phone'), '911234567890');
    expect(screen.getByText('Please enter mobile number')).toBeInTheDocument();
    await userEvent.click(field('forgot-submit'));
    expect(callsTo(fetchMock, 'POST /api/forgot-password')).toHaveLength(0);
  });

  it('submits {phone, countryCode}, toasts the server message and opens reset', async () => {
    const fetchMock = routes(OTP_ON, {
      'POST /api/forgot-password': ok({ message: 'Reset code sent' }),
    });
    await open('forgotpassword', OTP_ON);
    await userEvent.type(field('forgot-phone'), '919876543210');
    await userEvent.click(field('forgot-submit'));
    expect(await screen.findByText('Reset code sent')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /api/forgot-password');
    expect(call?.body).toEqual({ phone: '9876543210', countryCode: '91' });
    // The reset is bound by an httpOnly cookie: same-origin credentials must not be turned off.
    expect(call?.init.credentials ?? 'same-origin').toBe('same-origin');
    expect(activeModal()).toBe('resetpassword');
  });

  it('falls back to "Request created" when the server sends no message', async () => {
    routes(OTP_ON, { 'POST /api/forgot-password': ok({}) });
    await open('forgotpassword', OTP_ON);
    await userEvent.type(field('forgot-phone'), '919876543210');
    await userEvent.click(field('forgot-submit'));
    expect(await screen.findByText('Request created')).toBeInTheDocument();
  });
});

describe('reset dialog (SPEC 2.5, 4.1, 5)', () => {
  beforeEach(() => resetStores());

  it('needs both fields: "All fields are mandatory" on submit and on change', async () => {
    const fetchMock = routes(OTP_ON);
    const dialog = await open('resetpassword', OTP_ON);
    expect(within(dialog).getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.click(field('reset-submit'));
    expect(screen.getByText('All fields are mandatory')).toBeInTheDocument();

    await userEvent.type(field('reset-otp'), '123456');
    await userEvent.click(field('reset-submit'));
    expect(screen.getByText('All fields are mandatory')).toBeInTheDocument();

    await userEvent.type(field('reset-password'), 'x');
    expect(screen.queryByText('All fields are mandatory')).not.toBeInTheDocument();
    await userEvent.clear(field('reset-password'));
    expect(screen.getByText('All fields are mandatory')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reset-password')).toHaveLength(0);
  });

  it('has a show/hide toggle on the new password', async () => {
    routes(OTP_ON);
    const dialog = await open('resetpassword', OTP_ON);
    expect(field('reset-password')).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(field('reset-password')).toHaveAttribute('type', 'text');
  });

  it('sends {otp, password}, toasts "Password reset success" and opens login', async () => {
    const fetchMock = routes(OTP_ON, { 'POST /api/reset-password': ok({ message: 'done' }) });
    await open('resetpassword', OTP_ON);
    await userEvent.type(field('reset-otp'), '123456');
    await userEvent.type(field('reset-password'), 'newsecret1');
    await userEvent.click(field('reset-submit'));
    expect(await screen.findByText('Password reset success')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reset-password')[0]?.body).toEqual({
      otp: '123456',
      password: 'newsecret1',
    });
    expect(activeModal()).toBe('login');
  });

  it('stays on a refused code, with the error toast', async () => {
    routes(OTP_ON, {
      'POST /api/reset-password': fail(400, 'OTP_INVALID', 'The OTP is incorrect.'),
    });
    await open('resetpassword', OTP_ON);
    await userEvent.type(field('reset-otp'), '123456');
    await userEvent.type(field('reset-password'), 'newsecret1');
    await userEvent.click(field('reset-submit'));
    expect(await screen.findByText('The OTP is incorrect.')).toBeInTheDocument();
    expect(activeModal()).toBe('resetpassword');
  });
});

describe('closing (SPEC 4.1)', () => {
  beforeEach(() => resetStores());

  it('sets no dialog', async () => {
    routes(OTP_ON);
    await open('register', OTP_ON);
    await userEvent.click(field('modal-close'));
    expect(useAppStore.getState().activeAuthModal).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
