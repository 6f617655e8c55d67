import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@spm/contract';
import type { Wallet } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { fakeSockets, createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const EXPOSURE = 'GET /api/bet/exposure/amount';
const text = (testId: string) => screen.getByTestId(testId).textContent;

const walletOf = (balance: number, rest: Partial<Wallet> = {}): Wallet => ({
  balance,
  cash: balance,
  coins: 0,
  sports: 0,
  wicket: 0,
  exposure: 0,
  ...rest,
});

/** Signed in on /home; the socket connects and get:balance answers `wallet`. */
async function signedInApp(
  wallet: Omit<Wallet, 'exposure'> & { exposure?: number },
  routes: Record<string, MockRoute> = {},
) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  renderApp('/home');
  await screen.findByTestId('header-balance');
  const socket: FakeSocket = await createdSocket();
  socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: wallet });
  act(() => socket.serverConnect());
  await waitFor(() => expect(useAuthStore.getState().wallet.balance).toBe(wallet.balance));
  return { fetchMock, socket };
}

describe('header wallet (SPEC 3, 4.5)', () => {
  beforeEach(() => resetStores());

  it('shows balance and exposure as points with 2 decimals in Indian grouping', async () => {
    const { fetchMock } = await signedInApp(walletOf(100000, { exposure: 1234.5 }), {
      [EXPOSURE]: ok({ exposureAmount: 1234.5 }),
    });
    await waitFor(() => expect(text('header-exposure')).toBe('1,234.50'));
    expect(text('header-balance')).toBe('1,00,000.00');
    expect(callsTo(fetchMock, EXPOSURE)[0]?.headers.authorization).toBe('token-1');
  });

  it('asks for the exposure amount after sign-in, and never while signed out', async () => {
    const fetchMock = mockApi({ [EXPOSURE]: ok({ exposureAmount: 75.25 }) });
    renderApp('/');
    await screen.findByTestId('open-login');
    expect(screen.queryByTestId('header-balance')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, EXPOSURE)).toHaveLength(0);

    act(() => signIn());
    await waitFor(() => expect(text('header-exposure')).toBe('75.25'));
    expect(useAuthStore.getState().exposureAmount).toBe(75.25);
    expect(callsTo(fetchMock, EXPOSURE)).toHaveLength(1);
  });

  it('updates live from update_balance, its exposure with it', async () => {
    const { socket, fetchMock } = await signedInApp(walletOf(100, { exposure: 250 }), {
      [EXPOSURE]: ok({ exposureAmount: 250 }),
    });
    await waitFor(() => expect(text('header-exposure')).toBe('250.00'));
    await userEvent.click(screen.getByTestId('wallet-toggle'));
    const panel = screen.getByTestId('wallet-panel');
    expect(within(panel).getByTestId('wallet-cash')).toHaveTextContent('100.00');

    const exposureReads = callsTo(fetchMock, EXPOSURE).length;
    act(() =>
      socket.serverEmit(SERVER_EVENTS.updateBalance, {
        balance: 2500.5,
        cash: 2900.5,
        coins: 150000,
        sports: 10,
        wicket: 3.75,
        exposure: 400,
      }),
    );
    expect(text('header-balance')).toBe('2,500.50');
    expect(text('wallet-balance')).toBe('2,500.50');
    expect(text('wallet-cash')).toBe('2,900.50');
    expect(text('wallet-coins')).toBe('1,50,000.00');
    expect(text('wallet-sports')).toBe('10.00');
    expect(text('wallet-wicket')).toBe('3.75');
    // The exposure comes with the balance, from the same versioned wallet: no second read.
    expect(text('header-exposure')).toBe('400.00');
    expect(text('wallet-exposure')).toBe('400.00');
    expect(callsTo(fetchMock, EXPOSURE)).toHaveLength(exposureReads);
    // No get:balance was needed for a numeric balance.
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(1);
  });

  it('draws an exposure of 0.00 neutral and only a held one in red, in the header and its panel', async () => {
    const { socket } = await signedInApp(walletOf(500, { exposure: 0 }));
    await userEvent.click(screen.getByTestId('wallet-toggle'));
    for (const testId of ['header-exposure', 'wallet-exposure']) {
      expect(text(testId)).toBe('0.00');
      expect(screen.getByTestId(testId)).toHaveAttribute('data-tone', 'none');
      expect(screen.getByTestId(testId)).not.toHaveClass('exposure-amount--held');
    }
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, walletOf(425, { exposure: 75 })));
    for (const testId of ['header-exposure', 'wallet-exposure']) {
      expect(text(testId)).toBe('75.00');
      expect(screen.getByTestId(testId)).toHaveClass('exposure-amount--held');
    }
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, walletOf(500, { exposure: 0 })));
    expect(screen.getByTestId('header-exposure')).toHaveAttribute('data-tone', 'none');
  });

  it('never lets an exposure read overtaken by a newer wallet replace its exposure', async () => {
    const late = deferred(ok({ exposureAmount: 999 }));
    const { socket, fetchMock } = await signedInApp(walletOf(100, { exposure: 10 }), {
      [EXPOSURE]: late.route,
    });
    // The read asked for at sign-in is still out when a bet's wallet arrives.
    await waitFor(() => expect(callsTo(fetchMock, EXPOSURE)).toHaveLength(1));
    act(() =>
      socket.serverEmit(SERVER_EVENTS.updateBalance, {
        ...walletOf(60, { exposure: 40 }),
        version: 5,
      }),
    );
    expect(text('header-exposure')).toBe('40.00');
    late.release();
    await waitFor(() => expect(useAuthStore.getState().exposureAmount).toBe(40));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(text('header-exposure')).toBe('40.00');
    expect(text('header-balance')).toBe('60.00');
  });

  it('asks again with get:balance when update_balance has no numeric balance', async () => {
    const { socket } = await signedInApp(walletOf(100));
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: walletOf(777.1) });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, { balance: '777.10' }));
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance)).toHaveLength(2);
    await waitFor(() => expect(text('header-balance')).toBe('777.10'));
  });

  it('keeps the last exposure quietly when the exposure call fails', async () => {
    useAuthStore.setState({ exposureAmount: 12 });
    // An older server's wallet without its exposure: the GET is the only source of it.
    const withoutExposure = { balance: 50, cash: 50, coins: 0, sports: 0, wicket: 0 };
    const { fetchMock } = await signedInApp(withoutExposure, {
      [EXPOSURE]: fail(500, 'INTERNAL', 'Something went wrong'),
    });
    await waitFor(() => expect(callsTo(fetchMock, EXPOSURE).length).toBeGreaterThan(0));
    expect(text('header-exposure')).toBe('12.00');
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(useAuthStore.getState().isAuth).toBe(true);
  });

  it('opens a panel with the four wallets that closes on Escape and links to the statement', async () => {
    await signedInApp(walletOf(10, { cash: 20, coins: 30, sports: 40, wicket: 50 }));
    expect(screen.queryByTestId('wallet-panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('wallet-toggle'));
    const panel = screen.getByTestId('wallet-panel');
    expect(within(panel).getByText('Cash').nextSibling).toHaveTextContent('20.00');
    expect(within(panel).getByText('Casino bonus').nextSibling).toHaveTextContent('30.00');
    expect(within(panel).getByText('Sports bonus').nextSibling).toHaveTextContent('40.00');
    expect(within(panel).getByText('Wicket rewards').nextSibling).toHaveTextContent('50.00');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('wallet-panel')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('wallet-toggle'));
    await userEvent.click(screen.getByTestId('wallet-statement-link'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/statement'));
    expect(screen.queryByTestId('wallet-panel')).not.toBeInTheDocument();
  });

  it('is not shown, and no socket opens, for visitors', async () => {
    mockApi();
    renderApp('/contactus');
    await screen.findByTestId('open-login');
    expect(screen.queryByTestId('header-balance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header-exposure')).not.toBeInTheDocument();
    expect(fakeSockets).toHaveLength(0);
  });
});

describe('signed-in layout', () => {
  beforeEach(() => resetStores());

  it('shows the announcements ticker on every signed-in page', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/announcement/display': ok([
        { id: 'a1', message: 'IPL final: boosted odds', createdAt: '2024-05-01T10:00:00.000Z' },
      ]),
    });
    signIn();
    renderApp('/profile');
    const ticker = await screen.findByTestId('announcements');
    expect(within(ticker).getAllByText('IPL final: boosted odds')[0]).toBeInTheDocument();
  });
});
