import { randomBytes } from 'node:crypto';
import { CLIENT_EVENTS, SERVER_EVENTS, type GetBalanceAck } from '@spm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { isRedisConnectionError } from './redis.ts';
import { userRoom } from './realtime/emitter.ts';
import { listenOnFreePort, startHarness, type Harness } from './test/harness.ts';
import { registerPlayer } from './test/identity.ts';
import { startPrivateRedis, type PrivateRedis } from './test/private-redis.ts';
import { connectPlayerSocket, type ClientSocket } from './test/sockets.ts';

/**
 * Reconnection attempts at most this far apart: ioredis fails what it queued after 20 of them
 * (MaxRetriesPerRequestError, the unhandled rejection that killed the process in issue 39
 * item 1), here about 6 s into the outage instead of 70 s at the default 5 s.
 */
const RECONNECT_MAX_DELAY_MS = 200;
/** Long enough for that to have happened, twice over. */
const OUTAGE_MS = 12_000;
const PUBLISH_EVERY_MS = 100;
const WAIT_MS = 10_000;

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Resolves with whether `socket` got update_balance within `ms`. */
function receives(socket: ClientSocket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(SERVER_EVENTS.updateBalance, got);
      resolve(false);
    }, ms);
    const got = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once(SERVER_EVENTS.updateBalance, got);
  });
}

function balanceOf(socket: ClientSocket): Promise<GetBalanceAck> {
  return new Promise((resolve) => socket.emit(CLIENT_EVENTS.getBalance, resolve));
}

describe('a Redis outage while nodes publish realtime events', () => {
  let redis: PrivateRedis;
  let h: Harness;
  let second: App;
  let secondUrl: string;
  let third: App | undefined;
  const open: ClientSocket[] = [];
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', recordUnhandled);
    redis = await startPrivateRedis();
    h = await startHarness('pglite', {
      listen: true,
      env: {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `spm-outage-${randomBytes(6).toString('hex')}:`,
        REDIS_RECONNECT_MAX_DELAY_MS: String(RECONNECT_MAX_DELAY_MS),
      },
    });
    // Same database, same Redis and prefix: a second node behind the load balancer.
    second = await buildApp({ config: h.config, db: h.db, clock: h.clock });
    secondUrl = await listenOnFreePort(second);
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.disconnect();
    await third?.close();
    await second?.close();
    await h?.close();
    await redis?.stop();
    process.off('unhandledRejection', recordUnhandled);
  });

  /** Whether an emit on the first node reaches `socket` within half a second. */
  async function crossNodeDelivery(socket: ClientSocket, userId: number): Promise<boolean> {
    const arrived = receives(socket, 500);
    h.app.realtime.emitToUser(userId, SERVER_EVENTS.updateBalance, {});
    return arrived;
  }

  it('keeps serving through it, a node booted meanwhile included, and delivers across nodes once Redis is back', async () => {
    const player = await registerPlayer(h);
    const userId = Number(player.user.id);
    const onSecond = await connectPlayerSocket(secondUrl, player.token, open);
    await until('delivery from the first node to the second', () =>
      crossNodeDelivery(onSecond, userId),
    );

    await redis.stop();
    const outageEndsAt = Date.now() + OUTAGE_MS;
    // What the market simulator does all day: broadcasts, to rooms and to everyone.
    const publisher = setInterval(() => {
      for (const app of [h.app, second]) {
        app.realtime.emitToUser(userId, SERVER_EVENTS.updateBalance, {});
        app.realtime.emitToAll(SERVER_EVENTS.updateBalance, {});
        app.realtime.io.to(userRoom(userId)).emit(SERVER_EVENTS.updateBalance, {});
      }
    }, PUBLISH_EVERY_MS);
    try {
      // A node (re)started while Redis is away boots and serves: a supervisor's restart lives.
      third = await buildApp({ config: h.config, db: h.db, clock: h.clock });
      const thirdUrl = await listenOnFreePort(third);
      const onThird = await connectPlayerSocket(thirdUrl, player.token, open);
      while (Date.now() < outageEndsAt) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      // HTTP and sockets still answer on every node.
      for (const baseUrl of [h.baseUrl!, secondUrl, thirdUrl]) {
        const health = await fetch(`${baseUrl}/api/readyz`);
        expect(health.status).toBe(200);
        const exposure = await fetch(`${baseUrl}/api/bet/exposure/amount`, {
          headers: { authorization: `Bearer ${player.token}` },
        });
        expect(exposure.status).toBe(200);
      }
      const lateSocket = await connectPlayerSocket(h.baseUrl!, player.token, open);
      expect((await balanceOf(lateSocket)).status).toBe('success');
      expect((await balanceOf(onSecond)).status).toBe('success');
      // A node's own sockets still get its broadcasts.
      const local = receives(onSecond, 2000);
      second.realtime.emitToUser(userId, SERVER_EVENTS.updateBalance, {});
      expect(await local).toBe(true);
      expect(unhandled.filter(isRedisConnectionError)).toEqual([]);

      clearInterval(publisher);
      await redis.start();
      // The adapters subscribe again (the third node for the first time) and publish again.
      await until('delivery from the first node to the second after the outage', () =>
        crossNodeDelivery(onSecond, userId),
      );
      await until('delivery from the first node to the one booted without Redis', () =>
        crossNodeDelivery(onThird, userId),
      );
    } finally {
      clearInterval(publisher);
    }
    expect(unhandled).toEqual([]);
  }, 60_000);
});
