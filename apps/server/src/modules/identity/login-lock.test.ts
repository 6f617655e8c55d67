import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PasswordModule from '../../security/password.ts';
import { drivers, type Harness } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import { PASSWORD, post, registerPlayer } from '../../test/identity.ts';
import { createStaff } from '../../test/staff.ts';

/** Every real password check (argon2 verify) the services make, counted. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../security/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return {
    ...original,
    verifyPassword: async (hash: string, plain: string) => {
      checks.count += 1;
      return original.verifyPassword(hash, plain);
    },
  };
});

const LIMIT = 5;
const BURST = 200;

/** Each request from its own address: the per-address limit is not what is tested here. */
function burst(h: Harness, url: string, username: string, count: number) {
  return Array.from({ length: count }, () =>
    post(h, url, { username, password: 'wrong-password' }),
  );
}

describe.each(drivers)('the per-account sign-in lock under parallel requests on %s', (driver) => {
  const h = useHarness(driver, { env: { LOGIN_MAX_FAILURES: String(LIMIT) } });

  beforeEach(() => {
    checks.count = 0;
  });

  it(`checks at most ${LIMIT} of ${BURST} parallel wrong player passwords, then locks`, async () => {
    const player = await registerPlayer(h);
    checks.count = 0;
    const answers = await Promise.all(burst(h, '/api/login', player.username, BURST));
    const codes = answers.map((res) => res.json().errorCode as string);
    expect(checks.count).toBeLessThanOrEqual(LIMIT);
    expect(codes.filter((code) => code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(LIMIT);
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(
      BURST - LIMIT,
    );
    const right = await post(h, '/api/login', { username: player.username, password: PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  it('refuses the right player password sent inside a burst of wrong ones', async () => {
    const player = await registerPlayer(h);
    const wrong = burst(h, '/api/login', player.username, 20);
    const right = post(h, '/api/login', { username: player.username, password: PASSWORD });
    const more = burst(h, '/api/login', player.username, 20);
    await Promise.all([...wrong, ...more]);
    const answer = await right;
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED' });
  });

  it(`checks at most ${LIMIT} of ${BURST} parallel wrong staff passwords, then locks`, async () => {
    const member = await createStaff(h, { role: 'agent' });
    checks.count = 0;
    const answers = await Promise.all(burst(h, '/api/staff/login', member.username, BURST));
    const codes = answers.map((res) => res.json().errorCode as string);
    expect(checks.count).toBeLessThanOrEqual(LIMIT);
    expect(codes.filter((code) => code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(LIMIT);
    const right = await post(h, '/api/staff/login', member);
    expect(right.statusCode).toBe(429);
  });

  it('refuses the right staff password inside a burst of wrong ones, until the lock ends', async () => {
    const member = await createStaff(h, { role: 'admin' });
    const wrong = burst(h, '/api/staff/login', member.username, 20);
    const right = post(h, '/api/staff/login', member);
    const more = burst(h, '/api/staff/login', member.username, 20);
    await Promise.all([...wrong, ...more]);
    expect((await right).statusCode).toBe(429);
    h.clock.advance(h.config.login.lockMinutes * 60_000 + 1000);
    const later = await post(h, '/api/staff/login', member);
    expect(later.statusCode).toBe(200);
  });

  it('locks staff after the limit of sequential wrong passwords, as players', async () => {
    const member = await createStaff(h, { role: 'agent' });
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await post(h, '/api/staff/login', {
        username: member.username,
        password: 'wrong-password',
      });
      expect(res.json().errorCode).toBe('INVALID_CREDENTIALS');
    }
    const locked = await post(h, '/api/staff/login', member);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED' });
  });
});
