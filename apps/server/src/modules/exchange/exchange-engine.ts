import type { Language, MarketResultBody, OrderAnswer, SettlementAnswer } from '@spm/contract';
import { inPlayDelayMs, listRestingOrders, objectWith } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import * as repo from './exchange-repository.ts';
import * as changes from './catalogue-changes.ts';
import { auditMarket } from './exchange-audit.ts';
import { eventView, listEventViews, marketSnapshot, sessionBoardView } from './catalogue-views.ts';
import { NameTranslations } from './name-translations.ts';
import type {
  BookmakerPlaceBody,
  ExchangeCommand,
  ExchangePlaceBody,
  FancyPlaceBody,
  PlaceBody,
  PlacementEnv,
} from './exchange-context.ts';
import { resettleMarket, settleMarket } from './exchange-settlement.ts';
import type {
  EventChange,
  EventState,
  MarketChange,
  MarketState,
  MarketWriteOptions,
  RatesWriteOptions,
  NewEventInput,
  NewMarketInput,
  SettleActor,
  WithinChange,
} from './exchange-types.ts';
import { rebalanceHolds } from './exposure-holds.ts';
import { MarketCatalogue } from './market-catalogue.ts';
import { ExchangeWriter } from './exchange-writer.ts';
import { marketKind } from './market-kinds/index.ts';
import { MarketQueue } from './market-queue.ts';
import { placementHash } from './exchange-money.ts';
import { assertNotSuspendedSince, assertOpen, stakeToPaise } from './placement-support.ts';

export type * from './exchange-types.ts';

/** A cancel's idempotency fingerprint: the order and how much of it (null: all that is left). */
function cancelHash(orderId: string, amountPaise: bigint | undefined): string {
  return placementHash({ kind: 'cancel', orderId, amountPaise: amountPaise ?? null });
}

/**
 * The exchange engine (DESIGN 5): one in-memory core order book per runner of each market,
 * rebuilt at boot from the orders table (the truth), and a per-market async queue so every
 * placement, cancel, status change and settlement of one market runs one at a time. What
 * differs between market kinds lives in market-kinds/; the engine looks the kind up by the
 * market's type and never branches on it.
 */
export class ExchangeEngine implements PlacementEnv {
  private readonly queue = new MarketQueue();
  /** Each match-odds market's writer: its placements and cancels, batched (group commit). */
  private readonly writer = new ExchangeWriter(this);
  readonly catalogue: MarketCatalogue;
  /** Market and runner names in other languages, all in memory (docs/server-content-languages.md). */
  readonly names: NameTranslations;
  /** Called after every change of a market that clients should see. */
  onChange: (marketId: string) => void = () => undefined;
  private sleep: (ms: number) => Promise<void> = (ms) =>
    new Promise((resolve) => setTimeout(resolve, ms));

  constructor(readonly deps: ServiceDeps) {
    this.catalogue = new MarketCatalogue(deps.db, (id) => this.queue.depth(id) > 0);
    // A task that ran alone (settlement, status, catalogue) may have changed the fills and
    // holds the writer keeps in memory: it reads them again before its next batch.
    this.queue.afterAlone = (marketId) => this.writer.forget(marketId);
    this.names = new NameTranslations(deps.db, () => deps.realtime.announcementEpoch());
    deps.realtime.onNamesChanged(() => void this.names.load());
  }

  /**
   * Drops what the market's writer keeps in memory (matched bets, held exposure per player):
   * its next batch reads them from the tables. Any task run through `serial` does this on its
   * own; call it when the market's tables may have changed without one (this node takes over
   * a market another node wrote meanwhile).
   */
  forgetWriterState(marketId: string): void {
    this.writer.forget(marketId);
  }

  /**
   * Tests: holds the market's writer so that what is placed meanwhile provably lands in one
   * batch when the returned function is called.
   */
  pauseWriter(marketId: string): () => void {
    return this.queue.pause(marketId);
  }

  /** Tests: commands and tasks of this market queued and not started. */
  queuedAt(marketId: string): number {
    return this.queue.queued(marketId);
  }

  /** Tests and metrics: told the size of every batch a market's writer runs. */
  set onBatch(listener: (marketId: string, size: number) => void) {
    this.queue.onBatch = listener;
  }

