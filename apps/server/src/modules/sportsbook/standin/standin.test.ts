import { sportsbookLaunchSchema } from '@spm/contract';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aVersusBMatchOdds } from '../../../test/exchange.ts';
import { call, post, registerPlayer } from '../../../test/identity.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { getWalletView } from '../../wallet/index.ts';
import { findBet } from '../sportsbook-repository.ts';
import { STAND_IN_BRAND_ID } from '../sportsbook-keys.ts';
import { sportsbookBets } from '../tables.ts';
import { registerSportsbookStandIn, standInContext, sweepStandInBets } from './index.ts';
import type { StandInContext } from './standin-bets.ts';
import { placeStandInBet } from './standin-bets.ts';
import { OperatorUnanswered, type OperatorCaller } from './standin-operator.ts';
import { findStandInBet } from './standin-repository.ts';
import { standInEventsSchema } from './standin-schemas.ts';
import { sportsbookStandInBets } from './standin-tables.ts';

/**
 * The stand-in for Betby (docs/sportsbook.md) end to end on a real database: its script, its
 * events priced from the exchange, bets placed through the operator API, and the sweeper
 * settling them once the exchange decides the markets.
 */
describe.each(drivers)('the sportsbook stand-in on %s', (driver) => {
  // The sportsbook module registers the stand-in (index.ts); while that line is not in, the
  // test registers it the same way, so the file runs either way.
  const h = useHarness(driver, {
    configure: async (app) => {
      if (app.hasRoute({ method: 'GET', url: '/api/sportsbook/stand-in/events' })) return;
      await registerSportsbookStandIn(app, { deps: app.exchange.deps, apiPrefix: '/api' });
    },
  });
  const base = '/api/sportsbook/stand-in';
  const key = () => `k-${randomBytes(8).toString('hex')}`;
  const deps = () => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });
  const context = (): StandInContext =>
    standInContext(h.app, { deps: h.app.exchange.deps, apiPrefix: '/api' });
  const cash = async (playerId: number) => (await getWalletView(h.db, playerId)).balancePaise;

  /** A maker whose resting lays make the exchange's best back prices. */
  async function maker(): Promise<number> {
    const makerId = await insertPlayer(h.db);
    expect((await fund(deps(), makerId, 100_000_000n)).ok).toBe(true);
    return makerId;
  }

  /** An "A v B" event whose match odds can be backed at `prices` (null: no price) on the exchange. */
  async function pricedEvent(prices: (number | null)[]) {
    const engine = h.app.exchange;
    const competitionId = await engine.createCompetition(4, `Stand-in ${key()}`);
    const { odds, runners } = await aVersusBMatchOdds(engine, competitionId);
    const makerId = await maker();
    for (const [index, price] of prices.entries()) {
      if (price === null) continue;
      const answer = await engine.placeExchange(makerId, {
        marketId: odds,
        runnerId: runners[index]!,
        side: 'lay',
        price,
        stake: 1_000,
        idempotencyKey: key(),
      });
      expect(answer.status).not.toBe('rejected');
    }
    return { marketId: odds, runners, eventId: engine.markets.get(odds)!.eventId };
  }

  /** A signed-up player with `points` of cash and their sportsbook token from the launch. */
  async function player(points: number) {
    const registered = await registerPlayer(h);
    const playerId = Number(registered.user.id);
    expect((await fund(deps(), playerId, BigInt(points) * 100n)).ok).toBe(true);
    return {
      playerId,
      siteToken: registered.token,
      token: await sportsbookToken(registered.token),
    };
  }

  async function sportsbookToken(siteToken: string): Promise<string> {
    const launched = await call(h, 'GET', '/api/sportsbook/launch', undefined, {
      token: siteToken,
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const launch = sportsbookLaunchSchema.parse(launched.json().data);
    expect(launch).toMatchObject({ standIn: true, brandId: STAND_IN_BRAND_ID });
    return launch.token!;
  }

  const placeBet = (token: string | undefined, body: unknown) =>
    post(h, `${base}/bets`, body, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  const settle = (marketId: string, winnerRunnerId: string) =>
    h.app.exchange.settle(marketId, { winnerRunnerId }, { staffId: null, ip: null });
  const voidMarket = (marketId: string) =>
    h.app.exchange.settle(marketId, { void: true }, { staffId: null, ip: null });

  it('serves its renderer script, which defines BTRenderer', async () => {
    const res = await call(h, 'GET', `${base}/bt-renderer.js`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const fakeWindow: { location: { href: string }; BTRenderer?: unknown } = {
      location: { href: 'https://site.example/betby' },
    };
    const fakeDocument = {
      currentScript: { src: `https://site.example${base}/bt-renderer.js` },
    };
    new Function('window', 'document', res.body)(fakeWindow, fakeDocument);
    const renderer = fakeWindow.BTRenderer as { prototype: Record<string, unknown> };
    expect(typeof renderer).toBe('function');
    expect(typeof renderer.prototype.initialize).toBe('function');
    expect(typeof renderer.prototype.kill).toBe('function');
    // Every language's texts travel with it, escaped: the script is ASCII whatever its charset.
    expect(res.body).toMatch(/^[\x20-\x7e\n]*$/);
    expect(res.body).toContain('\\u092c\\u0947\\u091f'); // बेट, Hindi
    expect(res.body).toContain('\\u0cac\\u0cc6\\u0c9f\\u0ccd'); // ಬೆಟ್, Kannada
  });

  it("offers the exchange's open match odds at its own prices, suspended when the exchange is", async () => {
    const priced = await pricedEvent([2, 3]);
    const halfPriced = await pricedEvent([1.5, null]);
    const unpriced = await pricedEvent([null, null]);
    const events = async () => {
      const res = await call(h, 'GET', `${base}/events?lang=hi`);
      expect(res.statusCode, res.body).toBe(200);
      return standInEventsSchema.parse(res.json()).events;
    };
    const listed = await events();
    const first = listed.find((event) => event.id === priced.eventId);
    expect(first).toMatchObject({
      name: 'A v B',
      inPlay: false,
      market: {
        id: priced.marketId,
        name: 'Match Odds',
        suspended: false,
        runners: [
          { id: priced.runners[0], name: 'A', odds: 1.95 },
          { id: priced.runners[1], name: 'B', odds: 2.9 },
        ],
      },
    });
    // A runner without a price is not offered; an event with none is not listed.
    const second = listed.find((event) => event.id === halfPriced.eventId);
    expect(second?.market.runners).toEqual([{ id: halfPriced.runners[0], name: 'A', odds: 1.47 }]);
    expect(listed.some((event) => event.id === unpriced.eventId)).toBe(false);

    await h.app.exchange.updateMarket(priced.marketId, { status: 'suspended' });
    const suspended = (await events()).find((event) => event.id === priced.eventId);
    expect(suspended?.market.suspended).toBe(true);
    await h.app.exchange.updateMarket(priced.marketId, { status: 'open' });
  });

  it("places a bet through the operator API: the operator's bet, the stake held", async () => {
    const event = await pricedEvent([2, 3]);
    const bettor = await player(1_000);
    const res = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      totalOdds: '1.95',
      stakePoints: 100,
      potentialWinPoints: 195,
      balancePoints: 900,
    });
    expect(await cash(bettor.playerId)).toBe(90_000n);

    const operatorBet = await findBet(h.db, 'betby', answer.betId);
    expect(operatorBet).toMatchObject({
      playerId: bettor.playerId,
      status: 'open',
      slipType: '1/1',
      totalOdds: '1.95',
      stakePaise: 10_000n,
      potentialWinPaise: 19_500n,
      playMoney: false,
      legs: [{ eventName: 'A v B', marketName: 'Match Odds', outcomeName: 'A', odds: '1.95' }],
    });
    expect(operatorBet?.committedAt).not.toBeNull();
    const standInBet = await findStandInBet(h.db, answer.betId);
    expect(standInBet).toMatchObject({
      status: 'open',
      playerId: bettor.playerId,
      currency: 'INR',
      stakeCents: 10_000n,
      potentialWinCents: 19_500n,
      selections: [
        { marketId: event.marketId, runnerId: event.runners[0], odds: '1.95', runnerName: 'A' },
      ],
    });
    expect(standInBet?.committedAt).not.toBeNull();
  });

  it('refuses a missing, forged or expired token, and a visitor stakes nothing', async () => {
    const event = await pricedEvent([2, 3]);
    const body = {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 10,
    };
    const bettor = await player(100);
    const missing = await placeBet(undefined, body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await placeBet('not-a-token', body)).statusCode).toBe(401);

    const foreign = await generateKeyPair('ES256');
    const nowSeconds = Math.floor(h.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ currency: 'INR' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(String(bettor.playerId))
      .setAudience(STAND_IN_BRAND_ID)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 600)
      .sign(foreign.privateKey);
    expect((await placeBet(forged, body)).statusCode).toBe(401);

    h.clock.advance(2 * 60 * 60 * 1000);
    const expired = await placeBet(bettor.token, body);
    expect(expired.statusCode).toBe(401);
    expect(await cash(bettor.playerId)).toBe(10_000n);
    const rows = await h.db
      .select()
      .from(sportsbookStandInBets)
      .where(eq(sportsbookStandInBets.playerId, bettor.playerId));
    expect(rows).toEqual([]);
  });

  it('refuses odds that fell, with the new prices, takes odds that rose, and refuses a suspended market', async () => {
    const event = await pricedEvent([2, 3]);
    const bettor = await player(1_000);
    const moved = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 2 }],
      stakePoints: 10,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      code: 'ODDS_CHANGED',
      message: 'The odds changed',
      prices: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
    });

    // Seen at 1.90, now 1.95: the bet is taken at 1.95.
    const rose = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[1], odds: 2.8 }],
      stakePoints: 10,
    });
    expect(rose.statusCode, rose.body).toBe(200);
    expect(rose.json()).toMatchObject({ totalOdds: '2.90' });

    await h.app.exchange.updateMarket(event.marketId, { status: 'suspended' });
    const suspended = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 10,
    });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ code: 'SUSPENDED' });

    const small = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 5,
    });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ code: 'INVALID' });
    expect(await cash(bettor.playerId)).toBe(100_000n - 1_000n);
  });

  it("passes on the operator's refusal: not enough money", async () => {
    const event = await pricedEvent([2, 3]);
    const bettor = await player(50);
    const res = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 100,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    const rows = await h.db
      .select()
      .from(sportsbookStandInBets)
      .where(eq(sportsbookStandInBets.playerId, bettor.playerId));
    expect(rows).toMatchObject([{ status: 'refused', refusal: expect.stringMatching(/^2001 /) }]);
  });

  it("keeps to the game rules' maximum bet and maximum win per slip", async () => {
    const event = await pricedEvent([20, 3]);
    const bettor = await player(20_000);
    const selections = [{ marketId: event.marketId, runnerId: event.runners[0], odds: 19.05 }];
    const tooBig = await placeBet(bettor.token, { selections, stakePoints: 7_501 });
    expect(tooBig.statusCode).toBe(400);
    // 5,000 points at 19.05 could win 95,250: past the 75,000-point maximum win.
    const tooRich = await placeBet(bettor.token, { selections, stakePoints: 5_000 });
    expect(tooRich.statusCode).toBe(400);
    expect(tooRich.json()).toMatchObject({ code: 'MAX_WIN' });
    const rows = await h.db
      .select()
      .from(sportsbookStandInBets)
      .where(eq(sportsbookStandInBets.playerId, bettor.playerId));
    expect(rows).toEqual([]);
    const fine = await placeBet(bettor.token, { selections, stakePoints: 3_000 });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('settles a won single, a lost single and an accumulator with a void leg', async () => {
    const first = await pricedEvent([2, 3]);
    const second = await pricedEvent([2, 3]);
    const bettor = await player(1_000);
    const token = await sportsbookToken(bettor.siteToken);
    const place = async (selections: { marketId: string; runnerId: string; odds: number }[]) => {
      const res = await placeBet(token, { selections, stakePoints: 100 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().betId as string;
    };
    const wonSingle = await place([
      { marketId: first.marketId, runnerId: first.runners[0]!, odds: 1.95 },
    ]);
    const lostSingle = await place([
      { marketId: first.marketId, runnerId: first.runners[1]!, odds: 2.9 },
    ]);
    const accumulator = await place([
      { marketId: first.marketId, runnerId: first.runners[0]!, odds: 1.95 },
      { marketId: second.marketId, runnerId: second.runners[1]!, odds: 2.9 },
    ]);
    expect(await cash(bettor.playerId)).toBe(70_000n);
    expect(await findBet(h.db, 'betby', accumulator)).toMatchObject({
      slipType: '2/2',
      totalOdds: '5.65',
      potentialWinPaise: 56_550n,
    });

    // Nothing is decided yet: the sweep leaves them open.
    await sweepStandInBets(context());
    expect((await findBet(h.db, 'betby', wonSingle))?.status).toBe('open');

    await settle(first.marketId, first.runners[0]!);
    await sweepStandInBets(context());
    expect(await findBet(h.db, 'betby', wonSingle)).toMatchObject({
      status: 'won',
      payoutPaise: 19_500n,
    });
    expect((await findBet(h.db, 'betby', lostSingle))?.status).toBe('lost');
    // One leg still undecided: the accumulator waits.
    expect((await findBet(h.db, 'betby', accumulator))?.status).toBe('open');
    expect(await cash(bettor.playerId)).toBe(70_000n + 19_500n);

    await voidMarket(second.marketId);
    await sweepStandInBets(context());
    expect(await findBet(h.db, 'betby', accumulator)).toMatchObject({
      status: 'won',
      payoutPaise: 19_500n,
    });
    expect(await findStandInBet(h.db, accumulator)).toMatchObject({
      status: 'settled',
      result: 'won',
      payoutCents: 19_500n,
    });
    expect(await cash(bettor.playerId)).toBe(70_000n + 2n * 19_500n);
  });

  it('refunds a bet whose every leg is void, and retries a settlement with the same transaction', async () => {
    const event = await pricedEvent([2, 3]);
    const bettor = await player(1_000);
    const res = await placeBet(bettor.token, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0], odds: 1.95 }],
      stakePoints: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const betId = res.json().betId as string;
    await voidMarket(event.marketId);

    const real = context();
    const unanswered: StandInContext = {
      ...real,
      caller: async () => {
        throw new OperatorUnanswered('the network dropped it');
      },
    };
    await sweepStandInBets(unanswered);
    const decided = await findStandInBet(h.db, betId);
    expect(decided).toMatchObject({ status: 'open', result: 'refund', payoutCents: 10_000n });

    await sweepStandInBets(real);
    expect(await findStandInBet(h.db, betId)).toMatchObject({
      status: 'settled',
      settleTransactionId: decided?.settleTransactionId,
    });
    expect(await findBet(h.db, 'betby', betId)).toMatchObject({
      status: 'refunded',
      settleTransactionId: decided?.settleTransactionId,
    });
    expect(await cash(bettor.playerId)).toBe(100_000n);
  });

  it('discards a bet whose make got no answer, so the stake taken comes back', async () => {
    const event = await pricedEvent([2, 3]);
    const bettor = await player(1_000);
    const real = context();
    let dropped = 0;
    // The make reaches the operator, but its answer is lost on the way back.
    const lossy: OperatorCaller = async (method, fields) => {
      const answer = await real.caller(method, fields);
      if (method === 'bet_make') {
        dropped += 1;
        throw new OperatorUnanswered('the answer was lost');
      }
      return answer;
    };
    const answer = await placeStandInBet({ ...real, caller: lossy }, `Bearer ${bettor.token}`, {
      selections: [{ marketId: event.marketId, runnerId: event.runners[0]!, odds: 1.95 }],
      stakePoints: 100,
    });
    expect(dropped).toBe(1);
    expect(answer).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    const rows = await h.db
      .select()
      .from(sportsbookStandInBets)
      .where(eq(sportsbookStandInBets.playerId, bettor.playerId));
    expect(rows).toMatchObject([{ status: 'discarded' }]);
    const operatorRows = await h.db
      .select()
      .from(sportsbookBets)
      .where(eq(sportsbookBets.playerId, bettor.playerId));
    expect(operatorRows).toMatchObject([{ status: 'discarded' }]);
    expect(await cash(bettor.playerId)).toBe(100_000n);
  });
});
