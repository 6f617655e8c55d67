import type {
  Market,
  MarketResultBody,
  MarketStatus,
  MarketType,
  OrderAnswer,
  SettlementAnswer,
  SportsEvent,
} from '@spm/contract';
import {
  betsFromFill,
  bookmakerExposure,
  cancelOrder,
  createOrderBook,
  exchangeBetPnl,
  exchangeExposure,
  exchangeProfitPaise,
  fancyBetPnl,
  fancyExposure,
  holdAdjustmentPostings,
  isBookmakerRateAcceptable,
  listRestingOrders,
  paiseToPoints,
  parsePrice,
  placeOrder,
  pointsToPaise,
  settleBookmakerMarket,
  settleExchangeMarket,
  settleFancyMarket,
  settlementPostings,
  topOfBook,
  bookmakerBetPnl,
  type ExchangeBet,
  type MarketSettlement,
  type OrderBook,
  type Paise,
  type PlayerExchangeBet,
  type Posting,
  type RestingOrderView,
  systemAccount,
} from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import * as repo from './exchange-repository.ts';
import type { DbHandle } from '../../db/database.ts';
import { ledgerTransaction, postWithin, requestHash, type LedgerContext } from '../wallet/index.ts';
import { storeNotification } from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';

/**
 * The exchange engine (DESIGN 5): one in-memory core order book per runner of each market,
 * rebuilt at boot from the orders table (the truth), and a per-market async queue so every
 * placement, cancel, status change and settlement of one market runs one at a time. The book
 * is changed before the database transaction and restored from a snapshot if it fails, so a
 * refused placement (INSUFFICIENT_FUNDS) leaves the book as it was.
 */
export interface RunnerState {
  id: string;
  name: string;
  sort: number;
  backRate: number | null;
  layRate: number | null;
  book: OrderBook;
  lastTradedPriceHundredths: number | null;
}

export interface MarketState {
  id: string;
  eventId: string;
  type: MarketType;
  name: string;
  status: MarketStatus;
  inPlay: boolean;
  runners: RunnerState[];
  line: number | null;
  yesRate: number | null;
  noRate: number | null;
  minStakePaise: Paise;
  maxStakePaise: Paise;
  maxProfitPaise: Paise;
  inPlayDelayMs: number;
  commissionBps: number;
  version: number;
  settledVersion: number;
  tradedVolumePaise: Paise;
  result: MarketResultBody | null;
}

export interface EventState {
  id: string;
  sportId: 1 | 2 | 4;
  competitionId: string;
  competitionName: string;
  name: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  status: 'upcoming' | 'in_play' | 'closed';
  liveTvUrl: string | null;
  /** Run by the built-in simulator; staff-created events are false and left alone by it. */
  simulated: boolean;
  marketIds: string[];
}

export interface NewMarketInput {
  type: MarketType;
  name: string;
  runners?: { name: string; backRate?: number | null; layRate?: number | null }[];
  line?: number | null;
  yesRate?: number | null;
  noRate?: number | null;
  minStakePaise?: Paise;
  maxStakePaise?: Paise;
  maxProfitPaise?: Paise;
  inPlayDelayMs?: number;
  commissionBps?: number;
  status?: MarketStatus;
}

export interface NewEventInput {
  sportId: 1 | 2 | 4;
  competitionId: string;
  name: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  status?: 'upcoming' | 'in_play';
  liveTvUrl?: string | null;
  /** The simulator marks its own events; staff events are never driven by it. */
  simulated?: boolean;
  markets: NewMarketInput[];
}

/**
 * Work to run inside the database transaction of a catalogue or market change (the staff
 * routes' audit row), given the state as it was before the change. Throwing rolls it back.
 */
export type WithinChange<T> = (tx: DbHandle, before: T) => Promise<void>;

export interface MarketWriteOptions {
  within?: WithinChange<MarketState>;
  /**
   * Staff edits: a settled or voided market is refused (MARKET_ALREADY_SETTLED) instead of
   * skipped, and an unknown runner (RUNNER_NOT_FOUND) instead of ignored.
   */
  strict?: boolean;
}

/** What an operator may change on a market: status, in-play flag, fancy line, rates, limits. */
export type MarketChange = Partial<
  Pick<
    MarketState,
    | 'status'
    | 'inPlay'
    | 'line'
    | 'yesRate'
    | 'noRate'
    | 'minStakePaise'
    | 'maxStakePaise'
    | 'maxProfitPaise'
    | 'inPlayDelayMs'
  >
>;

export type EventChange = Partial<
  Pick<EventState, 'homeTeam' | 'awayTeam' | 'startTime' | 'status' | 'liveTvUrl'>
>;

export interface SettleActor {
  staffId: number | null;
  ip: string | null;
}

interface StoredPlayerPostings {
  playerId: string;
  heldPaise: string;
  postings: { kind: string; owner: string; amountPaise: string }[];
}

const DEFAULT_LIMITS = {
  minStakePaise: 10_000n,
  maxStakePaise: 50_000_000n,
  maxProfitPaise: 500_000_000n,
};

function orderStatus(stake: Paise, matched: Paise, cancelled: Paise): OrderAnswer['status'] {
  if (stake - matched - cancelled > 0n) return matched > 0n ? 'partially_matched' : 'unmatched';
  return matched > 0n ? 'matched' : 'cancelled';
}

function cloneBook(resting: RestingOrderView[]): OrderBook {
  const book = createOrderBook();
  for (const order of [...resting].sort((a, b) => a.seq - b.seq)) {
    placeOrder(book, {
      id: order.id,
      side: order.side,
      priceHundredths: order.priceHundredths,
      stakePaise: order.unmatchedPaise,
      ownerId: order.ownerId,
      seq: order.seq,
    });
  }
  return book;
}

