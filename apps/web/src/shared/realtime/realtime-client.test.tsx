import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_EVENTS,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_REQUEST_TIMEOUT_MS,
  SERVER_EVENTS,
} from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { fakeSockets, createdSocket, sessionError } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { callsTo, mockApi, noNotifications, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { FALLBACK_TRANSPORTS } from '@spm/client';
import { connectRealtime, disconnectRealtime, emitWithAck, getRealtimeSocket } from './index';

const location = () => screen.getByTestId('location').textContent;
const wallet = (balance: number) => ({ balance, cash: balance, coins: 0, sports: 0, wicket: 0 });

/** The whole app, signed in on /home, with its socket connected and answering. */
async function connectedApp(): Promise<FakeSocket> {
  mockApi({ 'GET /api/profile': ok(playerProfile) });
  signIn();
  renderApp('/home');
  await screen.findByTestId('header-username');
  const socket = await createdSocket();
  socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: wallet(100) });
  act(() => socket.serverConnect());
  await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(100)));
  return socket;
}

describe('realtime connection (SPEC 4.5, 7.8)', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.useRealTimers());

  it('connects with the token and the spec options while signed in, and not before', async () => {
    mockApi();
    renderApp('/');
    await screen.findByTestId('open-login');
    expect(fakeSockets).toHaveLength(0);

    act(() => signIn());
    const socket = await createdSocket();
    expect(socket.options).toEqual({
      path: '/public/',
      transports: ['websocket', 'polling'],
      auth: { token: 'token-1', lang: 'en' },
      timeout: REALTIME_CONNECT_TIMEOUT_MS,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      forceNew: true,
    });
    expect(REALTIME_CONNECT_TIMEOUT_MS).toBe(20_000);
  });

  it('checks the session and sets the wallet from get:balance on connect', async () => {
    const socket = await connectedApp();
    expect(socket.emitsOf(CLIENT_EVENTS.sessionCheck)).toHaveLength(1);
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(1);
    // Neither sends a payload, only the ack callback.
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)[0]?.args).toEqual([]);
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)[0]?.timeoutMs).toBe(7000);
  });

  it('catches up on every reconnect: balance, exposure and unread notifications, without a reload', async () => {
    // What the server holds: changed while the socket is away (a restart, a dropped link).
    let unread = 0;
    let exposureAmount = 0;
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/notifications': () => ok({ ...noNotifications, unread, total: unread }),
      'GET /api/bet/exposure/amount': () => ok({ exposureAmount }),
    });
    signIn();
    renderApp('/home');
    await screen.findByTestId('header-username');
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    socket.reply(CLIENT_EVENTS.getBalance, {
      status: 'success',
      data: { ...wallet(100), version: 4 },
    });
    act(() => socket.serverConnect());
    await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(100)));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/notifications')).toHaveLength(1));
    expect(screen.queryByTestId('notifications-unread')).not.toBeInTheDocument();

    act(() => socket.serverEmit('disconnect', 'transport close'));
    unread = 2;
    exposureAmount = 250;
    socket.reply(CLIENT_EVENTS.getBalance, {
      status: 'success',
      data: { ...wallet(500), version: 9 },
    });
    act(() => socket.serverConnect());
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(500)));
    await waitFor(() => expect(useAuthStore.getState().exposureAmount).toBe(250));
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2);
    // A push the server's outbox sends late, older than the balance just read, does not win.
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(450), version: 8 }));
    expect(useAuthStore.getState().wallet).toEqual(wallet(500));
  });

  it('asks for the balance again on connect while the server does not answer in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/profile': ok(playerProfile) });
    signIn();
    renderApp('/home');
    await screen.findByTestId('header-username');
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    // A server just restarted: the first get:balance gets no answer within its 7 s.
    act(() => socket.serverConnect());
    await vi.waitFor(() => expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REQUEST_TIMEOUT_MS));
    await vi.waitFor(() => expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2));
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: wallet(750) });
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REQUEST_TIMEOUT_MS));
    await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(750)));
    // An answer ends the tries.
    await act(() => vi.advanceTimersByTimeAsync(3 * REALTIME_REQUEST_TIMEOUT_MS));
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(3);
  });

  it('keeps the wallet when get:balance does not answer success', async () => {
    const socket = await connectedApp();
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'failed' });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { balance: 'n/a' }));
    await waitFor(() => expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2));
    expect(useAuthStore.getState().wallet).toEqual(wallet(100));
  });

  it('replaces the wallet with an update_balance payload whose balance is a number', async () => {
    const socket = await connectedApp();
    act(() =>
      socket.serverEmit(SERVER_EVENTS.updateBalance, {
        balance: 2500.5,
        cash: 2000,
        coins: 500.5,
        sports: 10,
        wicket: 3,
      }),
    );
    expect(useAuthStore.getState().wallet).toEqual({
      balance: 2500.5,
      cash: 2000,
      coins: 500.5,
      sports: 10,
      wicket: 3,
    });
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(1);
  });

  it('drops an update_balance older than one it applied (wallet version)', async () => {
    const socket = await connectedApp();
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(300), version: 7 }));
    expect(useAuthStore.getState().wallet).toEqual(wallet(300));
    // Redelivered or overtaken pushes: the same version and an older one change nothing.
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(250), version: 6 }));
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(250), version: 7 }));
    expect(useAuthStore.getState().wallet).toEqual(wallet(300));
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(400), version: 8 }));
    expect(useAuthStore.getState().wallet).toEqual(wallet(400));
  });

  it('drops a get:balance reply older than an update_balance applied meanwhile', async () => {
    const socket = await connectedApp();
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(300), version: 7 }));
    // Read before the bet that made version 7, answered after its push.
    socket.reply(CLIENT_EVENTS.getBalance, {
      status: 'success',
      data: { ...wallet(350), version: 6 },
    });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { balance: 'n/a' }));
    await waitFor(() => expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2));
    await act(() => Promise.resolve());
    expect(useAuthStore.getState().wallet).toEqual(wallet(300));
    // The same version reads the same state; a newer one is applied, and older pushes after it
    // are dropped.
    socket.reply(CLIENT_EVENTS.getBalance, {
      status: 'success',
      data: { ...wallet(420), version: 9 },
    });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { balance: 'n/a' }));
    await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(420)));
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { ...wallet(380), version: 8 }));
    expect(useAuthStore.getState().wallet).toEqual(wallet(420));
  });

  it('asks for the balance again when update_balance carries no numeric balance', async () => {
    const socket = await connectedApp();
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: wallet(777) });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { reason: 'bet settled' }));
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2);
    await waitFor(() => expect(useAuthStore.getState().wallet).toEqual(wallet(777)));
  });

  it('logs out when session_check answers failed', async () => {
    const socket = await connectedApp();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'failed' });
    // session_refresh re-runs the check.
    act(() => socket.serverEmit(SERVER_EVENTS.sessionRefresh));
    expect(socket.emitsOf(CLIENT_EVENTS.sessionCheck)).toHaveLength(2);
    await waitFor(() => expect(location()).toBe('/'));
    expect(useAuthStore.getState().isAuth).toBe(false);
    expect(useAppStore.getState().activeAuthModal).toBe('login');
    expect(socket.disconnected).toBe(true);
  });

  it('moves to /maintenance the moment staff switch the site to maintenance', async () => {
    const socket = await connectedApp();
    const details = { ...useAppStore.getState().appDetails!, organisationStatus: 'maintenance' };
    act(() => socket.serverEmit(SERVER_EVENTS.appDetails, details));
    expect(useAppStore.getState().organisationStatus).toBe('maintenance');
    await waitFor(() => expect(location()).toBe('/maintenance'));
  });

  it('ignores app details that do not match the contract', async () => {
    const socket = await connectedApp();
    act(() => socket.serverEmit(SERVER_EVENTS.appDetails, { organisationStatus: 'closed' }));
    expect(useAppStore.getState().organisationStatus).toBe('live');
  });

  it('stays signed in when session_refresh finds the session fine', async () => {
    const socket = await connectedApp();
    act(() => socket.serverEmit(SERVER_EVENTS.sessionRefresh));
    await waitFor(() => expect(socket.emitsOf(CLIENT_EVENTS.sessionCheck)).toHaveLength(2));
    expect(useAuthStore.getState().isAuth).toBe(true);
    expect(location()).toBe('/home');
  });

  it('on a SessionError toasts "session error" and logs out', async () => {
    const socket = await connectedApp();
    act(() => socket.connectError(sessionError(), { middleware: true }));
    expect(await screen.findByText('session error')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(useAuthStore.getState()).toMatchObject({ isAuth: false, token: null });
    expect(useAppStore.getState().activeAuthModal).toBe('login');
    expect(socket.disconnected).toBe(true);
  });

  it("on a SessionError with a message toasts the server's message", async () => {
    const socket = await connectedApp();
    act(() =>
      socket.connectError(sessionError('Session expired, please log in'), { middleware: true }),
    );
    expect(await screen.findByText('Session expired, please log in')).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(false));
  });

  it('on a SessionError with a catalogue code toasts its translation', async () => {
    const socket = await connectedApp();
    const error = sessionError('Your session has expired. Please sign in again.');
    error.data = {
      message: 'Your session has expired. Please sign in again.',
      errorCode: 'SESSION_EXPIRED',
    };
    await act(() => i18n.changeLanguage('hi'));
    act(() => socket.connectError(error, { middleware: true }));
    expect(
      await screen.findByText('आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।'),
    ).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(false));
  });

  it('retries another connection error with polling first, then websocket', async () => {
    const socket = await connectedApp();
    act(() => socket.connectError(new Error('websocket error')));
    expect(socket.io.opts.transports).toEqual(['polling', 'websocket']);
    expect(FALLBACK_TRANSPORTS).toEqual(['polling', 'websocket']);
    expect(useAuthStore.getState().isAuth).toBe(true);
    expect(socket.disconnected).toBe(false);
    expect(screen.queryByText('session error')).not.toBeInTheDocument();
  });

  it('shows sub:notification_toast as a notification toast', async () => {
    const socket = await connectedApp();
    act(() =>
      socket.serverEmit(SERVER_EVENTS.notificationToast, {
        title: 'Deposit',
        message: 'Approved',
        status: 'success',
      }),
    );
    const toast = await screen.findByText('Deposit : Approved');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
  });

  it('tells the server of a language switch, for this socket and its reconnects', async () => {
    const socket = await connectedApp();
    await act(() => i18n.changeLanguage('ta'));
    try {
      expect(socket.emits).toContainEqual({ event: CLIENT_EVENTS.setLanguage, args: ['ta'] });
      expect(socket.auth).toEqual({ token: 'token-1', lang: 'ta' });
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('disconnects on logout', async () => {
    const socket = await connectedApp();
    act(() => useAuthStore.getState().clearSession());
    expect(socket.disconnected).toBe(true);
    expect(getRealtimeSocket()).toBeNull();
  });
});

describe('realtime client module', () => {
  afterEach(() => {
    disconnectRealtime();
    vi.useRealTimers();
  });

  it('emitWithAck resolves with the ack', async () => {
    const socket = (await connectRealtime('t-1')) as unknown as FakeSocket;
    socket.reply('ping', (payload: unknown) => ({ echoed: payload }));
    await expect(emitWithAck('ping', { n: 1 })).resolves.toEqual({
      ok: true,
      ack: { echoed: { n: 1 } },
    });
    expect(socket.emitsOf('ping')[0]).toEqual({ event: 'ping', args: [{ n: 1 }], timeoutMs: 7000 });
  });

  it('emitWithAck gives up after 7000 ms with a time-out result', async () => {
    vi.useFakeTimers();
    await connectRealtime('t-1');
    let settled: unknown = 'pending';
    void emitWithAck('get:balance').then((result) => {
      settled = result;
    });
    await vi.advanceTimersByTimeAsync(REALTIME_REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ ok: false, reason: 'timeout' });
    expect(REALTIME_REQUEST_TIMEOUT_MS).toBe(7000);
  });

  it('emitWithAck without a connection answers not-connected', async () => {
    await expect(emitWithAck('get:balance')).resolves.toEqual({
      ok: false,
      reason: 'not-connected',
    });
  });

  it('keeps one connection per token and replaces it for another', async () => {
    const first = await connectRealtime('t-1');
    expect(await connectRealtime('t-1')).toBe(first);
    const second = (await connectRealtime('t-2')) as unknown as FakeSocket;
    expect(second).not.toBe(first);
    expect((first as unknown as FakeSocket).disconnected).toBe(true);
    expect(second.auth).toEqual({ token: 't-2', lang: 'en' });
  });

  it('reconnects after a refusal that is not a session error', async () => {
    vi.useFakeTimers();
    const socket = (await connectRealtime('t-1')) as unknown as FakeSocket;
    socket.connectError(new Error('server busy'), { middleware: true });
    expect(socket.io.opts.transports).toEqual(['polling', 'websocket']);
    expect(socket.connectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.connectCalls).toBe(1);
  });

  it('reconnects when the server closes the socket, so a revoked session is found out', async () => {
    const socket = (await connectRealtime('t-1')) as unknown as FakeSocket;
    socket.serverEmit('disconnect', 'io server disconnect');
    expect(socket.connectCalls).toBe(1);
    socket.serverEmit('disconnect', 'transport close');
    expect(socket.connectCalls).toBe(1);
  });
});
