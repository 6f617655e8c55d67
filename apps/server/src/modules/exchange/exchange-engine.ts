import type { MarketResultBody, OrderAnswer, SettlementAnswer } from '@spm/contract';
import { cancelOrder, inPlayDelayMs, listRestingOrders } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import * as repo from './exchange-repository.ts';
import * as changes from './catalogue-changes.ts';
import { eventView, listEventViews, marketSnapshot } from './catalogue-views.ts';
import type {
  BookmakerPlaceBody,
  ExchangePlaceBody,
  FancyPlaceBody,
  PlaceBody,
  PlacementEnv,
} from './exchange-context.ts';
import { moneyTransaction } from './exchange-money.ts';
import { resettleMarket, settleMarket } from './exchange-settlement.ts';
import type {
  EventChange,
  EventState,
  MarketChange,
  MarketState,
  MarketWriteOptions,
  NewEventInput,
  NewMarketInput,
  SettleActor,
  WithinChange,
} from './exchange-types.ts';
import { rebalanceHolds } from './exposure-holds.ts';
import { MarketCatalogue } from './market-catalogue.ts';
import { marketKind } from './market-kinds/index.ts';
import { MarketQueue } from './market-queue.ts';
import {
  assertOpen,
  cloneBook,
  ledgerError,
  orderAnswer,
  stakeToPaise,
} from './placement-support.ts';

export type * from './exchange-types.ts';

/**
 * The exchange engine (DESIGN 5): one in-memory core order book per runner of each market,
 * rebuilt at boot from the orders table (the truth), and a per-market async queue so every
 * placement, cancel, status change and settlement of one market runs one at a time. What
 * differs between market kinds lives in market-kinds/; the engine looks the kind up by the
 * market's type and never branches on it.
 */
export class ExchangeEngine implements PlacementEnv {
  private readonly queue = new MarketQueue();
  readonly catalogue: MarketCatalogue;
  /** Called after every change of a market that clients should see. */
  onChange: (marketId: string) => void = () => undefined;
  private sleep: (ms: number) => Promise<void> = (ms) =>
    new Promise((resolve) => setTimeout(resolve, ms));

  constructor(readonly deps: ServiceDeps) {
    this.catalogue = new MarketCatalogue(deps.db, (id) => this.queue.depth(id) > 0);
  }

  get events(): Map<string, EventState> {
    return this.catalogue.events;
  }

  get markets(): Map<string, MarketState> {
    return this.catalogue.markets;
  }

  /** Runs `work` after every earlier task of this market: one at a time per market. */
  serial<T>(marketId: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(marketId, work);
  }

  changed(marketId: string): void {
    this.onChange(marketId);
  }

  /** Replaced by the cluster's market ownership (several nodes); one node owns every market. */
  fence: (tx: DbHandle, marketId: string) => Promise<void> = () => Promise.resolve();

  /** Loads open events and unsettled markets, rebuilding each book from its resting orders. */
  load(): Promise<void> {
    return this.catalogue.load();
  }

  /** A market, loading it (and its event) from the database when it is no longer in memory. */
  market(marketId: string): Promise<MarketState> {
    return this.catalogue.market(marketId);
  }

  getEvent(eventId: string): Promise<EventState> {
    return this.catalogue.event(eventId);
  }

  // ------------------------------------------------------------------ catalogue

  async createCompetition(sportId: number, name: string): Promise<string> {
    return String((await repo.insertCompetition(this.deps.db, sportId, name)).id);
  }

  createEvent(
    input: NewEventInput,
    within?: (tx: DbHandle, eventId: string) => Promise<void>,
  ): Promise<EventState> {
    return changes.createEvent(this, input, within);
  }

  /** A new market on an existing event: its books exist (empty) as soon as this returns. */
  createMarket(
    eventId: string,
    input: NewMarketInput,
    within?: (tx: DbHandle, marketId: string) => Promise<void>,
  ): Promise<MarketState> {
    return changes.createMarket(this, eventId, input, within);
  }

  /** Status (through setEventStatus), teams, start time, live TV: one transaction. */
  updateEvent(
    eventId: string,
    change: EventChange,
    within?: WithinChange<EventState>,
  ): Promise<EventState> {
    return changes.updateEvent(this, eventId, change, within);
  }

  async setEventStatus(eventId: string, status: EventState['status']): Promise<void> {
    await this.updateEvent(eventId, { status });
  }

  /** Status, in-play flag, fancy line, limits and rates: anything but orders. */
  updateMarket(marketId: string, change: MarketChange, options?: MarketWriteOptions) {
    return changes.updateMarket(this, marketId, change, options);
  }

