import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { fundedExchangePlayer, post, type ExchangePlayer } from '../../test/identity.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';

const key = () => `k-${randomBytes(8).toString('hex')}`;

/*
 * An idempotency key replayed with another body is refused on every kind of bet, not only
 * where the market's writer checks it for a whole batch: bookmaker and fancy bets, and a
 * match-odds bet in play (looked up before its delay), all go through ExchangeEngine.replay.
 */
describe.each(drivers)('a bet replayed with another stake on %s', (driver) => {
  let h: Harness;
  let competitionId: string;
  beforeAll(async () => {
    h = await startHarness(driver, { listen: false });
    competitionId = await h.app.exchange.createCompetition(4, 'Replay League');
    // The in-play delay passes at once: what is tested is the key, not the wait.
    h.app.exchange.setSleep(() => Promise.resolve());
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  async function newEvent(inPlayDelayMs: number) {
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
          inPlayDelayMs,
        },
        {
          type: 'bookmaker',
          name: 'Bookmaker',
          runners: [
            { name: 'A', backRate: 90, layRate: 95 },
            { name: 'B', backRate: 100, layRate: 105 },
          ],
          minStakePaise: 100n,
        },
        { type: 'fancy', name: '6 over runs', line: 50, yesRate: 90, noRate: 110 },
      ],
    });
    const [odds, bm, fancy] = event.marketIds as [string, string, string];
    return { event, odds, bm, fancy };
  }

  const ordersOf = async (p: ExchangePlayer) =>
    Number(
      (
        await executeRows<{ n: string | number }>(
          h.db,
          sql`select count(*) as n from orders where player_id = ${p.id}`,
        )
      )[0]?.n,
    );

  /**
   * Places `body` at `path`, replays it as it was (the first answer again), then with another
   * stake under the same key: IDEMPOTENCY_MISMATCH, one order, the exposure of the first bet.
   */
  async function expectReplayGuarded(path: string, body: Record<string, unknown>) {
    const p = await fundedExchangePlayer(h, 10_000);
    const first = await post(h, path, body, { token: p.token });
    expect(first.statusCode, first.body).toBe(200);
    const exposure = (await getWallet(h.db, p.id)).exposure;
    expect(exposure).toBeGreaterThan(0);
    const again = await post(h, path, body, { token: p.token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const changed = await post(
      h,
      path,
      { ...body, stake: Number(body.stake) + 5 },
      { token: p.token },
    );
    expect([changed.statusCode, changed.json().errorCode]).toEqual([409, 'IDEMPOTENCY_MISMATCH']);
    expect((await getWallet(h.db, p.id)).exposure).toBe(exposure);
    expect(await ordersOf(p)).toBe(1);
  }

  it('a bookmaker bet', async () => {
    const { bm } = await newEvent(0);
    const runnerId = h.app.exchange.markets.get(bm)!.runners[0]!.id;
    await expectReplayGuarded('/api/bet/bookmaker/odds', {
      marketId: bm,
      runnerId,
      side: 'back',
      rate: 90,
      stake: 100,
      idempotencyKey: key(),
    });
  });

  it('a fancy bet', async () => {
    const { fancy } = await newEvent(0);
    await expectReplayGuarded('/api/bet/fancy/odds', {
      marketId: fancy,
      side: 'no',
      line: 50,
      rate: 110,
      stake: 100,
      idempotencyKey: key(),
    });
  });

  it('a match-odds bet in play, whose replay is looked up before the delay', async () => {
    const { event, odds } = await newEvent(5_000);
    await h.app.exchange.setEventStatus(event.id, 'in_play');
    const runnerId = h.app.exchange.markets.get(odds)!.runners[0]!.id;
    await expectReplayGuarded('/api/bet/match/odds', {
      marketId: odds,
      runnerId,
      side: 'back',
      price: 2,
      stake: 10,
      idempotencyKey: key(),
    });
  });
});
