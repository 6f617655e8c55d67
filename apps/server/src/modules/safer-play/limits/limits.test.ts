import { SPM_SESSION_HEADER, depositSchema, type Deposit, type LimitsState } from '@spm/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { providerWalletKit } from '../../../test/casino-wallet.ts';
import { makeTempDir, drivers, startHarness, type Harness } from '../../../test/harness.ts';
import {
  HOUR,
  call,
  fundedExchangePlayer,
  loginAs,
  post,
  randomIp,
  registerPlayer,
} from '../../../test/identity.ts';
import { aVersusBAllMarkets } from '../../../test/exchange.ts';
import { multipartBody, pngBytes } from '../../../test/multipart.ts';
import { adminToken } from '../../../test/staff.ts';
import { fund } from '../../../test/wallet.ts';
import { insertTestProvider } from '../../casino/provider-wallet-fixtures.ts';
import { stepTable, stepUntil } from '../../casino/spm/spm-fixtures.ts';
import { getWalletView } from '../../wallet/index.ts';
import { setLimits } from './limits-service.ts';

/*
 * Issue 42 item 1: the player's deposit, loss and stake limits, end to end through every
 * product's own path (exchange, bookmaker, fancy, a provider's callback, the built-in table,
 * a deposit), concurrent stakes, and each change's timing on the manual clock.
 */

const TABLE = 'spm-lucky-7';
const key = () => `k-${randomBytes(8).toString('hex')}`;
const ORIGIN = { ip: '127.0.0.1', userAgent: 'test' };

