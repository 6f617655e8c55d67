import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './http/rate-limit.ts';
import { drivers, startHarness, type Harness } from './test/harness.ts';
import { call, post, randomIp, registerPlayer } from './test/identity.ts';
import { hashToken } from './security/tokens.ts';
import { findSessionByTokenHash, revokeSession } from './modules/identity/session-repository.ts';

/** Nothing listens on port 1: every connection is refused, as when Redis is down. */
const CLOSED_REDIS_URL = 'redis://127.0.0.1:1';
const CLOSE_BUDGET_MS = 3000;

describe.each(drivers)('limits without Redis on %s', (driver) => {
  let h: Harness;
  const logLines: string[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, {
      env: { REDIS_URL: CLOSED_REDIS_URL, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('trusts no cached session while Redis is away: an ending elsewhere could not reach it', async () => {
    const { token } = await registerPlayer(h);
    const exposure = () => call(h, 'GET', '/api/bet/exposure/amount', undefined, { token });
    expect((await exposure()).statusCode).toBe(200);
    // Revoked as another node would, whose announcement cannot arrive without Redis.
    const row = await findSessionByTokenHash(h.db, hashToken(token));
    await revokeSession(h.db, row!.session.id, 'signout', h.clock.now());
    expect((await exposure()).statusCode).toBe(401);
  });

  it('still limits sign-ins per address, in this process, and says so once', async () => {
    const ip = randomIp();
    const body = { username: 'nobody-here', password: 'wrong-password' };
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      const res = await post(h, '/api/login', body, { ip });
      expect(res.json().errorCode).toBe('INVALID_CREDENTIALS');
    }
    const limited = await post(h, '/api/login', body, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED' });
    // Staff sign-in and OTP sending are limited the same way.
    for (let i = 0; i < RATE_LIMITS.staffLogin.max; i += 1) {
      await post(h, '/api/staff/login', body, { ip });
    }
    expect((await post(h, '/api/staff/login', body, { ip })).statusCode).toBe(429);
    // OTP sending: whatever each request answers, the address is cut off past the limit.
    for (let i = 0; i < RATE_LIMITS.sendOtp.max; i += 1) {
      await post(h, '/api/sendOtpToMobile', { mobile: 'bad', country_code: '91' }, { ip });
    }
    const otp = await post(
      h,
      '/api/sendOtpToMobile',
      { mobile: 'bad', country_code: '91' },
      { ip },
    );
    expect(otp.statusCode).toBe(429);
    const fallbackWarnings = logLines.filter((line) => line.includes('rate limits fall back'));
    expect(fallbackWarnings).toHaveLength(1);
  });

  it('shows the fallback in /api/readyz and stays ready', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ok', rateLimitStore: 'memory-fallback', degraded: true },
      error: false,
    });
  });

  it(`stops within ${CLOSE_BUDGET_MS} ms`, async () => {
    const startedMs = Date.now();
    await h.app.close();
    expect(Date.now() - startedMs).toBeLessThan(CLOSE_BUDGET_MS);
  }, 15_000);
});
