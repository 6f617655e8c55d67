import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { hashToken } from '../../security/tokens.ts';
import { drivers, redisUrl } from '../../test/harness.ts';
import { call, post, registerPlayer } from '../../test/identity.ts';
import { useHarness } from '../../test/use-harness.ts';
import { openRedis } from '../../redis.ts';
import { SessionCache } from './session-cache.ts';
import {
  findSessionByTokenHash,
  revokeSession,
  type SessionWithUser,
} from './session-repository.ts';
import {
  revokeAllSessions,
  SESSION_CACHE_TTL_MS,
  sessionRefreshesUnderWay,
} from './session-service.ts';

const found = (sessionId: string, userId: number): SessionWithUser =>
  ({ session: { id: sessionId }, user: { id: userId } }) as SessionWithUser;

describe('SessionCache', () => {
  it('keeps a session for its time limit only', () => {
    const cache = new SessionCache(1000, 10);
    cache.store('t1', found('s1', 1), cache.mark(), 5000, 0);
    expect(cache.get('t1', 5999, 0)?.session.id).toBe('s1');
    expect(cache.get('t1', 6000, 0)).toBeUndefined();
    cache.store('t1', found('s1', 1), cache.mark(), 5000, 0);
    expect(cache.get('t1', 4000, 0)).toBeUndefined();
  });

  it('forgets by session and by player', () => {
    const cache = new SessionCache(1000, 10);
    cache.store('t1', found('s1', 1), cache.mark(), 0, 0);
    cache.store('t2', found('s2', 1), cache.mark(), 0, 0);
    cache.store('t3', found('s3', 2), cache.mark(), 0, 0);
    cache.forget({ sessionId: 's1' });
    expect(cache.get('t1', 1, 0)).toBeUndefined();
    expect(cache.get('t2', 1, 0)).toBeDefined();
    cache.forget({ userId: 1 });
    expect(cache.get('t2', 1, 0)).toBeUndefined();
    expect(cache.get('t3', 1, 0)).toBeDefined();
  });

  it('does not store a read that began before an ending', () => {
    const cache = new SessionCache(1000, 10);
    const mark = cache.mark();
    cache.forget({ userId: 99 });
    cache.store('t1', found('s1', 1), mark, 0, 0);
    expect(cache.get('t1', 1, 0)).toBeUndefined();
  });

  it('trusts nothing across a drop of the link between nodes, nor while it is down', () => {
    const cache = new SessionCache(1000, 10);
    cache.store('t1', found('s1', 1), cache.mark(), 0, 3);
    expect(cache.get('t1', 1, 3)).toBeDefined();
    // The link dropped and came back: an ending announced meanwhile may never have arrived.
    expect(cache.get('t1', 1, 4)).toBeUndefined();
    cache.store('t2', found('s2', 2), cache.mark(), 0, 4);
    expect(cache.get('t2', 1, undefined)).toBeUndefined();
    cache.store('t3', found('s3', 3), cache.mark(), 0, undefined);
    expect(cache.get('t3', 1, 4)).toBeUndefined();
  });

  it('asks for one background read of a copy in use past its refresh time', () => {
    const cache = new SessionCache(1000, 10);
    cache.store('t1', found('s1', 1), cache.mark(), 0, 0);
    expect(cache.claimRefresh('t1', 499)).toBe(false);
    expect(cache.claimRefresh('t1', 750)).toBe(true);
    // One reader at a time.
    expect(cache.claimRefresh('t1', 800)).toBe(false);
    cache.refreshed('t1');
    expect(cache.claimRefresh('t1', 800)).toBe(true);
    expect(cache.claimRefresh('t2', 800)).toBe(false);
  });

  it('drops the oldest entry when full', () => {
    const cache = new SessionCache(1000, 2);
    for (const n of [1, 2, 3]) cache.store(`t${n}`, found(`s${n}`, n), cache.mark(), 0, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('t1', 1, 0)).toBeUndefined();
    expect(cache.get('t3', 1, 0)).toBeDefined();
  });
});

