import { randomBytes } from 'node:crypto';
import {
  MARKET_EVENTS,
  REALTIME_PATH,
  SESSION_BOARD_EVENTS,
  type MarketUpdate,
  type SessionBoard,
} from '@spm/contract';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, fundedExchangePlayer, post } from '../../test/identity.ts';
import type { NewMarketInput } from './exchange-types.ts';

const fancy = (name: string, extra: Partial<NewMarketInput> = {}): NewMarketInput => ({
  type: 'fancy',
  name,
  line: 50,
  yesRate: 90,
  noRate: 110,
  ...extra,
});

describe.each(drivers)('the session board on %s', (driver) => {
  let h: Harness;
  let competitionId: string;

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    competitionId = await h.app.exchange.createCompetition(4, 'Session League');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const newEvent = (name: string, startInMs: number, markets: NewMarketInput[]) =>
    h.app.exchange.createEvent({
      sportId: 4,
      competitionId,
      name,
      homeTeam: `${name} home`,
      awayTeam: `${name} away`,
      startTime: new Date(Date.now() + startInMs),
      markets,
    });

  const board = async (): Promise<SessionBoard> => {
    const res = await call(h, 'GET', '/api/bet/sessions');
    expect(res.statusCode).toBe(200);
    return res.json().data as SessionBoard;
  };

  it('lists only open and suspended fancy markets of in-play and upcoming events, by event', async () => {
    const later = await newEvent('Later', 7_200_000, [
      fancy('6 over runs'),
      fancy('10 over runs', { status: 'suspended' }),
      fancy('15 over runs', { status: 'closed' }),
      fancy('20 over runs'),
      { type: 'match_odds', name: 'Match Odds', runners: [{ name: 'H' }, { name: 'A' }] },
    ]);
    const [open, suspended, , settled] = later.marketIds;
    await h.app.exchange.settle(settled!, { resultValue: 40 }, { staffId: null, ip: null });
    const live = await newEvent('Live', 3_600_000, [fancy('6 over runs')]);
    await h.app.exchange.setEventStatus(live.id, 'in_play');
    const ended = await newEvent('Ended', 3_600_000, [fancy('6 over runs')]);
    await h.app.exchange.setEventStatus(ended.id, 'closed');
    const oddsOnly = await newEvent('Odds only', 3_600_000, [
      { type: 'match_odds', name: 'Match Odds', runners: [{ name: 'H' }, { name: 'A' }] },
    ]);

    const ours = new Set([later.id, live.id, ended.id, oddsOnly.id]);
    const events = (await board()).events.filter((event) => ours.has(event.id));
    // In play first, then by start time; the closed event and the one without sessions gone.
    expect(events.map((event) => event.id)).toEqual([live.id, later.id]);
    expect(events[0]).toMatchObject({ name: 'Live', status: 'in_play' });
    expect(events[0]!.markets.map((market) => market.inPlay)).toEqual([true]);
    expect(events[1]!.markets.map((market) => [market.id, market.status])).toEqual([
      [open, 'open'],
      [suspended, 'suspended'],
    ]);
    expect(events[1]!.markets[0]).toMatchObject({ type: 'fancy', line: 50, yesRate: 90 });
  });

  it('shows a ball-running session as such and refuses a bet on it until it reopens', async () => {
    const event = await newEvent('Ball', 3_600_000, [fancy('6 over runs')]);
    const marketId = event.marketIds[0]!;
    const player = await fundedExchangePlayer(h, 1_000);
    const bet = () =>
      post(
        h,
        '/api/bet/fancy/odds',
        {
          marketId,
          side: 'yes',
          line: 50,
          rate: 90,
          stake: 100,
          idempotencyKey: `k-${randomBytes(8).toString('hex')}`,
        },
        { token: player.token },
      );
    const marketOnBoard = async () =>
      (await board()).events.find((item) => item.id === event.id)?.markets[0];

    await h.app.exchange.updateMarket(marketId, { status: 'suspended', ballRunning: true });
    expect(await marketOnBoard()).toMatchObject({ status: 'suspended', ballRunning: true });
    expect((await bet()).json().errorCode).toBe('MARKET_SUSPENDED');
    // An operator's edit of something else keeps it; a new status says whether it runs.
    await h.app.exchange.updateMarket(marketId, { maxProfitPaise: 1_000_000n });
    expect((await marketOnBoard())?.ballRunning).toBe(true);
    await h.app.exchange.updateMarket(marketId, { status: 'open' });
    expect(await marketOnBoard()).toMatchObject({ status: 'open', ballRunning: false });
    expect((await bet()).json()).toMatchObject({ error: false });
  });

  it("streams every session market's changes to the board's one subscription", async () => {
    const first = await newEvent('Stream one', 3_600_000, [
      fancy('6 over runs'),
      { type: 'match_odds', name: 'Match Odds', runners: [{ name: 'H' }, { name: 'A' }] },
    ]);
    const second = await newEvent('Stream two', 3_600_000, [fancy('6 over runs')]);
    const [session, odds] = first.marketIds;
    const other = second.marketIds[0]!;
    const player = await fundedExchangePlayer(h, 100);
    const socket = connect(h.baseUrl!, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: player.token },
    });
    try {
      const updates: MarketUpdate[] = [];
      // Only this case's markets: the board room also carries the sessions earlier cases left
      // (a spaced update of theirs may still be on its way).
      const ours = new Set([session, odds, other]);
      socket.on(MARKET_EVENTS.update, (update: MarketUpdate) => {
        if (ours.has(update.id)) updates.push(update);
      });
      const ack = await new Promise((resolve) =>
        socket.emit(SESSION_BOARD_EVENTS.subscribe, resolve),
      );
      expect(ack).toEqual({ status: 'success' });
      // Also in the session market's own room: that socket still gets each update once.
      await new Promise((resolve) =>
        socket.emit(MARKET_EVENTS.subscribe, { marketIds: [session] }, resolve),
      );
      // The stream spaces a market's updates (MARKET_UPDATES_PER_SECOND): a loaded machine needs
      // more than the poll's default second.
      await expect.poll(() => updates.length, { timeout: 5_000 }).toBe(1);
      await h.app.exchange.updateMarket(odds!, { maxProfitPaise: 1_000_000n });
      await h.app.exchange.updateMarket(session!, { line: 55 });
      await h.app.exchange.updateMarket(other, { status: 'suspended', ballRunning: true });
      await expect.poll(() => updates.length, { timeout: 5_000 }).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        updates
          .slice(1)
          .map((u) => [u.id, u.line, u.ballRunning])
          .sort(),
      ).toEqual(
        [
          [session, 55, false],
          [other, 50, true],
        ].sort(),
      );
    } finally {
      socket.disconnect();
    }
  });
});