function stakeToPaise(stake: number): Paise {
  const parsed = pointsToPaise(stake);
  if (!parsed.ok || parsed.paise <= 0n) throw new AppError('VALIDATION_FAILED');
  return parsed.paise;
}

const sameResult = (a: MarketResultBody | null, b: MarketResultBody) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

export class ExchangeEngine {
  readonly events = new Map<string, EventState>();
  readonly markets = new Map<string, MarketState>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Called after every change of a market that clients should see. */
  onChange: (marketId: string) => void = () => undefined;
  private sleep: (ms: number) => Promise<void> = (ms) =>
    new Promise((resolve) => setTimeout(resolve, ms));

  constructor(readonly deps: ServiceDeps) {}

  /** Runs `work` after every earlier task of this market: one at a time per market. */
  serial<T>(marketId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(marketId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(marketId, settled);
    void settled.then(() => {
      if (this.queues.get(marketId) === settled) this.queues.delete(marketId);
    });
    return next;
  }

  /** Loads open events and unsettled markets, rebuilding each book from its resting orders. */
  async load(): Promise<void> {
    this.absorb(await repo.loadLiveCatalogue(this.deps.db));
  }

  private absorb(data: Awaited<ReturnType<typeof repo.loadLiveCatalogue>>): void {
    const competitionNames = new Map(data.competitionRows.map((c) => [c.id, c.name]));
    for (const e of data.eventRows) {
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
    const volume = new Map(data.volumes.map((v) => [v.marketId, BigInt(v.total)]));
    for (const m of data.marketRows) {
      const state = this.marketFromRow(
        m,
        data.runnerRows.filter((r) => r.marketId === m.id),
      );
      state.tradedVolumePaise = volume.get(m.id) ?? 0n;
      this.markets.set(state.id, state);
      this.events.get(state.eventId)?.marketIds.push(state.id);
    }
    for (const order of data.restingRows) {
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

  private marketFromRow(m: repo.MarketRow, runnerRows: repo.RunnerRow[]): MarketState {
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
      minStakePaise: m.minStakePaise,
      maxStakePaise: m.maxStakePaise,
      maxProfitPaise: m.maxProfitPaise,
      inPlayDelayMs: m.inPlayDelayMs,
      commissionBps: m.commissionBps,
      version: m.version,
      settledVersion: m.settledVersion,
      tradedVolumePaise: 0n,
      result,
    };
  }

  /** A market, loading it (and its event) from the database when it is no longer in memory. */
  async market(marketId: string): Promise<MarketState> {
    const known = this.markets.get(marketId);
    if (known) return known;
    if (!/^\d+$/.test(marketId)) throw new AppError('MARKET_NOT_FOUND');
    const eventId = await repo.eventIdOfMarket(this.deps.db, Number(marketId));
    if (eventId === undefined) throw new AppError('MARKET_NOT_FOUND');
    this.absorb(await repo.loadEventById(this.deps.db, Number(eventId)));
    const loaded = this.markets.get(marketId);
    if (!loaded) throw new AppError('MARKET_NOT_FOUND');
    return loaded;
  }

  // ------------------------------------------------------------------ catalogue

  async createCompetition(sportId: number, name: string): Promise<string> {
    return String((await repo.insertCompetition(this.deps.db, sportId, name)).id);
  }

  async createEvent(
    input: NewEventInput,
    within?: (tx: DbHandle, eventId: string) => Promise<void>,
  ): Promise<EventState> {
    const inPlay = (input.status ?? 'upcoming') === 'in_play';
    const created = await this.deps.db.transaction(async (tx) => {
      const event = await repo.insertEvent(tx, {
        sportId: input.sportId,
        competitionId: Number(input.competitionId),
        name: input.name,
        homeTeam: input.homeTeam,
        awayTeam: input.awayTeam,
        startTime: input.startTime,
        status: input.status ?? 'upcoming',
        liveTvUrl: input.liveTvUrl ?? null,
        simulated: input.simulated ?? false,
      });
      for (const m of input.markets) await this.insertMarketRows(tx, event.id, m, inPlay);
      await within?.(tx, String(event.id));
      return event.id;
    });
    this.absorb(await repo.loadEventById(this.deps.db, created));
    return this.events.get(String(created))!;
  }

  private async insertMarketRows(
    tx: DbHandle,
    eventId: number,
    m: NewMarketInput,
    inPlay: boolean,
  ): Promise<{ market: repo.MarketRow; runners: repo.RunnerRow[] }> {
    const market = await repo.insertMarket(tx, {
      eventId,
      type: m.type,
      name: m.name,
      status: m.status ?? 'open',
      inPlay,
      minStakePaise: m.minStakePaise ?? DEFAULT_LIMITS.minStakePaise,
      maxStakePaise: m.maxStakePaise ?? DEFAULT_LIMITS.maxStakePaise,
      maxProfitPaise: m.maxProfitPaise ?? DEFAULT_LIMITS.maxProfitPaise,
      inPlayDelayMs: m.inPlayDelayMs ?? 0,
      commissionBps: m.commissionBps ?? 0,
      line: m.line ?? null,
      yesRate: m.yesRate ?? null,
      noRate: m.noRate ?? null,
    });
    const runners: repo.RunnerRow[] = [];
    let sort = 0;
    for (const r of m.runners ?? []) {
      runners.push(
        await repo.insertRunner(tx, {
          marketId: market.id,
          name: r.name,
          sort: sort++,
          backRate: r.backRate ?? null,
          layRate: r.layRate ?? null,
        }),
      );
    }
    return { market, runners };
  }

  /** A new market on an existing event: its books exist (empty) as soon as this returns. */
  async createMarket(
    eventId: string,
    input: NewMarketInput,
    within?: (tx: DbHandle, marketId: string) => Promise<void>,
  ): Promise<MarketState> {
    const event = await this.getEvent(eventId);
    const rows = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.insertMarketRows(
        tx,
        Number(event.id),
        input,
        event.status === 'in_play',
      );
      await within?.(tx, String(inserted.market.id));
      return inserted;
    });
    const state = this.marketFromRow(rows.market, rows.runners);
    this.markets.set(state.id, state);
    event.marketIds.push(state.id);
    this.onChange(state.id);
    return state;
  }

  /** Status (through setEventStatus), teams, start time, live TV: one transaction. */
  async updateEvent(
    eventId: string,
    change: EventChange,
    within?: WithinChange<EventState>,
  ): Promise<EventState> {
    const event = await this.getEvent(eventId);
    const values: EventChange & { name?: string } = { ...change };
    if (change.homeTeam !== undefined || change.awayTeam !== undefined) {
      values.name = `${change.homeTeam ?? event.homeTeam} v ${change.awayTeam ?? event.awayTeam}`;
    }
    await this.deps.db.transaction(async (tx) => {
      await repo.updateEvent(tx, Number(eventId), values);
      await within?.(tx, { ...event, marketIds: [...event.marketIds] });
    });
    Object.assign(event, values);
    if (change.status === 'in_play' || change.status === 'upcoming') {
      // Markets follow the event into (or back out of) play; settled ones stay as they are.
      const inPlay = change.status === 'in_play';
      for (const id of event.marketIds) {
        if (this.markets.get(id)?.inPlay !== inPlay) await this.updateMarket(id, { inPlay });
      }
    }
    return event;
  }

  async setEventStatus(eventId: string, status: EventState['status']): Promise<void> {
    await this.updateEvent(eventId, { status });
  }

  /** Status, in-play flag, fancy line, limits and rates: anything but orders. */
  async updateMarket(
    marketId: string,
    change: MarketChange,
    options: MarketWriteOptions = {},
  ): Promise<void> {
    await this.serial(marketId, async () => {
      const market = await this.market(marketId);
      if (this.refusesChange(market, options)) return;
      const version = market.version + 1;
      await this.writeMarket(market, options, (db) =>
        repo.updateMarket(db, Number(marketId), { ...change, version }),
      );
      Object.assign(market, change);
      market.version = version;
      this.onChange(marketId);
    });
  }

  async setRunnerRates(
    marketId: string,
    rates: { runnerId: string; backRate: number | null; layRate: number | null }[],
    options: MarketWriteOptions = {},
  ): Promise<void> {
    await this.serial(marketId, async () => {
      const market = await this.market(marketId);
      if (options.strict && this.refusesChange(market, options)) return;
      const known = rates.flatMap((rate) => {
        const runner = market.runners.find((r) => r.id === rate.runnerId);
        return runner ? [{ runner, rate }] : [];
      });
      if (options.strict && known.length !== rates.length) throw new AppError('RUNNER_NOT_FOUND');
      const version = market.version + 1;
      await this.writeMarket(market, options, async (db) => {
        for (const { runner, rate } of known) {
          await repo.updateRunnerRates(db, Number(runner.id), rate.backRate, rate.layRate);
        }
        await repo.updateMarket(db, Number(marketId), { version });
      });
      for (const { runner, rate } of known) {
        runner.backRate = rate.backRate;
        runner.layRate = rate.layRate;
      }
      market.version = version;
      this.onChange(marketId);
    });
  }

  /** Settled and voided markets take no more changes: skipped, or refused when strict. */
  private refusesChange(market: MarketState, options: MarketWriteOptions): boolean {
    if (market.status !== 'settled' && market.status !== 'voided') return false;
    if (options.strict) {
      throw new AppError(
        'MARKET_ALREADY_SETTLED',
        'This market is already settled. Correct its result instead.',
      );
    }
    return true;
  }

  /** The write, and the caller's `within` work in the same transaction when there is one. */
  private async writeMarket(
    market: MarketState,
    options: MarketWriteOptions,
    write: (db: DbHandle) => Promise<void>,
  ): Promise<void> {
    const { within } = options;
    if (!within) {
      await write(this.deps.db);
      return;
    }
    await this.deps.db.transaction(async (tx) => {
      await write(tx);
      await within(tx, market);
    });
  }

  snapshot(market: MarketState): Market {
    return {
      id: market.id,
      eventId: market.eventId,
      type: market.type,
      name: market.name,
      status: market.status,
      inPlay: market.inPlay,
      runners: market.runners.map((r) => {
        const top = topOfBook(r.book, 3);
        const level = (l: { priceHundredths: number; amountPaise: Paise }) => ({
          price: l.priceHundredths / 100,
          amount: paiseToPoints(l.amountPaise),
        });
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
      tradedVolume: paiseToPoints(market.tradedVolumePaise),
      version: market.version,
    };
  }

  eventView(event: EventState): SportsEvent {
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
        const market = this.markets.get(id);
        return market ? [this.snapshot(market)] : [];
      }),
    };
  }