  setRunnerRates(
    marketId: string,
    rates: { runnerId: string; backRate: number | null; layRate: number | null }[],
    options?: MarketWriteOptions,
  ): Promise<void> {
    return changes.setRunnerRates(this, marketId, rates, options);
  }

  snapshot(market: MarketState) {
    return marketSnapshot(market);
  }

  eventView(event: EventState) {
    return eventView(event, this.markets);
  }

  /** Open events, in play first then by start time (GET /bet/matches). */
  listEvents(query: { sportId?: number | undefined; page: number; pageSize: number }) {
    return listEventViews(this.events.values(), this.markets, query);
  }

  // ------------------------------------------------------------------ placing

  checkOpen(market: MarketState): void {
    assertOpen(market, this.events.get(market.eventId));
  }

  /** In play, a bet waits the market's delay and is refused if the market changed meanwhile. */
  async inPlayDelay(market: MarketState): Promise<void> {
    const delayMs = inPlayDelayMs(market);
    if (delayMs === 0) return;
    await this.sleep(delayMs);
    this.checkOpen(market);
  }

  async replay(playerId: number, key: string, hash: string): Promise<OrderAnswer | null> {
    const existing = await repo.findOrderByKey(this.deps.db, playerId, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return existing.answer as OrderAnswer;
  }

  rebalanceHolds: PlacementEnv['rebalanceHolds'] = (ctx, market, playerIds, move) =>
    rebalanceHolds(this.deps, ctx, market, playerIds, move);

  /** Match odds: an order on the book, matched against what rests there. */
  placeExchange(playerId: number, body: Omit<ExchangePlaceBody, 'kind'>): Promise<OrderAnswer> {
    return this.place(playerId, { kind: 'match_odds', ...body });
  }

  /** Bookmaker and fancy: the house takes the other side at the current rate. */
  placeHouse(playerId: number, body: BookmakerPlaceBody | FancyPlaceBody): Promise<OrderAnswer> {
    return this.place(playerId, body);
  }

  /** Any bet: replayed if its key was seen, else handed to its market's kind. */
  private async place(playerId: number, body: PlaceBody): Promise<OrderAnswer> {
    const stakePaise = stakeToPaise(body.stake);
    const hash = marketKind(body.kind).fingerprint(body, stakePaise);
    const first = await this.replay(playerId, body.idempotencyKey, hash);
    if (first) return first;
    const market = await this.market(body.marketId);
    if (market.type !== body.kind) throw new AppError('MARKET_NOT_FOUND');
    return marketKind(market.type).place(this, playerId, market, body, { stakePaise, hash });
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
      const result = await moneyTransaction(this.deps, async (ctx) => {
        await this.fence(ctx.tx, market.id);
        const row = await repo.addToOrder(ctx.tx, order.id, 0n, cancelled.cancelledPaise);
        await this.rebalanceHolds(ctx, market, [playerId], {
          key: `cancel:${order.id}:${row.cancelledPaise}`,
          playerId,
          stakePaise: 0n,
          reference: `CANCEL-${order.id}`,
        });
        market.version += 1;
        await repo.updateMarket(ctx.tx, Number(market.id), { version: market.version });
        return { ok: true as const, row };
      }).catch((error: unknown) => {
        runner.book = cloneBook(before);
        throw error;
      });
      if (!result.ok) {
        runner.book = cloneBook(before);
        throw ledgerError(result.code);
      }
      this.onChange(market.id);
      const fills = (await repo.fillsOfMarket(this.deps.db, Number(market.id))).filter(
        (f) => f.takerOrderId === order.id || f.makerOrderId === order.id,
      );
      return orderAnswer(result.row, fills);
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

  // ------------------------------------------------------------------ settling

  /** Settles a market; the same result again pays nothing (see exchange-settlement.ts). */
  settle(
    marketId: string,
    result: MarketResultBody,
    actor: SettleActor,
  ): Promise<SettlementAnswer> {
    return settleMarket(this, marketId, result, actor);
  }

  /** A corrected result: reverse the last settlement with new transactions, then settle again. */
  resettle(
    marketId: string,
    result: MarketResultBody,
    actor: SettleActor,
  ): Promise<SettlementAnswer> {
    return resettleMarket(this, marketId, result, actor);
  }

  /** Test and shutdown hook: replace the in-play delay's timer. */
  setSleep(sleep: (ms: number) => Promise<void>): void {
    this.sleep = sleep;
  }
}
