import { randomBytes } from 'node:crypto';
import { MARKET_EVENTS, REALTIME_PATH, type Market, type MarketUpdate } from '@spm/contract';
import { io as connect } from 'socket.io-client';
import { ProtocolClient } from '../../../../../bench/fanout/protocol-client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { sql } from 'drizzle-orm';
import { setMoneyMode } from '../wallet/ledger/wallet-player-repository.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';
import { MarketSimulator } from './market-simulator.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, fundedExchangePlayer, post, type ExchangePlayer } from '../../test/identity.ts';
import { adminToken as staffAdminToken } from '../../test/staff.ts';
import { aVersusBAllMarkets } from '../../test/exchange.ts';

const key = () => `k-${randomBytes(8).toString('hex')}`;

describe.each(drivers)('sports exchange on %s', (driver) => {
  let h: Harness;
  let adminToken: string;
  let competitionId: string;

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    adminToken = await staffAdminToken(h);
    competitionId = await h.app.exchange.createCompetition(4, 'Test League');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  type Player = ExchangePlayer;
  const player = (points = 10_000): Promise<Player> => fundedExchangePlayer(h, points);

  const newEvent = (extra: Parameters<typeof aVersusBAllMarkets>[2] = {}) =>
    aVersusBAllMarkets(h.app.exchange, competitionId, extra);

  const place = (p: Player, body: Record<string, unknown>) =>
    post(h, '/api/bet/match/odds', { idempotencyKey: key(), ...body }, { token: p.token });
  const cancel = (p: Player, body: Record<string, unknown>) =>
    post(h, '/api/bet/match/odds/cancel', { idempotencyKey: key(), ...body }, { token: p.token });
  const wallet = (p: Player) => getWallet(h.db, p.id);
  const settle = (marketId: string, body: unknown, path = 'result') =>
    post(h, `/api/staff/markets/${marketId}/${path}`, body, { token: adminToken });

  async function ledgerSum(): Promise<bigint> {
    const [row] = await executeRows<{ s: string | null }>(
      h.db,
      sql`select sum(amount_paise) as s from ledger_postings`,
    );
    return BigInt(row?.s ?? 0);
  }

  async function systemPostingsSum(kind: string): Promise<bigint> {
    const [row] = await executeRows<{ s: string | null }>(
      h.db,
      sql`select sum(p.amount_paise) as s from ledger_postings p
          join ledger_accounts a on a.id = p.account_id
          where a.owner = 'system' and a.kind = ${kind}`,
    );
    return BigInt(row?.s ?? 0);
  }

  it('lists events with markets and prices, and per market settings', async () => {
    const { event, odds } = await newEvent();
    const res = await call(h, 'GET', '/api/bet/matches?sportId=4');
    expect(res.statusCode).toBe(200);
    const found = res.json().data.items.find((e: { id: string }) => e.id === event.id);
    expect(found.markets).toHaveLength(3);
    const one = await call(h, 'GET', `/api/bet/matches/${event.id}`);
    expect(one.json().data.markets[0].id).toBe(odds);
    const settings = await call(h, 'GET', `/api/sports/match/settings?eventId=${event.id}`);
    expect(settings.json().data[0]).toMatchObject({
      marketId: odds,
      minStake: 1,
      maxStake: 10_000,
    });
    expect((await call(h, 'GET', '/api/bet/matches/999999')).statusCode).toBe(404);
  });

  it('matches back against lay at the resting price, partially, with price/time priority', async () => {
    const { odds, runners } = await newEvent();
    const [a] = runners as [string];
    const m1 = await player();
    const m2 = await player();
    const taker = await player();
    // Two lays at 2.0 (m1 first, then m2) and one at 2.1 (better for a backer).
    expect(
      (await place(m1, { marketId: odds, runnerId: a, side: 'lay', price: 2, stake: 100 })).json()
        .data.status,
    ).toBe('unmatched');
    await place(m2, { marketId: odds, runnerId: a, side: 'lay', price: 2, stake: 100 });
    await place(m2, { marketId: odds, runnerId: a, side: 'lay', price: 2.1, stake: 50 });
    const book = h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!);
    expect(book.runners[0]!.availableToBack[0]).toEqual({ price: 2.1, amount: 50 });
    const res = await place(taker, {
      marketId: odds,
      runnerId: a,
      side: 'back',
      price: 1.9,
      stake: 120,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ status: 'matched', matchedStake: 120, unmatchedStake: 0 });
    // 50 at 2.1 then 70 at 2.0 from m1 (older); m2's lay at 2.0 untouched.
    expect(answer.averagePrice).toBeCloseTo((50 * 2.1 + 70 * 2) / 120, 2);
    const after = h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!);
    expect(after.runners[0]!.availableToBack).toEqual([{ price: 2, amount: 130 }]);
    const bets = await call(h, 'GET', '/api/bets?status=unmatched', undefined, { token: m1.token });
    expect(bets.json().data.items[0]).toMatchObject({
      matchedStake: 70,
      unmatchedStake: 30,
      status: 'partially_matched',
    });
    // Taker exposure = stake risked on a back = 120.
    expect((await wallet(taker)).exposure).toBe(120);
    const exposure = await call(h, 'GET', '/api/bet/exposure/amount', undefined, {
      token: m1.token,
    });
    // m1: matched lay 70 @2.0 (liability 70) + unmatched lay 30 @2.0 (liability 30).
    expect(exposure.json().data).toMatchObject({ exposureAmount: 100 });
    expect(await ledgerSum()).toBe(0n);
  });

  it('cancels in full or in part and releases the hold; only own orders', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const other = await player();
    const res = await place(p, {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 3,
      stake: 100,
    });
    const orderId = res.json().data.orderId;
    expect((await wallet(p)).exposure).toBe(200);
    const notMine = await cancel(other, { orderId });
    expect(notMine.json().errorCode).toBe('ORDER_NOT_FOUND');
    const part = await cancel(p, { orderId, stake: 40 });
    expect(part.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 60 });
    expect((await wallet(p)).exposure).toBe(120);
    const rest = await cancel(p, { orderId });
    expect(rest.json().data).toMatchObject({ status: 'cancelled', unmatchedStake: 0 });
    expect(await wallet(p)).toMatchObject({ exposure: 0, balance: 10_000 });
  });

  it('a retried cancel answers its first answer and changes nothing; another body under its key is refused', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const placed = await place(p, {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 3,
      stake: 100,
    });
    const orderId: string = placed.json().data.orderId;
    /** Everything a cancel may move: the order, the holds, the wallet and the ledger. */
    const state = async () => ({
      order: await executeRows(
        h.db,
        sql`select matched_paise::text, cancelled_paise::text, status from orders
            where id = ${Number(orderId)}`,
      ),
      holds: await executeRows(
        h.db,
        sql`select exposure_paise::text from market_exposures
            where player_id = ${p.id} and market_id = ${Number(odds)}`,
      ),
      wallet: await wallet(p),
      postings: await executeRows(h.db, sql`select count(*)::int as n from ledger_postings`),
      ledgerSum: await ledgerSum(),
    });

    const partKey = key();
    const part = await cancel(p, { orderId, stake: 40, idempotencyKey: partKey });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 60 });
    const afterPart = await state();
    expect(afterPart.wallet.exposure).toBe(120);
    // The retry of a part cancel does not cancel another 40.
    const partAgain = await cancel(p, { orderId, stake: 40, idempotencyKey: partKey });
    expect(partAgain.statusCode).toBe(200);
    expect(partAgain.json().data).toEqual(part.json().data);
    expect(await state()).toEqual(afterPart);

    const restKey = key();
    const rest = await cancel(p, { orderId, idempotencyKey: restKey });
    expect(rest.json().data).toMatchObject({ status: 'cancelled', unmatchedStake: 0 });
    const afterRest = await state();
    expect(afterRest.wallet).toMatchObject({ exposure: 0, balance: 10_000 });
    // The retry of a cancel that went through answers it, not ORDER_NOT_FOUND.
    const restAgain = await cancel(p, { orderId, idempotencyKey: restKey });
    expect(restAgain.statusCode).toBe(200);
    expect(restAgain.json().data).toEqual(rest.json().data);
    expect(await state()).toEqual(afterRest);

    // Another body under a key already used: refused, nothing changes.
    const other = await place(p, {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 3,
      stake: 50,
    });
    const otherId: string = other.json().data.orderId;
    const beforeMismatch = await state();
    for (const body of [
      { orderId, stake: 10, idempotencyKey: restKey },
      { orderId: otherId, idempotencyKey: restKey },
      { orderId: otherId, idempotencyKey: partKey },
    ]) {
      const refused = await cancel(p, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
    }
    expect(await state()).toEqual(beforeMismatch);
    expect((await wallet(p)).exposure).toBe(100);
    // A cancel without a key is refused, as a placement without one is.
    const keyless = await post(
      h,
      '/api/bet/match/odds/cancel',
      { orderId: otherId },
      {
        token: p.token,
      },
    );
    expect(keyless.statusCode).toBe(400);
    expect((await wallet(p)).exposure).toBe(100);
  });

  it('refuses bad prices, stakes outside limits, suspended and closed markets', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const base = { marketId: odds, runnerId: runners[0], side: 'back' };
    expect((await place(p, { ...base, price: 2.01, stake: 10 })).json().errorCode).toBe(
      'PRICE_INVALID',
    );
    expect((await place(p, { ...base, price: 2, stake: 0.5 })).json().errorCode).toBe(
      'STAKE_BELOW_MIN',
    );
    expect((await place(p, { ...base, price: 2, stake: 10_001 })).json().errorCode).toBe(
      'STAKE_ABOVE_MAX',
    );
    expect((await place(p, { ...base, price: 100, stake: 5000 })).json().errorCode).toBe(
      'PROFIT_ABOVE_MAX',
    );
    await h.app.exchange.updateMarket(odds, { status: 'suspended' });
    expect((await place(p, { ...base, price: 2, stake: 10 })).json().errorCode).toBe(
      'MARKET_SUSPENDED',
    );
    await h.app.exchange.updateMarket(odds, { status: 'closed' });
    expect((await place(p, { ...base, price: 2, stake: 10 })).json().errorCode).toBe(
      'MARKET_CLOSED',
    );
  });

  it('refuses a bet the player cannot cover, leaving book and balances unchanged', async () => {
    const { odds, runners } = await newEvent();
    const maker = await player();
    const poor = await player(50);
    await place(maker, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 5,
      stake: 100,
    });
    const before = JSON.stringify(
      h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!).runners,
    );
    const makerBefore = await wallet(maker);
    // A lay at 5 of 100 would risk 400.
    const res = await place(poor, {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 5,
      stake: 100,
    });
    expect(res.json().errorCode).toBe('INSUFFICIENT_FUNDS');
    expect(JSON.stringify(h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!).runners)).toBe(
      before,
    );
    expect(await wallet(maker)).toEqual(makerBefore);
    expect(await wallet(poor)).toMatchObject({ balance: 50, exposure: 0 });
  });

  it('replays an idempotency key with the first answer, refuses it for another body', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const body = {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 10,
      idempotencyKey: key(),
    };
    const first = await place(p, body);
    const again = await place(p, body);
    expect(again.json().data).toEqual(first.json().data);
    expect((await wallet(p)).exposure).toBe(10);
    expect((await place(p, { ...body, stake: 11 })).json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('never matches more than rests when players race for one price', async () => {
    const { odds, runners } = await newEvent();
    const maker = await player();
    await place(maker, { marketId: odds, runnerId: runners[0], side: 'lay', price: 2, stake: 100 });
    const racers = await Promise.all(Array.from({ length: 6 }, () => player()));
    const answers = await Promise.all(
      racers.map((r) =>
        place(r, { marketId: odds, runnerId: runners[0], side: 'back', price: 2, stake: 40 }),
      ),
    );
    const matched = answers.reduce((sum, res) => sum + res.json().data.matchedStake, 0);
    expect(matched).toBe(100);
    expect(await ledgerSum()).toBe(0n);
  });

  it('lowers exposure on a hedge and keeps the hold equal to the sum of market exposures', async () => {
    const first = await newEvent();
    const second = await newEvent();
    const p = await player();
    const cp = await player();
    await place(cp, {
      marketId: first.odds,
      runnerId: first.runners[0],
      side: 'lay',
      price: 3,
      stake: 100,
    });
    await place(p, {
      marketId: first.odds,
      runnerId: first.runners[0],
      side: 'back',
      price: 3,
      stake: 100,
    });
    expect((await wallet(p)).exposure).toBe(100);
    await place(cp, {
      marketId: first.odds,
      runnerId: first.runners[0],
      side: 'back',
      price: 2,
      stake: 100,
    });
    await place(p, {
      marketId: first.odds,
      runnerId: first.runners[0],
      side: 'lay',
      price: 2,
      stake: 100,
    });
    expect((await wallet(p)).exposure).toBe(0);
    await place(p, {
      marketId: second.odds,
      runnerId: second.runners[1],
      side: 'lay',
      price: 4,
      stake: 10,
    });
    const [row] = await executeRows<{ s: string }>(
      h.db,
      sql`select sum(exposure_paise) as s from market_exposures where player_id = ${p.id}`,
    );
    const amount = await call(h, 'GET', '/api/bet/exposure/amount', undefined, { token: p.token });
    expect(amount.json().data.exposureAmount * 100).toBe(Number(row!.s));
    expect(amount.json().data.exposureAmount).toBe(30);
    const pnl = await call(h, 'GET', `/api/bet/pnl/${first.event.id}`, undefined, {
      token: p.token,
    });
    expect(pnl.json().data[0].runners).toEqual([
      { runnerId: first.runners[0], profitLoss: 100 },
      { runnerId: first.runners[1], profitLoss: 0 },
    ]);
  });

  it('settles once with commission, voids, and resettles the other way', async () => {
    const { odds, runners } = await newEvent();
    const [a, b] = runners as [string, string];
    const backer = await player();
    const layer = await player();
    await place(layer, { marketId: odds, runnerId: a, side: 'lay', price: 3, stake: 100 });
    await place(backer, { marketId: odds, runnerId: a, side: 'back', price: 3, stake: 100 });
    const res = await settle(odds, { winnerRunnerId: a });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'settled',
      settlementVersion: 1,
      replay: false,
    });
    // Backer wins 200, 5% commission = 10.
    expect(await wallet(backer)).toMatchObject({ balance: 10_190, exposure: 0 });
    expect(await wallet(layer)).toMatchObject({ balance: 9800, exposure: 0 });
    const twice = await settle(odds, { winnerRunnerId: a });
    expect(twice.json().data.replay).toBe(true);
    expect((await wallet(backer)).balance).toBe(10_190);
    expect((await settle(odds, { winnerRunnerId: b })).json().errorCode).toBe(
      'MARKET_ALREADY_SETTLED',
    );
    const corrected = await settle(odds, { winnerRunnerId: b }, 'resettle');
    expect(corrected.json().data).toMatchObject({ settlementVersion: 2 });
    expect(await wallet(backer)).toMatchObject({ balance: 9900, exposure: 0 });
    // Layer wins 100, commission 5.
    expect(await wallet(layer)).toMatchObject({ balance: 10_095, exposure: 0 });
    const voided = await settle(odds, { void: true }, 'resettle');
    expect(voided.json().data.status).toBe('voided');
    expect(await wallet(backer)).toMatchObject({ balance: 10_000, exposure: 0 });
    expect(await wallet(layer)).toMatchObject({ balance: 10_000, exposure: 0 });
    expect(await ledgerSum()).toBe(0n);
    const bets = await call(h, 'GET', '/api/bets?status=settled', undefined, {
      token: backer.token,
    });
    // The market's 5 % comes with the bet, so /mybets shows profit net of it.
    expect(bets.json().data.items[0]).toMatchObject({
      status: 'voided',
      profitLoss: 0,
      commissionPercent: 5,
    });
  });

  it('void refunds and cancels unmatched orders before settling', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    await place(p, { marketId: odds, runnerId: runners[0], side: 'lay', price: 2, stake: 100 });
    expect((await wallet(p)).exposure).toBe(100);
    await settle(odds, { void: true });
    expect(await wallet(p)).toMatchObject({ balance: 10_000, exposure: 0 });
    expect(
      h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!).runners[0]!.availableToBack,
    ).toEqual([]);
  });

  it('takes bookmaker bets at the shown rate or better, RATE_CHANGED otherwise', async () => {
    const { bm } = await newEvent();
    const market = h.app.exchange.markets.get(bm)!;
    const [a, b] = market.runners.map((r) => r.id) as [string, string];
    const p = await player();
    const bet = (body: Record<string, unknown>) =>
      post(
        h,
        '/api/bet/bookmaker/odds',
        { marketId: bm, idempotencyKey: key(), ...body },
        { token: p.token },
      );
    expect(
      (await bet({ runnerId: a, side: 'back', rate: 90, stake: 100 })).json().data.status,
    ).toBe('matched');
    expect((await wallet(p)).exposure).toBe(100);
    await h.app.exchange.setRunnerRates(bm, [{ runnerId: a, backRate: 80, layRate: 85 }]);
    expect((await bet({ runnerId: a, side: 'back', rate: 90, stake: 100 })).json().errorCode).toBe(
      'RATE_CHANGED',
    );
    expect((await bet({ runnerId: b, side: 'lay', rate: 105, stake: 100 })).statusCode).toBe(200);
    await settle(bm, { winnerRunnerId: a });
    // Back A at 90 wins 90; lay B wins 100.
    expect(await wallet(p)).toMatchObject({ balance: 10_190, exposure: 0 });
  });

  it('keeps play money apart: demo players cannot trade peer to peer and settle against play money', async () => {
    const { odds, bm } = await newEvent();
    const market = h.app.exchange.markets.get(bm)!;
    const [a] = market.runners.map((r) => r.id) as [string];
    const demo = (await post(h, '/api/login/demo', {})).json().data as {
      token: string;
      user: { id: string };
    };
    const demoPlayer = { id: Number(demo.user.id), token: demo.token };
    const before = (await wallet(demoPlayer)).balance;
    expect(before).toBeGreaterThan(0);

    const refused = await place(demoPlayer, {
      marketId: odds,
      runnerId: h.app.exchange.markets.get(odds)!.runners[0]!.id,
      side: 'back',
      price: 2,
      stake: 100,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('DEMO_ACCOUNT');

    const houseBefore = await systemPostingsSum('house');
    const bet = await post(
      h,
      '/api/bet/bookmaker/odds',
      { marketId: bm, runnerId: a, side: 'back', rate: 90, stake: 100, idempotencyKey: key() },
      { token: demoPlayer.token },
    );
    expect(bet.statusCode).toBe(200);
    expect((await settle(bm, { winnerRunnerId: a })).statusCode).toBe(200);
    expect((await wallet(demoPlayer)).balance).toBe(before + 90);
    expect(await systemPostingsSum('house')).toBe(houseBefore);
    expect(await ledgerSum()).toBe(0n);
  });

  it("sends a demo winner's commission to play money, never the real commission account", async () => {
    const { odds, runners } = await newEvent();
    const [a] = runners as [string];
    const backer = await player();
    const layer = await player();
    await place(layer, { marketId: odds, runnerId: a, side: 'lay', price: 3, stake: 100 });
    await place(backer, { marketId: odds, runnerId: a, side: 'back', price: 3, stake: 100 });
    // Points are refused on a real site's book, so a points winner owing commission only
    // comes from a wallet turned to play mode after it traded; settlement must keep play money
    // apart whatever the path, so the wallet's mode (not identity's demo flag: issue 41 item
    // 8) is set directly here.
    await setMoneyMode(h.db, backer.id, 'play');
    const playMoneyBefore = await systemPostingsSum('play_money');
    const commissionBefore = await systemPostingsSum('commission');
    expect((await settle(odds, { winnerRunnerId: a })).statusCode).toBe(200);
    // Wins 200 at 5%: 10 commission, 190 net, all of it play money.
    expect(await wallet(backer)).toMatchObject({ balance: 10_190, exposure: 0 });
    expect((await systemPostingsSum('play_money')) - playMoneyBefore).toBe(-19_000n);
    expect(await systemPostingsSum('commission')).toBe(commissionBefore);
    expect(await ledgerSum()).toBe(0n);
  });

  // One ledger transaction per player and settlement version, keyed as the engine documents:
  // the key must name the market (a player settles many markets), the version (a corrected
  // result pays again) and the player (each is paid), and the same settlement pays once.
  it('keys each settlement payment by market, version and player, and pays it once', async () => {
    const first = await newEvent();
    const second = await newEvent();
    const backer = await player();
    const layer = await player();
    for (const { odds, runners } of [first, second]) {
      await place(layer, {
        marketId: odds,
        runnerId: runners[0],
        side: 'lay',
        price: 2,
        stake: 100,
      });
      await place(backer, {
        marketId: odds,
        runnerId: runners[0],
        side: 'back',
        price: 2,
        stake: 100,
      });
    }
    const keysOf = async (marketId: string) =>
      (
        await executeRows<{ idempotency_key: string }>(
          h.db,
          sql`select idempotency_key from ledger_transactions
              where reference = ${`MKT-${marketId}`} and kind = 'bet_settlement'
              order by idempotency_key`,
        )
      ).map((row) => row.idempotency_key);
    const expectedKeys = (marketId: string, version: number) =>
      [backer.id, layer.id].map((id) => `settle:${marketId}:v${version}:p${id}`).sort();

    expect((await settle(first.odds, { winnerRunnerId: first.runners[0] })).statusCode).toBe(200);
    expect((await settle(second.odds, { winnerRunnerId: second.runners[0] })).statusCode).toBe(200);
    // Backer wins 100 per market less 5 commission; layer loses 100 per market.
    expect(await wallet(backer)).toMatchObject({ balance: 10_190, exposure: 0 });
    expect(await wallet(layer)).toMatchObject({ balance: 9_800, exposure: 0 });
    expect(await keysOf(first.odds)).toEqual(expectedKeys(first.odds, 1));
    expect(await keysOf(second.odds)).toEqual(expectedKeys(second.odds, 1));

    const again = await settle(first.odds, { winnerRunnerId: first.runners[0] });
    expect(again.json().data).toMatchObject({ replay: true, settlementVersion: 1 });
    expect(await keysOf(first.odds)).toEqual(expectedKeys(first.odds, 1));
    expect((await wallet(backer)).balance).toBe(10_190);

    // A corrected result is a new version: reversed and paid again under v2 keys.
    expect(
      (await settle(first.odds, { winnerRunnerId: first.runners[1] }, 'resettle')).statusCode,
    ).toBe(200);
    expect(await wallet(backer)).toMatchObject({ balance: 9_995, exposure: 0 });
    expect(await wallet(layer)).toMatchObject({ balance: 9_995, exposure: 0 });
    expect((await keysOf(first.odds)).filter((k) => k.startsWith('settle:'))).toEqual(
      [...expectedKeys(first.odds, 1), ...expectedKeys(first.odds, 2)].sort(),
    );
  });

  it('settles fancy yes/no on the result value', async () => {
    const { fancy } = await newEvent();
    const yes = await player();
    const no = await player();
    const bet = (p: Player, side: string, rate: number) =>
      post(
        h,
        '/api/bet/fancy/odds',
        { marketId: fancy, side, line: 50, rate, stake: 100, idempotencyKey: key() },
        { token: p.token },
      );
    expect((await bet(yes, 'yes', 90)).statusCode).toBe(200);
    expect((await bet(no, 'no', 110)).statusCode).toBe(200);
    expect((await wallet(no)).exposure).toBe(110);
    expect((await bet(yes, 'yes', 95)).json().errorCode).toBe('RATE_CHANGED');
    await settle(fancy, { resultValue: 52 });
    expect(await wallet(yes)).toMatchObject({ balance: 10_090, exposure: 0 });
    expect(await wallet(no)).toMatchObject({ balance: 9890, exposure: 0 });
  });

  it('streams market:update to a subscribed socket', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const socket = connect(h.baseUrl!, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: p.token },
    });
    try {
      const ack = await new Promise<{ status: string; marketIds: string[] }>((resolve) =>
        socket.emit(MARKET_EVENTS.subscribe, { marketIds: [odds] }, resolve),
      );
      expect(ack).toEqual({ status: 'success', marketIds: [odds] });
      const update = new Promise<MarketUpdate>((resolve) =>
        socket.once(MARKET_EVENTS.update, resolve),
      );
      const placedAt = performance.timeOrigin + performance.now();
      await place(p, { marketId: odds, runnerId: runners[0], side: 'back', price: 4, stake: 10 });
      const market = await update;
      expect(market.id).toBe(odds);
      expect(market.runners[0]!.availableToLay[0]).toEqual({ price: 4, amount: 10 });
      // Stamped when the stream sent it, after the placement began (bench/fanout reads it).
      expect(market.sentAt).toBeGreaterThan(placedAt);
    } finally {
      socket.disconnect();
    }
  });

  it("bench/fanout's protocol client is refused a bad token, subscribes with an ack and gets the stream", async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    const refused = new ProtocolClient(h.baseUrl!, REALTIME_PATH, { token: 'not-a-session' });
    const refusal = await new Promise<unknown>((resolve) => refused.once('connect_error', resolve));
    expect(String(refusal)).toContain('SessionError');
    const client = new ProtocolClient(h.baseUrl!, REALTIME_PATH, { token: p.token });
    try {
      await new Promise((resolve) => client.once('connect', resolve));
      const updates: MarketUpdate[] = [];
      client.on(MARKET_EVENTS.update, (update) => updates.push(update as MarketUpdate));
      const ack = await client.emitWithAck(MARKET_EVENTS.subscribe, { marketIds: [odds] }, 5000);
      expect(ack).toEqual({ status: 'success', marketIds: [odds] });
      // The snapshot came before the ack; then the change.
      expect(updates.map((u) => u.id)).toEqual([odds]);
      const next = new Promise((resolve) => client.once(MARKET_EVENTS.update, resolve));
      await place(p, { marketId: odds, runnerId: runners[0], side: 'back', price: 4, stake: 10 });
      await next;
      expect(updates).toHaveLength(2);
      expect(updates[1]!.version).toBeGreaterThan(updates[0]!.version);
      expect(updates[1]!.runners[0]!.availableToLay[0]).toEqual({ price: 4, amount: 10 });
    } finally {
      client.disconnect();
    }
  });

  it('starts a new subscriber from the current snapshot, so a change before it joined is not lost', async () => {
    const { odds, runners } = await newEvent();
    const p = await player();
    await place(p, { marketId: odds, runnerId: runners[0], side: 'back', price: 5, stake: 10 });
    const socket = connect(h.baseUrl!, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: p.token },
    });
    try {
      const first = new Promise<MarketUpdate>((resolve) =>
        socket.once(MARKET_EVENTS.update, resolve),
      );
      const subscribedAt = performance.timeOrigin + performance.now();
      socket.emit(MARKET_EVENTS.subscribe, { marketIds: [odds] });
      const market = await first;
      expect(market.id).toBe(odds);
      expect(market.runners[0]!.availableToLay[0]).toEqual({ price: 5, amount: 10 });
      // The snapshot is stamped when it is sent too, not when the market last changed.
      expect(market.sentAt).toBeGreaterThan(subscribedAt);
    } finally {
      socket.disconnect();
    }
  });

  it('waits the in-play delay and refuses when the market was suspended meanwhile', async () => {
    const { odds, runners, event } = await newEvent();
    await h.app.exchange.setEventStatus(event.id, 'in_play');
    h.app.exchange.markets.get(odds)!.inPlayDelayMs = 50;
    const p = await player();
    const pending = place(p, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 10,
    });
    await h.app.exchange.updateMarket(odds, { status: 'suspended' });
    expect((await pending).json().errorCode).toBe('MARKET_SUSPENDED');
  });

  it('simulator opens markets with 3 levels each way', async () => {
    const simulator = new MarketSimulator(h.app.exchange, () => 0.5, 2);
    await simulator.setup();
    for (let i = 0; i < 3; i++) {
      h.clock.advance(2000);
      await simulator.tick();
    }
    const res = await call(h, 'GET', '/api/bet/matches');
    const markets: Market[] = res
      .json()
      .data.items.flatMap((e: { markets: Market[] }) => e.markets);
    const live = markets.filter(
      (m) =>
        m.type === 'match_odds' &&
        m.status === 'open' &&
        m.runners.every((r) => r.availableToBack.length === 3 && r.availableToLay.length === 3),
    );
    expect(live.length).toBeGreaterThan(0);
    expect(await ledgerSum()).toBe(0n);
  }, 60_000);

  it('simulator never prices, suspends or settles an event staff run by hand', async () => {
    const { event, odds, bm, fancy } = await newEvent({
      startTime: new Date(h.clock.now().getTime() - 60_000),
    });
    const before = (id: string) => {
      const market = h.app.exchange.markets.get(id)!;
      return {
        status: market.status,
        line: market.line,
        yesRate: market.yesRate,
        rates: market.runners.map((r) => [r.backRate, r.layRate]),
      };
    };
    const snapshot = [odds, bm, fancy].map(before);
    // Always below 0.02: the simulator would suspend whatever market it picks.
    const simulator = new MarketSimulator(h.app.exchange, () => 0.01, 2);
    await simulator.setup();
    for (let i = 0; i < 40; i++) {
      h.clock.advance(60_000);
      await simulator.tick();
    }
    expect([odds, bm, fancy].map(before)).toEqual(snapshot);
    expect(h.app.exchange.events.get(event.id)!.simulated).toBe(false);
    expect(h.app.exchange.events.get(event.id)!.status).toBe('upcoming');
    const own = [...h.app.exchange.events.values()].filter((e) => e.simulated);
    expect(own.length).toBeGreaterThan(0);
    // 40 minutes later its own first events have closed and settled.
    expect(own.some((e) => e.status === 'closed')).toBe(true);
  }, 120_000);
});
