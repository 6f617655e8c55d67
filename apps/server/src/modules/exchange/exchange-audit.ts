import { exchangeExposure, listRestingOrders, type ExchangeBet, type Paise } from '@spm/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import * as repo from './exchange-repository.ts';
import type { MarketState } from './exchange-types.ts';
import { betsOfFill } from './market-kinds/match-odds.ts';
import { orders } from './tables.ts';

/**
 * What disagrees between a match-odds market in memory and its tables, as sentences (none when
 * all agree): each runner's book against the resting orders of the orders table, and each
 * player's held exposure (market_exposures) against what their fills (read from the table) and
 * resting orders require, and any book mark left open (a quiet book records nothing: a mark
 * the writer forgot would slow every later change and hold memory). Run it when the market is
 * quiet (after a benchmark, in tests): a batch in flight has changed the books before its
 * commit and holds marks.
 */
export async function auditMarket(db: DbHandle, market: MarketState): Promise<string[]> {
  const problems: string[] = [];
  const marketId = Number(market.id);
  const resting = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.marketId, marketId),
        inArray(orders.status, ['unmatched', 'partially_matched']),
      ),
    )
    .orderBy(asc(orders.seq));
  for (const runner of market.runners) {
    if (runner.book.marks.length > 0) {
      problems.push(
        `market ${market.id} runner ${runner.id}: ${runner.book.marks.length} book marks left open`,
      );
    }
    const inTable = resting
      .filter((o) => String(o.runnerId) === runner.id)
      .map((o) => ({
        id: String(o.id),
        ownerId: String(o.playerId),
        side: o.side,
        priceHundredths: o.priceHundredths,
        unmatchedPaise: String(o.stakePaise - o.matchedPaise - o.cancelledPaise),
      }));
    const inMemory = listRestingOrders(runner.book)
      .sort((a, b) => a.seq - b.seq)
      .map((o) => ({
        id: o.id,
        ownerId: o.ownerId,
        side: o.side,
        priceHundredths: o.priceHundredths,
        unmatchedPaise: String(o.unmatchedPaise),
      }));
    if (JSON.stringify(inTable) !== JSON.stringify(inMemory)) {
      problems.push(
        `market ${market.id} runner ${runner.id}: book ${JSON.stringify(inMemory)} but table ${JSON.stringify(inTable)}`,
      );
    }
  }

  const matched = new Map<number, ExchangeBet[]>();
  for (const fill of await repo.fillsOfMarket(db, marketId)) {
    for (const bet of betsOfFill(fill)) {
      const list = matched.get(Number(bet.playerId)) ?? [];
      list.push(bet);
      matched.set(Number(bet.playerId), list);
    }
  }
  const held = new Map<number, Paise>();
  for (const row of await repo.exposuresOfMarket(db, marketId)) {
    held.set(row.playerId, row.exposurePaise);
  }
  const unmatched = new Map<number, ExchangeBet[]>();
  for (const runner of market.runners) {
    for (const o of listRestingOrders(runner.book)) {
      const list = unmatched.get(Number(o.ownerId)) ?? [];
      list.push({
        side: o.side,
        runnerId: runner.id,
        priceHundredths: o.priceHundredths,
        stakePaise: o.unmatchedPaise,
      });
      unmatched.set(Number(o.ownerId), list);
    }
  }
  const runnerIds = market.runners.map((r) => r.id);
  for (const playerId of new Set([...matched.keys(), ...held.keys(), ...unmatched.keys()])) {
    const required = exchangeExposure({
      runnerIds,
      matched: matched.get(playerId) ?? [],
      unmatched: unmatched.get(playerId) ?? [],
    }).exposurePaise;
    const holds = held.get(playerId) ?? 0n;
    if (required !== holds) {
      problems.push(
        `market ${market.id} player ${playerId}: holds ${holds} but its bets require ${required}`,
      );
    }
  }
  return problems;
}
