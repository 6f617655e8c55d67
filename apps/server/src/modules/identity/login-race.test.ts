import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type * as PasswordModule from '../../security/password.ts';
import { executeRows } from '../../db/database.ts';
import { setStaffPasswordOffline } from './staff-password-service.ts';
import { users } from './tables.ts';
import { drivers, type Harness } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import { PASSWORD, call, latestCode, loginAs, post, registerPlayer } from '../../test/identity.ts';
import { createStaff } from '../../test/staff.ts';

/**
 * Password checks run outside any transaction (argon2 takes tens of milliseconds), so a reset
 * or change can commit between a check and what the check allowed. These tests stop one
 * request right after its password matched, commit the competing write, then let it go on.
 */
const hold = vi.hoisted(() => ({
  armed: false,
  onReached: (): void => undefined,
  released: Promise.resolve(),
}));

vi.mock('../../security/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return {
    ...original,
    verifyPassword: async (hash: string, plain: string) => {
      const matched = await original.verifyPassword(hash, plain);
      if (hold.armed && matched) {
        hold.armed = false;
        hold.onReached();
        await hold.released;
      }
      return matched;
    },
  };
});

/**
 * Runs `request` until its password has matched, then `meanwhile`, then lets the request
 * finish and answers it.
 */
async function interleave(
  request: () => Promise<LightMyRequestResponse>,
  meanwhile: () => Promise<void>,
): Promise<LightMyRequestResponse> {
  let release = (): void => undefined;
  hold.released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (hold.onReached = resolve));
  hold.armed = true;
  const answer = request();
  try {
    await reached;
    await meanwhile();
  } finally {
    release();
  }
  return answer;
}

function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no set-cookie');
  return value.split(';')[0] ?? '';
}

/** Forgot and reset password through the phone, as the account's owner does. */
async function resetPasswordByPhone(h: Harness, phone: string, password: string): Promise<void> {
  const ticket = await post(h, '/api/forgot-password', { phone, countryCode: '91' });
  const code = await latestCode(h, phone, 'reset');
  const reset = await post(
    h,
    '/api/reset-password',
    { otp: code, password },
    { cookie: cookieOf(ticket) },
  );
  if (reset.statusCode !== 200) throw new Error(`reset-password: ${reset.body}`);
}

const login = (h: Harness, username: string, password: string) =>
  post(h, '/api/login', { username, password });

describe.each(drivers)('a sign-in racing a password reset or change on %s', (driver) => {
  const h = useHarness(driver);
  const NEW_PASSWORD = 'brand-new-pw1';

  it('refuses the old password checked just before a reset committed', async () => {
    const player = await registerPlayer(h);
    const raced = await interleave(
      () => login(h, player.username, PASSWORD),
      () => resetPasswordByPhone(h, player.phone, NEW_PASSWORD),
    );
    expect(raced.statusCode).toBe(401);
    expect(raced.json().errorCode).toBe('INVALID_CREDENTIALS');
    expect((await login(h, player.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the old password checked just before a change committed', async () => {
    const player = await registerPlayer(h);
    const raced = await interleave(
      () => login(h, player.username, PASSWORD),
      async () => {
        const change = await post(
          h,
          '/api/update-password',
          { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
          { token: player.token },
        );
        expect(change.statusCode).toBe(200);
      },
    );
    expect(raced.statusCode).toBe(401);
    expect(raced.json().errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('answers ACCOUNT_LOCKED when the account was locked after the password matched', async () => {
    const player = await registerPlayer(h);
    const raced = await interleave(
      () => login(h, player.username, PASSWORD),
      async () => {
        await h.db
          .update(users)
          .set({ status: 'locked' })
          .where(sql`${users.usernameLower} = ${player.username.toLowerCase()}`);
      },
    );
    expect(raced.statusCode).toBe(403);
    expect(raced.json().errorCode).toBe('ACCOUNT_LOCKED');
  });

  it('keeps the reset password when a change checked the old one just before the reset', async () => {
    const player = await registerPlayer(h);
    // Someone holding the old password and a session tries to set their own password.
    const session = await loginAs(h, player.username, PASSWORD);
    const raced = await interleave(
      () =>
        post(
          h,
          '/api/update-password',
          { currentPassword: PASSWORD, newPassword: 'intruder-pw1' },
          { token: session },
        ),
      () => resetPasswordByPhone(h, player.phone, NEW_PASSWORD),
    );
    expect(raced.statusCode).toBe(400);
    expect(raced.json().errorCode).toBe('WRONG_PASSWORD');
    expect((await login(h, player.username, 'intruder-pw1')).statusCode).toBe(401);
    expect((await login(h, player.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/profile', undefined, { token: session })).statusCode).toBe(
      401,
    );
  });

  it('gives no staff sign-in challenge for a password replaced after it was checked', async () => {
    const member = await createStaff(h, { role: 'admin' });
    const raced = await interleave(
      () => post(h, '/api/staff/login', { username: member.username, password: member.password }),
      async () => {
        const changed = await setStaffPasswordOffline(h, member.username, 'new-staff-pass-1');
        expect(changed.ok).toBe(true);
      },
    );
    expect(raced.statusCode).toBe(401);
    expect(raced.json().errorCode).toBe('INVALID_CREDENTIALS');
    const [audit] = await executeRows<{ after: unknown }>(
      h.db,
      sql`select after from audit_log where action = 'staff.login_failed'
          and actor_id = ${String(member.id)} order by id desc limit 1`,
    );
    expect(audit?.after).toEqual({
      username: member.username,
      step: 'password',
      cause: 'password_changed',
    });
  });
});
