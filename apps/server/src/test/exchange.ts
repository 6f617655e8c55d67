import type { ExchangeEngine } from '../modules/exchange/index.ts';

/** A match-odds market made for a test or a benchmark, and the runner its orders go to. */
export interface TestMarket {
  eventId: string;
  marketId: string;
  runnerId: string;
}

/**
 * `count` events of one new competition, each with one two-runner match-odds market (2 %
 * commission, stakes 1 to 100,000 points), starting in an hour.
 */
export async function createMatchOddsMarkets(
  engine: ExchangeEngine,
  count: number,
  label: string,
): Promise<TestMarket[]> {
  const competitionId = await engine.createCompetition(4, `${label} League`);
  const markets: TestMarket[] = [];
  for (let i = 0; i < count; i += 1) {
    const event = await engine.createEvent({
      sportId: 4,
      competitionId,
      name: `${label} ${i}`,
      homeTeam: `Home ${i}`,
      awayTeam: `Away ${i}`,
      startTime: new Date(Date.now() + 3_600_000),
      markets: [
        {
          type: 'match_odds',
          name: 'Match Odds',
          runners: [{ name: `Home ${i}` }, { name: `Away ${i}` }],
          commissionBps: 200,
          minStakePaise: 100n,
          maxStakePaise: 10_000_000n,
          maxProfitPaise: 100_000_000n,
        },
      ],
    });
    const marketId = event.marketIds[0]!;
    markets.push({
      eventId: event.id,
      marketId,
      runnerId: engine.markets.get(marketId)!.runners[0]!.id,
    });
  }
  return markets;
}
