import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { findStaffUserById } from './staff-user-repository.ts';
import { totpCodeAt } from './staff-totp.ts';
import { drivers } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import { call, post, randomIp } from '../../test/identity.ts';
import { createStaff, nextTotpCode, staffToken } from '../../test/staff.ts';

const NEW_PASSWORD = 'a-much-better-passphrase';

describe.each(drivers)('a staff member changes their own password on %s', (driver) => {
  const h = useHarness(driver);

  /** A signed-in member (enrolled), a second session of theirs, and a fresh code. */
  async function member() {
    const credentials = await createStaff(h, { role: 'agent' });
    const token = await staffToken(h, credentials);
    const otherToken = await staffToken(h, credentials);
    const row = await findStaffUserById(h.db, credentials.id);
    const code = () => nextTotpCode(h, credentials.id, row!.totpSecret!);
    return { ...credentials, token, otherToken, code };
  }

  const change = (token: string, body: object) =>
    post(h, '/api/staff/password', body, { token, ip: randomIp() });
  const me = (token: string) => call(h, 'GET', '/api/staff/me', undefined, { token });

  it('refuses a wrong current password', async () => {
    const m = await member();
    const res = await change(m.token, {
      currentPassword: 'not-the-password',
      newPassword: NEW_PASSWORD,
      code: await m.code(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, errorCode: 'WRONG_PASSWORD' });
    expect((await post(h, '/api/staff/login', m)).statusCode).toBe(200);
  });

  it('refuses a wrong or replayed authenticator code', async () => {
    const m = await member();
    const wrong = await change(m.token, {
      currentPassword: m.password,
      newPassword: NEW_PASSWORD,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: true, errorCode: 'TOTP_INVALID' });
    // The code of the sign-in just made (the last accepted step) cannot be used again.
    const row = await findStaffUserById(h.db, m.id);
    const replayed = await change(m.token, {
      currentPassword: m.password,
      newPassword: NEW_PASSWORD,
      code: totpCodeAt(row!.totpSecret!, row!.totpLastStep!),
    });
    expect(replayed.json()).toMatchObject({ errorCode: 'TOTP_INVALID' });
  });

  it('refuses a weak password and one equal to the current', async () => {
    const m = await member();
    const weak = await change(m.token, {
      currentPassword: m.password,
      newPassword: 'short',
      code: await m.code(),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'newPassword', message: 'At least 12 characters' }] },
    });
    const same = await change(m.token, {
      currentPassword: m.password,
      newPassword: m.password,
      code: await m.code(),
    });
    expect(same.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'newPassword' }] },
    });
    expect(
      (
        await post(h, '/api/staff/password', {
          currentPassword: 'x',
          newPassword: NEW_PASSWORD,
          code: '123456',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('changes it: the old password fails, the new one works, other sessions end, audited', async () => {
    const m = await member();
    const res = await change(m.token, {
      currentPassword: m.password,
      newPassword: NEW_PASSWORD,
      code: await m.code(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Password changed.' }, error: false });
    expect((await me(m.token)).statusCode).toBe(200);
    expect((await me(m.otherToken)).statusCode).toBe(401);
    const old = await post(h, '/api/staff/login', m);
    expect(old.json()).toMatchObject({ errorCode: 'INVALID_CREDENTIALS' });
    const fresh = await staffToken(h, { username: m.username, password: NEW_PASSWORD });
    expect((await me(fresh)).statusCode).toBe(200);
    const audit = await executeRows<{
      actor_id: string;
      after: { by: string; sessionsEnded: number };
    }>(
      h.db,
      sql`select actor_id, after from audit_log where action = 'staff.password_changed'
          and target_id = ${String(m.id)}`,
    );
    expect(audit).toEqual([{ actor_id: String(m.id), after: { by: 'self', sessionsEnded: 1 } }]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });
});
