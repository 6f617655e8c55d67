import { objectWith } from '@spm/core';
import type { ExchangeEngine } from './exchange-engine.ts';
import type { EventState, MarketState } from './exchange-types.ts';
import { MarketCatalogue } from './market-catalogue.ts';

/*
 * The catalogue on several nodes (docs/decisions.md "Several nodes"). The owner of a market
 * holds its book; other nodes hold a copy read from the database, refreshed when the owner (or
 * a staff change anywhere) says the market or its event changed. Copies never take commands:
 * those are forwarded to the owner.
 */

/** Market fields other than the books: what a change made on another node can touch. */
function copyFields(target: MarketState, source: MarketState): void {
  target.name = source.name;
  // A change made on another node that stops the market's bets (docs/decisions.md
  // "Suspended during the in-play delay").
  if (source.status !== 'open' && target.status === 'open') target.suspensions += 1;
  target.status = source.status;
  target.inPlay = source.inPlay;
  target.line = source.line;
  target.yesRate = source.yesRate;
  target.noRate = source.noRate;
  // Not stored: a copy shows a ball-running market as suspended (docs/session-board.md).
  target.ballRunning = source.ballRunning;
  target.minStakePaise = source.minStakePaise;
  target.maxStakePaise = source.maxStakePaise;
  target.maxProfitPaise = source.maxProfitPaise;
  target.inPlayDelayMs = source.inPlayDelayMs;
  target.commissionBps = source.commissionBps;
  target.version = Math.max(target.version, source.version);
  for (const runner of target.runners) {
    const fresh = source.runners.find((r) => r.id === runner.id);
    if (!fresh) continue;
    runner.backRate = fresh.backRate;
    runner.layRate = fresh.layRate;
  }
}

function mergeEvent(engine: ExchangeEngine, fresh: EventState): void {
  const known = engine.catalogue.events.get(fresh.id);
  if (!known) {
    engine.catalogue.events.set(fresh.id, fresh);
    return;
  }
  const marketIds = [...new Set([...known.marketIds, ...fresh.marketIds])];
  Object.assign(known, objectWith(fresh, { marketIds }));
}

/**
 * Replaces one market in memory with what the database holds, its books rebuilt from the
 * resting orders: a node taking the market over, or giving it up (then it is a copy).
 */
export async function reloadMarket(engine: ExchangeEngine, marketId: string): Promise<void> {
  const fresh = new MarketCatalogue(engine.deps.db);
  const market = await fresh.market(marketId);
  const event = fresh.events.get(market.eventId);
  if (event) mergeEvent(engine, event);
  // In place when it is in memory: whatever holds the market object (a writer, a queued
  // task of this market) sees the rebuilt one, not a stale copy beside it.
  const known = engine.catalogue.markets.get(marketId);
  // Taken over or given up: a bet checked before it is refused (its book is rebuilt).
  if (known) Object.assign(known, objectWith(market, { suspensions: known.suspensions + 1 }));
  else engine.catalogue.markets.set(marketId, market);
  const listed = engine.catalogue.events.get(market.eventId);
  if (listed && !listed.marketIds.includes(marketId)) listed.marketIds.push(marketId);
}

/**
 * Reads an event and its markets again after another node changed them. Markets this node
 * owns keep their books (they are the truth) and take the other fields; copies take all.
 */
export async function refreshEvent(
  engine: ExchangeEngine,
  eventId: string,
  owns: (marketId: string) => boolean,
): Promise<void> {
  if (!/^\d+$/.test(eventId)) return;
  const fresh = new MarketCatalogue(engine.deps.db);
  await fresh.loadEvent(Number(eventId));
  const event = fresh.events.get(eventId);
  if (!event) return;
  mergeEvent(engine, event);
  for (const [marketId, market] of fresh.markets) {
    if (!owns(marketId)) {
      const copy = engine.catalogue.markets.get(marketId);
      if (copy) Object.assign(copy, market);
      else engine.catalogue.markets.set(marketId, market);
      continue;
    }
    // In the market's queue and read again there, so a change the owner is committing
    // right now is not overwritten by the older row read above.
    await engine.serial(marketId, async () => {
      const known = engine.catalogue.markets.get(marketId);
      if (!known) return;
      copyFields(known, await new MarketCatalogue(engine.deps.db).market(marketId));
    });
  }
}
