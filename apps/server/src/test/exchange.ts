import {
  bookmakerSureWin,
  fancySureWin,
  findSureWin,
  listRestingOrders,
  type RunnerQuote,
  type SureWinVerdict,
} from '@spm/core';
import type { ExchangeEngine, MarketState } from '../modules/exchange/index.ts';
import type { EventState } from '../modules/exchange/exchange-engine.ts';

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

type NewEvent = Parameters<ExchangeEngine['createEvent']>[0];

/** An "A v B" cricket event of `competitionId` with `markets`, starting in an hour. */
function createAVersusB(
  engine: ExchangeEngine,
  competitionId: string,
  markets: NewEvent['markets'],
  extra: Partial<NewEvent> = {},
): Promise<EventState> {
  return engine.createEvent({
    sportId: 4,
    competitionId,
    name: 'A v B',
    homeTeam: 'A',
    awayTeam: 'B',
    startTime: new Date(Date.now() + 3_600_000),
    markets,
    ...extra,
  });
}

const runnerIds = (engine: ExchangeEngine, marketId: string) =>
  engine.markets.get(marketId)!.runners.map((r) => r.id);

/**
 * An "A v B" cricket event of `competitionId` starting in an hour, with one two-runner
 * match-odds market (stakes 1 to 10,000 points, profit up to 100,000): its id and runners.
 */
export async function aVersusBMatchOdds(
  engine: ExchangeEngine,
  competitionId: string,
): Promise<{ odds: string; runners: string[] }> {
  const event = await createAVersusB(engine, competitionId, [
    {
      type: 'match_odds',
      name: 'Match Odds',
      runners: [{ name: 'A' }, { name: 'B' }],
      minStakePaise: 100n,
      maxStakePaise: 1_000_000n,
      maxProfitPaise: 10_000_000n,
    },
  ]);
  const odds = event.marketIds[0]!;
  return { odds, runners: runnerIds(engine, odds) };
}

/** aVersusBAllMarkets' event and its markets: match odds (and its runners), bookmaker, fancy. */
export interface AVersusBMarkets {
  event: EventState;
  odds: string;
  runners: string[];
  bm: string;
  fancy: string;
}

/**
 * An "A v B" cricket event of `competitionId` starting in an hour (unless `extra` says), with
 * one market of each kind: match odds (5 % commission, stakes 1 to 10,000 points, profit up
 * to 20,000), a bookmaker at 90/95 on A and 100/105 on B, and the fancy "6 over runs" at 50
 * (yes 90, no 110).
 */
export async function aVersusBAllMarkets(
  engine: ExchangeEngine,
  competitionId: string,
  extra: Partial<NewEvent> = {},
): Promise<AVersusBMarkets> {
  const event = await createAVersusB(
    engine,
    competitionId,
    [
      {
        type: 'match_odds',
        name: 'Match Odds',
        runners: [{ name: 'A' }, { name: 'B' }],
        commissionBps: 500,
        minStakePaise: 100n,
        maxStakePaise: 1_000_000n,
        maxProfitPaise: 2_000_000n,
      },
      {
        type: 'bookmaker',
        name: 'Bookmaker',
        runners: [
          { name: 'A', backRate: 90, layRate: 95 },
          { name: 'B', backRate: 100, layRate: 105 },
        ],
      },
      { type: 'fancy', name: '6 over runs', line: 50, yesRate: 90, noRate: 110 },
    ],
    extra,
  );
  const [odds, bm, fancy] = event.marketIds as [string, string, string];
  return { event, odds, runners: runnerIds(engine, odds), bm, fancy };
}

/**
 * The best prices a player can take on each match-odds runner: back at the highest resting
 * lay, lay at the lowest resting back (null where that side is empty).
 */
export function bestQuote(market: Pick<MarketState, 'runners'>): RunnerQuote[] {
  return market.runners.map((runner) => {
    const resting = listRestingOrders(runner.book);
    const lays = resting.filter((o) => o.side === 'lay').map((o) => o.priceHundredths);
    const backs = resting.filter((o) => o.side === 'back').map((o) => o.priceHundredths);
    return {
      backHundredths: lays.length > 0 ? Math.max(...lays) : null,
      layHundredths: backs.length > 0 ? Math.min(...backs) : null,
    };
  });
}

/**
 * Whether a market as it stands offers a sure win (issue 40 item 1), by its kind: the match
 * odds' best resting prices, the bookmaker's rates, the fancy line's yes and no rates.
 */
export function marketSureWin(market: MarketState): SureWinVerdict {
  if (market.type === 'match_odds') return findSureWin(bestQuote(market));
  return market.type === 'bookmaker' ? bookmakerSureWin(market.runners) : fancySureWin(market);
}