  /** Open events, in play first then by start time (GET /bet/matches). */
  listEvents(query: { sportId?: number | undefined; page: number; pageSize: number }) {
    const all = [...this.events.values()]
      .filter((e) => e.status !== 'closed')
      .filter((e) => query.sportId === undefined || e.sportId === query.sportId)
      .sort((a, b) => {
        const live = Number(b.status === 'in_play') - Number(a.status === 'in_play');
        return live !== 0 ? live : a.startTime.getTime() - b.startTime.getTime();
      });
    const start = (query.page - 1) * query.pageSize;
    return {
      items: all.slice(start, start + query.pageSize).map((e) => this.eventView(e)),
      page: query.page,
      pageSize: query.pageSize,
      total: all.length,
    };
  }

  async getEvent(eventId: string): Promise<EventState> {
    let event = this.events.get(eventId);
    if (!event) {
      this.absorb(await repo.loadEventById(this.deps.db, Number(eventId)));
      event = this.events.get(eventId);
    }
    if (!event) throw new AppError('EVENT_NOT_FOUND');
    return event;
  }

  // ------------------------------------------------------------------ placing

  private checkOpen(market: MarketState): void {
    if (market.status === 'suspended') throw new AppError('MARKET_SUSPENDED');
    if (market.status !== 'open') throw new AppError('MARKET_CLOSED');
    const event = this.events.get(market.eventId);
    if (event?.status === 'closed') throw new AppError('MARKET_CLOSED');
  }

