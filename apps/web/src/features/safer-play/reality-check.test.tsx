import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS, type RealityCheckEvent } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const location = () => screen.getByTestId('location').textContent;

const check = (overrides: Partial<RealityCheckEvent> = {}): RealityCheckEvent => ({
  sessionStartedAt: '2026-12-02T09:00:00.000Z',
  at: '2026-12-02T10:05:00.000Z',
  playedMinutes: 65,
  net: -250.5,
  index: 1,
  ...overrides,
});

/** The whole app signed in on `path`, its socket connected. */
async function signedInApp(path = '/home') {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    'POST /api/signout': ok(null),
  });
  signIn();
  renderApp(path);
  await screen.findByTestId('header-username');
  const socket: FakeSocket = await createdSocket();
  socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'failed' });
  act(() => socket.serverConnect());
  return { socket, fetchMock };
}

describe('reality check dialog (issue 42 item 2)', () => {
  beforeEach(() => resetStores());

  it("opens over any page with the server's time played and net result; continue closes it", async () => {
    const { socket } = await signedInApp('/mybets');
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    act(() => socket.serverEmit(SERVER_EVENTS.realityCheck, check()));
    const dialog = await screen.findByTestId('reality-check-dialog');
    expect(dialog).toHaveAttribute('role', 'alertdialog');
    expect(screen.getByTestId('reality-check-played')).toHaveTextContent('1 h 5 min');
    expect(screen.getByTestId('reality-check-net')).toHaveTextContent('-250.50');
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(location()).toBe('/mybets');
    expect(useAuthStore.getState().isAuth).toBe(true);
    // The answer goes to the server, which tells the player's other tabs.
    expect(socket.emitsOf(CLIENT_EVENTS.realityCheckAnswered).map((emit) => emit.args[0])).toEqual([
      { sessionStartedAt: check().sessionStartedAt, index: 1 },
    ]);
  });

  it("closes when another tab answered that check, not for another session's or an older one", async () => {
    const { socket } = await signedInApp();
    const answered = (overrides: { sessionStartedAt?: string; index: number }) =>
      act(() =>
        socket.serverEmit(SERVER_EVENTS.realityCheckAck, {
          sessionStartedAt: check().sessionStartedAt,
          ...overrides,
        }),
      );
    act(() => socket.serverEmit(SERVER_EVENTS.realityCheck, check({ index: 2 })));
    await screen.findByTestId('reality-check-dialog');
    answered({ index: 1 });
    answered({ index: 2, sessionStartedAt: '2026-12-02T08:00:00.000Z' });
    expect(screen.getByTestId('reality-check-dialog')).toBeInTheDocument();
    answered({ index: 2 });
    await waitFor(() => expect(screen.queryByTestId('reality-check-dialog')).toBeNull());
    // Closed by the other tab's answer: this tab does not answer again.
    expect(socket.emitsOf(CLIENT_EVENTS.realityCheckAnswered)).toEqual([]);
    expect(useAuthStore.getState().isAuth).toBe(true);
  });

  it('stop signs the player out (POST /signout) and leaves the signed-in pages', async () => {
    const { socket, fetchMock } = await signedInApp();
    act(() => socket.serverEmit(SERVER_EVENTS.realityCheck, check({ net: 40 })));
    expect(await screen.findByTestId('reality-check-net')).toHaveTextContent('+40.00');
    fireEvent.click(screen.getByTestId('reality-check-stop'));
    expect(socket.emitsOf(CLIENT_EVENTS.realityCheckAnswered)).toHaveLength(1);
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(false));
    expect(callsTo(fetchMock, 'POST /api/signout')).toHaveLength(1);
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(location()).toBe('/');
  });

  it('the history link opens the statement and closes the dialog', async () => {
    const { socket } = await signedInApp();
    act(() => socket.serverEmit(SERVER_EVENTS.realityCheck, check({ playedMinutes: 15 })));
    expect(await screen.findByTestId('reality-check-played')).toHaveTextContent('15 min');
    fireEvent.click(screen.getByTestId('reality-check-history'));
    await waitFor(() => expect(location()).toBe('/statement'));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    expect(useAuthStore.getState().isAuth).toBe(true);
  });

  it('the session time limit says so and logs out without a signout call', async () => {
    const { socket, fetchMock } = await signedInApp();
    act(() =>
      socket.serverEmit(SERVER_EVENTS.sessionLimit, {
        sessionLimitMinutes: 30,
        at: '2026-12-02T09:30:00.000Z',
      }),
    );
    expect(await screen.findByText(/session time limit has been reached/)).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(false));
    expect(callsTo(fetchMock, 'POST /api/signout')).toHaveLength(0);
  });
});
