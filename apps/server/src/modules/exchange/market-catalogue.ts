import type { MarketResultBody } from '@spm/contract';
import { createOrderBook, placeOrder } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type { DbHandle } from '../../db/database.ts';
import * as repo from './exchange-repository.ts';
import type { EventState, MarketState } from './exchange-types.ts';

type CatalogueRows = Awaited<ReturnType<typeof repo.loadLiveCatalogue>>;

/**
 * Settled and voided markets kept in memory, oldest evicted first. They take no more bets, so
 * memory would otherwise grow with every market ever settled; the ones kept answer the event
 * pages and a result correction without a database read, and 2,000 covers several days of a
 * busy book. An evicted market is read back from the database when next asked for.
 */
export const MAX_SETTLED_MARKETS_IN_MEMORY = 2_000;

/**
 * Events and markets in memory (DESIGN 5): live ones loaded at boot, others read from the
 * database on demand, each runner's order book rebuilt from its resting orders.
 */
export class MarketCatalogue {
  readonly events = new Map<string, EventState>();
  readonly markets = new Map<string, MarketState>();
  /** Settled or voided markets in the order they finished: the eviction order. */
  private readonly finished = new Set<string>();

  constructor(
    private readonly db: DbHandle,
    /** A market with queued work is not evicted: the work holds its in-memory state. */
    private readonly busy: (marketId: string) => boolean = () => false,
    private readonly maxFinished: number = MAX_SETTLED_MARKETS_IN_MEMORY,
  ) {}

  /** Loads open events and unsettled markets, rebuilding each book from its resting orders. */
  async load(): Promise<void> {
    this.absorb(await repo.loadLiveCatalogue(this.db));
  }

  /** Reads one event and its markets; what is already in memory stays as it is. */
  async loadEvent(eventId: number): Promise<void> {
    this.absorb(await repo.loadEventById(this.db, eventId));
  }

  /** A market, loading it (and its event) from the database when it is no longer in memory. */
  async market(marketId: string): Promise<MarketState> {
    const known = this.markets.get(marketId);
    if (known) return known;
    if (!/^\d+$/.test(marketId)) throw new AppError('MARKET_NOT_FOUND');
    const eventId = await repo.eventIdOfMarket(this.db, Number(marketId));
    if (eventId === undefined) throw new AppError('MARKET_NOT_FOUND');
    await this.loadEvent(Number(eventId));
    const loaded = this.markets.get(marketId);
    if (!loaded) throw new AppError('MARKET_NOT_FOUND');
    return loaded;
  }

  async event(eventId: string): Promise<EventState> {
    let event = this.events.get(eventId);
    if (!event) {
      await this.loadEvent(Number(eventId));
      event = this.events.get(eventId);
    }
    if (!event) throw new AppError('EVENT_NOT_FOUND');
    return event;
  }

  /** A market created in this process: in memory and on its event at once. */
  add(state: MarketState): void {
    this.markets.set(state.id, state);
    const event = this.events.get(state.eventId);
    if (event && !event.marketIds.includes(state.id)) event.marketIds.push(state.id);
  }

  /** A market just settled or voided: counted toward the bound, the oldest evicted past it. */
  finish(marketId: string): void {
    this.finished.delete(marketId);
    this.finished.add(marketId);
    for (const oldest of this.finished) {
      if (this.finished.size <= this.maxFinished) break;
      if (this.busy(oldest)) continue;
      this.finished.delete(oldest);
      this.evict(oldest);
    }
  }

  private evict(marketId: string): void {
    const market = this.markets.get(marketId);
    this.markets.delete(marketId);
    const event = market && this.events.get(market.eventId);
    if (event?.status === 'closed' && !event.marketIds.some((id) => this.markets.has(id))) {
      this.events.delete(event.id);
    }
  }

  private absorb(data: CatalogueRows): void {
    const competitionNames = new Map(data.competitionRows.map((c) => [c.id, c.name]));
    for (const e of data.eventRows) {
      if (this.events.has(String(e.id))) continue;
      this.events.set(String(e.id), {
        id: String(e.id),
        sportId: e.sportId as 1 | 2 | 4,
        competitionId: String(e.competitionId),
        competitionName: competitionNames.get(e.competitionId) ?? '',
        name: e.name,
        homeTeam: e.homeTeam,
        awayTeam: e.awayTeam,
        startTime: e.startTime,
        status: e.status,
        liveTvUrl: e.liveTvUrl,
        simulated: e.simulated,
        marketIds: [],
      });
    }
    const fresh = this.absorbMarkets(data);
    this.absorbRestingOrders(data, fresh);
  }

  /** The markets not in memory yet; those in memory are the truth already and stay. */
  private absorbMarkets(data: CatalogueRows): Set<string> {
    const volume = new Map(data.volumes.map((v) => [v.marketId, BigInt(v.total)]));
    const fresh = new Set<string>();
    for (const m of data.marketRows) {
      if (this.markets.has(String(m.id))) continue;
      const state = marketFromRows(
        m,
        data.runnerRows.filter((r) => r.marketId === m.id),
      );
      state.tradedVolumePaise = volume.get(m.id) ?? 0n;
      fresh.add(state.id);
      this.add(state);
      if (state.status === 'settled' || state.status === 'voided') this.finish(state.id);
    }
    return fresh;
  }

  private absorbRestingOrders(data: CatalogueRows, fresh: Set<string>): void {
    for (const order of data.restingRows) {
      if (!fresh.has(String(order.marketId))) continue;
      const market = this.markets.get(String(order.marketId));
      const runner = market?.runners.find((r) => r.id === String(order.runnerId));
      if (!runner || order.priceHundredths === null) continue;
      placeOrder(runner.book, {
        id: String(order.id),
        side: order.side as 'back' | 'lay',
        priceHundredths: order.priceHundredths,
        stakePaise: order.stakePaise - order.matchedPaise - order.cancelledPaise,
        ownerId: String(order.playerId),
        seq: order.seq,
      });
    }
  }
}

/** The in-memory state of a market row and its runners, with empty books. */
export function marketFromRows(m: repo.MarketRow, runnerRows: repo.RunnerRow[]): MarketState {
  let result: MarketResultBody | null = null;
  if (m.resultVoid) result = { void: true };
  else if (m.resultRunnerId !== null) result = { winnerRunnerId: String(m.resultRunnerId) };
  else if (m.resultValue !== null) result = { resultValue: m.resultValue };
  return {
    id: String(m.id),
    eventId: String(m.eventId),
    type: m.type,
    name: m.name,
    status: m.status,
    inPlay: m.inPlay,
    runners: runnerRows.map((r) => ({
      id: String(r.id),
      name: r.name,
      sort: r.sort,
      backRate: r.backRate,
      layRate: r.layRate,
      book: createOrderBook(),
      lastTradedPriceHundredths: null,
    })),
    line: m.line,
    yesRate: m.yesRate,
    noRate: m.noRate,
    ballRunning: false,
    minStakePaise: m.minStakePaise,
    maxStakePaise: m.maxStakePaise,
    maxProfitPaise: m.maxProfitPaise,
    inPlayDelayMs: m.inPlayDelayMs,
    commissionBps: m.commissionBps,
    version: m.version,
    settledVersion: m.settledVersion,
    suspensions: 0,
    tradedVolumePaise: 0n,
    result,
  };
}