  private checkLimits(market: MarketState, stakePaise: Paise, profitPaise: Paise): void {
    if (stakePaise < market.minStakePaise) throw new AppError('STAKE_BELOW_MIN');
    if (stakePaise > market.maxStakePaise) throw new AppError('STAKE_ABOVE_MAX');
    if (profitPaise > market.maxProfitPaise) throw new AppError('PROFIT_ABOVE_MAX');
  }

  /** In play, a bet waits the market's delay and is refused if the market changed meanwhile. */
  private async inPlayDelay(market: MarketState): Promise<void> {
    if (!market.inPlay || market.inPlayDelayMs <= 0) return;
    await this.sleep(market.inPlayDelayMs);
    this.checkOpen(market);
  }

  private async replay(playerId: number, key: string, hash: string): Promise<OrderAnswer | null> {
    const existing = await repo.findOrderByKey(this.deps.db, playerId, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return existing.answer as OrderAnswer;
  }

  async placeExchange(
    playerId: number,
    body: {
      marketId: string;
      runnerId: string;
      side: 'back' | 'lay';
      price: number;
      stake: number;
      idempotencyKey: string;
    },
  ): Promise<OrderAnswer> {
    const stakePaise = stakeToPaise(body.stake);
    const price = parsePrice(body.price);
    if (!price.ok) throw new AppError('PRICE_INVALID');
    const priceHundredths = price.priceHundredths;
    const hash = requestHash({
      kind: 'match_odds',
      marketId: body.marketId,
      runnerId: body.runnerId,
      side: body.side,
      priceHundredths,
      stakePaise,
    });
    const first = await this.replay(playerId, body.idempotencyKey, hash);
    if (first) return first;
    const market = await this.market(body.marketId);
    if (market.type !== 'match_odds') throw new AppError('MARKET_NOT_FOUND');
    const runner = market.runners.find((r) => r.id === body.runnerId);
    if (!runner) throw new AppError('RUNNER_NOT_FOUND');
    this.checkOpen(market);
    this.checkLimits(
      market,
      stakePaise,
      body.side === 'back' ? exchangeProfitPaise(stakePaise, priceHundredths) : stakePaise,
    );
    await this.inPlayDelay(market);

    return this.serial(market.id, async () => {
      this.checkOpen(market);
      const again = await this.replay(playerId, body.idempotencyKey, hash);
      if (again) return again;
      const before = listRestingOrders(runner.book);
      let fillsDone: { priceHundredths: number; stakePaise: Paise }[] = [];
      const result = await ledgerTransaction(this.deps, async (ctx) => {
        const orderId = await repo.nextOrderId(ctx.tx);
        await repo.insertOrder(ctx.tx, {
          id: orderId,
          playerId,
          marketId: Number(market.id),
          runnerId: Number(runner.id),
          side: body.side,
          priceHundredths,
          stakePaise,
          status: 'unmatched',
          idempotencyKey: body.idempotencyKey,
          requestHash: hash,
          seq: orderId,
          createdAt: ctx.now,
        });
        const placed = placeOrder(runner.book, {
          id: String(orderId),
          side: body.side,
          priceHundredths,
          stakePaise,
          ownerId: String(playerId),
          seq: orderId,
        });
        if (!placed.ok) throw new Error(`order book refused order ${orderId}: ${placed.code}`);
        fillsDone = placed.fills;
        await repo.insertFills(
          ctx.tx,
          placed.fills.map((f) => ({
            marketId: Number(market.id),
            runnerId: Number(runner.id),
            takerOrderId: orderId,
            makerOrderId: Number(f.makerOrderId),
            takerPlayerId: playerId,
            makerPlayerId: Number(f.makerOwnerId),
            takerSide: f.takerSide,
            priceHundredths: f.priceHundredths,
            stakePaise: f.stakePaise,
            createdAt: ctx.now,
          })),
        );
        const makers = new Set<number>();
        for (const f of placed.fills) {
          await repo.addToOrder(ctx.tx, Number(f.makerOrderId), f.stakePaise, 0n);
          makers.add(Number(f.makerOwnerId));
        }
        const row = await repo.addToOrder(
          ctx.tx,
          orderId,
          placed.matchedPaise,
          placed.selfCrossCancelledPaise,
        );
        await this.rebalanceHolds(ctx, market, [playerId, ...makers], `ORDER-${orderId}`);
        const answer = this.answer(row, placed.fills);
        await repo.setOrderAnswer(ctx.tx, orderId, answer);
        market.version += 1;
        await repo.updateMarket(ctx.tx, Number(market.id), { version: market.version });
        return { ok: true as const, answer };
      }).catch((error: unknown) => {
        runner.book = cloneBook(before);
        throw error;
      });
      if (!result.ok) {
        runner.book = cloneBook(before);
        market.version += 1;
        throw this.ledgerError(result.code);
      }
      for (const f of fillsDone) {
        market.tradedVolumePaise += f.stakePaise;
        runner.lastTradedPriceHundredths = f.priceHundredths;
      }
      this.onChange(market.id);
      return result.answer;
    });
  }

  private ledgerError(code: string): AppError {
    if (code === 'INSUFFICIENT_FUNDS' || code === 'IDEMPOTENCY_MISMATCH') {
      return new AppError(code);
    }
    return new AppError('INTERNAL', `ledger refused: ${code}`);
  }

  private answer(
    row: repo.OrderRow,
    fills: { priceHundredths: number; stakePaise: Paise }[],
  ): OrderAnswer {
    let weighted = 0n;
    let total = 0n;
    for (const f of fills) {
      weighted += BigInt(f.priceHundredths) * f.stakePaise;
      total += f.stakePaise;
    }
    return {
      orderId: String(row.id),
      status: orderStatus(row.stakePaise, row.matchedPaise, row.cancelledPaise),
      matchedStake: paiseToPoints(row.matchedPaise),
      unmatchedStake: paiseToPoints(row.stakePaise - row.matchedPaise - row.cancelledPaise),
      averagePrice: total === 0n ? null : Math.round(Number((weighted * 100n) / total) / 100) / 100,
    };
  }

  /** The exposure a player's bets in this market require, from the fills and the book. */
  private async requiredExposure(
    db: DbHandle,
    market: MarketState,
    playerId: number,
  ): Promise<Paise> {
    const runnerIds = market.runners.map((r) => r.id);
    if (market.type === 'match_odds') {
      const owner = String(playerId);
      const matched: ExchangeBet[] = [];
      for (const fill of await repo.fillsOfMarket(db, Number(market.id), playerId)) {
        for (const bet of this.betsOfFill(fill)) if (bet.playerId === owner) matched.push(bet);
      }
      const unmatched: ExchangeBet[] = [];
      for (const runner of market.runners) {
        for (const order of listRestingOrders(runner.book)) {
          if (order.ownerId !== owner) continue;
          unmatched.push({
            side: order.side,
            runnerId: runner.id,
            priceHundredths: order.priceHundredths,
            stakePaise: order.unmatchedPaise,
          });
        }
      }
      return exchangeExposure({ runnerIds, matched, unmatched }).exposurePaise;
    }
    const rows = await repo.matchedOrdersOfMarket(db, Number(market.id), playerId);
    if (market.type === 'bookmaker') {
      return bookmakerExposure(
        runnerIds,
        rows.map((o) => ({
          side: o.side as 'back' | 'lay',
          runnerId: String(o.runnerId),
          ratePer100: o.rate ?? 0,
          stakePaise: o.matchedPaise,
        })),
      );
    }
    return fancyExposure(
      rows.map((o) => ({
        side: o.side as 'yes' | 'no',
        line: o.line ?? 0,
        ratePer100: o.rate ?? 0,
        stakePaise: o.matchedPaise,
      })),
    ).exposurePaise;
  }

  private betsOfFill(fill: repo.FillRow): [PlayerExchangeBet, PlayerExchangeBet] {
    return betsFromFill(String(fill.runnerId), {
      takerOrderId: String(fill.takerOrderId),
      takerOwnerId: String(fill.takerPlayerId),
      takerSide: fill.takerSide as 'back' | 'lay',
      makerOrderId: String(fill.makerOrderId),
      makerOwnerId: String(fill.makerPlayerId),
      priceHundredths: fill.priceHundredths,
      stakePaise: fill.stakePaise,
    });
  }

  /** Moves each player's hold to what the market now requires: one ledger transaction. */
  private async rebalanceHolds(
    ctx: LedgerContext,
    market: MarketState,
    playerIds: number[],
    reference: string,
  ): Promise<void> {
    const postings: Posting[] = [];
    let increase = false;
    for (const playerId of new Set(playerIds)) {
      const held = await repo.heldExposure(ctx.tx, playerId, Number(market.id));
      const required = await this.requiredExposure(ctx.tx, market, playerId);
      if (required === held) continue;
      if (required > held) increase = true;
      postings.push(...holdAdjustmentPostings(String(playerId), held, required));
      await repo.setExposure(ctx.tx, playerId, Number(market.id), required);
    }
    if (postings.length === 0) return;
    await postWithin(ctx, {
      kind: increase ? 'bet_hold' : 'bet_release',
      postings,
      description: market.name,
      reference,
      playerId: playerIds[0],
    });
  }

  async cancel(
    playerId: number,
    body: { orderId: string; stake?: number | undefined },
  ): Promise<OrderAnswer> {
    const amountPaise = body.stake === undefined ? undefined : stakeToPaise(body.stake);
    if (!/^\d+$/.test(body.orderId)) throw new AppError('ORDER_NOT_FOUND');
    const order = await repo.findOrder(this.deps.db, Number(body.orderId));
    if (!order || order.playerId !== playerId) throw new AppError('ORDER_NOT_FOUND');
    const market = await this.market(String(order.marketId));
    const runner = market.runners.find((r) => r.id === String(order.runnerId));
    if (!runner) throw new AppError('ORDER_NOT_FOUND');
    return this.serial(market.id, async () => {
      if (!runner.book.orders.has(body.orderId)) throw new AppError('ORDER_NOT_FOUND');
      const before = listRestingOrders(runner.book);
      const cancelled = cancelOrder(runner.book, body.orderId, amountPaise);
      if (!cancelled.ok) throw new AppError('ORDER_NOT_FOUND');
      const result = await ledgerTransaction(this.deps, async (ctx) => {
        const row = await repo.addToOrder(ctx.tx, order.id, 0n, cancelled.cancelledPaise);
        await this.rebalanceHolds(ctx, market, [playerId], `CANCEL-${order.id}`);
        market.version += 1;
        await repo.updateMarket(ctx.tx, Number(market.id), { version: market.version });
        return { ok: true as const, row };
      }).catch((error: unknown) => {
        runner.book = cloneBook(before);
        throw error;
      });
      if (!result.ok) {
        runner.book = cloneBook(before);
        throw this.ledgerError(result.code);
      }
      this.onChange(market.id);
      const fills = (await repo.fillsOfMarket(this.deps.db, Number(market.id))).filter(
        (f) => f.takerOrderId === order.id || f.makerOrderId === order.id,
      );
      return this.answer(result.row, fills);
    });
  }

  /** Cancels every resting order of one owner in a market (the simulator's requote). */
  async cancelAllOf(playerId: number, marketId: string, runnerId?: string): Promise<void> {
    const market = await this.market(marketId);
    const owner = String(playerId);
    const ids = market.runners
      .filter((r) => runnerId === undefined || r.id === runnerId)
      .flatMap((r) => listRestingOrders(r.book).filter((o) => o.ownerId === owner))
      .map((o) => o.id);
    for (const id of ids) {
      await this.cancel(playerId, { orderId: id }).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'ORDER_NOT_FOUND')) throw error;
      });
    }
  }

  /** Bookmaker and fancy: the house takes the other side at the current rate. */
  async placeHouse(
    playerId: number,
    body:
      | {
          kind: 'bookmaker';
          marketId: string;
          runnerId: string;
          side: 'back' | 'lay';
          rate: number;
          stake: number;
          idempotencyKey: string;
        }
      | {
          kind: 'fancy';
          marketId: string;
          side: 'yes' | 'no';
          line: number;
          rate: number;
          stake: number;
          idempotencyKey: string;
        },
  ): Promise<OrderAnswer> {
    const stakePaise = stakeToPaise(body.stake);
    const { idempotencyKey, stake: _stake, ...rest } = body;
    const hash = requestHash({ ...rest, stakePaise });
    const first = await this.replay(playerId, idempotencyKey, hash);
    if (first) return first;
    const market = await this.market(body.marketId);
    if (market.type !== body.kind) throw new AppError('MARKET_NOT_FOUND');
    const runner =
      body.kind === 'bookmaker' ? market.runners.find((r) => r.id === body.runnerId) : undefined;
    if (body.kind === 'bookmaker' && !runner) throw new AppError('RUNNER_NOT_FOUND');
    this.checkOpen(market);
    const asBookSide = body.side === 'back' || body.side === 'yes' ? 'back' : 'lay';
    const profitOf = (rate: number) =>
      asBookSide === 'back' ? (stakePaise * BigInt(rate)) / 100n : stakePaise;
    this.checkLimits(market, stakePaise, profitOf(body.rate));
    await this.inPlayDelay(market);

    return this.serial(market.id, async () => {
      this.checkOpen(market);
      const again = await this.replay(playerId, idempotencyKey, hash);
      if (again) return again;
      let current: number | null;
      if (body.kind === 'bookmaker') {
        current = asBookSide === 'back' ? runner!.backRate : runner!.layRate;
      } else {
        current = body.side === 'yes' ? market.yesRate : market.noRate;
        if (market.line !== body.line) current = null;
      }
      if (current === null || !isBookmakerRateAcceptable(asBookSide, body.rate, current)) {
        throw new AppError('RATE_CHANGED');
      }
      this.checkLimits(market, stakePaise, profitOf(current));
      const rate = current;
      const result = await ledgerTransaction(this.deps, async (ctx) => {
        const orderId = await repo.nextOrderId(ctx.tx);
        await repo.insertOrder(ctx.tx, {
          id: orderId,
          playerId,
          marketId: Number(market.id),
          runnerId: runner ? Number(runner.id) : null,
          side: body.side,
          rate,
          line: body.kind === 'fancy' ? body.line : null,
          stakePaise,
          matchedPaise: stakePaise,
          status: 'matched',
          idempotencyKey,
          requestHash: hash,
          seq: orderId,
          createdAt: ctx.now,
        });
        const row = (await repo.findOrder(ctx.tx, orderId))!;
        await this.rebalanceHolds(ctx, market, [playerId], `ORDER-${orderId}`);
        const answer: OrderAnswer = {
          orderId: String(orderId),
          status: 'matched',
          matchedStake: paiseToPoints(row.matchedPaise),
          unmatchedStake: 0,
          averagePrice: rate,
        };
        await repo.setOrderAnswer(ctx.tx, orderId, answer);
        return { ok: true as const, answer };
      });
      if (!result.ok) throw this.ledgerError(result.code);
      market.tradedVolumePaise += stakePaise;
      this.onChange(market.id);
      return result.answer;
    });
  }

  // ------------------------------------------------------------------ settling

  private validateResult(market: MarketState, result: MarketResultBody): void {
    if ('void' in result) return;
    if (market.type === 'fancy') {
      if (!('resultValue' in result)) throw new AppError('VALIDATION_FAILED');
      return;
    }
    if (!('winnerRunnerId' in result)) throw new AppError('VALIDATION_FAILED');
    if (!market.runners.some((r) => r.id === result.winnerRunnerId)) {
      throw new AppError('RUNNER_NOT_FOUND');
    }
  }

  /**
   * Settles a market (idempotent: the same result again pays nothing). Unmatched orders are
   * cancelled first; each player's hold is released and the P&L paid or collected in one
   * ledger transaction per player keyed `settle:{market}:v{version}:p{player}`.
   */
  async settle(
    marketId: string,
    result: MarketResultBody,
    actor: SettleActor,
  ): Promise<SettlementAnswer> {
    const market = await this.market(marketId);
    this.validateResult(market, result);
    return this.serial(market.id, async () => {
      if (market.status === 'settled' || market.status === 'voided') {
        if (sameResult(market.result, result)) return this.settledAnswer(market, 0, true);
        throw new AppError('MARKET_ALREADY_SETTLED');
      }
      const version = market.settledVersion + 1;
      const outcome = await ledgerTransaction(this.deps, async (ctx) => {
        await repo.cancelUnmatchedOfMarket(ctx.tx, Number(market.id));
        const players = await this.settleWithin(ctx, market, result, version, actor);
        await this.auditSettlement(ctx, market, result, version, actor, 'market.settle');
        return { ok: true as const, players };
      });
      if (!outcome.ok) throw this.ledgerError(outcome.code);
      for (const runner of market.runners) runner.book = createOrderBook();
      this.applySettled(market, result, version);
      return this.settledAnswer(market, outcome.players, false);
    });
  }

  /** A corrected result: reverse the last settlement with new transactions, then settle again. */
  async resettle(
    marketId: string,
    result: MarketResultBody,
    actor: SettleActor,
  ): Promise<SettlementAnswer> {
    const market = await this.market(marketId);
    this.validateResult(market, result);
    return this.serial(market.id, async () => {
      if (market.status !== 'settled' && market.status !== 'voided') {
        throw new AppError('MARKET_NOT_SETTLED');
      }
      if (sameResult(market.result, result)) return this.settledAnswer(market, 0, true);
      const previousVersion = market.settledVersion;
      const version = previousVersion + 1;
      const outcome = await ledgerTransaction(this.deps, async (ctx) => {
        const previous = await repo.findSettlement(ctx.tx, Number(market.id), previousVersion);
        if (!previous) throw new Error(`settlement ${market.id} v${previousVersion} missing`);
        for (const entry of previous.playerPostings as StoredPlayerPostings[]) {
          const reversed: Posting[] = entry.postings.map((p) => ({
            account:
              p.owner === 'player'
                ? {
                    owner: 'player',
                    playerId: entry.playerId,
                    kind: p.kind as 'cash' | 'exposure_hold',
                  }
                : { owner: 'system', kind: p.kind as 'house' | 'commission' },
            amountPaise: -BigInt(p.amountPaise),
          }));
          if (reversed.length >= 2) {
            await postWithin(ctx, {
              kind: 'bet_settlement',
              postings: reversed,
              idempotencyKey: `unsettle:${market.id}:v${previousVersion}:p${entry.playerId}`,
              description: `${market.name}: result corrected`,
              reference: `MKT-${market.id}`,
              playerId: Number(entry.playerId),
            });
          }
          await repo.setExposure(
            ctx.tx,
            Number(entry.playerId),
            Number(market.id),
            BigInt(entry.heldPaise),
          );
        }
        await repo.markSettlementReversed(ctx.tx, previous.id, ctx.now);
        const players = await this.settleWithin(ctx, market, result, version, actor);
        await this.auditSettlement(ctx, market, result, version, actor, 'market.resettle');
        return { ok: true as const, players };
      });
      if (!outcome.ok) throw this.ledgerError(outcome.code);
      this.applySettled(market, result, version);
      return this.settledAnswer(market, outcome.players, false);
    });
  }

  private applySettled(market: MarketState, result: MarketResultBody, version: number): void {
    market.status = 'void' in result ? 'voided' : 'settled';
    market.result = result;
    market.settledVersion = version;
    market.version += 1;
    this.onChange(market.id);
  }

  private settledAnswer(market: MarketState, players: number, replay: boolean): SettlementAnswer {
    return {
      marketId: market.id,
      status: market.status,
      settlementVersion: market.settledVersion,
      players,
      replay,
    };
  }

  private async auditSettlement(
    ctx: LedgerContext,
    market: MarketState,
    result: MarketResultBody,
    version: number,
    actor: SettleActor,
    action: string,
  ): Promise<void> {
    await insertAudit(ctx.tx, {
      actorType: actor.staffId === null ? 'system' : 'staff',
      actorId: actor.staffId === null ? null : String(actor.staffId),
      action,
      targetType: 'market',
      targetId: market.id,
      before: { status: market.status, result: market.result, version: market.settledVersion },
      after: { result, version },
      reason: null,
      ip: actor.ip,
      createdAt: ctx.now,
    });
  }

  private async settleWithin(
    ctx: LedgerContext,
    market: MarketState,
    result: MarketResultBody,
    version: number,
    actor: SettleActor,
  ): Promise<number> {
    const marketId = Number(market.id);
    const isVoid = 'void' in result;
    const runnerResult =
      isVoid || !('winnerRunnerId' in result)
        ? ({ kind: 'void' } as const)
        : ({ kind: 'winner', runnerId: result.winnerRunnerId } as const);
    const orderPnl = new Map<number, Paise>();
    const addPnl = (orderId: number, pnl: Paise) =>
      orderPnl.set(orderId, (orderPnl.get(orderId) ?? 0n) + pnl);
    let settled: MarketSettlement;
    if (market.type === 'match_odds') {
      const bets: PlayerExchangeBet[] = [];
      for (const fill of await repo.fillsOfMarket(ctx.tx, marketId)) {
        const [taker, maker] = this.betsOfFill(fill);
        bets.push(taker, maker);
        if (runnerResult.kind === 'winner') {
          addPnl(fill.takerOrderId, exchangeBetPnl(taker, runnerResult.runnerId));
          addPnl(fill.makerOrderId, exchangeBetPnl(maker, runnerResult.runnerId));
        } else {
          addPnl(fill.takerOrderId, 0n);
          addPnl(fill.makerOrderId, 0n);
        }
      }
      settled = settleExchangeMarket({
        bets,
        result: runnerResult,
        commissionBasisPoints: market.commissionBps,
      });
    } else {
      const rows = await repo.matchedOrdersOfMarket(ctx.tx, marketId);
      if (market.type === 'bookmaker') {
        const bets = rows.map((o) => ({
          playerId: String(o.playerId),
          side: o.side as 'back' | 'lay',
          runnerId: String(o.runnerId),
          ratePer100: o.rate ?? 0,
          stakePaise: o.matchedPaise,
        }));
        rows.forEach((o, i) =>
          addPnl(
            o.id,
            runnerResult.kind === 'winner' ? bookmakerBetPnl(bets[i]!, runnerResult.runnerId) : 0n,
          ),
        );
        settled = settleBookmakerMarket({ bets, result: runnerResult });
      } else {
        const fancyResult =
          'resultValue' in result
            ? ({ kind: 'value', value: result.resultValue } as const)
            : ({ kind: 'void' } as const);
        const bets = rows.map((o) => ({
          playerId: String(o.playerId),
          side: o.side as 'yes' | 'no',
          line: o.line ?? 0,
          ratePer100: o.rate ?? 0,
          stakePaise: o.matchedPaise,
        }));
        rows.forEach((o, i) =>
          addPnl(
            o.id,
            fancyResult.kind === 'value' ? fancyBetPnl(bets[i]!, fancyResult.value) : 0n,
          ),
        );
        settled = settleFancyMarket({ bets, result: fancyResult });
      }
    }

    const held = new Map(
      (await repo.exposuresOfMarket(ctx.tx, marketId)).map((e) => [
        String(e.playerId),
        e.exposurePaise,
      ]),
    );
    const byPlayer = new Map(settled.players.map((p) => [p.playerId, p]));
    const playerIds = new Set([...held.keys(), ...byPlayer.keys()]);
    const demoPlayers = await repo.demoPlayerIds(ctx.tx, [...playerIds].map(Number));
    const stored: StoredPlayerPostings[] = [];
    const event = this.events.get(market.eventId);
    for (const playerId of playerIds) {
      const heldPaise = held.get(playerId) ?? 0n;
      const p = byPlayer.get(playerId);
      const postings = settlementPostings({
        playerId,
        heldExposurePaise: heldPaise,
        grossPnlPaise: p?.grossPnlPaise ?? 0n,
        commissionPaise: p?.commissionPaise ?? 0n,
        ...(demoPlayers.has(playerId) ? { counterparty: systemAccount('play_money') } : {}),
      });
      if (postings.length >= 2) {
        await postWithin(ctx, {
          kind: 'bet_settlement',
          postings,
          idempotencyKey: `settle:${market.id}:v${version}:p${playerId}`,
          description: `${event?.name ?? 'Event'} - ${market.name}`,
          reference: `MKT-${market.id}`,
          playerId: Number(playerId),
          actorStaffId: actor.staffId ?? undefined,
        });
      }
      stored.push({
        playerId,
        heldPaise: heldPaise.toString(),
        postings: postings.map((posting) => ({
          owner: posting.account.owner,
          kind: posting.account.kind,
          amountPaise: posting.amountPaise.toString(),
        })),
      });
      await repo.setExposure(ctx.tx, Number(playerId), marketId, 0n);
      if (p) {
        const net = p.netPnlPaise;
        ctx.afterCommit.push(
          await storeNotification(ctx.tx, this.deps, Number(playerId), {
            title: isVoid ? 'Market voided' : 'Market settled',
            message: isVoid
              ? `${market.name}: bets refunded`
              : `${market.name}: ${net >= 0n ? 'won' : 'lost'} ${paiseToPoints(net >= 0n ? net : -net).toFixed(2)} points`,
            status: isVoid ? 'info' : net >= 0n ? 'success' : 'info',
          }),
        );
      }
    }
    for (const [orderId, pnl] of orderPnl) {
      await repo.settleOrder(ctx.tx, orderId, isVoid ? 'voided' : 'settled', pnl, ctx.now);
    }
    const inserted = await repo.insertSettlement(ctx.tx, {
      marketId,
      version,
      result,
      playerPostings: stored,
      actorStaffId: actor.staffId,
      createdAt: ctx.now,
    });
    if (!inserted) throw new AppError('CONFLICT');
    await repo.updateMarket(ctx.tx, marketId, {
      status: isVoid ? 'voided' : 'settled',
      settledVersion: version,
      resultVoid: isVoid,
      resultRunnerId: 'winnerRunnerId' in result ? Number(result.winnerRunnerId) : null,
      resultValue: 'resultValue' in result ? result.resultValue : null,
      settledAt: ctx.now,
      version: market.version + 1,
    });
    return playerIds.size;
  }

  /** Test and shutdown hook: replace the in-play delay's timer. */
  setSleep(sleep: (ms: number) => Promise<void>): void {
    this.sleep = sleep;
  }
}
