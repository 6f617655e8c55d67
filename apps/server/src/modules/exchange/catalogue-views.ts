import type { Market, SessionBoard, SportsEvent } from '@spm/contract';
import { paiseToPoints, topOfBook, type Paise } from '@spm/core';
import type { EventState, MarketState } from './exchange-types.ts';

/** What clients see of a market: three price levels a side per runner, in points. */
export function marketSnapshot(market: MarketState): Market {
  const level = (l: { priceHundredths: number; amountPaise: Paise }) => ({
    price: l.priceHundredths / 100,
    amount: paiseToPoints(l.amountPaise),
  });
  return {
    id: market.id,
    eventId: market.eventId,
    type: market.type,
    name: market.name,
    status: market.status,
    inPlay: market.inPlay,
    runners: market.runners.map((r) => {
      const top = topOfBook(r.book, 3);
      return {
        id: r.id,
        name: r.name,
        availableToBack: top.availableToBack.map(level),
        availableToLay: top.availableToLay.map(level),
        lastTradedPrice:
          r.lastTradedPriceHundredths === null ? null : r.lastTradedPriceHundredths / 100,
        backRate: r.backRate,
        layRate: r.layRate,
      };
    }),
    line: market.line,
    yesRate: market.yesRate,
    noRate: market.noRate,
    // Settled or reopened by a path other than a status edit: no longer running.
    ballRunning: market.status === 'suspended' && market.ballRunning,
    tradedVolume: paiseToPoints(market.tradedVolumePaise),
    version: market.version,
  };
}

/** An event with the snapshots of those of its markets held in memory. */
export function eventView(
  event: EventState,
  markets: ReadonlyMap<string, MarketState>,
): SportsEvent {
  return {
    id: event.id,
    sportId: event.sportId,
    competitionId: event.competitionId,
    competitionName: event.competitionName,
    name: event.name,
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    startTime: event.startTime.toISOString(),
    status: event.status,
    liveTvUrl: event.liveTvUrl,
    markets: event.marketIds.flatMap((id) => {
      const market = markets.get(id);
      return market ? [marketSnapshot(market)] : [];
    }),
  };
}

/** Open events, in play first then by start time (GET /bet/matches). */
export function listEventViews(
  events: Iterable<EventState>,
  markets: ReadonlyMap<string, MarketState>,
  query: { sportId?: number | undefined; page: number; pageSize: number },
) {
  const all = [...events]
    .filter((e) => e.status !== 'closed')
    .filter((e) => query.sportId === undefined || e.sportId === query.sportId)
    .sort((a, b) => {
      const live = Number(b.status === 'in_play') - Number(a.status === 'in_play');
      return live !== 0 ? live : a.startTime.getTime() - b.startTime.getTime();
    });
  const start = (query.page - 1) * query.pageSize;
  return {
    items: all.slice(start, start + query.pageSize).map((e) => eventView(e, markets)),
    page: query.page,
    pageSize: query.pageSize,
    total: all.length,
  };
}

/** Session markets a player can see on the board: open, or suspended for now. */
const onSessionBoard = (market: MarketState | undefined): market is MarketState =>
  market?.type === 'fancy' && (market.status === 'open' || market.status === 'suspended');

/**
 * The session board (GET /bet/sessions): the fancy markets of the in-play and upcoming events,
 * grouped by event, in play first then by start time, events without one left out. One pass
 * over the events in memory and their market ids: no database read.
 */
export function sessionBoardView(
  events: Iterable<EventState>,
  markets: ReadonlyMap<string, MarketState>,
): SessionBoard {
  const board: { event: EventState; markets: Market[] }[] = [];
  for (const event of events) {
    if (event.status === 'closed') continue;
    const sessions = event.marketIds
      .map((id) => markets.get(id))
      .filter(onSessionBoard)
      .map(marketSnapshot);
    if (sessions.length > 0) board.push({ event, markets: sessions });
  }
  board.sort((a, b) => {
    const live = Number(b.event.status === 'in_play') - Number(a.event.status === 'in_play');
    return live !== 0 ? live : a.event.startTime.getTime() - b.event.startTime.getTime();
  });
  return {
    events: board.map(({ event, markets: sessions }) => ({
      id: event.id,
      sportId: event.sportId,
      competitionId: event.competitionId,
      competitionName: event.competitionName,
      name: event.name,
      homeTeam: event.homeTeam,
      awayTeam: event.awayTeam,
      startTime: event.startTime.toISOString(),
      status: event.status,
      markets: sessions,
    })),
  };
}