describe.each(drivers)('safer play limits on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let kit: ReturnType<typeof providerWalletKit>;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-limits-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
    kit = providerWalletKit(h);
    await h.app.spmGames.start({ tableIds: [TABLE] });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  const limitsOf = (playerId: number, changes: { name: string; amount: number | null }[]) =>
    setLimits(
      h.app.exchange.deps,
      playerId,
      { changes: changes as Parameters<typeof setLimits>[2]['changes'] },
      ORIGIN,
    );
  const cash = async (playerId: number) => (await getWalletView(h.db, playerId)).balancePaise;
  const nextHour = (hours: number) => {
    const hour = new Date(h.clock.now().getTime());
    hour.setUTCMinutes(0, 0, 0);
    return new Date(hour.getTime() + hours * HOUR).toISOString();
  };

  it('refuses an exchange placement, a bookmaker and a fancy bet past a stake limit; nothing changes', async () => {
    const competitionId = await h.app.exchange.createCompetition(4, `Limits ${key()}`);
    const { odds, runners, bm, fancy } = await aVersusBAllMarkets(h.app.exchange, competitionId, {
      startTime: new Date(h.clock.now().getTime() + HOUR),
    });
    const bmRunner = h.app.exchange.markets.get(bm)!.runners[0]!.id;
    const punter = await fundedExchangePlayer(h, 10_000);
    await limitsOf(punter.id, [{ name: 'stake-24h', amount: 250 }]);

    // Each bet under a fresh key, as the punter.
    const bet = (path: string, body: Record<string, unknown>) =>
      post(h, path, { idempotencyKey: key(), ...body }, { token: punter.token });
    const back = { marketId: odds, runnerId: runners[0], side: 'back', price: 2 };
    const yes = { marketId: fancy, side: 'yes', line: 50, rate: 90 };

    const placed = await bet('/api/bet/match/odds', { ...back, stake: 100 });
    expect(placed.statusCode, placed.body).toBe(200);
    const before = await cash(punter.id);
    const refusal = { limit: 'stake-24h', until: nextHour(24) };

    const exchange = await bet('/api/bet/match/odds', { ...back, stake: 151 });
    expect(exchange.statusCode, exchange.body).toBe(409);
    expect(exchange.json()).toMatchObject({ errorCode: 'LIMIT_REACHED', data: { refusal } });

    const bookmaker = await bet('/api/bet/bookmaker/odds', {
      marketId: bm,
      runnerId: bmRunner,
      side: 'back',
      rate: 90,
      stake: 151,
    });
    expect(bookmaker.statusCode, bookmaker.body).toBe(409);
    expect(bookmaker.json()).toMatchObject({ errorCode: 'LIMIT_REACHED', data: { refusal } });

    const fancyBet = await bet('/api/bet/fancy/odds', { ...yes, stake: 151 });
    expect(fancyBet.statusCode, fancyBet.body).toBe(409);
    expect(fancyBet.json()).toMatchObject({ errorCode: 'LIMIT_REACHED', data: { refusal } });

    // Up to the limit is allowed.
    const upTo = await bet('/api/bet/fancy/odds', { ...yes, stake: 150 });
    expect(upTo.statusCode, upTo.body).toBe(200);
    expect(await cash(punter.id)).toBe(before - 15_000n);
    const [orders] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${punter.id}`,
    );
    // The first back and the last fancy bet; none of the refused.
    expect(Number(orders!.n)).toBe(2);
  });

  it("refuses a provider's callback past a loss limit, and concurrent stakes never pass it", async () => {
    const provider = await insertTestProvider(h.db);
    const who = await kit.session(provider, 100_000n);
    await limitsOf(who.playerId, [{ name: 'loss-7d', amount: 15 }]);
    const bet = (amount: number) =>
      kit.call(provider, 'bet', {
        requestId: key(),
        ...who.base,
        transactionId: key(),
        roundId: key(),
        amount,
      });
    // Five stakes at once, each allowed alone, two together past the limit: one passes.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => bet(1_000)));
    expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 'RS_OK');
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 'RS_ERROR_LIMIT_REACHED',
        refusal: { code: 'LIMIT_REACHED', limit: 'loss-7d', until: nextHour(168) },
      });
    }
    expect(await kit.cash(who.playerId)).toBe(100_000n - 1_000n);
    // 500 more fits the loss limit (open stakes count as lost); 501 does not.
    expect((await bet(501)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(500)).status).toBe('RS_OK');
    await kit.expectLedgerBalanced();
  });

  it('refuses a built-in table bet past a stake limit', async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    expect((await fund(kit.deps(), playerId, 100_000n)).ok).toBe(true);
    await limitsOf(playerId, [{ name: 'stake-30d', amount: 100 }]);
    const launched = await post(
      h,
      '/api/casino/launch',
      { gameId: TABLE },
      { token: player.token },
    );
    expect(launched.statusCode, launched.body).toBe(200);
    const launchToken = new URL(launched.json().data.url, 'http://site').searchParams.get(
      'launch',
    )!;
    const session = await post(h, '/api/casino/spm/session', { launchToken });
    expect(session.statusCode, session.body).toBe(200);
    const runner = await h.app.spmGames.table(TABLE);
    if (runner.current?.phase !== 'betting') {
      await stepUntil(h, h.app.spmGames, runner, 'settled');
      await stepTable(h, runner);
    }
    await runner.ready();
    const bet = (stake: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/casino/spm/tables/${TABLE}/bets`,
        headers: { [SPM_SESSION_HEADER]: session.json().data.sessionToken as string },
        payload: { idempotencyKey: key(), roundId: runner.current!.id, spot: 'low', stake },
      });
    const refused = await bet(101);
    expect(refused.statusCode, refused.body).toBe(409);
    // A stake above the limit itself never frees up by waiting: no time.
    expect(refused.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'stake-30d', until: null } },
    });
    expect(await cash(playerId)).toBe(100_000n);
    expect((await bet(100)).statusCode).toBe(200);
  });

  async function pendingDeposit(token: string, amount: string) {
    const body = multipartBody([
      { name: 'gateway', value: 'm_paytm' },
      { name: 'amount', value: amount },
      { name: 'reference', value: `LIM${randomBytes(5).toString('hex')}` },
      { name: 'proof', data: pngBytes() },
    ]);
    return h.app.inject({
      method: 'POST',
      url: '/api/deposit/create',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
  }

  it('refuses a deposit past a deposit limit when asked and when credited; the deposit stays pending', async () => {
    const admin = await adminToken(h);
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    const first = depositSchema.parse((await pendingDeposit(player.token, '600')).json().data);
    const second: Deposit = depositSchema.parse(
      (await pendingDeposit(player.token, '600')).json().data,
    );
    const set = await call(
      h,
      'PUT',
      '/api/rg/limits',
      { changes: [{ name: 'deposit-24h', amount: 1000 }] },
      { token: player.token },
    );
    expect(set.statusCode, set.body).toBe(200);
    const approve = (id: number | string) =>
      post(h, `/api/staff/deposits/${id}/approve`, { note: 'ok' }, { token: admin });
    expect((await approve(first.id)).statusCode).toBe(200);
    const refused = await approve(second.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'deposit-24h', until: nextHour(24) } },
    });
    expect(await cash(playerId)).toBe(60_000n);
    const [row] = await executeRows<{ status: string }>(
      h.db,
      sql`select status from deposit_requests where id = ${second.id}`,
    );
    expect(row!.status).toBe('pending');
    // Asked ahead: a new request past the limit is refused before anything is stored.
    const ahead = await pendingDeposit(player.token, '401');
    expect(ahead.statusCode, ahead.body).toBe(409);
    expect(ahead.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'deposit-24h', until: nextHour(24) } },
    });
    expect((await pendingDeposit(player.token, '400')).statusCode).toBe(200);
  });

  it('a decrease holds at once, an increase or a removal after 24 hours; all kept in the history and audit', async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    // A session does not outlive the clock's days: signed in again after each move.
    const login = async () => (player.token = await loginAs(h, player.username, player.password));
    const put = (changes: { name: string; amount: number | null }[]) =>
      call(h, 'PUT', '/api/rg/limits', { changes }, { token: player.token });
    const get = async () =>
      (await call(h, 'GET', '/api/rg/limits', undefined, { token: player.token })).json()
        .data as LimitsState;
    const view = (state: LimitsState, name: string) => state.limits.find((l) => l.name === name)!;

    const fresh = await get();
    expect(fresh.promptDue).toEqual({ registration: true, deposit: true });
    const skipped = await post(
      h,
      '/api/rg/limits/prompt',
      { answer: 'skipped', place: 'registration' },
      { token: player.token },
    );
    expect(skipped.json().data.promptDue).toEqual({ registration: false, deposit: true });
    expect(fresh.limits.every((l) => l.amount === null)).toBe(true);

    expect((await put([{ name: 'deposit-24h', amount: 1000 }])).statusCode).toBe(200);
    expect((await put([{ name: 'deposit-24h', amount: 500 }])).statusCode).toBe(200);
    expect(view(await get(), 'deposit-24h')).toMatchObject({ amount: 500, pending: null });

    const increasedAt = h.clock.now();
    await put([
      { name: 'deposit-24h', amount: 2000 },
      { name: 'stake-7d', amount: 300 },
    ]);
    await put([{ name: 'stake-7d', amount: null }]);
    const waiting = await get();
    expect(waiting.promptDue).toEqual({ registration: false, deposit: false });
    const effectiveAt = new Date(increasedAt.getTime() + 24 * HOUR).toISOString();
    expect(view(waiting, 'deposit-24h')).toMatchObject({
      amount: 500,
      pending: { amount: 2000, effectiveAt },
    });
    expect(view(waiting, 'stake-7d')).toMatchObject({
      amount: 300,
      pending: { amount: null, effectiveAt },
    });

    h.clock.advance(24 * HOUR - 1);
    await login();
    expect(view(await get(), 'deposit-24h').amount).toBe(500);
    h.clock.advance(1);
    await login();
    const after = await get();
    expect(view(after, 'deposit-24h')).toMatchObject({ amount: 2000, pending: null });
    expect(view(after, 'stake-7d')).toMatchObject({ amount: null, pending: null });

    // The staff's read-only view: the history, newest first; every change audited.
    const admin = await adminToken(h);
    const staff = await call(h, 'GET', `/api/staff/players/${playerId}/limits`, undefined, {
      token: admin,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const history = staff.json().data.history as { change: string; name: string }[];
    expect(history.map((c) => `${c.change}:${c.name}`)).toEqual([
      'removal:stake-7d',
      'set:stake-7d',
      'increase:deposit-24h',
      'decrease:deposit-24h',
      'set:deposit-24h',
      'skip:null',
    ]);
    const [audits] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from audit_log
          where action = 'rg.limits.change' and target_id = ${String(playerId)}`,
    );
    expect(Number(audits!.n)).toBe(4);
    expect(
      (
        await call(h, 'GET', `/api/staff/players/${playerId}/limits`, undefined, {
          token: player.token,
        })
      ).statusCode,
    ).toBe(401);

    // The review reminder: six months after the last change.
    h.clock.advance(183 * 24 * HOUR);
    await login();
    expect((await get()).reviewDue).toBe(true);
    const reviewed = await post(h, '/api/rg/limits/review', {}, { token: player.token });
    expect(reviewed.json().data.reviewDue).toBe(false);
  });

  it('reports players at or near their limits to staff', async () => {
    const provider = await insertTestProvider(h.db);
    const who = await kit.session(provider, 100_000n);
    await limitsOf(who.playerId, [
      { name: 'loss-24h', amount: 20 },
      { name: 'deposit-30d', amount: 1000 },
    ]);
    const answer = await kit.call(provider, 'bet', {
      requestId: key(),
      ...who.base,
      transactionId: key(),
      roundId: key(),
      amount: 1_600,
    });
    expect(answer.status).toBe('RS_OK');
    const admin = await adminToken(h);
    const report = await call(h, 'GET', '/api/staff/rg/limits-report?near=0', undefined, {
      token: admin,
    });
    expect(report.statusCode, report.body).toBe(400);
    const all = await call(h, 'GET', '/api/staff/rg/limits-report?near=1', undefined, {
      token: admin,
    });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data.rows as { playerId: number; name: string; percent: number }[];
    expect(rows.filter((r) => r.playerId === who.playerId)).toEqual([
      expect.objectContaining({ name: 'loss-24h', amount: 20, used: 16, percent: 80 }),
    ]);
    const near = await call(h, 'GET', '/api/staff/rg/limits-report?near=81', undefined, {
      token: admin,
    });
    const nearRows = near.json().data.rows as { playerId: number }[];
    expect(nearRows.some((r) => r.playerId === who.playerId)).toBe(false);
  });
});
