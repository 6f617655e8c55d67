import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { call, post, registerPlayer, type RegisteredPlayer } from '../../test/identity.ts';
import { adminToken } from '../../test/staff.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import type { Harness } from '../../test/harness.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { fund } from '../../test/wallet.ts';
import { insertTestProvider } from '../casino/provider-wallet-fixtures.ts';
import { ensureDemoCredit, getWalletView, moneyModeOf } from '../wallet/index.ts';
import { setMoneyMode } from '../wallet/ledger/wallet-player-repository.ts';

/*
 * Issue 42 item 6: a MONEY_MODE=play site. Every cash path of the cashier answers
 * PLAY_MONEY_SITE and stores nothing; a player claims the daily points (PLAY_ALLOWANCE_POINTS,
 * here 250) once per India day through the wallet, from the play_money account only.
 */

const ALLOWANCE = 250;
const deps = (h: Harness) => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

/** Every system account's balance (the sum of its postings). */
async function systemBalances(h: Harness): Promise<Map<string, bigint>> {
  const rows = await executeRows<{ kind: string; paise: string }>(
    h.db,
    sql`select a.kind, coalesce(sum(p.amount_paise), 0)::text as paise
        from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        where a.owner = 'system' group by a.kind`,
  );
  return new Map(rows.map((row) => [row.kind, BigInt(row.paise)]));
}