  /** Tests and metrics: told how many markets' batches each group transaction carries. */
  set onGroup(listener: (markets: number) => void) {
    this.writer.onGroup = listener;
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
  fence: (tx: DbHandle, marketIds: readonly string[]) => Promise<void> = () => Promise.resolve();

  /** Loads open events and unsettled markets (each book rebuilt from its resting orders) and the translated names. */
  async load(): Promise<void> {
    await Promise.all([this.catalogue.load(), this.names.load()]);
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
    options?: RatesWriteOptions,
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

  /**
   * The session board (GET /bet/sessions): open fancy markets of live events, by event, their
   * names in `language` where staff gave one.
   */
  sessionBoard(language: Language) {
    const board = sessionBoardView(this.events.values(), this.markets);
    const events = board.events.map((event) =>
      objectWith(event, {
        markets: event.markets.map((market) => this.names.localize(market, language)),
      }),
    );
    return objectWith(board, { events });
  }

  // ------------------------------------------------------------------ placing

  checkOpen(market: MarketState): void {
    assertOpen(market, this.events.get(market.eventId));
  }

  /**
   * In play, a bet waits the market's delay and is refused if the market is not open now or
   * was suspended meanwhile, even if it reopened since (DESIGN 5).
   */
  async inPlayDelay(market: MarketState, suspensionsSeen: number): Promise<void> {
    const delayMs = inPlayDelayMs(market);
    if (delayMs === 0) return;
    await this.sleep(delayMs);
    this.checkOpen(market);
    assertNotSuspendedSince(market, suspensionsSeen);
  }

  async replay(playerId: number, key: string, hash: string): Promise<OrderAnswer | null> {
    const existing = await repo.findOrderByKey(this.deps.db, playerId, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return existing.answer as OrderAnswer;
  }

  submitExchange(market: MarketState, command: ExchangeCommand): Promise<OrderAnswer> {
    return this.queue.submit(market.id, this.writer, command);
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
    if (body.kind === 'match_odds') return this.placeOnBook(playerId, body, { stakePaise, hash });
    const first = await this.replay(playerId, body.idempotencyKey, hash);
    if (first) return first;
    const market = await this.market(body.marketId);
    if (market.type !== body.kind) throw new AppError('MARKET_NOT_FOUND');
    return marketKind(market.type).place(this, playerId, market, body, { stakePaise, hash });
  }

  /**
   * Match odds: the market's writer looks up replays for its whole batch in one query, so a
   * new order (nearly every one) costs no lookup before the queue. A replay is still answered
   * first: when a check before the queue refuses the order (the market suspended since, …),
   * and before the in-play delay (a replay does not wait it).
   */
  private async placeOnBook(
    playerId: number,
    body: ExchangePlaceBody,
    order: { stakePaise: bigint; hash: string },
  ): Promise<OrderAnswer> {
    try {
      const market = await this.market(body.marketId);
      if (market.type !== body.kind) throw new AppError('MARKET_NOT_FOUND');
      if (inPlayDelayMs(market) > 0) {
        const first = await this.replay(playerId, body.idempotencyKey, order.hash);
        if (first) return first;
      }
      return await marketKind(market.type).place(this, playerId, market, body, order);
    } catch (error) {
      const answered = error instanceof AppError && error.code === 'IDEMPOTENCY_MISMATCH';
      if (!(error instanceof AppError) || answered) throw error;
      const first = await this.replay(playerId, body.idempotencyKey, order.hash);
      if (first) return first;
      throw error;
    }
  }

  /**
   * Cancels (part of) a resting match-odds order: queued for the market's writer. A player's
   * cancel carries an idempotency key, as a placement does: a cancel already made under it
   * answers its first answer whatever the order and market are now (a retry after a lost
   * answer), another body under it IDEMPOTENCY_MISMATCH. The writer checks the key again in its
   * batch's transaction, so two tries racing each other cancel once.
   */
  async cancel(
    playerId: number,
    body: { orderId: string; stake?: number | undefined; idempotencyKey?: string | undefined },
  ): Promise<OrderAnswer> {
    const amountPaise = body.stake === undefined ? undefined : stakeToPaise(body.stake);
    const keyed =
      body.idempotencyKey === undefined
        ? undefined
        : { idempotencyKey: body.idempotencyKey, hash: cancelHash(body.orderId, amountPaise) };
    if (keyed) {
      const first = await repo.findCancelByKey(this.deps.db, playerId, keyed.idempotencyKey);
      if (first) {
        if (first.requestHash !== keyed.hash) throw new AppError('IDEMPOTENCY_MISMATCH');
        return first.answer as OrderAnswer;
      }
    }
    if (!/^\d+$/.test(body.orderId)) throw new AppError('ORDER_NOT_FOUND');
    const order = await repo.findOrder(this.deps.db, Number(body.orderId));
    if (!order || order.playerId !== playerId) throw new AppError('ORDER_NOT_FOUND');
    const market = await this.market(String(order.marketId));
    if (market.type !== 'match_odds' || order.runnerId === null) {
      throw new AppError('ORDER_NOT_FOUND');
    }
    return this.submitExchange(market, {
      kind: 'cancel',
      playerId,
      runnerId: String(order.runnerId),
      orderId: body.orderId,
      amountPaise,
      keyed,
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

  /**
   * What disagrees between a match-odds market's books and holds in memory and its tables
   * (empty when all agree); for benchmarks and tests, on a quiet market.
   */
  async audit(marketId: string): Promise<string[]> {
    return auditMarket(this.deps.db, await this.market(marketId));
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
