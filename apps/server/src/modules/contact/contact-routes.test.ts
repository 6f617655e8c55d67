import {
  contactMessageListSchema,
  contactMessageSchema,
  notificationsSchema,
  staffContactListSchema,
  staffContactMessageSchema,
} from '@spm/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../audit/audit-tables.ts';
import type { Harness } from '../../test/harness.ts';
import { call, post, randomIp, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { CONTACT_DAILY_MAX } from './contact-service.ts';
import { contactMessages } from './tables.ts';

const TEXT = 'My deposit of 500 points has not arrived yet.';

const storedCount = async (h: Harness) =>
  Number((await h.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0);

const send = (h: Harness, body: unknown, options: { token?: string; ip?: string } = {}) =>
  post(h, '/api/contact/messages', body, options);

describe.each(drivers)('contact messages on %s', (driver) => {
  const h = useHarness(driver);

  it('takes a visitor message with a name and an email or a mobile', async () => {
    const byEmail = await send(h, {
      subject: 'deposit',
      text: `  ${TEXT}  `,
      name: ' Asha ',
      email: 'asha@example.com',
    });
    expect(byEmail.statusCode).toBe(200);
    const sent = contactMessageSchema.parse(byEmail.json().data);
    expect(sent).toMatchObject({ subject: 'deposit', text: TEXT, status: 'open', answer: null });
    const byPhone = await send(h, {
      subject: 'other',
      text: TEXT,
      name: 'Ravi',
      mobile: '9876543210',
      country_code: '91',
    });
    expect(byPhone.statusCode).toBe(200);
    const [row] = await h.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, Number(sent.id)));
    expect(row).toMatchObject({ name: 'Asha', email: 'asha@example.com', playerId: null });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await storedCount(h);
    const bad = [
      { subject: 'deposit', text: 'too short', name: 'A', email: 'a@example.com' },
      { subject: 'lottery', text: TEXT, name: 'A', email: 'a@example.com' },
      { subject: 'deposit', text: 'x'.repeat(2001), name: 'A', email: 'a@example.com' },
      { subject: 'deposit', text: TEXT, name: 'A', email: 'not-an-email' },
      { subject: 'deposit', text: TEXT, name: 'A', mobile: '12345' },
      // A visitor without a name, or without a way to reply.
      { subject: 'deposit', text: TEXT, email: 'a@example.com' },
      { subject: 'deposit', text: TEXT, name: 'A', email: '  ' },
    ];
    for (const body of bad) {
      const res = await send(h, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    }
    const noReply = await send(h, { subject: 'deposit', text: TEXT, name: 'A' });
    expect(noReply.json().data.issues[0].field).toBe('email');
    expect(await storedCount(h)).toBe(before);
  });

  it('limits the sends per address and per player', async () => {
    const ip = randomIp();
    const body = { subject: 'technical', text: TEXT, name: 'Flood', email: 'f@example.com' };
    for (let i = 0; i < 5; i += 1) expect((await send(h, body, { ip })).statusCode).toBe(200);
    const before = await storedCount(h);
    const sixth = await send(h, body, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errorCode).toBe('RATE_LIMITED');
    expect(await storedCount(h)).toBe(before);
    // Another address still gets through.
    expect((await send(h, body)).statusCode).toBe(200);

    // The daily cap counts a player's messages from any address.
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    await h.db.insert(contactMessages).values(
      Array.from({ length: CONTACT_DAILY_MAX }, () => ({
        playerId,
        subject: 'other' as const,
        body: TEXT,
        ip: randomIp(),
        createdAt: h.clock.now(),
      })),
    );
    const capped = await send(h, { subject: 'bets', text: TEXT }, { token: player.token });
    expect(capped.statusCode).toBe(429);
    expect(await storedCount(h)).toBe(before + 1 + CONTACT_DAILY_MAX);
  });

  it('lets staff answer a player, who is notified and reads the answer', async () => {
    const player = await registerPlayer(h);
    const sent = await send(
      h,
      { subject: 'withdrawal', text: TEXT, name: 'ignored', email: 'ignored@example.com' },
      { token: player.token },
    );
    expect(sent.statusCode).toBe(200);
    const id = contactMessageSchema.parse(sent.json().data).id;
    const admin = await adminToken(h);

    const list = await call(h, 'GET', '/api/staff/contact/messages?status=open', undefined, {
      token: admin,
    });
    expect(list.statusCode).toBe(200);
    const page = staffContactListSchema.parse(list.json().data);
    expect(page.items.every((item) => item.status === 'open')).toBe(true);
    expect(page.items.find((item) => item.id === id)).toMatchObject({
      playerId: player.user.id,
      username: player.username,
      name: null,
      email: null,
      replyBy: 'app',
    });

    const answered = await post(
      h,
      `/api/staff/contact/messages/${id}/answer`,
      { answer: '  Your withdrawal was paid today.  ' },
      { token: admin },
    );
    expect(answered.statusCode).toBe(200);
    expect(staffContactMessageSchema.parse(answered.json().data)).toMatchObject({
      status: 'answered',
      answer: 'Your withdrawal was paid today.',
      answeredBy: h.seedResult.adminUsername,
    });
    const again = await post(
      h,
      `/api/staff/contact/messages/${id}/answer`,
      { answer: 'Twice' },
      { token: admin },
    );
    expect(again.json().errorCode).toBe('CONTACT_MESSAGE_ANSWERED');

    const own = await call(h, 'GET', '/api/contact/messages', undefined, { token: player.token });
    expect(contactMessageListSchema.parse(own.json().data)).toEqual([
      expect.objectContaining({
        id,
        status: 'answered',
        answer: 'Your withdrawal was paid today.',
      }),
    ]);
    const bell = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
    const notifications = notificationsSchema.parse(bell.json().data);
    expect(notifications.items[0]).toMatchObject({
      title: 'Your message has been answered',
      message: 'Your withdrawal was paid today.',
    });

    const closed = await post(h, `/api/staff/contact/messages/${id}/close`, undefined, {
      token: admin,
    });
    expect(staffContactMessageSchema.parse(closed.json().data)).toMatchObject({
      status: 'closed',
      closedBy: h.seedResult.adminUsername,
    });
    const audits = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'contact_message'), eq(auditLog.targetId, id)));
    expect(audits.map((row) => row.action).sort()).toEqual(['contact.answer', 'contact.close']);
    const closeAgain = await post(h, `/api/staff/contact/messages/${id}/close`, undefined, {
      token: admin,
    });
    expect(closeAgain.json().errorCode).toBe('CONTACT_MESSAGE_CLOSED');
  });

  it('shows a visitor message to staff as a reply by phone, answered there', async () => {
    const sent = await send(h, {
      subject: 'account',
      text: TEXT,
      name: 'Meena',
      mobile: '9123456780',
    });
    const id = contactMessageSchema.parse(sent.json().data).id;
    const admin = await adminToken(h);
    const one = await call(h, 'GET', `/api/staff/contact/messages/${id}`, undefined, {
      token: admin,
    });
    expect(staffContactMessageSchema.parse(one.json().data)).toMatchObject({
      playerId: null,
      name: 'Meena',
      mobile: '+919123456780',
      replyBy: 'phone',
    });
    const answered = await post(
      h,
      `/api/staff/contact/messages/${id}/answer`,
      { answer: 'Called her back.' },
      { token: admin },
    );
    expect(answered.json().data.status).toBe('answered');
    const missing = await call(h, 'GET', '/api/staff/contact/messages/999999', undefined, {
      token: admin,
    });
    expect(missing.json().errorCode).toBe('CONTACT_MESSAGE_NOT_FOUND');
  });

  it('refuses the staff routes to players, agents and nobody', async () => {
    const player = await registerPlayer(h);
    const agent = await staffMemberWithToken(h, { role: 'agent' });
    const before = await storedCount(h);
    const sent = await send(h, { subject: 'casino', text: TEXT }, { token: player.token });
    const id = contactMessageSchema.parse(sent.json().data).id;
    for (const token of [undefined, player.token, agent.token]) {
      const list = await call(h, 'GET', '/api/staff/contact/messages', undefined, { token });
      expect(list.statusCode).toBe(token === agent.token ? 403 : 401);
      const answer = await post(
        h,
        `/api/staff/contact/messages/${id}/answer`,
        { answer: 'No' },
        { token },
      );
      expect(answer.statusCode).toBe(token === agent.token ? 403 : 401);
    }
    const [row] = await h.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, Number(id)));
    expect(row?.status).toBe('open');
    expect(await storedCount(h)).toBe(before + 1);
    // A visitor has no own list.
    expect((await call(h, 'GET', '/api/contact/messages')).statusCode).toBe(401);
  });
});
