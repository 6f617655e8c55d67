import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { MAX_SETTLED_MARKETS_IN_MEMORY, MarketCatalogue } from './market-catalogue.ts';

describe.each(drivers)('market catalogue on %s', (driver) => {
  let h: Harness;
  let competitionId: string;

  beforeAll(async () => {
    h = await startHarness(driver);
    competitionId = await h.app.exchange.createCompetition(4, 'Catalogue League');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** An upcoming event with two match odds markets, the first settled. */
  async function eventWithSettledMarket(): Promise<{ settled: string; live: string }> {
    const event = await h.app.exchange.createEvent({
      sportId: 4,
      competitionId,
      name: 'C v D',
      homeTeam: 'C',
      awayTeam: 'D',
      startTime: new Date(Date.now() + 3_600_000),
      markets: ['First', 'Second'].map((name) => ({
        type: 'match_odds' as const,
        name,
        runners: [{ name: 'C' }, { name: 'D' }],
      })),
    });
    const [settled, live] = event.marketIds as [string, string];
    const winner = h.app.exchange.markets.get(settled)!.runners[0]!.id;
    await h.app.exchange.settle(settled, { winnerRunnerId: winner }, { staffId: null, ip: null });
    return { settled, live };
  }

  it('keeps at most its bound of settled markets and reads an evicted one back', async () => {
    const first = await eventWithSettledMarket();
    const second = await eventWithSettledMarket();
    const catalogue = new MarketCatalogue(h.db, () => false, 1);
    await catalogue.load();
    expect(catalogue.markets.has(first.settled)).toBe(false);
    expect(catalogue.markets.has(second.settled)).toBe(true);
    expect(catalogue.markets.has(first.live)).toBe(true);

    const live = catalogue.markets.get(first.live)!;
    const reread = await catalogue.market(first.settled);
    expect(reread.status).toBe('settled');
    // Reading the event again leaves what was in memory as it was.
    expect(catalogue.markets.get(first.live)).toBe(live);
    const event = catalogue.events.get(live.eventId)!;
    expect(event.marketIds.filter((id) => id === first.settled)).toHaveLength(1);
    // The read-back market is now the newest settled one: the other is evicted.
    expect(catalogue.markets.has(second.settled)).toBe(false);
  });

  it('does not evict a market with work queued on it', async () => {
    const { settled } = await eventWithSettledMarket();
    const other = await eventWithSettledMarket();
    const catalogue = new MarketCatalogue(h.db, (id) => id === settled, 1);
    await catalogue.load();
    expect(catalogue.markets.has(settled)).toBe(true);
    // The busy market fills the bound of one: every other settled market is evicted.
    expect(catalogue.markets.has(other.settled)).toBe(false);
    const settledInMemory = [...catalogue.markets.values()].filter((m) => m.status === 'settled');
    expect(settledInMemory.map((m) => m.id)).toEqual([settled]);
  });

  it('bounds the engine at a generous number of settled markets', () => {
    expect(MAX_SETTLED_MARKETS_IN_MEMORY).toBe(2_000);
  });
});