async function countAll(h: Harness, table: string): Promise<number> {
  const [row] = await executeRows<{ n: string }>(
    h.db,
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(row?.n ?? 0);
}

const claim = (h: Harness, player: RegisteredPlayer) =>
  post(h, '/api/play/allowance/claim', undefined, { token: player.token });
const allowance = (h: Harness, player: RegisteredPlayer) =>
  call(h, 'GET', '/api/play/allowance', undefined, { token: player.token });

describe.each(drivers)('a MONEY_MODE=play site on %s', (driver) => {
  const h = useHarness(driver, {
    // Sessions outlive the test's day jumps.
    env: {
      MONEY_MODE: 'play',
      PLAY_ALLOWANCE_POINTS: String(ALLOWANCE),
      SESSION_IDLE_MINUTES: '10080',
      SESSION_ABSOLUTE_HOURS: '720',
    },
  });

  it('tells the player app it plays for points', async () => {
    const details = await call(h, 'GET', '/api/getAppDetails');
    expect(details.json().data.moneyMode).toBe('play');
  });

  it('gives the daily points once per India day, from play money only, through the wallet', async () => {
    // 12:00 IST: the India day is 2026-12-02 until 18:30 UTC.
    h.clock.set(new Date('2026-12-02T06:30:00Z'));
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    expect(await moneyModeOf(h.db, playerId)).toBe('play');
    const offered = await allowance(h, player);
    expect(offered.json().data).toEqual({
      available: true,
      amount: ALLOWANCE,
      claimedToday: false,
      nextClaimAt: '2026-12-02T06:30:00.000Z',
    });
    const before = await systemBalances(h);

    const first = await claim(h, player);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      amount: ALLOWANCE,
      balance: ALLOWANCE,
      nextClaimAt: '2026-12-02T18:30:00.000Z',
    });
    const after = await systemBalances(h);
    // The player's cash came from play_money; no real account moved.
    expect(after.get('play_money')).toBe((before.get('play_money') ?? 0n) - 25_000n);
    for (const [kind, paise] of after) {
      if (kind !== 'play_money') expect([kind, paise]).toEqual([kind, before.get(kind) ?? 0n]);
    }
    expect((await getWalletView(h.db, playerId)).cashPaise).toBe(25_000n);
    const [line] = await executeRows<{ kind: string }>(
      h.db,
      sql`select kind from ledger_transactions where player_id = ${playerId}`,
    );
    expect(line?.kind).toBe('play_allowance');

    // Later the same India day (23:59 IST): refused, nothing moves.
    h.clock.set(new Date('2026-12-02T18:29:00Z'));
    const again = await claim(h, player);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'ALLOWANCE_CLAIMED' });
    expect((await allowance(h, player)).json().data).toMatchObject({
      claimedToday: true,
      nextClaimAt: '2026-12-02T18:30:00.000Z',
    });
    expect((await getWalletView(h.db, playerId)).cashPaise).toBe(25_000n);

    // Midnight India time: a new day, claimed once however many claims race for it.
    h.clock.set(new Date('2026-12-02T18:30:00Z'));
    expect((await allowance(h, player)).json().data.claimedToday).toBe(false);
    const racing = await Promise.all([claim(h, player), claim(h, player), claim(h, player)]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await getWalletView(h.db, playerId)).cashPaise).toBe(50_000n);
  });

  it('never gives points to a wallet left in real money', async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    await setMoneyMode(h.db, playerId, 'real');
    expect((await allowance(h, player)).json().data.available).toBe(false);
    const refused = await claim(h, player);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'ALLOWANCE_UNAVAILABLE' });
    expect((await getWalletView(h.db, playerId)).cashPaise).toBe(0n);
  });

  it('refuses the bets of a real-money casino session launched before the switch, moving nothing', async () => {
    const { deps, session, call: callProvider, cash, expectLedgerBalanced } = providerWalletKit(h);
    const provider = await insertTestProvider(h.db);
    const bet = (base: Record<string, unknown>, transactionId: string) =>
      callProvider(provider, 'bet', {
        requestId: `req-${transactionId}`,
        ...base,
        roundId: `round-${transactionId}`,
        transactionId,
        amount: 1_000,
      });
    // A real wallet and its INR session, both from before the site played for points.
    const real = await session(provider, 100_000n);
    expect(real.base.currency).toBe('INR');
    const refused = await bet(real.base, `real-${real.playerId}`);
    expect(refused).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: null });
    expect(await cash(real.playerId)).toBe(100_000n);
    const [rows] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*)::text as n from casino_transactions where player_id = ${real.playerId}`,
    );
    expect(rows?.n).toBe('0');
    // A points session of the same site bets as usual.
    const points = await session(provider, 0n, true);
    expect(points.base.currency).toBe('PTS');
    await ensureDemoCredit(deps(), points.playerId);
    expect(await bet(points.base, `pts-${points.playerId}`)).toMatchObject({ status: 'RS_OK' });
    await expectLedgerBalanced();
  });

  it('refuses every cash path of the cashier, storing nothing', async () => {
    const player = await registerPlayer(h);
    const admin = await adminToken(h);
    const tables = ['deposit_requests', 'withdraw_requests', 'bank_details'];
    const counts = await Promise.all(tables.map((table) => countAll(h, table)));
    const systemBefore = await systemBalances(h);
    const playerPaths: [string, string, unknown?][] = [
      ['GET', '/api/gateways'],
      ['GET', '/api/gateways/upi'],
      ['POST', '/api/deposit/fastpayme', { gateway: 'fastpay', amount: 500 }],
      ['POST', '/api/deposit/create', {}],
      ['GET', '/api/withdraw/info'],
      ['GET', '/api/withdraw/gateways'],
      ['POST', '/api/withdraw/request/otp', {}],
      ['POST', '/api/withdrawRequest/create', { amount: 500 }],
      ['POST', '/api/withdrawRequest/dynamic', {}],
      ['GET', '/api/bank'],
      ['POST', '/api/bank', { type: 'upi', accountNo: 'me@upi' }],
      ['GET', '/api/kyc'],
    ];
    for (const [method, url, body] of playerPaths) {
      const res = await call(h, method as 'GET', url, body, { token: player.token });
      expect([method, url, res.statusCode, res.json().errorCode]).toEqual([
        method,
        url,
        403,
        'PLAY_MONEY_SITE',
      ]);
    }
    // The gateway's callback, its simulator and the public QR: no player, still closed.
    for (const [method, url] of [
      ['POST', '/api/deposit/fastpayme/callback'],
      ['GET', '/api/gateway-sim/pay/1/token'],
      ['POST', '/api/gateway-sim/pay/1/token/confirm'],
      ['GET', '/api/gateways/upi/qr'],
    ] as const) {
      const res = await call(h, method, url, method === 'POST' ? '{}' : undefined, {
        headers: { 'content-type': 'application/json' },
      });
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PLAY_MONEY_SITE']);
    }
    // Staff decisions are closed; staff reads of the history stay open.
    for (const url of [
      '/api/staff/deposits/1/approve',
      '/api/staff/withdrawals/1/approve',
      '/api/staff/kyc/1/approve',
    ]) {
      const res = await post(h, url, {}, { token: admin });
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PLAY_MONEY_SITE']);
    }
    const history = await call(h, 'GET', '/api/staff/deposits', undefined, { token: admin });
    expect(history.statusCode, history.body).toBe(200);

    expect(await Promise.all(tables.map((table) => countAll(h, table)))).toEqual(counts);
    expect(await systemBalances(h)).toEqual(systemBefore);
  });

  it("adjusts a points wallet from play money, never a real one's on a points site", async () => {
    const admin = await adminToken(h);
    const adjust = (playerId: number) =>
      post(
        h,
        `/api/staff/players/${playerId}/adjustments`,
        {
          direction: 'credit',
          amount: 100,
          reason: 'points',
          idempotencyKey: randomBytes(8).toString('hex'),
        },
        { token: admin },
      );
    const points = Number((await registerPlayer(h)).user.id);
    const house = (await systemBalances(h)).get('house') ?? 0n;
    const credited = await adjust(points);
    expect(credited.statusCode, credited.body).toBe(200);
    expect((await systemBalances(h)).get('house') ?? 0n).toBe(house);

    const left = Number((await registerPlayer(h)).user.id);
    await setMoneyMode(h.db, left, 'real');
    expect((await fund(deps(h), left, 10_000n)).ok).toBe(true);
    const before = await systemBalances(h);
    const refused = await adjust(left);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'PLAY_MONEY_SITE' });
    expect(await systemBalances(h)).toEqual(before);
    expect((await getWalletView(h.db, left)).cashPaise).toBe(10_000n);
  });
});
