import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { authAnswer, demoAnswer, playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, liveAppDetails, mockApi, ok } from '@/test/mock-api';
import { loadedDialog } from '@/test/dialogs';
import { renderApp, resetStores } from '@/test/render-app';

const location = () => screen.getByTestId('location').textContent;

function openLogin(path = '/') {
  useAppStore.getState().openAuthModal('login');
  renderApp(path);
  return loadedDialog('Log In');
}

async function fillAndSubmit(username = 'ravi', password = 'secret123') {
  await userEvent.type(screen.getByTestId('login-username'), username);
  await userEvent.type(screen.getByTestId('login-password'), password);
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('login dialog (SPEC 2.5, 4.2, 5)', () => {
  beforeEach(() => resetStores());

  it('has username, password with a show/hide toggle, Login and a Register link', async () => {
    mockApi();
    const dialog = await openLogin();
    expect(dialog).toHaveAttribute('data-modal', 'login');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Username')).toBe(screen.getByTestId('login-username'));
    const password = within(dialog).getByLabelText('Password');
    expect(password).toBe(screen.getByTestId('login-password'));
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('login-submit')).toHaveTextContent(/^Login$/);
    expect(screen.getByTestId('modal-close')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('open-register-from-login'));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'register');
  });

  it('checks each field on change with the spec messages', async () => {
    mockApi();
    await openLogin();
    await userEvent.type(screen.getByTestId('login-username'), 'r');
    expect(screen.queryByText('Username cannot be empty')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('login-username'));
    expect(screen.getByText('Username cannot be empty')).toBeInTheDocument();
    expect(screen.queryByText('Password cannot be empty')).not.toBeInTheDocument();

    await userEvent.type(screen.getByTestId('login-password'), 'x');
    await userEvent.clear(screen.getByTestId('login-password'));
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('login-username'), 'ravi');
    expect(screen.queryByText('Username cannot be empty')).not.toBeInTheDocument();
  });

  it('checks both fields on submit and sends nothing while one is empty', async () => {
    const fetchMock = mockApi();
    await openLogin();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Username cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('login-username'), 'ravi');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/login')).toHaveLength(0);
  });

  it('shows "Forgot Username/Password?" when OTP is 0 and it opens the forgot dialog', async () => {
    mockApi();
    await openLogin();
    const link = await screen.findByTestId('open-forgot');
    expect(link).toHaveTextContent('Forgot Username/Password?');
    await userEvent.click(link);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'forgotpassword');
  });

  it('hides the forgot link when the OTP setting is not 0', async () => {
    mockApi({ 'GET /api/getAppDetails': ok({ ...liveAppDetails, OTP: 1 }) });
    await openLogin();
    await waitFor(() => expect(useAppStore.getState().appDetails?.OTP).toBe(1));
    expect(screen.queryByTestId('open-forgot')).not.toBeInTheDocument();
    expect(screen.queryByText('Forgot Username/Password?')).not.toBeInTheDocument();
  });

  it('shows the demo button only when the demo check reports demo users', async () => {
    mockApi({ 'GET /api/app/demo': ok({ hasDemoUsers: true }) });
    await openLogin();
    expect(await screen.findByTestId('demo-login')).toHaveTextContent('Demo Login');
    expect(screen.getByText('Need Demo? Just Click the button below.')).toBeInTheDocument();
  });

  it('hides the demo button when there are no demo users', async () => {
    const fetchMock = mockApi({ 'GET /api/app/demo': ok({ hasDemoUsers: false }) });
    await openLogin();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/app/demo')).toHaveLength(1));
    // Let the answer render before asserting the absence.
    await screen.findByTestId('open-forgot');
    expect(screen.queryByTestId('demo-login')).not.toBeInTheDocument();
    expect(screen.queryByText('Need Demo? Just Click the button below.')).not.toBeInTheDocument();
  });

  it('reads "Loading.." while the login call is on its way', async () => {
    const gate = deferred(ok(authAnswer));
    mockApi({ 'POST /api/login': gate.route, 'GET /api/profile': ok(playerProfile) });
    await openLogin();
    await fillAndSubmit();
    const button = screen.getByTestId('login-submit');
    expect(button).toHaveTextContent(/^Loading\.\.$/);
    expect(button).toBeDisabled();
    gate.release();
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('goes back to the page that asked for the sign-in (?return=, SPEC 2.3)', async () => {
    mockApi({ 'POST /api/login': ok(authAnswer), 'GET /api/profile': ok(playerProfile) });
    await openLogin('/sign-in?return=%2Fbetby');
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/betby'));
  });

  it('signs in (SPEC 4.2): toast, session stored, welcome flagged, profile, balance, /home', async () => {
    const fetchMock = mockApi({
      'POST /api/login': ok(authAnswer),
      'GET /api/profile': ok(playerProfile),
    });
    await openLogin();
    await fillAndSubmit('ravi', 'secret123');

    expect(await screen.findByText('Login Success')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/login')[0]?.body).toEqual({
      username: 'ravi',
      password: 'secret123',
    });
    await waitFor(() => expect(location()).toBe('/home'));
    const auth = useAuthStore.getState();
    expect(auth.isAuth).toBe(true);
    expect(auth.token).toBe('token-new');
    expect(auth.user).toEqual(authAnswer.user);
    expect(useAppStore.getState().activeAuthModal).toBeNull();
    expect(useAppStore.getState().showPostLoginModal).toBe(true);
    await waitFor(() => expect(useAuthStore.getState().userProfile).toEqual(playerProfile));
    expect(callsTo(fetchMock, 'GET /api/profile')[0]?.headers.authorization).toBe('token-new');

    // The balance comes over the realtime channel, opened with the new token.
    const socket = await createdSocket();
    expect(socket.auth).toEqual({ token: 'token-new', lang: 'en' });
    socket.reply('get:balance', {
      status: 'success',
      data: { balance: 1500, cash: 1200, coins: 300, sports: 0, wicket: 0 },
    });
    socket.reply('session_check', { status: 'success' });
    socket.serverConnect();
    expect(socket.emitsOf('get:balance')).toHaveLength(1);
    await waitFor(() =>
      expect(useAuthStore.getState().wallet).toEqual({
        balance: 1500,
        cash: 1200,
        coins: 300,
        sports: 0,
        wicket: 0,
      }),
    );

    // The post-login welcome, dismissable.
    const welcome = await screen.findByTestId('post-login-modal');
    expect(welcome).toHaveAttribute('role', 'dialog');
    expect(within(welcome).getByText('Hello Ravi Kumar, you are signed in.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('post-login-close'));
    expect(screen.queryByTestId('post-login-modal')).not.toBeInTheDocument();
    expect(useAppStore.getState().showPostLoginModal).toBe(false);
  });

  it('toasts a failed login by its error code and stays open', async () => {
    mockApi({
      'POST /api/login': fail(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
    });
    await openLogin();
    await fillAndSubmit('ravi', 'wrong-pass');
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuth).toBe(false);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-modal', 'login');
    expect(screen.getByTestId('login-submit')).toHaveTextContent(/^Login$/);
    expect(location()).toBe('/');
  });

  it('shows why a region is refused (issue 42 item 7) in each of the eight languages, no toast', async () => {
    const refusal = (region: unknown) => ({
      status: 403,
      body: {
        data: { region },
        error: true,
        message: 'This site is not available in your region.',
        errorCode: 'REGION_BLOCKED',
      },
    });
    mockApi({ 'POST /api/login': refusal({ check: 'phone', country: 'GB', state: null }) });
    await openLogin();
    await fillAndSubmit();
    const notice = await screen.findByTestId('region-refused');
    expect(notice).toHaveTextContent(
      'This site does not serve mobile numbers from United Kingdom.',
    );
    expect(screen.queryByText('This site is not available in your region.')).toBeNull();
    expect(useAuthStore.getState().isAuth).toBe(false);
    const texts = new Set<string>();
    for (const language of LANGUAGES) {
      await act(() => i18n.changeLanguage(language));
      texts.add(screen.getByTestId('region-refused').textContent ?? '');
    }
    expect(texts.size).toBe(LANGUAGES.length);
    await act(() => i18n.changeLanguage('en'));

    mockApi({ 'POST /api/login': refusal({ check: 'address', country: null, state: null }) });
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('region-refused')).toHaveTextContent(
        'We could not tell where you are connecting from',
      ),
    );
  });

  it('demo login does what login does', async () => {
    const fetchMock = mockApi({
      'GET /api/app/demo': ok({ hasDemoUsers: true }),
      'POST /api/login/demo': ok(demoAnswer),
      'GET /api/profile': ok({ ...playerProfile, username: 'demo01', isDemo: true }),
    });
    await openLogin();
    await userEvent.click(await screen.findByTestId('demo-login'));
    expect(await screen.findByText('Login Success')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/login/demo')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/home'));
    expect(useAuthStore.getState().token).toBe('token-demo');
    expect(useAppStore.getState().showPostLoginModal).toBe(true);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/profile')).toHaveLength(1));
    expect((await createdSocket()).auth).toEqual({ token: 'token-demo', lang: 'en' });
    expect(await screen.findByTestId('post-login-modal')).toHaveTextContent('demo account');
  });
});
