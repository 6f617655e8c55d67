import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/database.ts';
import { insertStaffUserIfAbsent } from '../repositories/staff-user-repository.ts';
import { hashPassword } from '../security/password.ts';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { call, post, registerPlayer } from '../test/identity.ts';

describe.each(drivers)('staff login and balance adjustments on %s', (driver) => {
  let h: Harness;
  let adminToken: string;

  beforeAll(async () => {
    h = await startHarness(driver);
    adminToken = await staffLogin(h.seedResult.adminUsername, h.seedResult.adminPassword!);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function staffLogin(username: string, password: string): Promise<string> {
    const res = await post(h, '/api/staff/login', { username, password });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { token: string } }).data.token;
  }

  const adjust = (playerId: string | number, body: Record<string, unknown>, token = adminToken) =>
    post(h, `/api/staff/players/${playerId}/adjustments`, body, { token });

  const body = (overrides: Record<string, unknown> = {}) => ({
    direction: 'credit',
    amount: 1500.5,
    reason: 'Opening balance',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  });

  it('logs staff in, and answers a generic failure otherwise', async () => {
    const res = await post(h, '/api/staff/login', {
      username: h.seedResult.adminUsername,
      password: h.seedResult.adminPassword,
    });
    expect(res.json().data.staff).toMatchObject({ username: 'admin', role: 'admin' });
    for (const wrong of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'wrong-password' },
    ]) {
      const failed = await post(h, '/api/staff/login', wrong);
      expect(failed.statusCode).toBe(401);
      expect(failed.json().errorCode).toBe('INVALID_CREDENTIALS');
    }
  });

  it('limits staff login attempts per address', async () => {
    const ip = '10.250.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post(h, '/api/staff/login', { username: 'x', password: 'y' }, { ip });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
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
    }>(h.db, sql`select * from audit_log where target_id = ${player.user.id} order by id`);
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
      sql`select count(*) as n from audit_log where target_id = ${player.user.id}`,
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

    await insertStaffUserIfAbsent(h.db, {
      username: 'agent1',
      passwordHash: await hashPassword('agent-pass-1'),
      role: 'agent',
      agentCode: 'AG1',
    });
    const agentToken = await staffLogin('agent1', 'agent-pass-1');
    const byAgent = await adjust(player.user.id, body(), agentToken);
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().errorCode).toBe('FORBIDDEN');
  });

  it('staff sessions end after 30 idle minutes', async () => {
    const token = await staffLogin(h.seedResult.adminUsername, h.seedResult.adminPassword!);
    const player = await registerPlayer(h);
    h.clock.advance(31 * 60_000);
    const res = await adjust(player.user.id, body(), token);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('SESSION_EXPIRED');
  });
});
