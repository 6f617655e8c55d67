import { holdAdjustmentPostings, settlementPostings } from '@spm/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { post as postLedger, type LedgerDeps } from '../wallet/ledger/ledger-service.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, registerPlayer } from '../../test/identity.ts';
import { adminToken as signInAdmin, createStaff, staffToken } from '../../test/staff.ts';
import { fund } from '../../test/wallet.ts';

/**
 * 2025-04-01 00:30 in India is still 2025-03-31 in UTC: the figures must follow Indian days.
 */
const NOW = new Date('2025-03-31T19:00:00Z');
const MINUTE = 60_000;

describe.each(drivers)('back office dashboard on %s', (driver) => {
  let h: Harness;
  let admin: string;
  let agentToken: string;
  let mine: number;
  let other: number;
  let gateway: string;

  const ledger = (): LedgerDeps => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

  async function deposit(
    playerId: number,
    points: number,
    status: 'approved' | 'pending' | 'declined',
    decidedAt: Date | null,
  ) {
    await executeRows(
      h.db,
      sql`insert into deposit_requests (player_id, gateway_code, automated, amount_paise, status,
            expires_at, decided_at, created_at)
          values (${playerId}, ${gateway}, false, ${points * 100}, ${status},
            ${new Date(NOW.getTime() + 30 * MINUTE).toISOString()}::timestamptz,
            ${decidedAt?.toISOString() ?? null}::timestamptz, ${NOW.toISOString()}::timestamptz)`,
    );
  }

  async function withdrawal(playerId: number, points: number, status: string, decidedAt: Date) {
    await executeRows(
      h.db,
      sql`insert into withdraw_requests (player_id, amount_paise, destination_type, destination,
            status, idempotency_key, request_hash, decided_at, created_at)
          values (${playerId}, ${points * 100}, 'upi', '{}'::jsonb, ${status},
            ${`k-${Math.random()}`}, 'h', ${decidedAt.toISOString()}::timestamptz,
            ${NOW.toISOString()}::timestamptz)`,
    );
  }

  /** A bet of `stake` held, then settled with the gross P&L and commission (paise). */
  async function settledBet(playerId: number, stake: bigint, gross: bigint, commission: bigint) {
    const id = String(playerId);
    const hold = await postLedger(ledger(), {
      kind: 'bet_hold',
      postings: holdAdjustmentPostings(id, 0n, stake),
      description: 'test bet',
      reference: 'T',
      playerId,
    });
    expect(hold.ok).toBe(true);
    const settle = await postLedger(ledger(), {
      kind: 'bet_settlement',
      postings: settlementPostings({
        playerId: id,
        heldExposurePaise: stake,
        grossPnlPaise: gross,
        commissionPaise: commission,
      }),
      description: 'test settlement',
      reference: 'T',
      playerId,
    });
    expect(settle.ok).toBe(true);
  }

  beforeAll(async () => {
    h = await startHarness(driver);
    h.clock.set(NOW);
    admin = await signInAdmin(h);
    const code = `DASH${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const agent = await createStaff(h, { role: 'agent', agentCode: code });
    agentToken = await staffToken(h, agent);
    mine = Number((await registerPlayer(h, { agent_code: code })).user.id);
    other = Number((await registerPlayer(h, { agent_code: '' })).user.id);
    const [row] = await executeRows<{ code: string }>(
      h.db,
      sql`select code from payment_gateways order by code limit 1`,
    );
    gateway = row!.code;

    // Today (India): 00:15 on 1 April.
    await deposit(mine, 100, 'approved', new Date(NOW.getTime() - 15 * MINUTE));
    await deposit(other, 40, 'approved', new Date(NOW.getTime() - 10 * MINUTE));
    // 23:30 on 31 March in India: yesterday, last month.
    await deposit(mine, 50, 'approved', new Date(NOW.getTime() - 60 * MINUTE));
    // 30 days before today: outside the chart.
    await deposit(mine, 7, 'approved', new Date(NOW.getTime() - 30 * 86_400_000));
    await deposit(mine, 1000, 'declined', new Date(NOW.getTime() - 5 * MINUTE));
    await deposit(mine, 20, 'pending', null);
    await deposit(other, 20, 'pending', null);
    await withdrawal(mine, 30, 'approved', new Date(NOW.getTime() - 5 * MINUTE));
    await withdrawal(other, 11, 'approved', new Date(NOW.getTime() - 5 * MINUTE));
    await withdrawal(mine, 99, 'declined', new Date(NOW.getTime() - 5 * MINUTE));

    await fund(ledger(), mine, 100_000n);
    await fund(ledger(), other, 100_000n);
    // Mine loses a 200-point bet; other wins 300 gross with 15 commission.
    await settledBet(mine, 20_000n, -20_000n, 0n);
    await settledBet(other, 10_000n, 30_000n, 1_500n);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const dashboard = async (token: string) => {
    const res = await call(h, 'GET', '/api/staff/dashboard', undefined, { token });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      today: Record<string, number>;
      month: Record<string, number>;
      pending: Record<string, number>;
      days: { date: string; deposits: number; ggr: number; newPlayers: number }[];
    };
  };

  it('counts by Indian day for the admin: every real player', async () => {
    const data = await dashboard(admin);
    expect(data.today).toEqual({
      deposits: 140,
      withdrawals: 41,
      // 200 lost by one, 285 won net by the other.
      ggr: -85,
      newPlayers: 2,
      activePlayers: 2,
    });
    // 1 April is the first day of the month.
    expect(data.month).toEqual(data.today);
    expect(data.pending).toEqual({ deposits: 2, withdrawals: 0, kyc: 0 });
    expect(data.days).toHaveLength(30);
    expect(data.days[0]?.date).toBe('2025-03-03');
    expect(data.days.at(-1)).toEqual({
      date: '2025-04-01',
      deposits: 140,
      withdrawals: 41,
      ggr: -85,
      newPlayers: 2,
    });
    expect(data.days.at(-2)).toMatchObject({ date: '2025-03-31', deposits: 50 });
    expect(data.days.reduce((sum, day) => sum + day.deposits, 0)).toBe(190);
  });

  it("shows an agent its downline's figures only", async () => {
    const data = await dashboard(agentToken);
    expect(data.today).toEqual({
      deposits: 100,
      withdrawals: 30,
      ggr: 200,
      newPlayers: 1,
      activePlayers: 1,
    });
    expect(data.pending).toEqual({ deposits: 1, withdrawals: 0, kyc: 0 });
    expect(data.days.at(-2)).toMatchObject({ date: '2025-03-31', deposits: 50 });
  });

  it('a month of more days than the chart counts its first day too', async () => {
    // 31 May 2025, 12:00 India: the month starts 30 days back, before the chart's first day.
    h.clock.set(new Date('2025-05-31T06:30:00Z'));
    try {
      const token = await signInAdmin(h);
      await deposit(mine, 5, 'approved', new Date('2025-04-30T19:00:00Z'));
      const data = await dashboard(token);
      expect(data.days[0]?.date).toBe('2025-05-02');
      expect(data.month.deposits).toBe(5);
      expect(data.days.reduce((sum, day) => sum + day.deposits, 0)).toBe(0);
      expect(data.today).toMatchObject({ deposits: 0, newPlayers: 0, activePlayers: 0 });
    } finally {
      h.clock.set(NOW);
    }
  });
});
