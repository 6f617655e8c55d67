import { authAnswerSchema, profileSchema } from '@spm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../audit/audit-tables.ts';
import { setAppSetting } from '../site/settings-service.ts';
import { sessions, users } from './tables.ts';
import { drivers } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import {
  HOUR,
  MINUTE,
  PASSWORD,
  call,
  expectPlayerAudit,
  latestCode,
  loginAs,
  post,
  randomIp,
  randomPhone,
  randomUsername,
  registerBody,
  playerAuditRows,
  registerPlayer,
  setOtpFlow,
} from '../../test/identity.ts';

const INVALID = {
  data: null,
  error: true,
  message: 'Invalid username or password',
  errorCode: 'INVALID_CREDENTIALS',
};

describe.each(drivers)('identity accounts on %s', (driver) => {
  const h = useHarness(driver);

  async function userRow(username: string) {
    const rows = await h.db
      .select()
      .from(users)
      .where(eq(users.usernameLower, username.toLowerCase()));
    return rows[0];
  }

  async function verifyPhone(phone: string, ip = randomIp()) {
    await post(h, '/api/sendOtpToMobile', { mobile: phone, country_code: '91' }, { ip });
    const otp = await latestCode(h, phone, 'register');
    const res = await post(
      h,
      '/api/mobileVerification',
      { mobile: phone, country_code: '91', otp },
      { ip },
    );
    expect(res.statusCode).toBe(200);
  }

  const profile = (token: string) => call(h, 'GET', '/api/profile', undefined, { token });

  describe('POST /api/register', () => {
    it('registers a verified phone: token, user and "Registration Success", payload recorded', async () => {
      const body = registerBody();
      const ip = randomIp();
      await verifyPhone(body.mobile, ip);
      const res = await post(h, '/api/register', body, {
        ip,
        headers: { 'user-agent': 'vitest-agent' },
      });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json).toMatchObject({ error: false, message: 'Registration Success' });
      const answer = authAnswerSchema.parse(json.data);
      expect(answer.user).toMatchObject({
        username: body.username,
        name: body.username,
        isDemo: false,
        typeId: 3,
      });
      expect(answer.token.length).toBeGreaterThanOrEqual(43);

      const row = await userRow(body.username);
      expect(row).toMatchObject({
        mobile: body.mobile,
        countryCode: '91',
        typeId: 3,
        parentId: 81026,
        agentCode: null,
        trackingId: 'trk-123',
        source: 'https://example.com/landing',
        reportedIp: '198.51.100.7',
        registrationIp: ip,
        isDemo: false,
      });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.lastLoginAt).not.toBeNull();

      const stored = await h.db.select().from(sessions).where(eq(sessions.userId, row!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).not.toBe(answer.token);
      expect(stored[0]?.userAgent).toBe('vitest-agent');
      expect((await profile(answer.token)).statusCode).toBe(200);

      const audit = await playerAuditRows(h, row!.id, 'player.registered');
      expect(audit).toHaveLength(1);
      expectPlayerAudit(h, audit[0], {
        playerId: row!.id,
        action: 'player.registered',
        ip,
        passwords: [body.password, row!.passwordHash],
      });
      expect(audit[0]?.before).toBeNull();
      expect(audit[0]?.after).toEqual({
        username: body.username,
        mobile: body.mobile,
        email: null,
        agentCode: null,
        referrerId: null,
        source: 'https://example.com/landing',
        typeId: 3,
        declaredState: 'MH',
        ageConfirmedAt: h.clock.now().toISOString(),
        updatesConsent: false,
      });
    });

    it('writes no audit row for a refused registration', async () => {
      const body = registerBody();
      expect((await post(h, '/api/register', body)).statusCode).toBe(400);
      const rows = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'player.registered'),
            sql`${auditLog.after}->>'username' = ${body.username}`,
          ),
        );
      expect(rows[0]?.n).toBe(0);
    });

    it('refuses a name that is not the username', async () => {
      const body = registerBody();
      await verifyPhone(body.mobile);
      const res = await post(h, '/api/register', { ...body, name: `${body.username}x` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        data: { issues: [{ field: 'name' }] },
      });
      expect(await userRow(body.username)).toBeUndefined();
    });

    it('refuses any typeId but 3 and any parentId but 81026', async () => {
      for (const change of [{ typeId: 2 }, { parentId: 1 }, { typeId: '3' }]) {
        const res = await post(h, '/api/register', { ...registerBody(), ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      }
    });

    it('answers the spec texts for a bad username and password', async () => {
      const short = await post(h, '/api/register', registerBody({ username: 'abc', name: 'abc' }));
      expect(short.json().data.issues).toContainEqual({
        field: 'username',
        message: 'Username must be 4 to 15 characters.',
      });
      const special = await post(
        h,
        '/api/register',
        registerBody({ username: 'ab_cd', name: 'ab_cd' }),
      );
      expect(special.json().data.issues).toContainEqual({
        field: 'username',
        message: 'Special characters are not allowed in username.',
      });
      const password = await post(h, '/api/register', registerBody({ password: 'short' }));
      expect(password.json().data.issues).toContainEqual({
        field: 'password',
        message: 'Password must be 8 to 20 characters.',
      });
    });

    it('refuses a username taken in another case with USERNAME_TAKEN', async () => {
      const first = await registerPlayer(h);
      const body = registerBody({
        username: first.username.toUpperCase(),
        name: first.username.toUpperCase(),
      });
      await verifyPhone(body.mobile);
      const res = await post(h, '/api/register', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'USERNAME_TAKEN' });
    });

    it('refuses a registered phone with PHONE_TAKEN', async () => {
      const first = await registerPlayer(h);
      const res = await post(h, '/api/register', registerBody({ mobile: first.phone }));
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('PHONE_TAKEN');
    });

    it('refuses an e-mail taken in another case with EMAIL_TAKEN', async () => {
      await registerPlayer(h, { email: 'Taken.Mail@example.com' });
      const body = registerBody({ email: 'taken.mail@EXAMPLE.com' });
      await verifyPhone(body.mobile);
      const res = await post(h, '/api/register', body);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('EMAIL_TAKEN');
    });

    it('with OTP on, refuses a phone without a verification (PHONE_NOT_VERIFIED)', async () => {
      const body = registerBody();
      const res = await post(h, '/api/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'PHONE_NOT_VERIFIED',
        message: 'Please verify your mobile number first.',
      });
      expect(await userRow(body.username)).toBeUndefined();
    });

    it('uses a verification once: a second account on it is refused', async () => {
      const body = registerBody();
      await verifyPhone(body.mobile);
      expect((await post(h, '/api/register', body)).statusCode).toBe(200);
      // Same phone: PHONE_TAKEN first; the verification was consumed either way.
      const again = await post(h, '/api/register', { ...registerBody(), mobile: body.mobile });
      expect(again.json().errorCode).toBe('PHONE_TAKEN');
    });

    it('a verification expires after 30 minutes', async () => {
      const body = registerBody();
      await verifyPhone(body.mobile);
      h.clock.advance(31 * MINUTE);
      const res = await post(h, '/api/register', body);
      expect(res.json().errorCode).toBe('PHONE_NOT_VERIFIED');
    });

    it('answers a replayed registration with USERNAME_TAKEN and creates no second user', async () => {
      const body = registerBody();
      const ip = randomIp();
      await verifyPhone(body.mobile, ip);
      const first = await post(h, '/api/register', body, { ip });
      expect(first.statusCode).toBe(200);
      const replay = await post(h, '/api/register', body, { ip });
      expect(replay.statusCode).toBe(409);
      expect(['USERNAME_TAKEN', 'PHONE_TAKEN']).toContain(replay.json().errorCode);
      const count = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.mobile, body.mobile));
      expect(count[0]?.n).toBe(1);
    });

    it('with OTP off registers without any verification', async () => {
      await setOtpFlow(h, false);
      try {
        const body = registerBody();
        const res = await post(h, '/api/register', body);
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Registration Success');
      } finally {
        await setOtpFlow(h, true);
      }
    });

    it('requires an e-mail when IS_EMAIL is on', async () => {
      await setAppSetting(h.db, 'IS_EMAIL', 1);
      try {
        const body = registerBody();
        await verifyPhone(body.mobile);
        const res = await post(h, '/api/register', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().data.issues).toEqual([
          { field: 'email', message: 'Email cannot be empty' },
        ]);
        const withEmail = await post(h, '/api/register', {
          ...body,
          email: `${body.username}@example.com`,
        });
        expect(withEmail.statusCode).toBe(200);
      } finally {
        await setAppSetting(h.db, 'IS_EMAIL', 0);
      }
    });
  });

  describe('POST /api/login', () => {
    it('signs in whatever the case of the username, with "Login Success"', async () => {
      const player = await registerPlayer(h);
      const res = await post(h, '/api/login', {
        username: ` ${player.username.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.message).toBe('Login Success');
      const answer = authAnswerSchema.parse(json.data);
      expect(answer.user.username).toBe(player.username);
      expect(answer.token).not.toBe(player.token);
      expect((await profile(answer.token)).statusCode).toBe(200);
    });

    it('answers an unknown user and a wrong password alike', async () => {
      const player = await registerPlayer(h);
      const unknown = await post(h, '/api/login', { username: 'nobody1234', password: PASSWORD });
      const wrong = await post(h, '/api/login', {
        username: player.username,
        password: 'wrong-password',
      });
      for (const res of [unknown, wrong]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID);
      }
    });

    it('answers the spec texts for empty fields', async () => {
      const res = await post(h, '/api/login', { username: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.issues).toEqual(
        expect.arrayContaining([
          { field: 'username', message: 'Username cannot be empty' },
          { field: 'password', message: 'Password cannot be empty' },
        ]),
      );
    });

    it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
      const player = await registerPlayer(h);
      for (let i = 0; i < 5; i += 1) {
        const res = await post(h, '/api/login', {
          username: player.username,
          password: 'wrong-password',
        });
        expect(res.json().errorCode).toBe('INVALID_CREDENTIALS');
      }
      const locked = await post(h, '/api/login', { username: player.username, password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED' });
      h.clock.advance(14 * MINUTE);
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(429);
      h.clock.advance(MINUTE + 1000);
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(200);
      // Success starts the count over: four more failures do not lock.
      for (let i = 0; i < 4; i += 1) {
        await post(h, '/api/login', { username: player.username, password: 'wrong-password' });
      }
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('does not add up failures that are further apart than the window', async () => {
      const player = await registerPlayer(h);
      for (let i = 0; i < 4; i += 1) {
        await post(h, '/api/login', { username: player.username, password: 'wrong-password' });
      }
      h.clock.advance(16 * MINUTE);
      for (let i = 0; i < 4; i += 1) {
        await post(h, '/api/login', { username: player.username, password: 'wrong-password' });
      }
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('refuses demo accounts on the password form', async () => {
      const res = await post(h, '/api/login', { username: 'demo01', password: 'anything-at-all' });
      expect(res.json()).toEqual(INVALID);
    });

    it('refuses a staff-locked account once the password is right, and ends its sessions', async () => {
      const player = await registerPlayer(h);
      await h.db
        .update(users)
        .set({ status: 'locked' })
        .where(eq(users.usernameLower, player.username.toLowerCase()));
      const wrong = await post(h, '/api/login', {
        username: player.username,
        password: 'wrong-password',
      });
      expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');
      const right = await post(h, '/api/login', { username: player.username, password: PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json().errorCode).toBe('ACCOUNT_LOCKED');
      expect((await profile(player.token)).json().errorCode).toBe('UNAUTHORIZED');
    });

    it('allows one address 20 attempts a minute', async () => {
      const ip = randomIp();
      const answers: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await post(h, '/api/login', { username: 'nobody1234', password: 'x' }, { ip });
        answers.push(res.statusCode);
        if (i === 20) {
          expect(res.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED', data: null });
        }
      }
      expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(answers[20]).toBe(429);
      // Another address is not affected.
      expect(
        (await post(h, '/api/login', { username: 'nobody1234', password: 'x' })).statusCode,
      ).toBe(401);
    });
  });

  describe('sessions', () => {
    it('protected routes need a token: raw or Bearer; missing, unknown or malformed is 401 UNAUTHORIZED', async () => {
      const player = await registerPlayer(h);
      expect((await profile(player.token)).statusCode).toBe(200);
      expect((await profile(`Bearer ${player.token}`)).statusCode).toBe(200);
      expect((await profile(`bearer   ${player.token}`)).statusCode).toBe(200);
      for (const token of [
        undefined,
        '',
        'Bearer ',
        'not-a-token',
        `${player.token}x`,
        'x'.repeat(400),
      ]) {
        const res = await call(
          h,
          'GET',
          '/api/profile',
          undefined,
          token === undefined ? {} : { token },
        );
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          data: null,
          error: true,
          message: 'Please sign in to continue.',
          errorCode: 'UNAUTHORIZED',
        });
      }
    });

    it('expires after 60 idle minutes; activity keeps it alive', async () => {
      const player = await registerPlayer(h);
      h.clock.advance(59 * MINUTE);
      expect((await profile(player.token)).statusCode).toBe(200);
      h.clock.advance(59 * MINUTE);
      expect((await profile(player.token)).statusCode).toBe(200);
      h.clock.advance(60 * MINUTE);
      const res = await profile(player.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: true,
        errorCode: 'SESSION_EXPIRED',
        message: 'Your session has expired. Please sign in again.',
      });
    });

    it('expires 24 hours after sign-in however active', async () => {
      const player = await registerPlayer(h);
      let elapsed = 0;
      while (elapsed + 50 * MINUTE < 24 * HOUR) {
        h.clock.advance(50 * MINUTE);
        elapsed += 50 * MINUTE;
        expect((await profile(player.token)).statusCode).toBe(200);
      }
      h.clock.advance(24 * HOUR - elapsed);
      expect((await profile(player.token)).json().errorCode).toBe('SESSION_EXPIRED');
    });

    it('writes activity at most once a minute', async () => {
      const player = await registerPlayer(h);
      const lastSeen = async () => {
        const rows = await h.db
          .select({ lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(users.usernameLower, player.username.toLowerCase()));
        return rows[0]?.lastSeenAt.getTime();
      };
      const start = await lastSeen();
      h.clock.advance(30_000);
      await profile(player.token);
      expect(await lastSeen()).toBe(start);
      h.clock.advance(31_000);
      await profile(player.token);
      expect(await lastSeen()).toBe(h.clock.now().getTime());
    });

    it('POST /api/signout ends this session only', async () => {
      const player = await registerPlayer(h);
      const other = await loginAs(h, player.username, PASSWORD);
      const res = await post(h, '/api/signout', undefined, { token: player.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { message: 'Signed out' },
        error: false,
        message: 'Signed out',
      });
      expect((await profile(player.token)).json().errorCode).toBe('SESSION_EXPIRED');
      expect((await profile(other)).statusCode).toBe(200);
      const again = await post(h, '/api/signout', undefined, { token: player.token });
      expect(again.statusCode).toBe(401);
      expect((await post(h, '/api/signout')).json().errorCode).toBe('UNAUTHORIZED');
      const reasons = await h.db
        .select({ reason: sessions.revokeReason })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.usernameLower, player.username.toLowerCase()));
      expect(reasons.map((row) => row.reason).sort()).toEqual(['signout', null].sort());
    });
  });

  describe('POST /api/update-password', () => {
    it('checks the current password, keeps this session and ends the others', async () => {
      const player = await registerPlayer(h);
      const other = await loginAs(h, player.username, PASSWORD);
      const wrong = await post(
        h,
        '/api/update-password',
        { currentPassword: 'not-it-at-all', newPassword: 'new-pass-123' },
        { token: player.token },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        errorCode: 'WRONG_PASSWORD',
        message: 'The current password is incorrect.',
      });
      const weak = await post(
        h,
        '/api/update-password',
        { currentPassword: PASSWORD, newPassword: 'short' },
        { token: player.token },
      );
      expect(weak.json().data.issues).toEqual([
        { field: 'newPassword', message: 'Password must be 8 to 20 characters.' },
      ]);
      expect((await profile(other)).statusCode).toBe(200);
      // Refused changes are not audited.
      expect(await playerAuditRows(h, player.user.id, 'player.password_changed')).toEqual([]);

      const ip = randomIp();
      const res = await post(
        h,
        '/api/update-password',
        { currentPassword: PASSWORD, newPassword: 'new-pass-123' },
        { token: player.token, ip },
      );
      expect(res.statusCode).toBe(200);
      const audit = await playerAuditRows(h, player.user.id, 'player.password_changed');
      expect(audit).toHaveLength(1);
      const stored = await userRow(player.username);
      expectPlayerAudit(h, audit[0], {
        playerId: player.user.id,
        action: 'player.password_changed',
        ip,
        passwords: [PASSWORD, 'new-pass-123', stored!.passwordHash],
      });
      expect(audit[0]?.before).toBeNull();
      expect(audit[0]?.after).toEqual({ sessionsEnded: 1 });
      expect(res.json().message).toBe('Password changed');
      expect((await profile(player.token)).statusCode).toBe(200);
      expect((await profile(other)).json().errorCode).toBe('SESSION_EXPIRED');
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(401);
      expect(
        (await post(h, '/api/login', { username: player.username, password: 'new-pass-123' }))
          .statusCode,
      ).toBe(200);
    });

    it('needs a session', async () => {
      const res = await post(h, '/api/update-password', {
        currentPassword: PASSWORD,
        newPassword: 'new-pass-123',
      });
      expect(res.json().errorCode).toBe('UNAUTHORIZED');
    });
  });

  describe('profile', () => {
    it('GET /api/profile answers the profile', async () => {
      const player = await registerPlayer(h, { email: undefined });
      const res = await profile(player.token);
      const data = profileSchema.parse(res.json().data);
      expect(data).toMatchObject({
        id: player.user.id,
        username: player.username,
        name: player.username,
        email: null,
        mobile: player.phone,
        countryCode: '91',
        agentCode: null,
        isDemo: false,
        typeId: 3,
        parentId: 81026,
      });
    });

    it("PATCH /api/profile changes name and e-mail; another player's e-mail is EMAIL_TAKEN", async () => {
      const owner = await registerPlayer(h, { email: 'owner.mail@example.com' });
      const player = await registerPlayer(h);
      const ip = randomIp();
      const res = await call(
        h,
        'PATCH',
        '/api/profile',
        { name: 'New Name', email: 'mine@example.com' },
        { token: player.token, ip },
      );
      expect(res.statusCode).toBe(200);
      expect(profileSchema.parse(res.json().data)).toMatchObject({
        name: 'New Name',
        email: 'mine@example.com',
      });
      const stored = await userRow(player.username);
      const audit = await playerAuditRows(h, player.user.id, 'player.profile_updated');
      expect(audit).toHaveLength(1);
      expectPlayerAudit(h, audit[0], {
        playerId: player.user.id,
        action: 'player.profile_updated',
        ip,
        passwords: [PASSWORD, stored!.passwordHash],
      });
      expect(audit[0]?.before).toEqual({ name: player.username, email: null });
      expect(audit[0]?.after).toEqual({ name: 'New Name', email: 'mine@example.com' });
      const taken = await call(
        h,
        'PATCH',
        '/api/profile',
        { email: 'OWNER.mail@example.com' },
        { token: player.token },
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errorCode).toBe('EMAIL_TAKEN');
      // Keeping one's own address is not a conflict.
      const own = await call(
        h,
        'PATCH',
        '/api/profile',
        { email: 'owner.mail@example.com' },
        { token: owner.token },
      );
      expect(own.statusCode).toBe(200);
      const cleared = await call(
        h,
        'PATCH',
        '/api/profile',
        { email: null },
        { token: player.token },
      );
      expect(cleared.json().data.email).toBeNull();
      // Only the fields sent are recorded; a refused change (EMAIL_TAKEN) writes no row.
      const updates = await playerAuditRows(h, player.user.id, 'player.profile_updated');
      expect(updates.map((row) => [row.before, row.after])).toEqual([
        [
          { name: player.username, email: null },
          { name: 'New Name', email: 'mine@example.com' },
        ],
        [{ email: 'mine@example.com' }, { email: null }],
      ]);
      const empty = await call(h, 'PATCH', '/api/profile', {}, { token: player.token });
      expect(empty.statusCode).toBe(400);
      const anonymous = await call(h, 'PATCH', '/api/profile', { name: 'x' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/page/visit', () => {
    it('answers a new tracking id when none is sent, and keeps a given one', async () => {
      const ip = randomIp();
      const first = await post(
        h,
        '/api/page/visit',
        { path: '/register', source: 'https://ref.example/', agentCode: 'AG7' },
        { ip, headers: { 'user-agent': 'ua-test' } },
      );
      expect(first.statusCode).toBe(200);
      const trackingId = first.json().data.trackingId as string;
      expect(trackingId).toMatch(/^[0-9a-f-]{36}$/);
      const second = await post(h, '/api/page/visit', { path: '/', tracker: trackingId });
      expect(second.json().data.trackingId).toBe(trackingId);
      const other = await post(h, '/api/page/visit', { path: '/' });
      expect(other.json().data.trackingId).not.toBe(trackingId);

      const rows = await h.db.execute(
        sql`select path, source, agent_code, ip, user_agent from page_visits where tracking_id = ${trackingId} order by id`,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
        {
          path: '/register',
          source: 'https://ref.example/',
          agent_code: 'AG7',
          ip,
          user_agent: 'ua-test',
        },
        expect.objectContaining({ path: '/', agent_code: null }),
      ]);
    });

    it('refuses a visit without a path, and limits one address to 60 a minute', async () => {
      expect((await post(h, '/api/page/visit', {})).statusCode).toBe(400);
      const ip = randomIp();
      const statuses = [];
      for (let i = 0; i < 61; i += 1) {
        statuses.push((await post(h, '/api/page/visit', { path: '/' }, { ip })).statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses[60]).toBe(429);
    });
  });

  // Last: uses up and then removes the demo accounts.
  describe('POST /api/login/demo', () => {
    it('signs into the least recently used demo account, which may not change the account', async () => {
      const names: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        h.clock.advance(1000);
        const res = await post(h, '/api/login/demo');
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Login Success');
        const answer = authAnswerSchema.parse(res.json().data);
        expect(answer.user.isDemo).toBe(true);
        names.push(answer.user.username);
        if (i === 0) {
          const me = await profile(answer.token);
          expect(me.json().data.isDemo).toBe(true);
          const patch = await call(
            h,
            'PATCH',
            '/api/profile',
            { name: 'hacked' },
            { token: answer.token },
          );
          expect(patch.statusCode).toBe(403);
          expect(patch.json().errorCode).toBe('DEMO_ACCOUNT');
          const change = await post(
            h,
            '/api/update-password',
            { currentPassword: 'whatever1', newPassword: 'whatever12' },
            { token: answer.token },
          );
          expect(change.json().errorCode).toBe('DEMO_ACCOUNT');
        }
      }
      expect(names).toEqual(['demo01', 'demo02', 'demo01']);
    });

    it('answers NO_DEMO_USERS when there are none', async () => {
      // Demo accounts that played keep their ledger history, so they are closed, not deleted.
      await h.db.update(users).set({ status: 'closed' }).where(eq(users.isDemo, true));
      const res = await post(h, '/api/login/demo');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'NO_DEMO_USERS' });
    });
  });

  it('publishes the identity endpoints in OpenAPI', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/login/demo',
        '/api/register',
        '/api/sendOtpToMobile',
        '/api/mobileVerification',
        '/api/forgot-password',
        '/api/reset-password',
        '/api/update-password',
        '/api/signout',
        '/api/page/visit',
        '/api/profile',
        '/api/dev/sms-outbox',
      ]),
    );
  });

  it('keeps usernames and phones used by the tests distinct', () => {
    // Guards the helpers the tests above rely on.
    expect(randomUsername()).not.toBe(randomUsername());
    expect(randomPhone()).toMatch(/^[6-9]\d{9}$/);
  });
});