describe.each(drivers)('session cache in the app on %s', (driver) => {
  const h = useHarness(driver);
  const exposure = (token: string, app?: App) =>
    app
      ? app.inject({
          method: 'GET',
          url: '/api/bet/exposure/amount',
          headers: { authorization: token },
        })
      : call(h, 'GET', '/api/bet/exposure/amount', undefined, { token });

  it('trusts a live session it read for its time limit, then reads it again', async () => {
    const { token } = await registerPlayer(h);
    expect((await exposure(token)).statusCode).toBe(200);
    // Revoked behind the app's back (as an offline CLI would): no ending is announced.
    const row = await findSessionByTokenHash(h.db, hashToken(token));
    await revokeSession(h.db, row!.session.id, 'signout', h.clock.now());
    expect((await exposure(token)).statusCode).toBe(200);
    h.clock.advance(SESSION_CACHE_TTL_MS);
    const refused = await exposure(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe('SESSION_EXPIRED');
  });

  it('reads a session in use again in the background before its copy runs out', async () => {
    const { token } = await registerPlayer(h);
    const deps = h.app.exchange.deps;
    expect((await exposure(token)).statusCode).toBe(200);
    h.clock.advance(SESSION_CACHE_TTL_MS * 0.8);
    // Served from the copy; its read again starts behind the answer.
    expect((await exposure(token)).statusCode).toBe(200);
    await vi.waitFor(() => expect(sessionRefreshesUnderWay(deps)).toBe(0));
    // Revoked behind the app's back after the refresh read it live.
    const row = await findSessionByTokenHash(h.db, hashToken(token));
    await revokeSession(h.db, row!.session.id, 'signout', h.clock.now());
    // Past the first copy's time limit, within the refreshed one's: trusted, so the session
    // was read again in the background (without the refresh this reads the revocation).
    h.clock.advance(SESSION_CACHE_TTL_MS * 0.3);
    expect((await exposure(token)).statusCode).toBe(200);
    h.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await exposure(token)).statusCode).toBe(401);
  });

  it('refuses a signed-out session from the next request on', async () => {
    const { token } = await registerPlayer(h);
    expect((await exposure(token)).statusCode).toBe(200);
    expect((await post(h, '/api/signout', undefined, { token })).statusCode).toBe(200);
    expect((await exposure(token)).statusCode).toBe(401);
  });

  it('refuses a locked account from the next request on', async () => {
    const player = await registerPlayer(h);
    expect((await exposure(player.token)).statusCode).toBe(200);
    // What the back office's lock does: revoke and announce.
    await revokeAllSessions(h.app.exchange.deps, Number(player.user.id), 'account_locked');
    expect((await exposure(player.token)).statusCode).toBe(401);
  });

  describe.skipIf(!redisUrl)('the link between nodes', () => {
    it('raises its epoch when the subscriber drops, and has none while it is down', async () => {
      const redis = await openRedis(redisUrl!, { reconnectMaxDelayMs: 5000, log: h.app.log });
      try {
        const before = redis.linkEpoch();
        expect(before).toBeTypeOf('number');
        const closed = new Promise<void>((resolve) => redis.sub.once('close', () => resolve()));
        const back = new Promise<void>((resolve) => redis.sub.once('ready', () => resolve()));
        redis.sub.disconnect(true);
        await closed;
        expect(redis.linkEpoch()).toBeUndefined();
        await back;
        expect(redis.linkEpoch()).toBeGreaterThan(before!);
      } finally {
        await redis.close();
      }
    });
  });

  describe.skipIf(!redisUrl)('on two nodes sharing Redis', () => {
    let second: App;
    beforeAll(async () => {
      second = await buildApp({ config: h.config, db: h.db, clock: h.clock });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('a sign-out on one node is refused on the other without waiting for the time limit', async () => {
      const { token } = await registerPlayer(h);
      expect((await exposure(token, second)).statusCode).toBe(200);
      expect((await post(h, '/api/signout', undefined, { token })).statusCode).toBe(200);
      // The clock stands still: only the announcement can end the other node's copy.
      const deadline = Date.now() + 2_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await exposure(token, second)).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
    });
  });
});
