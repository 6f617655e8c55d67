import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { totpCodeAt, totpStep } from './staff-totp.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, post, randomIp, registerPlayer } from '../../test/identity.ts';
import {
  adminToken as signInAdmin,
  createStaff,
  nextTotpCode,
  staffMemberWithToken,
  staffToken,
} from '../../test/staff.ts';

describe.each(drivers)('staff sign-in, accounts and balance adjustments on %s', (driver) => {
  let h: Harness;
  let adminToken: string;

  beforeAll(async () => {
    h = await startHarness(driver);
    adminToken = await signInAdmin(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, token?: string) =>
    call(h, 'GET', url, undefined, token === undefined ? {} : { token });

  async function passwordStep(username: string, password: string, ip = randomIp()) {
    const res = await post(h, '/api/staff/login', { username, password }, { ip });
    expect(res.statusCode).toBe(200);
    return res.json().data as
      | { stage: 'totp_setup'; challengeToken: string; secret: string; otpauthUrl: string }
      | { stage: 'totp'; challengeToken: string };
  }

  const totp = (challengeToken: string, code: string, ip = randomIp()) =>
    post(h, '/api/staff/login/totp', { challengeToken, code }, { ip });

  async function auditRows(action: string, targetId: number) {
    return executeRows<{ actor_id: string | null; after: unknown; ip: string | null }>(
      h.db,
      sql`select actor_id, after, ip from audit_log
          where action = ${action} and target_type = 'staff' and target_id = ${String(targetId)}
          order by id`,
    );
  }

  describe('sign-in', () => {
    it('enrols TOTP on the first sign-in, then asks for a code; the password alone opens nothing', async () => {
      const member = await createStaff(h, { role: 'agent' });
      const first = await passwordStep(member.username, member.password);
      expect(first.stage).toBe('totp_setup');
      if (first.stage !== 'totp_setup') return;
      expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(first.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(first.otpauthUrl).toContain(`secret=${first.secret}`);
      expect(first.otpauthUrl).toContain('issuer=SPM%20Back%20Office');
      // The challenge token is not a session.
      expect((await get('/api/staff/me', first.challengeToken)).statusCode).toBe(401);

      const step = totpStep(h.clock.now());
      const res = await totp(first.challengeToken, totpCodeAt(first.secret, step));
      expect(res.statusCode).toBe(200);
      const { token, staff } = res.json().data as { token: string; staff: unknown };
      expect(staff).toEqual({ id: String(member.id), username: member.username, role: 'agent' });
      const me = await get('/api/staff/me', token);
      expect(me.json().data).toMatchObject({
        id: String(member.id),
        role: 'agent',
        agentCode: expect.stringMatching(/^AG/) as unknown,
        idleTimeoutMinutes: 30,
      });
      expect(await auditRows('staff.totp_enrolled', member.id)).toHaveLength(1);
      expect(await auditRows('staff.login', member.id)).toHaveLength(1);

      // Next time: a plain TOTP step with the enrolled secret, no secret shown again.
      const second = await passwordStep(member.username, member.password);
      expect(second).toEqual({ stage: 'totp', challengeToken: expect.any(String) as unknown });
      // The code just used is refused (replay), the next step's is taken.
      const replay = await totp(second.challengeToken, totpCodeAt(first.secret, step));
      expect(replay.statusCode).toBe(401);
      expect(replay.json().errorCode).toBe('TOTP_INVALID');
      const earlier = await totp(second.challengeToken, totpCodeAt(first.secret, step - 1));
      expect(earlier.json().errorCode).toBe('TOTP_INVALID');
      const next = await totp(second.challengeToken, totpCodeAt(first.secret, step + 1));
      expect(next.statusCode).toBe(200);
      // A used challenge is spent.
      const again = await totp(second.challengeToken, totpCodeAt(first.secret, step + 1));
      expect(again.statusCode).toBe(401);
      expect(again.json().errorCode).toBe('CHALLENGE_EXPIRED');
    });

    it('of two sign-ins racing with the same code, exactly one gets a session', async () => {
      const member = await staffMemberWithToken(h, { role: 'agent' });
      const row = await executeRows<{ totp_secret: string }>(
        h.db,
        sql`select totp_secret from staff_users where id = ${member.id}`,
      );
      const code = await nextTotpCode(h, member.id, row[0]!.totp_secret);
      const first = await passwordStep(member.username, member.password);
      const second = await passwordStep(member.username, member.password);
      const answers = await Promise.all([
        totp(first.challengeToken, code),
        totp(second.challengeToken, code),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    });

    it('takes codes one step either side of now, not two', async () => {
      const member = await createStaff(h, { role: 'agent' });
      const challenge = await passwordStep(member.username, member.password);
      if (challenge.stage !== 'totp_setup') throw new Error('expected enrolment');
      const step = totpStep(h.clock.now());
      for (const far of [step - 2, step + 2]) {
        const res = await totp(challenge.challengeToken, totpCodeAt(challenge.secret, far));
        expect(res.json().errorCode).toBe('TOTP_INVALID');
      }
      const ok = await totp(challenge.challengeToken, totpCodeAt(challenge.secret, step - 1));
      expect(ok.statusCode).toBe(200);
    });

    it('an unconfirmed enrolment leaves TOTP off; five wrong codes end the challenge', async () => {
      const member = await createStaff(h, { role: 'agent' });
      const challenge = await passwordStep(member.username, member.password);
      if (challenge.stage !== 'totp_setup') throw new Error('expected enrolment');
      const right = totpCodeAt(challenge.secret, totpStep(h.clock.now()));
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const res = await totp(challenge.challengeToken, wrong);
        expect(res.statusCode).toBe(401);
        expect(res.json().errorCode).toBe('TOTP_INVALID');
      }
      const dead = await totp(challenge.challengeToken, right);
      expect(dead.statusCode).toBe(401);
      expect(dead.json().errorCode).toBe('CHALLENGE_EXPIRED');
      const failures = await auditRows('staff.login_failed', member.id);
      expect(failures).toHaveLength(5);
      expect(JSON.stringify(failures)).not.toContain(wrong);
      // Never confirmed: the next sign-in enrols a new secret.
      const again = await passwordStep(member.username, member.password);
      expect(again.stage).toBe('totp_setup');
      if (again.stage === 'totp_setup') expect(again.secret).not.toBe(challenge.secret);
    });

    it('a challenge expires after five minutes; a made-up one is refused the same way', async () => {
      const member = await createStaff(h, { role: 'agent' });
      const challenge = await passwordStep(member.username, member.password);
      if (challenge.stage !== 'totp_setup') throw new Error('expected enrolment');
      h.clock.advance(5 * 60_000);
      const late = await totp(
        challenge.challengeToken,
        totpCodeAt(challenge.secret, totpStep(h.clock.now())),
      );
      expect(late.statusCode).toBe(401);
      expect(late.json().errorCode).toBe('CHALLENGE_EXPIRED');
      const unknown = await totp('x'.repeat(43), '123456');
      expect(unknown.json().errorCode).toBe('CHALLENGE_EXPIRED');
      const malformed = await totp(challenge.challengeToken, '12345');
      expect(malformed.statusCode).toBe(400);
    });

    it('answers one generic failure for a wrong password or an unknown name, and audits it', async () => {
      for (const wrong of [
        { username: 'admin', password: 'wrong-password' },
        { username: 'nobody', password: 'wrong-password' },
      ]) {
        const failed = await post(h, '/api/staff/login', wrong);
        expect(failed.statusCode).toBe(401);
        expect(failed.json().errorCode).toBe('INVALID_CREDENTIALS');
      }
      const rows = await executeRows<{ actor_id: string | null; after: unknown }>(
        h.db,
        sql`select actor_id, after from audit_log where action = 'staff.login_failed'
            and after ->> 'step' = 'password' order by id desc limit 2`,
      );
      expect(rows.map((row) => row.after)).toEqual([
        { username: 'nobody', step: 'password', cause: 'unknown_username' },
        { username: 'admin', step: 'password', cause: 'wrong_password' },
      ]);
      expect(JSON.stringify(rows)).not.toContain('wrong-password');
    });

    it('limits staff sign-in attempts per address', async () => {
      const ip = '10.250.0.1';
      const codes: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await post(h, '/api/staff/login', { username: 'x', password: 'y' }, { ip });
        codes.push(res.statusCode);
      }
      expect(codes.at(-1)).toBe(429);
      const totpCodes: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await totp('y'.repeat(43), '123456', '10.250.0.2');
        totpCodes.push(res.statusCode);
      }
      expect(totpCodes.at(-1)).toBe(429);
    });

    it('logout ends the session; sessions end after 30 idle minutes', async () => {
      const member = await staffMemberWithToken(h, { role: 'agent' });
      const out = await post(h, '/api/staff/logout', undefined, { token: member.token });
      expect(out.statusCode).toBe(200);
      expect((await get('/api/staff/me', member.token)).json().errorCode).toBe('SESSION_EXPIRED');
      expect(await auditRows('staff.logout', member.id)).toHaveLength(1);

      const token = await staffToken(h, member);
      h.clock.advance(29 * 60_000);
      expect((await get('/api/staff/me', token)).statusCode).toBe(200);
      h.clock.advance(29 * 60_000);
      expect((await get('/api/staff/me', token)).statusCode).toBe(200);
      h.clock.advance(31 * 60_000);
      const idle = await get('/api/staff/me', token);
      expect(idle.statusCode).toBe(401);
      expect(idle.json().errorCode).toBe('SESSION_EXPIRED');
      // The admin's token of beforeAll went idle too.
      adminToken = await signInAdmin(h);
    });
  });

  describe('staff accounts', () => {
    const createBody = (overrides: Record<string, unknown> = {}) => ({
      username: `agent_${Math.random().toString(36).slice(2, 10)}`,
      password: 'a-long-password-1',
      role: 'agent',
      agentCode: `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      ...overrides,
    });
    const create = (body: Record<string, unknown>, token = adminToken) =>
      post(h, '/api/staff/users', body, { token });

    it('creates agents and sub-agents, refuses taken names and codes and odd shapes', async () => {
      const body = createBody();
      const res = await create(body);
      expect(res.statusCode).toBe(200);
      const agent = res.json().data as { id: string };
      expect(agent).toMatchObject({
        username: body.username,
        role: 'agent',
        agentCode: body.agentCode,
        parentStaffId: null,
        totpEnabled: false,
        disabled: false,
      });
      const sub = await create(createBody({ parentStaffId: agent.id }));
      expect(sub.json().data.parentStaffId).toBe(agent.id);

      const sameName = await create(createBody({ username: body.username.toUpperCase() }));
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().errorCode).toBe('STAFF_USERNAME_TAKEN');
      const sameCode = await create(createBody({ agentCode: body.agentCode.toLowerCase() }));
      expect(sameCode.statusCode).toBe(409);
      expect(sameCode.json().errorCode).toBe('AGENT_CODE_TAKEN');
      const noCode = await create(createBody({ agentCode: undefined }));
      expect(noCode.statusCode).toBe(400);
      const adminWithCode = await create(createBody({ role: 'admin' }));
      expect(adminWithCode.statusCode).toBe(400);
      const adminId = ((await get('/api/staff/me', adminToken)).json().data as { id: string }).id;
      const adminParent = await create(createBody({ parentStaffId: adminId }));
      expect(adminParent.statusCode).toBe(400);
      const shortPassword = await create(createBody({ password: 'short' }));
      expect(shortPassword.statusCode).toBe(400);

      const list = await get('/api/staff/users', adminToken);
      const names = (list.json().data as { username: string }[]).map((row) => row.username);
      expect(names).toContain(body.username);
      expect(names).toContain('admin');
      const created = await executeRows<{ after: Record<string, unknown> }>(
        h.db,
        sql`select after from audit_log where action = 'staff.create' and target_id = ${agent.id}`,
      );
      expect(created[0]?.after).toMatchObject({ username: body.username, role: 'agent' });
      expect(JSON.stringify(created)).not.toContain(body.password);
    });

    it('disable ends the sessions and refuses sign-in; enable lets the member back in', async () => {
      const member = await staffMemberWithToken(h, { role: 'agent' });
      const disabled = await post(h, `/api/staff/users/${member.id}/disable`, undefined, {
        token: adminToken,
      });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().data.disabled).toBe(true);
      expect((await get('/api/staff/me', member.token)).statusCode).toBe(401);
      const refused = await post(h, '/api/staff/login', {
        username: member.username,
        password: member.password,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('STAFF_DISABLED');
      const wrongPassword = await post(h, '/api/staff/login', {
        username: member.username,
        password: 'not-the-password',
      });
      expect(wrongPassword.json().errorCode).toBe('INVALID_CREDENTIALS');

      const enabled = await post(h, `/api/staff/users/${member.id}/enable`, undefined, {
        token: adminToken,
      });
      expect(enabled.json().data.disabled).toBe(false);
      expect(await staffToken(h, member)).toBeTruthy();
      const audit = await auditRows('staff.disable', member.id);
      expect(audit[0]?.after).toMatchObject({ disabled: true, sessionsEnded: 1 });
    });

    it('a challenge taken before the member was disabled cannot finish', async () => {
      const member = await createStaff(h, { role: 'agent' });
      const challenge = await passwordStep(member.username, member.password);
      if (challenge.stage !== 'totp_setup') throw new Error('expected enrolment');
      await post(h, `/api/staff/users/${member.id}/disable`, undefined, { token: adminToken });
      const res = await totp(
        challenge.challengeToken,
        await nextTotpCode(h, member.id, challenge.secret),
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('CHALLENGE_EXPIRED');
    });

    it('reset-totp makes the member enrol again and ends their sessions', async () => {
      const member = await staffMemberWithToken(h, { role: 'agent' });
      expect((await get('/api/staff/me', member.token)).statusCode).toBe(200);
      expect((await passwordStep(member.username, member.password)).stage).toBe('totp');
      const reset = await post(h, `/api/staff/users/${member.id}/reset-totp`, undefined, {
        token: adminToken,
      });
      expect(reset.json().data.totpEnabled).toBe(false);
      // Whoever holds the lost authenticator's session is signed out with it.
      expect((await get('/api/staff/me', member.token)).statusCode).toBe(401);
      expect((await passwordStep(member.username, member.password)).stage).toBe('totp_setup');
      const audit = await auditRows('staff.reset_totp', member.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.after).toMatchObject({ totpEnabled: false, sessionsEnded: 1 });
    });

    it('an admin cannot disable themselves; unknown members are 404', async () => {
      const me = (await get('/api/staff/me', adminToken)).json().data as { id: string };
      const self = await post(h, `/api/staff/users/${me.id}/disable`, undefined, {
        token: adminToken,
      });
      expect(self.statusCode).toBe(403);
      const missing = await post(h, '/api/staff/users/999999/enable', undefined, {
        token: adminToken,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorCode).toBe('STAFF_NOT_FOUND');
    });

    it('agents reach none of it: no role escalation', async () => {
      const agent = await staffMemberWithToken(h, { role: 'agent' });
      const escalate = await create(
        createBody({ role: 'admin', agentCode: undefined }),
        agent.token,
      );
      expect(escalate.statusCode).toBe(403);
      expect((await get('/api/staff/users', agent.token)).statusCode).toBe(403);
      const selfReset = await post(h, `/api/staff/users/${agent.id}/reset-totp`, undefined, {
        token: agent.token,
      });
      expect(selfReset.statusCode).toBe(403);
    });
  });

  const adjust = (playerId: string | number, body: Record<string, unknown>, token = adminToken) =>
    post(h, `/api/staff/players/${playerId}/adjustments`, body, { token });

  const body = (overrides: Record<string, unknown> = {}) => ({
    direction: 'credit',
    amount: 1500.5,
    reason: 'Opening balance',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  });

  it('credits, debits, refuses overdrafts, audits and notifies', async () => {
    const player = await registerPlayer(h);
    const credit = await adjust(player.user.id, body());
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data.wallet).toEqual({
      balance: 1500.5,
      cash: 1500.5,
      coins: 0,
      sports: 0,
      wicket: 0,
      exposure: 0,
    });
    const debit = await adjust(player.user.id, body({ direction: 'debit', amount: 500 }));
    expect(debit.json().data.wallet.balance).toBe(1000.5);
    const over = await adjust(player.user.id, body({ direction: 'debit', amount: 1000.51 }));
    expect(over.statusCode).toBe(400);
    expect(over.json().errorCode).toBe('INSUFFICIENT_FUNDS');

    const audit = await executeRows<{
      actor_type: string;
      actor_id: string;
      action: string;
      before: { wallet: { balance: number } };
      after: { wallet: { balance: number } };
      reason: string;
      ip: string;
    }>(
      h.db,
      sql`select * from audit_log where target_type = 'player' and target_id = ${player.user.id}
          and action like 'wallet.%' order by id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actor_type: 'staff',
      action: 'wallet.adjustment_credit',
      before: { wallet: { balance: 0 } },
      after: { wallet: { balance: 1500.5 } },
      reason: 'Opening balance',
    });
    expect(audit[0]?.ip).toBeTruthy();
    expect(audit[1]).toMatchObject({
      before: { wallet: { balance: 1500.5 } },
      after: { wallet: { balance: 1000.5 } },
    });

    const notes = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
    expect(notes.json().data.items[1]).toMatchObject({
      title: 'Balance adjusted',
      message: expect.stringContaining('1500.50') as unknown,
    });
  });

  it('a replay answers the first result; another body under the key is refused', async () => {
    const player = await registerPlayer(h);
    const first = body();
    const a = await adjust(player.user.id, first);
    const b = await adjust(player.user.id, first);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.transactionId).toBe(a.json().data.transactionId);
    expect(b.json().data.wallet.balance).toBe(1500.5);
    const [count] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from audit_log where target_type = 'player' and target_id = ${player.user.id}
          and action like 'wallet.%'`,
    );
    expect(Number(count?.n)).toBe(1);
    const mismatch = await adjust(player.user.id, { ...first, amount: 1 });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('refuses unknown players, player tokens and agents; staff tokens do not open player routes', async () => {
    const player = await registerPlayer(h);
    const missing = await adjust(999_999_999, body());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('PLAYER_NOT_FOUND');

    const withPlayerToken = await adjust(player.user.id, body(), player.token);
    expect(withPlayerToken.statusCode).toBe(401);
    expect((await adjust(player.user.id, body(), '')).statusCode).toBe(401);

    const staffOnPlayerRoute = await call(h, 'GET', '/api/profile', undefined, {
      token: adminToken,
    });
    expect(staffOnPlayerRoute.statusCode).toBe(401);

    const { token: agentToken } = await staffMemberWithToken(h, { role: 'agent' });
    const byAgent = await adjust(player.user.id, body(), agentToken);
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().errorCode).toBe('FORBIDDEN');
  });
});
