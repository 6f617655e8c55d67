import { randomBytes } from 'node:crypto';
import { listRestingOrders } from '@spm/core';
import { sql } from 'drizzle-orm';
import { refreshEvent, reloadMarket } from './cluster-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWallet } from '../wallet/ledger/ledger-service.ts';
import type { EventState } from './exchange-engine.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { fundedExchangePlayer, post } from '../../test/identity.ts';

const key = () => `k-${randomBytes(8).toString('hex')}`;

/*
 * DESIGN 5: "a market suspended or closed during the delay rejects the bet", also when it is
 * open again by the time the delay ends (a goal: suspended, prices moved, reopened).
 */
describe.each(drivers)('a market suspended during the in-play delay on %s', (driver) => {
  let h: Harness;
  let competitionId: string;
  beforeAll(async () => {
    h = await startHarness(driver, { listen: false });
    competitionId = await h.app.exchange.createCompetition(4, 'Review League');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const player = (points = 10_000) => fundedExchangePlayer(h, points);

  async function newEvent(): Promise<{ event: EventState; odds: string; bm: string }> {
    const event = await h.app.exchange.createEvent({
      sportId: 4,
      competitionId,
      name: 'A v B',
      homeTeam: 'A',
      awayTeam: 'B',
      startTime: new Date(Date.now() + 3_600_000),
      markets: [
        {
          type: 'match_odds',
          name: 'Match Odds',
          runners: [{ name: 'A' }, { name: 'B' }],
          minStakePaise: 100n,
          inPlayDelayMs: 5_000,
        },
        {
          type: 'bookmaker',
          name: 'Bookmaker',
          runners: [
            { name: 'A', backRate: 90, layRate: 95 },
            { name: 'B', backRate: 100, layRate: 105 },
          ],
          minStakePaise: 100n,
          inPlayDelayMs: 5_000,
        },
      ],
    });
    const [odds, bm] = event.marketIds as [string, string];
    return { event, odds, bm };
  }

  it('refuses a match-odds bet whose market was suspended and reopened while it waited', async () => {
    const { event, odds } = await newEvent();
    await h.app.exchange.setEventStatus(event.id, 'in_play');
    const runnerId = h.app.exchange.markets.get(odds)!.runners[0]!.id;
    const maker = await player();
    const p = await player();
    h.app.exchange.setSleep(() => Promise.resolve());
    // A resting lay the delayed back would take.
    await post(
      h,
      '/api/bet/match/odds',
      { marketId: odds, runnerId, side: 'lay', price: 2, stake: 10, idempotencyKey: key() },
      { token: maker.token },
    );
    h.app.exchange.setSleep(async () => {
      // During the delay: the market is suspended (a goal), then reopened.
      await h.app.exchange.updateMarket(odds, { status: 'suspended' });
      await h.app.exchange.updateMarket(odds, { status: 'open' });
    });
    try {
      const res = await post(
        h,
        '/api/bet/match/odds',
        { marketId: odds, runnerId, side: 'back', price: 2, stake: 10, idempotencyKey: key() },
        { token: p.token },
      );
      expect(res.json()).toMatchObject({ errorCode: 'MARKET_SUSPENDED' });
      // Nothing matched: the lay still rests whole, and the backer holds nothing.
      const book = h.app.exchange.markets.get(odds)!.runners[0]!.book;
      expect(listRestingOrders(book).map((order) => order.unmatchedPaise)).toEqual([1_000n]);
      expect((await getWallet(h.db, p.id)).exposure).toBe(0);
    } finally {
      h.app.exchange.setSleep(() => Promise.resolve());
    }
  });

  it('refuses a bookmaker bet whose market was suspended and reopened while it waited', async () => {
    const { event, bm } = await newEvent();
    await h.app.exchange.setEventStatus(event.id, 'in_play');
    const runnerId = h.app.exchange.markets.get(bm)!.runners[0]!.id;
    const p = await player();
    h.app.exchange.setSleep(async () => {
      await h.app.exchange.updateMarket(bm, { status: 'suspended' });
      await h.app.exchange.updateMarket(bm, { status: 'open' });
    });
    try {
      const res = await post(
        h,
        '/api/bet/bookmaker/odds',
        { marketId: bm, runnerId, side: 'back', rate: 90, stake: 10, idempotencyKey: key() },
        { token: p.token },
      );
      expect(res.json().errorCode).toBe('MARKET_SUSPENDED');
      expect((await getWallet(h.db, p.id)).exposure).toBe(0);
    } finally {
      h.app.exchange.setSleep(() => Promise.resolve());
    }
  });

  it('refuses in the writer a placement whose market was suspended after it was checked', async () => {
    const { odds } = await newEvent();
    const market = h.app.exchange.markets.get(odds)!;
    const p = await player();
    const placement = (suspensionsSeen: number) =>
      h.app.exchange.submitExchange(market, {
        kind: 'place',
        playerId: p.id,
        runnerId: market.runners[0]!.id,
        side: 'back',
        priceHundredths: 200,
        stakePaise: 1_000n,
        idempotencyKey: key(),
        hash: key(),
        suspensionsSeen,
      });
    const seen = market.suspensions;
    await h.app.exchange.updateMarket(odds, { status: 'suspended' });
    await h.app.exchange.updateMarket(odds, { status: 'open' });
    expect(market.suspensions).toBe(seen + 1);
    await expect(placement(seen)).rejects.toMatchObject({ code: 'MARKET_SUSPENDED' });
    expect(listRestingOrders(market.runners[0]!.book)).toEqual([]);
    // Checked after the reopening, the same bet goes through.
    await expect(placement(market.suspensions)).resolves.toMatchObject({ status: 'unmatched' });
  });

  it('counts a suspension made on another node, and a market changing hands', async () => {
    const { event, odds } = await newEvent();
    const market = h.app.exchange.markets.get(odds)!;
    const statusInDatabase = (status: string) =>
      h.db.execute(sql`update markets set status = ${status} where id = ${Number(odds)}`);
    const seen = market.suspensions;
    // Another node suspended the market: this one (its owner) reads the change.
    await statusInDatabase('suspended');
    await refreshEvent(h.app.exchange, event.id, () => true);
    expect(market.suspensions).toBe(seen + 1);
    await statusInDatabase('open');
    await refreshEvent(h.app.exchange, event.id, () => true);
    expect(market.status).toBe('open');
    expect(market.suspensions).toBe(seen + 1);
    // Taken over (or given up): bets checked before are refused too.
    await reloadMarket(h.app.exchange, odds);
    expect(h.app.exchange.markets.get(odds)!.suspensions).toBe(seen + 2);
  });
});
