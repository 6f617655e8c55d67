import type { Bet, Language } from '@spm/contract';
import {
  bookmakerPnlByRunner,
  exchangeExposure,
  paiseToPoints,
  betsFromFill,
  settlementCommissionBasisPoints,
  type ExchangeBet,
} from '@spm/core';
import * as repo from './exchange-repository.ts';
import type { ExchangeEngine } from './exchange-engine.ts';

/** GET /bets: the player's orders, newest first. */
export async function listBets(
  engine: ExchangeEngine,
  playerId: number,
  query: {
    status?: 'unmatched' | 'matched' | 'settled' | undefined;
    sportId?: number | undefined;
    eventId?: string | undefined;
    page: number;
    pageSize: number;
  },
  language: Language,
) {
  const { rows, total } = await repo.listPlayerOrders(
    engine.deps.db,
    playerId,
    {
      status: query.status,
      sportId: query.sportId,
      eventId: query.eventId === undefined ? undefined : Number(query.eventId),
    },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const names = engine.names;
  const items: Bet[] = rows.map(({ order, ...row }) => {
    const marketName = names.marketName(String(order.marketId), row.marketName, language);
    const runnerName =
      order.runnerId === null || row.runnerName === null
        ? marketName
        : names.runnerName(String(order.runnerId), row.runnerName, language);
    return betOf(order, row, { marketName, runnerName });
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

type OrderRow = Awaited<ReturnType<typeof repo.listPlayerOrders>>['rows'][number];

/** One order as the player's bet list shows it, with its names already in their language. */
function betOf(
  order: OrderRow['order'],
  row: Omit<OrderRow, 'order'>,
  names: { marketName: string; runnerName: string },
): Bet {
  return {
    id: String(order.id),
    eventId: String(row.eventId),
    eventName: row.eventName,
    marketId: String(order.marketId),
    marketName: names.marketName,
    marketType: row.marketType,
    runnerName: names.runnerName,
    side: order.side,
    price: order.priceHundredths !== null ? order.priceHundredths / 100 : (order.rate ?? 0),
    line: order.line,
    stake: paiseToPoints(order.stakePaise),
    matchedStake: paiseToPoints(order.matchedPaise),
    unmatchedStake: paiseToPoints(order.stakePaise - order.matchedPaise - order.cancelledPaise),
    status: order.status as Bet['status'],
    profitLoss: order.profitLossPaise === null ? null : paiseToPoints(order.profitLossPaise),
    // The rate settlement will apply (core decides which market types pay commission).
    commissionPercent: settlementCommissionBasisPoints(row.marketType, row.commissionBps) / 100,
    placedAt: order.createdAt.toISOString(),
    settledAt: order.settledAt === null ? null : order.settledAt.toISOString(),
  };
}

/** GET /bet/pnl/{eventId}: per market of the event where the player holds or has matched bets. */
export async function eventPnl(engine: ExchangeEngine, playerId: number, eventId: string) {
  const event = await engine.getEvent(eventId);
  const held = new Map(
    (await repo.exposuresOfPlayer(engine.deps.db, playerId)).map((e) => [
      String(e.marketId),
      e.exposurePaise,
    ]),
  );
  const answer = [];
  for (const marketId of event.marketIds) {
    const market = engine.markets.get(marketId);
    if (!market) continue;
    const runnerIds = market.runners.map((r) => r.id);
    let pnl = new Map<string, bigint>();
    let any = false;
    if (market.type === 'match_odds') {
      const owner = String(playerId);
      const matched: ExchangeBet[] = [];
      for (const fill of await repo.fillsOfMarket(engine.deps.db, Number(marketId), playerId)) {
        const bets = betsFromFill(String(fill.runnerId), {
          takerOrderId: String(fill.takerOrderId),
          takerOwnerId: String(fill.takerPlayerId),
          takerSide: fill.takerSide as 'back' | 'lay',
          makerOrderId: String(fill.makerOrderId),
          makerOwnerId: String(fill.makerPlayerId),
          priceHundredths: fill.priceHundredths,
          stakePaise: fill.stakePaise,
        });
        for (const bet of bets) if (bet.playerId === owner) matched.push(bet);
      }
      any = matched.length > 0;
      pnl = exchangeExposure({ runnerIds, matched }).matchedPnlByRunner;
    } else if (market.type === 'bookmaker') {
      const rows = await repo.matchedOrdersOfMarket(engine.deps.db, Number(marketId), playerId);
      any = rows.length > 0;
      pnl = bookmakerPnlByRunner(
        runnerIds,
        rows.map((o) => ({
          side: o.side as 'back' | 'lay',
          runnerId: String(o.runnerId),
          ratePer100: o.rate ?? 0,
          stakePaise: o.matchedPaise,
        })),
      );
    }
    const exposure = held.get(marketId) ?? 0n;
    if (!any && exposure === 0n) continue;
    answer.push({
      marketId,
      exposure: paiseToPoints(exposure),
      runners: runnerIds.map((runnerId) => ({
        runnerId,
        profitLoss: paiseToPoints(pnl.get(runnerId) ?? 0n),
      })),
    });
  }
  return answer;
}
