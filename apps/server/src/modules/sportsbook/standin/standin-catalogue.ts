import type { Language, Market, MarketResultBody, MarketStatus, SportsEvent } from '@spm/contract';
import type { FastifyInstance } from 'fastify';
import { standInOddsHundredths } from './standin-odds.ts';
import type { StandInEvents } from './standin-schemas.ts';

/*
 * What the stand-in reads of the exchange's catalogue. The exchange sits beside the sportsbook
 * (eslint's module direction), so the sportsbook may not import it: the app hands its engine
 * in (`app.exchange`) and the stand-in sees it only through this narrow view, in the
 * contract's shapes. Nothing here changes the exchange.
 */
export interface StandInCatalogue {
  /** Open events (not closed), in play first then by start time, with their markets. */
  openEvents(): SportsEvent[];
  /** A market held in memory, as clients see it; undefined when unknown here. */
  market(marketId: string): Market | undefined;
  /** An event held in memory with its markets; undefined when unknown here. */
  event(eventId: string): SportsEvent | undefined;
  /** The market with its names in `language` where staff gave them. */
  localize(market: Market, language: Language): Market;
  /**
   * Whether a market is decided, and how: read from memory, or from the database when no
   * longer held there (the exchange keeps a bounded number of settled markets in memory).
   */
  outcome(
    marketId: string,
  ): Promise<{ status: MarketStatus; result: MarketResultBody | null } | undefined>;
}

type ExchangeEngine = FastifyInstance['exchange'];

/** The view over the app's exchange engine. */
export function exchangeCatalogue(engine: ExchangeEngine): StandInCatalogue {
  return {
    openEvents: () =>
      engine.listEvents({ page: 1, pageSize: Math.max(1, engine.events.size) }).items,
    market: (marketId) => {
      const market = engine.markets.get(marketId);
      return market ? engine.snapshot(market) : undefined;
    },
    event: (eventId) => {
      const event = engine.events.get(eventId);
      return event ? engine.eventView(event) : undefined;
    },
    localize: (market, language) => engine.names.localize(market, language),
    outcome: async (marketId) => {
      // An id the exchange never had (or not a number) is answered as an error there.
      const market = await engine.market(marketId).catch(() => undefined);
      return market && { status: market.status, result: market.result };
    },
  };
}

/**
 * The match-odds market an event is offered on here: its first one that is not settled or
 * voided. A closed market stays listed (suspended) until the exchange settles it.
 */
export function matchWinnerMarket(event: SportsEvent): Market | undefined {
  return event.markets.find(
    (market) =>
      market.type === 'match_odds' && market.status !== 'settled' && market.status !== 'voided',
  );
}

/**
 * Only an open market of an open event takes bets; suspended and closed ones on the exchange
 * are suspended here, and so is an in-play market's ball-running pause.
 */
export function isSuspended(event: SportsEvent, market: Market): boolean {
  return market.status !== 'open' || event.status === 'closed' || market.ballRunning === true;
}

/** The stand-in's price of a runner (hundredths), from the exchange's best back price. */
export function runnerOddsHundredths(market: Market, runnerId: string): number | undefined {
  const runner = market.runners.find((candidate) => candidate.id === runnerId);
  const best = runner?.availableToBack[0];
  return standInOddsHundredths(best === undefined ? undefined : Math.round(best.price * 100));
}

/**
 * GET /events: every open event with a match-odds market and at least one runner priced, in
 * the exchange's order (in play first), names in `language` where staff translated them.
 */
export function standInEvents(catalogue: StandInCatalogue, language: Language): StandInEvents {
  const events: StandInEvents['events'] = [];
  for (const event of catalogue.openEvents()) {
    const market = matchWinnerMarket(event);
    if (!market) continue;
    const named = catalogue.localize(market, language);
    const runners = named.runners.flatMap((runner) => {
      const oddsHundredths = runnerOddsHundredths(market, runner.id);
      return oddsHundredths === undefined
        ? []
        : [{ id: runner.id, name: runner.name, odds: oddsHundredths / 100 }];
    });
    if (runners.length === 0) continue;
    events.push({
      id: event.id,
      name: event.name,
      competitionName: event.competitionName,
      sportId: event.sportId,
      inPlay: event.status === 'in_play',
      startTime: event.startTime,
      market: {
        id: market.id,
        name: named.name,
        suspended: isSuspended(event, market),
        runners,
      },
    });
  }
  return { events };
}
