import {
  REALTIME_PATH,
  SERVER_EVENTS,
  type ClientToServerEvents,
  type NotificationToast,
  type ServerToClientEvents,
} from '@spm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { findSessionByTokenHash, revokeSession } from '../modules/identity/session-repository.ts';
import { hashToken } from '../security/tokens.ts';
import { drivers, listenOnFreePort, redisUrl } from '../test/harness.ts';
import { useHarness } from '../test/use-harness.ts';
import {
  MINUTE,
  PASSWORD,
  call,
  latestCode,
  loginAs,
  post,
  registerPlayer,
} from '../test/identity.ts';
import { userRoom } from './emitter.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface ConnectError extends Error {
  data?: { message?: string; errorCode?: string };
}

const WAIT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe.each(drivers)('realtime channel on %s', (driver) => {
  const h = useHarness(driver, { listen: true });
  const open: ClientSocket[] = [];

  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });

  function socketTo(
    baseUrl: string,
    options: { token?: string; header?: string; transport?: 'websocket' | 'polling' } = {},
  ): ClientSocket {
    const socket: ClientSocket = connectClient(baseUrl, {
      path: REALTIME_PATH,
      transports: [options.transport ?? 'websocket'],
      auth: options.token === undefined ? {} : { token: options.token },
      ...(options.header === undefined ? {} : { extraHeaders: { authorization: options.header } }),
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    return socket;
  }

  function connected(socket: ClientSocket): Promise<void> {
    return withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      }),
      'connect',
    );
  }

  function refused(socket: ClientSocket): Promise<ConnectError> {
    return withTimeout(
      new Promise<ConnectError>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('connected although it should not')));
        socket.once('connect_error', (error) => resolve(error as ConnectError));
      }),
      'connect_error',
    );
  }

  function disconnected(socket: ClientSocket): Promise<string> {
    return withTimeout(
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
      'disconnect',
    );
  }

  async function connectAs(token: string, baseUrl = h.baseUrl!): Promise<ClientSocket> {
    const socket = socketTo(baseUrl, { token });
    await connected(socket);
    return socket;
  }

  const sessionCheck = (socket: ClientSocket) =>
    withTimeout(socket.timeout(WAIT_MS).emitWithAck('session_check'), 'session_check ack');

  /** Lets any stray message arrive before asserting that none did. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('refuses a missing or unknown token with SessionError', async () => {
    for (const options of [{}, { token: 'not-a-real-token' }, { token: '' }]) {
      const error = await refused(socketTo(h.baseUrl!, options));
      expect(error.message).toBe('SessionError');
      expect(error.data).toEqual({ message: 'session error', errorCode: 'UNAUTHORIZED' });
    }
  });

  it('refuses an expired session with a specific message', async () => {
    const player = await registerPlayer(h);
    h.clock.advance(61 * MINUTE);
    const error = await refused(socketTo(h.baseUrl!, { token: player.token }));
    expect(error.message).toBe('SessionError');
    expect(error.data).toEqual({
      message: 'Your session has expired. Please sign in again.',
      errorCode: 'SESSION_EXPIRED',
    });
  });

  it('accepts the token in auth, or in the authorization header over polling', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    expect(socket.connected).toBe(true);
    const polling = socketTo(h.baseUrl!, {
      header: `Bearer ${player.token}`,
      transport: 'polling',
    });
    await connected(polling);
    expect(await sessionCheck(polling)).toEqual({ status: 'success' });
  });

  it('session_check succeeds while the session lives and fails once it is revoked or idle', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    expect(await sessionCheck(socket)).toEqual({ status: 'success' });
    // Revoked without a disconnect (as if the message to this node were lost).
    const found = await findSessionByTokenHash(h.db, hashToken(player.token));
    await revokeSession(h.db, found!.session.id, 'signout', h.clock.now());
    const gone = disconnected(socket);
    expect(await sessionCheck(socket)).toEqual({ status: 'failed' });
    // ...and the socket of the ended session is closed.
    expect(await gone).toBe('io server disconnect');
  });

  const getBalance = (socket: ClientSocket) =>
    withTimeout(socket.timeout(WAIT_MS).emitWithAck('get:balance'), 'get:balance ack');

  /** Reconnects a socket the server closed: the handshake says why (as the app does). */
  async function reconnectRefusal(socket: ClientSocket): Promise<ConnectError> {
    const refusal = refused(socket);
    socket.connect();
    return refusal;
  }

  it('closes an open socket when its session goes idle; reconnecting gets SessionError', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    const gone = disconnected(socket);
    h.clock.advance(61 * MINUTE);
    expect(await gone).toBe('io server disconnect');
    const error = await reconnectRefusal(socket);
    expect(error.message).toBe('SessionError');
    expect(error.data).toEqual({
      message: 'Your session has expired. Please sign in again.',
      errorCode: 'SESSION_EXPIRED',
    });
    // Its private events no longer reach it.
    let received = 0;
    socket.on(SERVER_EVENTS.updateBalance, () => (received += 1));
    h.app.realtime.emitToUser(Number(player.user.id), SERVER_EVENTS.updateBalance, {
      balance: 1,
    });
    await settle();
    expect(received).toBe(0);
  });

  it('keeps a socket whose session HTTP activity extended, then closes it at the new idle end', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    let closed = false;
    socket.on('disconnect', () => (closed = true));
    h.clock.advance(50 * MINUTE);
    expect(
      (await call(h, 'GET', '/api/profile', undefined, { token: player.token })).statusCode,
    ).toBe(200);
    // Past the first idle end: the timer looks again, finds the session alive, waits on.
    h.clock.advance(15 * MINUTE);
    await settle();
    expect(closed).toBe(false);
    expect(await getBalance(socket)).toMatchObject({ status: 'success' });
    const gone = disconnected(socket);
    h.clock.advance(61 * MINUTE);
    expect(await gone).toBe('io server disconnect');
  });

  it('closes even an active socket at the absolute expiry', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    let closed = false;
    socket.on('disconnect', () => (closed = true));
    // Active every 50 minutes for almost 24 hours: idle never ends it.
    for (let elapsed = 0; elapsed + 50 * MINUTE < 24 * 60 * MINUTE; elapsed += 50 * MINUTE) {
      h.clock.advance(50 * MINUTE);
      expect(
        (await call(h, 'GET', '/api/profile', undefined, { token: player.token })).statusCode,
      ).toBe(200);
    }
    await settle();
    expect(closed).toBe(false);
    const gone = disconnected(socket);
    h.clock.advance(50 * MINUTE);
    expect(await gone).toBe('io server disconnect');
  });

  it('get:balance re-checks the session: an ended one gets no balance and the socket closes', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    expect(await getBalance(socket)).toMatchObject({ status: 'success' });
    // Ended without a disconnect reaching this node.
    const found = await findSessionByTokenHash(h.db, hashToken(player.token));
    await revokeSession(h.db, found!.session.id, 'signout', h.clock.now());
    const gone = disconnected(socket);
    const answer = await getBalance(socket);
    expect(answer).toMatchObject({ status: 'failed' });
    expect(answer).not.toHaveProperty('data');
    expect(await gone).toBe('io server disconnect');
  });

  it('counts session_check as activity', async () => {
    const player = await registerPlayer(h);
    const socket = await connectAs(player.token);
    h.clock.advance(50 * MINUTE);
    expect(await sessionCheck(socket)).toEqual({ status: 'success' });
    h.clock.advance(50 * MINUTE);
    expect(
      (await call(h, 'GET', '/api/profile', undefined, { token: player.token })).statusCode,
    ).toBe(200);
  });

  it('signout closes the sockets of that session and no other', async () => {
    const player = await registerPlayer(h);
    const otherToken = await loginAs(h, player.username, PASSWORD);
    const mine = await connectAs(player.token);
    const mineToo = await connectAs(player.token);
    const other = await connectAs(otherToken);
    const gone = [disconnected(mine), disconnected(mineToo)];
    expect((await post(h, '/api/signout', undefined, { token: player.token })).statusCode).toBe(
      200,
    );
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    await settle();
    expect(other.connected).toBe(true);
    expect(await sessionCheck(other)).toEqual({ status: 'success' });
    // And the old token cannot come back.
    expect((await refused(socketTo(h.baseUrl!, { token: player.token }))).message).toBe(
      'SessionError',
    );
  });

  it("a password change closes the other sessions' sockets and keeps this one", async () => {
    const player = await registerPlayer(h);
    const otherToken = await loginAs(h, player.username, PASSWORD);
    const current = await connectAs(player.token);
    const other = await connectAs(otherToken);
    const gone = disconnected(other);
    const res = await post(
      h,
      '/api/update-password',
      { currentPassword: PASSWORD, newPassword: 'changed-pass-1' },
      { token: player.token },
    );
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await settle();
    expect(current.connected).toBe(true);
    expect(await sessionCheck(current)).toEqual({ status: 'success' });
  });

  it('a password reset closes every socket of the player', async () => {
    const player = await registerPlayer(h);
    const sockets = [
      await connectAs(player.token),
      await connectAs(await loginAs(h, player.username, PASSWORD)),
    ];
    const gone = sockets.map((socket) => disconnected(socket));
    const forgot = await post(h, '/api/forgot-password', {
      phone: player.phone,
      countryCode: '91',
    });
    const cookie = String(forgot.headers['set-cookie']).split(';')[0];
    const otp = await latestCode(h, player.phone, 'reset');
    const res = await post(
      h,
      '/api/reset-password',
      { otp, password: 'after-reset-1' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('delivers an event to its player only', async () => {
    const alice = await registerPlayer(h);
    const bob = await registerPlayer(h);
    const aliceSocket = await connectAs(alice.token);
    const bobSocket = await connectAs(bob.token);
    const toAlice: NotificationToast[] = [];
    const toBob: NotificationToast[] = [];
    aliceSocket.on(SERVER_EVENTS.notificationToast, (payload) => toAlice.push(payload));
    bobSocket.on(SERVER_EVENTS.notificationToast, (payload) => toBob.push(payload));
    const arrived = withTimeout(
      new Promise((resolve) => aliceSocket.once(SERVER_EVENTS.notificationToast, resolve)),
      'toast',
    );
    h.app.realtime.emitToUser(Number(alice.user.id), SERVER_EVENTS.notificationToast, {
      title: 'Deposit',
      message: 'for Alice',
      status: 'success',
    });
    await arrived;
    await settle();
    expect(toAlice).toEqual([{ title: 'Deposit', message: 'for Alice', status: 'success' }]);
    expect(toBob).toEqual([]);
  });

  describe.skipIf(!redisUrl)('across server processes sharing Redis', () => {
    let second: App;
    let secondUrl: string;
    beforeAll(async () => {
      // Same database, same Redis prefix: a second node behind the load balancer.
      second = await buildApp({ config: h.config, db: h.db, clock: h.clock });
      secondUrl = await listenOnFreePort(second);
    });
    afterAll(async () => {
      await second?.close();
    });

    /** The first node sees the socket on the second once the adapter's channels are up. */
    async function visibleFromFirst(userId: number): Promise<void> {
      const deadline = Date.now() + WAIT_MS;
      while (Date.now() < deadline) {
        const sockets = await h.app.realtime.io.in(userRoom(userId)).fetchSockets();
        if (sockets.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the socket on the second node never became visible');
    }

    it('an emit on one node reaches a socket on the other', async () => {
      const player = await registerPlayer(h);
      const userId = Number(player.user.id);
      const socket = await connectAs(player.token, secondUrl);
      await visibleFromFirst(userId);
      const received = withTimeout(
        new Promise((resolve) => socket.once(SERVER_EVENTS.updateBalance, resolve)),
        'update_balance from the other node',
      );
      h.app.realtime.emitToUser(userId, SERVER_EVENTS.updateBalance, {});
      expect(await received).toEqual({});
    });

    it("a signout on one node closes the session's socket on the other", async () => {
      const player = await registerPlayer(h);
      const userId = Number(player.user.id);
      const socket = await connectAs(player.token, secondUrl);
      await visibleFromFirst(userId);
      const gone = disconnected(socket);
      expect((await post(h, '/api/signout', undefined, { token: player.token })).statusCode).toBe(
        200,
      );
      expect(await gone).toBe('io server disconnect');
    });

    it("disconnectUser on one node closes the player's sockets on the other", async () => {
      const player = await registerPlayer(h);
      const userId = Number(player.user.id);
      const socket = await connectAs(player.token, secondUrl);
      await visibleFromFirst(userId);
      const gone = disconnected(socket);
      h.app.realtime.disconnectUser(userId);
      expect(await gone).toBe('io server disconnect');
    });
  });
});
