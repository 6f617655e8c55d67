import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CODE_VALIDITY_MS, LANGUAGES } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import type { AppDetails } from '@spm/contract';
import { MOBILE_DETAILS_STORAGE_KEY, TRACKER_STORAGE_KEY } from '@/shared/lib/storage';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { authAnswer, playerProfile } from '@/test/fixtures';
import { callsTo, fail, liveAppDetails, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { loadedDialog } from '@/test/dialogs';
import { renderApp, resetStores } from '@/test/render-app';

const location = () => screen.getByTestId('location').textContent;
const OTP_ON: AppDetails = { ...liveAppDetails, OTP: 0 };
const OTP_OFF: AppDetails = { ...liveAppDetails, OTP: 1 };

function routes(details: AppDetails, extra: Record<string, MockRoute> = {}) {
  return mockApi({
    'GET /api/getAppDetails': ok(details),
    'POST /api/sendOtpToMobile': ok({ message: 'Code sent to +91 98765 43210' }),
    'POST /api/mobileVerification': ok({ message: 'OTP is Verified' }),
    'POST /api/register': ok(authAnswer),
    'GET /api/profile': ok(playerProfile),
    ...extra,
  });
}

/** Opens the registration dialog once the app details (OTP, IS_EMAIL) are known. */
async function openRegister(details: AppDetails, path = '/') {
  useAppStore.getState().openAuthModal('register');
  renderApp(path);
  await waitFor(() => expect(useAppStore.getState().appDetails).toEqual(details));
  return loadedDialog('Sign Up');
}

const field = (id: string) => screen.getByTestId(id);

async function fillAccount(username = 'Ravi 01', password = 'secret123') {
  await userEvent.type(field('register-username'), username);
  await userEvent.type(field('register-password'), password);
  await userEvent.selectOptions(field('register-state'), 'MH');
}

async function verifyPhone(phone = '919876543210', otp = '123456') {
  await userEvent.type(field('register-phone'), phone);
  await userEvent.click(field('register-send-otp'));
  await userEvent.type(await screen.findByTestId('register-otp'), otp);
  await userEvent.click(field('register-verify-otp'));
  await screen.findByTestId('register-verified');
}

describe('registration dialog (SPEC 2.5, 4.3, 5)', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.useRealTimers());

  it('has the fields of SPEC 2.5, the 18+ box checked and the consent box not', async () => {
    routes(OTP_ON);
    const dialog = await openRegister(OTP_ON);
    expect(screen.queryByTestId('register-email')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toBe(field('register-username'));
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(field('register-password')).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText('Mobile number')).toBe(field('register-phone'));
    expect(field('register-send-otp')).toHaveTextContent('Send OTP');
    expect(within(dialog).getByLabelText('Agent / referral code')).toBe(
      field('register-agent-code'),
    );
    expect(field('register-agree')).toBeChecked();
    expect(field('register-updates')).not.toBeChecked();
    expect(field('register-submit')).toHaveTextContent('Sign Up');
    // No OTP entry until a code has been sent.
    expect(screen.queryByTestId('register-otp')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-resend-otp')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('open-login-from-register'));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'login');
  });

  it('shows the email field only when IS_EMAIL is on', async () => {
    const withEmail = { ...OTP_ON, IS_EMAIL: 1 };
    routes(withEmail);
    await openRegister(withEmail);
    expect(screen.getByLabelText('Email')).toBe(field('register-email'));
  });

  it('builds the hidden social links block from app settings', async () => {
    const social = { ...OTP_ON, WHATS_APP_URL: 'https://wa.me/919000000000', TELEGRAM: '' };
    routes(social);
    await openRegister(social);
    const block = field('register-social');
    expect(block).not.toBeVisible();
    expect(within(block).getByRole('link', { hidden: true, name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919000000000',
    );
    expect(within(block).queryByRole('link', { hidden: true, name: 'Telegram' })).toBeNull();
  });

  it('checks username, password and email on each change', async () => {
    const withEmail = { ...OTP_ON, IS_EMAIL: 1 };
    routes(withEmail);
    await openRegister(withEmail);

    await userEvent.type(field('register-username'), 'ab');
    expect(screen.getByText('Username must be 4 to 15 characters.')).toBeInTheDocument();
    await userEvent.type(field('register-username'), 'c$');
    expect(screen.getByText('Special characters are not allowed in username.')).toBeInTheDocument();
    await userEvent.clear(field('register-username'));
    expect(screen.getByText('User name cannot be empty')).toBeInTheDocument();
    await userEvent.type(field('register-username'), 'Ravi 01');
    expect(screen.queryByText(/User name|Username must|Special characters/)).toBeNull();
    await userEvent.type(field('register-username'), '4567890123');
    expect(screen.getByText('Username must be 4 to 15 characters.')).toBeInTheDocument();

    await userEvent.type(field('register-password'), 'short');
    expect(screen.getByText('Password must be 8 to 20 characters.')).toBeInTheDocument();
    await userEvent.clear(field('register-password'));
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    await userEvent.type(field('register-password'), 'a'.repeat(21));
    expect(screen.getByText('Password must be 8 to 20 characters.')).toBeInTheDocument();

    await userEvent.type(field('register-email'), 'r');
    await userEvent.clear(field('register-email'));
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
  });

  it('checks every field on submit and registers nothing while one fails', async () => {
    const withEmail = { ...OTP_OFF, IS_EMAIL: 1 };
    const fetchMock = routes(withEmail);
    await openRegister(withEmail);
    // OTP off: a complete phone is the verified state, so Sign Up can be pressed.
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.click(field('register-submit'));
    expect(screen.getByText('User name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/register')).toHaveLength(0);
  });

  it('enables Send OTP only with all 12 digits and caps the phone at 12', async () => {
    routes(OTP_ON);
    await openRegister(OTP_ON);
    const phone = field('register-phone');
    await userEvent.type(phone, '91987654321');
    expect(field('register-send-otp')).toBeDisabled();
    await userEvent.type(phone, '0');
    expect(field('register-send-otp')).toBeEnabled();
    await userEvent.type(phone, '99');
    expect(phone).toHaveValue('919876543210');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+91 98765-43210');
    expect(phone).toHaveValue('919876543210');
  });

  it('refuses a number that is not Indian', async () => {
    const fetchMock = routes(OTP_ON);
    await openRegister(OTP_ON);
    await userEvent.type(field('register-phone'), '447911123456');
    expect(field('register-send-otp')).toBeDisabled();
    expect(
      screen.getByText('Only Indian mobile numbers starting with 91 are allowed'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/sendOtpToMobile')).toHaveLength(0);
  });

  it('OTP on: sends the code, shows Verify and Resend, and unlocks Sign Up once verified', async () => {
    const fetchMock = routes(OTP_ON);
    await openRegister(OTP_ON);
    await fillAccount();
    await userEvent.type(field('register-phone'), '919876543210');
    expect(field('register-submit')).toBeDisabled();

    await userEvent.click(field('register-send-otp'));
    expect(await screen.findByText('OTP sent on your mobile')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/sendOtpToMobile')[0]?.body).toEqual({
      mobile: '9876543210',
      country_code: '91',
    });
    // The mobile details are kept encoded under mvd: base64 of {mobile, country_code}.
    const stored = localStorage.getItem(MOBILE_DETAILS_STORAGE_KEY);
    expect(stored).toBe(btoa(JSON.stringify({ mobile: '9876543210', country_code: '91' })));
    expect(field('register-otp')).toBeInTheDocument();
    expect(field('register-verify-otp')).toHaveTextContent('Verify');
    expect(field('register-resend-otp')).toHaveTextContent('Resend OTP');
    expect(field('register-submit')).toBeDisabled();

    await userEvent.click(field('register-verify-otp'));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/mobileVerification')).toHaveLength(0);

    await userEvent.type(field('register-otp'), '123456');
    await userEvent.click(field('register-verify-otp'));
    expect(await screen.findByText('OTP is Verified')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/mobileVerification')[0]?.body).toEqual({
      mobile: '9876543210',
      country_code: '91',
      otp: '123456',
    });
    expect(field('register-submit')).toBeEnabled();

    // A different number needs its own code.
    await userEvent.type(field('register-phone'), '{Backspace}1');
    expect(field('register-submit')).toBeDisabled();
  });

  it('Resend OTP toasts the server message, or "OTP sent on your mobile" without one', async () => {
    let message: string | undefined = 'A new code is on its way';
    routes(OTP_ON, { 'POST /api/sendOtpToMobile': () => ok(message ? { message } : {}) });
    await openRegister(OTP_ON);
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.click(field('register-send-otp'));
    await screen.findByText('OTP sent on your mobile');
    await userEvent.click(field('register-resend-otp'));
    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();

    message = undefined;
    expect(screen.getAllByText('OTP sent on your mobile')).toHaveLength(1);
    await userEvent.click(field('register-resend-otp'));
    await waitFor(() => expect(screen.getAllByText('OTP sent on your mobile')).toHaveLength(2));
  });

  it('OTP off: "Phone number registered successfully", no OTP entry, Sign Up with a complete phone', async () => {
    routes(OTP_OFF);
    await openRegister(OTP_OFF);
    await userEvent.type(field('register-phone'), '91987654321');
    expect(field('register-submit')).toBeDisabled();
    await userEvent.type(field('register-phone'), '0');
    expect(field('register-submit')).toBeEnabled();
    await userEvent.click(field('register-send-otp'));
    expect(await screen.findByText('Phone number registered successfully')).toBeInTheDocument();
    expect(screen.queryByTestId('register-otp')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-resend-otp')).not.toBeInTheDocument();
  });

  it('shows an unknown agent or referral code on its field, in the language of the page, until it is edited', async () => {
    routes(OTP_OFF, {
      'POST /api/register': fail(400, 'AGENT_CODE_UNKNOWN', 'No agent or player has this code.'),
    });
    await openRegister(OTP_OFF);
    await fillAccount();
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.type(field('register-agent-code'), 'NOPE99');
    await userEvent.click(field('register-submit'));
    const input = field('register-agent-code');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    const fieldText = () =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(fieldText()).toContain('No agent or player has this code.');
    await act(() => i18n.changeLanguage('hi'));
    expect(fieldText()).toContain('इस कोड वाला कोई एजेंट या खिलाड़ी नहीं है।');
    await act(() => i18n.changeLanguage('en'));
    expect(useAuthStore.getState().isAuth).toBe(false);
    await userEvent.type(input, 'X');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes a shared invite link (/register?ref=&source=): the code filled and locked, both sent', async () => {
    const fetchMock = routes(OTP_OFF);
    renderApp('/register?ref=AB23CD45&source=link');
    await waitFor(() => expect(useAppStore.getState().appDetails).toEqual(OTP_OFF));
    await loadedDialog('Sign Up');
    const code = field('register-agent-code');
    expect(code).toHaveValue('AB23CD45');
    expect(code).toHaveAttribute('readonly');
    expect(useAppStore.getState().agentCodeConfig.agentCode).toBe('AB23CD45');
    await fillAccount();
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.click(field('register-submit'));
    await screen.findByText('Registration Success');
    expect(callsTo(fetchMock, 'POST /api/register')[0]?.body).toMatchObject({
      agent_code: 'AB23CD45',
      source: 'link',
    });
  });

  it('asks for the state (issue 42 item 7) and registers nothing without it', async () => {
    const fetchMock = routes(OTP_OFF);
    await openRegister(OTP_OFF);
    await userEvent.type(field('register-username'), 'Ravi 01');
    await userEvent.type(field('register-password'), 'secret123');
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.click(field('register-submit'));
    expect(await screen.findByText('Please choose your state')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/register')).toEqual([]);
    const options = within(field('register-state')).getAllByRole('option');
    expect(options).toHaveLength(37);
  });

  it('shows a region refusal with its place, in each of the eight languages', async () => {
    routes(OTP_OFF, {
      'POST /api/register': {
        status: 403,
        body: {
          data: { region: { check: 'state', country: 'IN', state: 'TS' } },
          error: true,
          message: 'This site is not available in your region.',
          errorCode: 'REGION_BLOCKED',
        },
      },
    });
    await openRegister(OTP_OFF);
    await fillAccount();
    await userEvent.type(field('register-phone'), '919876543210');
    await userEvent.click(field('register-submit'));
    const notice = await screen.findByTestId('region-refused');
    expect(notice).toHaveTextContent('Not available in your region');
    expect(notice).toHaveTextContent('This site is not available to players in Telangana.');
    expect(useAuthStore.getState().isAuth).toBe(false);
    const texts = new Set<string>();
    for (const language of LANGUAGES) {
      await act(() => i18n.changeLanguage(language));
      const text = screen.getByTestId('region-refused').textContent ?? '';
      expect(text, language).toContain(i18n.t('regions.states.TS'));
      texts.add(text);
    }
    expect(texts.size).toBe(LANGUAGES.length);
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps Sign Up disabled while the 18+ box is unchecked', async () => {
    routes(OTP_OFF);
    await openRegister(OTP_OFF);
    await userEvent.type(field('register-phone'), '919876543210');
    expect(field('register-submit')).toBeEnabled();
    await userEvent.click(field('register-agree'));
    expect(field('register-submit')).toBeDisabled();
  });

  it('sends the payload of SPEC 3 exactly, then signs in and clears mvd and tracker', async () => {
    vi.stubEnv('VITE_IP_LOOKUP_URL', 'https://ip.example/lookup');
    localStorage.setItem(TRACKER_STORAGE_KEY, 'trk-77');
    useAppStore.getState().setAgentCodeConfig({ agentCode: 'AG42', saveTime: Date.now() });
    const fetchMock = routes(OTP_ON, { 'GET /lookup': { body: { ip: '203.0.113.9' } } });
    await openRegister(OTP_ON, '/?source=instagram');
    await fillAccount('Ravi 01', 'secret123');
    await verifyPhone();
    await userEvent.click(field('register-submit'));

    expect(await screen.findByText('Registration Success')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /api/register');
    expect(call?.body).toEqual({
      username: 'Ravi 01',
      name: 'Ravi 01',
      password: 'secret123',
      agent_code: 'AG42',
      extras: { trackingId: 'trk-77' },
      typeId: 3,
      parentId: 81026,
      mobile: '9876543210',
      country_code: '91',
      source: 'instagram',
      ip: '203.0.113.9',
      state: 'MH',
      age_confirmed: true,
    });
    await waitFor(() => expect(location()).toBe('/home'));
    expect(useAuthStore.getState()).toMatchObject({ isAuth: true, token: 'token-new' });
    expect(localStorage.getItem(MOBILE_DETAILS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TRACKER_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(useAuthStore.getState().userProfile).toEqual(playerProfile));
  });

  it('adds the email when IS_EMAIL is on and leaves out an unreachable IP lookup', async () => {
    vi.stubEnv('VITE_IP_LOOKUP_URL', 'https://ip.example/lookup');
    const details = { ...OTP_OFF, IS_EMAIL: 1 };
    const fetchMock = routes(details, { 'GET /lookup': { status: 503, body: {} } });
    await openRegister(details);
    await userEvent.type(field('register-email'), 'ravi@example.in');
    await fillAccount('ravi', 'secret123');
    await userEvent.type(field('register-phone'), '919876543210');
    // The updates checkbox (issue 42 item 8): sent, and stored with its time by the server.
    await userEvent.click(field('register-updates'));
    await userEvent.click(field('register-submit'));
    await screen.findByText('Registration Success');
    const body = callsTo(fetchMock, 'POST /api/register')[0]?.body as Record<string, unknown>;
    expect(body.email).toBe('ravi@example.in');
    expect(body.updates_consent).toBe(true);
    expect(body).not.toHaveProperty('ip');
    expect(body).not.toHaveProperty('agent_code');
    expect(body.extras).toEqual({});
    expect(callsTo(fetchMock, 'GET /lookup')[0]?.url.href).toBe('https://ip.example/lookup');
  });

  it('prefills the phone from the query (mobile, country_code) and records source', async () => {
    const fetchMock = routes(OTP_OFF);
    await openRegister(OTP_OFF, '/?mobile=9876543210&country_code=91&source=whatsapp');
    expect(field('register-phone')).toHaveValue('919876543210');
    await fillAccount();
    await userEvent.click(field('register-submit'));
    await screen.findByText('Registration Success');
    expect(callsTo(fetchMock, 'POST /api/register')[0]?.body).toMatchObject({
      mobile: '9876543210',
      source: 'whatsapp',
    });
  });

  it('locks a saved agent code younger than 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-10T10:00:00Z'));
    useAppStore.getState().setAgentCodeConfig({
      agentCode: 'AG42',
      saveTime: Date.now() - (AGENT_CODE_VALIDITY_MS - 1000),
    });
    routes(OTP_ON);
    await openRegister(OTP_ON);
    const code = field('register-agent-code');
    expect(code).toHaveValue('AG42');
    expect(code).toHaveAttribute('readonly');
    await userEvent.type(code, 'X');
    expect(code).toHaveValue('AG42');
    expect(useAppStore.getState().agentCodeConfig.agentCode).toBe('AG42');
  });

  it('discards a saved agent code older than 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-10T10:00:00Z'));
    useAppStore.getState().setAgentCodeConfig({
      agentCode: 'AG42',
      saveTime: Date.now() - AGENT_CODE_VALIDITY_MS - 1,
    });
    routes(OTP_ON);
    await openRegister(OTP_ON);
    const code = field('register-agent-code');
    expect(code).toHaveValue('');
    expect(code).not.toHaveAttribute('readonly');
    await waitFor(() =>
      expect(useAppStore.getState().agentCodeConfig).toEqual({ agentCode: null, saveTime: null }),
    );
    await userEvent.type(code, 'MY CODE');
    expect(code).toHaveValue('MY CODE');
  });

  it('unlocks the agent code when its 5 minutes run out while the dialog is open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useAppStore.getState().setAgentCodeConfig({ agentCode: 'AG42', saveTime: Date.now() });
    routes(OTP_ON);
    await openRegister(OTP_ON);
    expect(field('register-agent-code')).toHaveAttribute('readonly');
    act(() => {
      vi.advanceTimersByTime(AGENT_CODE_VALIDITY_MS);
    });
    expect(field('register-agent-code')).not.toHaveAttribute('readonly');
  });
});
