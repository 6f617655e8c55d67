import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { fundedExchangePlayer, post } from '../../test/identity.ts';

import { listRestingOrders } from '@spm/core';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';

const key = () => `k-${randomBytes(8).toString('hex')}`;

/*
 * The market's maximum profit holds at the prices a back is matched at, not only at the price
 * it asks: a back fills at its price or better, so a back asked at 1.01 against a lay resting
 * at 100 would otherwise win 99 times its stake.
 */
describe.each(drivers)('a match-odds back and the maximum profit on %s', (driver) => {
  let h: Harness;
  let competitionId: string;
  beforeAll(async () => {
    h = await startHarness(driver, { listen: false });
    competitionId = await h.app.exchange.createCompetition(4, 'Review League');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const player = (points = 100_000) => fundedExchangePlayer(h, points);

  async function exposureOf(playerId: number, marketId: string): Promise<bigint> {
    const [row] = await executeRows<{ e: string | number | bigint }>(
      h.db,
      sql`select coalesce(sum(exposure_paise), 0) as e from market_exposures
          where player_id = ${playerId} and market_id = ${Number(marketId)}`,
    );
    return BigInt(row?.e ?? 0);
  }

  it('refuses a back whose fills would pass the maximum profit, and leaves the book as it was', async () => {
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
          maxStakePaise: 1_000_000n, // 10,000 points
          maxProfitPaise: 2_000_000n, // 20,000 points
        },
      ],
    });
    const odds = event.marketIds[0]!;
    const runnerId = h.app.exchange.markets.get(odds)!.runners[0]!.id;
    const layer = await player();
    const backer = await player();
    const place = (token: string, side: 'back' | 'lay', price: number, stake: number) =>
      post(
        h,
        '/api/bet/match/odds',
        { marketId: odds, runnerId, side, price, stake, idempotencyKey: key() },
        { token },
      );
    const restingLays = () =>
      listRestingOrders(h.app.exchange.markets.get(odds)!.runners[0]!.book)
        .filter((order) => order.side === 'lay')
        .map((order) => order.unmatchedPaise);
    expect((await place(layer.token, 'lay', 100, 300)).json().data.status).toBe('unmatched');
    // At the lay's own price the profit is 29,700: refused before the book.
    expect((await place(backer.token, 'back', 100, 300)).json().errorCode).toBe('PROFIT_ABOVE_MAX');
    // Asked at 1.01 it would fill at 100 all the same: refused after matching, book put back.
    const low = await place(backer.token, 'back', 1.01, 300);
    expect(low.statusCode).toBe(400);
    expect(low.json().errorCode).toBe('PROFIT_ABOVE_MAX');
    expect(restingLays()).toEqual([30_000n]);
    expect(await exposureOf(backer.id, odds)).toBe(0n);
    // 200 at 100 wins 19,800: within the limit, it fills at the lay's price.
    const within = await place(backer.token, 'back', 1.01, 200);
    expect(within.json().data).toMatchObject({ status: 'matched', averagePrice: 100 });
    expect(restingLays()).toEqual([10_000n]);
  });
});
