import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { otpCodes, phoneVerifications } from './tables.ts';
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
  outbox,
  playerAuditRows,
  post,
  randomIp,
  randomPhone,
  registerBody,
  registerPlayer,
  setOtpFlow,
} from '../../test/identity.ts';

/** A lower per-address budget than the default 20 keeps the test under the per-minute limit. */
const IP_BUDGET = 8;

function message(text: string) {
  return { data: { message: text }, error: false, message: text };
}

function ticketCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no set-cookie');
  return value.split(';')[0] ?? '';
}

describe.each(drivers)('OTP and password reset on %s', (driver) => {
  const h = useHarness(driver, { env: { OTP_MAX_PER_IP_PER_HOUR: String(IP_BUDGET) } });

  const sendOtp = (mobile: string, ip?: string) =>
    post(h, '/api/sendOtpToMobile', { mobile, country_code: '91' }, ip === undefined ? {} : { ip });
  const verify = (mobile: string, otp: string) =>
    post(h, '/api/mobileVerification', { mobile, country_code: '91', otp });
  const forgot = (phone: string, ip?: string) =>
    post(h, '/api/forgot-password', { phone, countryCode: '91' }, ip === undefined ? {} : { ip });
  const reset = (
    cookie: string | undefined,
    otp: string,
    password = 'brand-new-pw1',
    ip = randomIp(),
  ) =>
    post(
      h,
      '/api/reset-password',
      { otp, password },
      cookie === undefined ? { ip } : { cookie, ip },
    );
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('POST /api/sendOtpToMobile', () => {
    it('sends a 6-digit register code to +91 and the number, stored only hashed', async () => {
      const phone = randomPhone();
      const res = await sendOtp(phone);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message('OTP sent on your mobile'));
      const [entry] = await outbox(h, phone);
      expect(entry).toMatchObject({ to: `+91${phone}`, purpose: 'register' });
      expect(entry?.code).toMatch(/^\d{6}$/);
      expect(entry?.text).toContain(entry?.code);
      expect(entry?.text).toContain('SPM Sports');
      const rows = await h.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.codeHash).not.toContain(entry?.code ?? '');
    });

    it('refuses a registered phone with PHONE_TAKEN and sends nothing', async () => {
      const player = await registerPlayer(h);
      const before = (await outbox(h, player.phone)).length;
      const res = await sendOtp(player.phone);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('PHONE_TAKEN');
      expect(await outbox(h, player.phone)).toHaveLength(before);
    });

    it('refuses anything but an Indian mobile number', async () => {
      for (const body of [
        { mobile: '12345', country_code: '91' },
        { mobile: '5123456789', country_code: '91' },
        { mobile: '9123456789', country_code: '1' },
      ]) {
        const res = await post(h, '/api/sendOtpToMobile', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      }
      const res = await post(h, '/api/sendOtpToMobile', { mobile: '12', country_code: '91' });
      expect(res.json().data.issues).toEqual([
        { field: 'mobile', message: 'Please enter mobile number' },
      ]);
    });

    it('waits 30 s between codes; a new code replaces the old one', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const first = await latestCode(h, phone, 'register');
      const soon = await sendOtp(phone);
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({
        errorCode: 'OTP_COOLDOWN',
        message: 'Please wait before requesting another OTP.',
      });
      h.clock.advance(30_000);
      expect((await sendOtp(phone)).statusCode).toBe(200);
      const second = await latestCode(h, phone, 'register');
      const live = await h.db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone)));
      expect(live.filter((row) => row.consumedAt === null)).toHaveLength(1);
      expect(live.find((row) => row.consumedAt !== null)?.consumeReason).toBe('superseded');
      if (first !== second) {
        expect((await verify(phone, first)).json().errorCode).toBe('OTP_INVALID');
      }
      expect((await verify(phone, second)).statusCode).toBe(200);
    });

    it('sends at most 5 codes to a phone in an hour', async () => {
      const phone = randomPhone();
      for (let i = 0; i < 5; i += 1) {
        expect((await sendOtp(phone)).statusCode).toBe(200);
        h.clock.advance(31_000);
      }
      const sixth = await sendOtp(phone);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().errorCode).toBe('RATE_LIMITED');
      h.clock.advance(HOUR);
      expect((await sendOtp(phone)).statusCode).toBe(200);
    });

    it('limits the codes one address asks for in an hour, forgot-password included', async () => {
      const ip = randomIp();
      for (let i = 0; i < IP_BUDGET - 1; i += 1) {
        expect((await sendOtp(randomPhone(), ip)).statusCode).toBe(200);
      }
      // An unregistered phone's reset counts too, although nothing is sent for it.
      expect((await forgot(randomPhone(), ip)).statusCode).toBe(200);
      const over = await sendOtp(randomPhone(), ip);
      expect(over.statusCode).toBe(429);
      expect(over.json().errorCode).toBe('RATE_LIMITED');
      expect((await forgot(randomPhone(), ip)).json().errorCode).toBe('RATE_LIMITED');
      expect((await sendOtp(randomPhone())).statusCode).toBe(200);
      h.clock.advance(HOUR);
      expect((await sendOtp(randomPhone(), ip)).statusCode).toBe(200);
    });

    it('with OTP off only checks that the phone is free', async () => {
      await setOtpFlow(h, false);
      try {
        const phone = randomPhone();
        const res = await sendOtp(phone);
        expect(res.json()).toEqual(message('Phone number registered successfully'));
        expect(await outbox(h, phone)).toHaveLength(0);
        const player = await post(h, '/api/register', registerBody({ mobile: phone }));
        expect(player.statusCode).toBe(200);
        expect((await sendOtp(phone)).json().errorCode).toBe('PHONE_TAKEN');
      } finally {
        await setOtpFlow(h, true);
      }
    });
  });

  describe('POST /api/mobileVerification', () => {
    it('accepts the code once and verifies the phone for 30 minutes', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      const res = await verify(phone, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message('OTP is Verified'));
      const rows = await h.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expiresAt.getTime() - rows[0]!.verifiedAt.getTime()).toBe(30 * MINUTE);
      const again = await verify(phone, code);
      expect(again.statusCode).toBe(400);
      expect(again.json().errorCode).toBe('OTP_EXPIRED');
    });

    it('counts wrong codes: the right one still works on the 5th try', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      for (let i = 0; i < 4; i += 1) {
        const res = await verify(phone, wrongCode(code));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          errorCode: 'OTP_INVALID',
          message: 'The OTP is incorrect.',
        });
      }
      expect((await verify(phone, code)).statusCode).toBe(200);
    });

    it('kills the code after 5 wrong tries', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      for (let i = 0; i < 5; i += 1) {
        expect((await verify(phone, wrongCode(code))).json().errorCode).toBe('OTP_INVALID');
      }
      const res = await verify(phone, code);
      expect(res.json()).toMatchObject({
        errorCode: 'OTP_EXPIRED',
        message: 'The OTP has expired. Please request a new one.',
      });
      const [row] = await h.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
      expect(row).toMatchObject({ attempts: 5, consumeReason: 'exhausted' });
    });

    it('refuses a code older than 10 minutes', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      h.clock.advance(10 * MINUTE);
      expect((await verify(phone, code)).json().errorCode).toBe('OTP_EXPIRED');
    });

    it('answers OTP_EXPIRED when no code was sent', async () => {
      expect((await verify(randomPhone(), '123456')).json().errorCode).toBe('OTP_EXPIRED');
    });

    it('does not accept a reset code as a registration code', async () => {
      const player = await registerPlayer(h);
      await forgot(player.phone);
      const resetCode = await latestCode(h, player.phone, 'reset');
      expect((await verify(player.phone, resetCode)).json().errorCode).toBe('OTP_EXPIRED');
    });
  });

  describe('POST /api/forgot-password', () => {
    it('sends a reset code to a registered phone and sets the httpOnly ticket cookie', async () => {
      const player = await registerPlayer(h);
      const res = await forgot(player.phone);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message('Request created'));
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^reset_ticket=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/api');
      expect(cookie).toContain('Max-Age=600');
      const [entry] = await outbox(h, player.phone);
      expect(entry).toMatchObject({ purpose: 'reset', to: `+91${player.phone}` });
      expect(entry?.text).toContain('password reset code');
    });

    it('answers an unregistered phone the same way and sends nothing', async () => {
      const phone = randomPhone();
      const res = await forgot(phone);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message('Request created'));
      expect(String(res.headers['set-cookie'])).toMatch(/^reset_ticket=/);
      expect(await outbox(h, phone)).toHaveLength(0);
    });

    it('applies the same cooldown whether or not the phone is registered', async () => {
      const player = await registerPlayer(h);
      for (const phone of [player.phone, randomPhone()]) {
        expect((await forgot(phone)).statusCode).toBe(200);
        const again = await forgot(phone);
        expect(again.statusCode).toBe(429);
        expect(again.json().errorCode).toBe('OTP_COOLDOWN');
      }
    });

    it('refuses a malformed phone with "Please enter mobile number"', async () => {
      const res = await post(h, '/api/forgot-password', { phone: '', countryCode: '91' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.issues).toEqual([
        { field: 'phone', message: 'Please enter mobile number' },
      ]);
    });
  });

  describe('POST /api/reset-password', () => {
    it('needs the ticket cookie: RESET_NOT_STARTED without one or with an unknown one', async () => {
      const none = await reset(undefined, '123456');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        errorCode: 'RESET_NOT_STARTED',
        message: 'Please request a new password reset.',
      });
      const unknown = await reset('reset_ticket=not-a-ticket', '123456');
      expect(unknown.json().errorCode).toBe('RESET_NOT_STARTED');
      expect(String(unknown.headers['set-cookie'])).toContain('Max-Age=0');
    });

    it('answers "All fields are mandatory" for a missing field', async () => {
      const res = await post(h, '/api/reset-password', { otp: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.issues).toEqual(
        expect.arrayContaining([
          { field: 'otp', message: 'All fields are mandatory' },
          { field: 'password', message: 'All fields are mandatory' },
        ]),
      );
    });

    it('sets the new password, ends every session, clears the cookie and lifts a login lock', async () => {
      const player = await registerPlayer(h);
      const other = await loginAs(h, player.username, PASSWORD);
      for (let i = 0; i < 5; i += 1) {
        await post(h, '/api/login', { username: player.username, password: 'wrong-password' });
      }
      const cookie = ticketCookie(await forgot(player.phone));
      const code = await latestCode(h, player.phone, 'reset');
      const ip = randomIp();
      const res = await reset(cookie, code, 'brand-new-pw1', ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message('Password reset success'));
      const audit = await playerAuditRows(h, player.user.id, 'player.password_reset');
      expect(audit).toHaveLength(1);
      expectPlayerAudit(h, audit[0], {
        playerId: player.user.id,
        action: 'player.password_reset',
        ip,
        passwords: [PASSWORD, 'brand-new-pw1', code],
      });
      expect(audit[0]?.before).toBeNull();
      expect(audit[0]?.after).toEqual({ sessionsEnded: 2 });
      expect(String(res.headers['set-cookie'])).toMatch(/^reset_ticket=; .*Max-Age=0/);
      for (const token of [player.token, other]) {
        expect((await call(h, 'GET', '/api/profile', undefined, { token })).json().errorCode).toBe(
          'SESSION_EXPIRED',
        );
      }
      expect(
        (await post(h, '/api/login', { username: player.username, password: PASSWORD })).statusCode,
      ).toBe(401);
      expect(
        (await post(h, '/api/login', { username: player.username, password: 'brand-new-pw1' }))
          .statusCode,
      ).toBe(200);
      // The ticket and the code are spent.
      expect((await reset(cookie, code)).json().errorCode).toBe('RESET_NOT_STARTED');
      expect(await playerAuditRows(h, player.user.id, 'player.password_reset')).toHaveLength(1);
    });

    it('refuses a wrong code, and after 5 tries the reset is over', async () => {
      const player = await registerPlayer(h);
      const cookie = ticketCookie(await forgot(player.phone));
      const code = await latestCode(h, player.phone, 'reset');
      for (let i = 0; i < 5; i += 1) {
        const res = await reset(cookie, wrongCode(code));
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('OTP_INVALID');
      }
      expect((await reset(cookie, code)).json().errorCode).toBe('RESET_NOT_STARTED');
      expect(await playerAuditRows(h, player.user.id, 'player.password_reset')).toEqual([]);
    });

    it('behaves the same for an unregistered phone: every code is wrong, 5 tries', async () => {
      const cookie = ticketCookie(await forgot(randomPhone()));
      for (let i = 0; i < 5; i += 1) {
        expect((await reset(cookie, '123456')).json().errorCode).toBe('OTP_INVALID');
      }
      expect((await reset(cookie, '123456')).json().errorCode).toBe('RESET_NOT_STARTED');
    });

    it('is over after 10 minutes', async () => {
      const player = await registerPlayer(h);
      const cookie = ticketCookie(await forgot(player.phone));
      const code = await latestCode(h, player.phone, 'reset');
      h.clock.advance(10 * MINUTE);
      expect((await reset(cookie, code)).json().errorCode).toBe('RESET_NOT_STARTED');
    });

    it('does not accept a registration code of the same phone', async () => {
      // A phone with a live registration code that then registers with OTP off.
      const phone = randomPhone();
      await sendOtp(phone);
      const registerCode = await latestCode(h, phone, 'register');
      await setOtpFlow(h, false);
      try {
        expect((await post(h, '/api/register', registerBody({ mobile: phone }))).statusCode).toBe(
          200,
        );
      } finally {
        await setOtpFlow(h, true);
      }
      h.clock.advance(31_000);
      const cookie = ticketCookie(await forgot(phone));
      const resetCode = await latestCode(h, phone, 'reset');
      if (registerCode !== resetCode) {
        expect((await reset(cookie, registerCode)).json().errorCode).toBe('OTP_INVALID');
      }
      expect((await reset(cookie, resetCode)).statusCode).toBe(200);
    });
  });

  describe('GET /api/dev/sms-outbox', () => {
    it('lists messages newest first and filters by number in any form', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      h.clock.advance(31_000);
      await sendOtp(phone);
      const codes = (await outbox(h, phone)).map((entry) => entry.code);
      expect(codes).toHaveLength(2);
      for (const form of [`91${phone}`, `%2B91${phone}`]) {
        const res = await h.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?to=${form}` });
        expect(res.json().data.map((entry: { code: string }) => entry.code)).toEqual(codes);
      }
      const live = await h.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
      const newest = live.find((row) => row.consumedAt === null);
      expect(newest).toBeDefined();
      // Newest first: the first entry is the live code.
      expect((await verify(phone, codes[0]!)).statusCode).toBe(200);
      const all = await outbox(h);
      expect(all.length).toBeGreaterThan(2);
      expect(all.length).toBeLessThanOrEqual(100);
    });
  });

  describe('under concurrency', () => {
    it('compares at most 5 of many simultaneous guesses', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => verify(phone, wrongCode(code))),
      );
      const codes = answers.map((res) => res.json().errorCode);
      expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(5);
      expect(codes.filter((c) => c === 'OTP_EXPIRED')).toHaveLength(15);
      expect((await verify(phone, code)).json().errorCode).toBe('OTP_EXPIRED');
    });

    // Guesses that overlap can each pass the service's "last wrong try ends the code" step
    // before any of them ends it; the SQL guard alone then refuses them. Put the counter at
    // the cap as such guesses would leave it: even the right code must be refused.
    it('refuses even the right code once the tries are used up', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      await h.db
        .update(otpCodes)
        .set({ attempts: h.config.otp.maxAttempts })
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, 'register')));
      expect((await verify(phone, code)).json().errorCode).toBe('OTP_EXPIRED');
      const rows = await h.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
      expect(rows.map((row) => row.attempts)).toEqual([h.config.otp.maxAttempts]);
    });

    it('sends one code for simultaneous requests to one phone', async () => {
      const phone = randomPhone();
      const answers = await Promise.all(Array.from({ length: 5 }, () => sendOtp(phone)));
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 429, 429, 429, 429]);
      expect(await outbox(h, phone)).toHaveLength(1);
    });

    it('accepts a right code once however often it is sent at once', async () => {
      const phone = randomPhone();
      await sendOtp(phone);
      const code = await latestCode(h, phone, 'register');
      const answers = await Promise.all(Array.from({ length: 5 }, () => verify(phone, code)));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      const rows = await h.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.phone, phone));
      expect(rows).toHaveLength(1);
    });

    it('creates one account for simultaneous registrations of one username', async () => {
      await setOtpFlow(h, false);
      try {
        const body = registerBody();
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            post(h, '/api/register', { ...body, mobile: i === 0 ? body.mobile : randomPhone() }),
          ),
        );
        expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
        for (const res of answers.filter((r) => r.statusCode !== 200)) {
          expect(res.json().errorCode).toBe('USERNAME_TAKEN');
        }
      } finally {
        await setOtpFlow(h, true);
      }
    });
  });
});
