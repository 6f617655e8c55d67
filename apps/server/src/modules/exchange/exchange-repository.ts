import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, type DbHandle } from '../../db/database.ts';
import { pgArray } from '../../db/pg-array.ts';
import {
  competitions,
  events,
  fills,
  marketExposures,
  markets,
  orderCancels,
  orders,
  runners,
  settlements,
} from './tables.ts';
import { marketsOfEvents } from './staff-sports-repository.ts';

/**
 * The only SQL of the exchange: catalogue, orders, fills, exposures and settlements. The bet
 * list and the back office's reads live beside it and are re-exported, so callers keep one import.
 */
export * from './bet-list-repository.ts';
export * from './staff-sports-repository.ts';
export type CompetitionRow = typeof competitions.$inferSelect;
export type { EventRow, FillRow, MarketRow, NewOrder, OrderRow, RunnerRow } from './tables.ts';
import type { EventRow, NewOrder } from './tables.ts';

export async function insertCompetition(db: DbHandle, sportId: number, name: string) {
  const [row] = await db.insert(competitions).values({ sportId, name }).returning();
  return row!;
}

export async function insertEvent(db: DbHandle, row: typeof events.$inferInsert) {
  const [inserted] = await db.insert(events).values(row).returning();
  return inserted!;
}

export async function insertMarket(db: DbHandle, row: typeof markets.$inferInsert) {
  const [inserted] = await db.insert(markets).values(row).returning();
  return inserted!;
}

export async function insertRunner(db: DbHandle, row: typeof runners.$inferInsert) {
  const [inserted] = await db.insert(runners).values(row).returning();
  return inserted!;
}

/** Events still open, or with a market not yet settled: what the engine keeps in memory. */
export async function loadLiveCatalogue(db: DbHandle) {
  const unsettled = db
    .select({ eventId: markets.eventId })
    .from(markets)
    .where(notInArray(markets.status, ['settled', 'voided']));
  const eventRows = await db
    .select()
    .from(events)
    .where(or(inArray(events.status, ['upcoming', 'in_play']), inArray(events.id, unsettled)));
  return loadEventsDetail(db, eventRows);
}

export async function loadEventById(db: DbHandle, eventId: number) {
  const eventRows = await db.select().from(events).where(eq(events.id, eventId));
  return loadEventsDetail(db, eventRows);
}

async function loadEventsDetail(db: DbHandle, eventRows: EventRow[]) {
  const eventIds = eventRows.map((e) => e.id);
  const competitionRows =
    eventRows.length === 0
      ? []
      : await db
          .select()
          .from(competitions)
          .where(
            inArray(
              competitions.id,
              eventRows.map((e) => e.competitionId),
            ),
          );
  const { marketRows, runnerRows } = await marketsOfEvents(db, eventIds);
  const marketIds = marketRows.map((m) => m.id);
  const restingRows =
    marketIds.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(
            and(
              inArray(orders.marketId, marketIds),
              inArray(orders.status, ['unmatched', 'partially_matched']),
            ),
          )
          .orderBy(asc(orders.seq));
  const volumes =
    marketIds.length === 0
      ? []
      : await db
          .select({
            marketId: fills.marketId,
            total: sql<string>`sum(${fills.stakePaise})`,
          })
          .from(fills)
          .where(inArray(fills.marketId, marketIds))
          .groupBy(fills.marketId);
  return { eventRows, competitionRows, marketRows, runnerRows, restingRows, volumes };
}

export async function updateEvent(
  db: DbHandle,
  eventId: number,
  values: Partial<
    Pick<
      typeof events.$inferInsert,
      'name' | 'homeTeam' | 'awayTeam' | 'startTime' | 'status' | 'liveTvUrl'
    >
  >,
) {
  await db.update(events).set(values).where(eq(events.id, eventId));
}

export async function updateMarket(
  db: DbHandle,
  marketId: number,
  values: Partial<typeof markets.$inferInsert>,
) {
  await db.update(markets).set(values).where(eq(markets.id, marketId));
}

/**
 * The runners' rates and the market's new version in one statement; `alongside`, a
 * data-modifying statement of the caller's (the staff audit row), runs inside it too, so the
 * three are written together or not at all without a transaction (one wait, no BEGIN or
 * COMMIT).
 */
export async function writeRunnerRates(
  db: DbHandle,
  marketId: number,
  rates: readonly { runnerId: number; backRate: number | null; layRate: number | null }[],
  version: number,
  alongside?: SQL,
) {
  await executePreparedRows(
    db,
    sql`with rated as (
          update runners r set back_rate = x.back, lay_rate = x.lay
          from unnest(${pgArray(rates.map((rate) => rate.runnerId))}::bigint[],
                      ${pgArray(rates.map((rate) => rate.backRate))}::int[],
                      ${pgArray(rates.map((rate) => rate.layRate))}::int[]) as x(id, back, lay)
          where r.id = x.id and r.market_id = ${marketId}
        )${alongside === undefined ? sql.empty() : sql`, alongside as (${alongside})`}
        update markets set version = ${version} where id = ${marketId}`,
  );
}

export async function findOrderByKey(db: DbHandle, playerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.playerId, playerId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** A cancel the player made before under this key (its first answer), if any. */
export async function findCancelByKey(db: DbHandle, playerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orderCancels)
    .where(
      and(eq(orderCancels.playerId, playerId), eq(orderCancels.idempotencyKey, idempotencyKey)),
    );
  return row;
}

/** The cancels made before under any of these (player, idempotency key) pairs. */
export async function cancelsByKeys(
  db: DbHandle,
  keys: readonly { playerId: number; idempotencyKey: string }[],
): Promise<KeyedOrder[]> {
  if (keys.length === 0) return [];
  const rows = await executePreparedRows<{
    player_id: string | number;
    idempotency_key: string;
    request_hash: string;
    answer: unknown;
  }>(
    db,
    sql`select c.player_id, c.idempotency_key, c.request_hash, c.answer
        from order_cancels c
        where (c.player_id, c.idempotency_key) in
          (select * from unnest(${pgArray(keys.map((k) => k.playerId))}::bigint[],
            ${pgArray(keys.map((k) => k.idempotencyKey))}::text[]))`,
  );
  return rows.map((row) => ({
    playerId: Number(row.player_id),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    answer: typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer,
  }));
}

/** The keyed cancels a batch made, with their answers (in the batch's transaction). */
export type NewOrderCancel = typeof orderCancels.$inferInsert;

export async function insertCancels(db: DbHandle, rows: readonly NewOrderCancel[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(orderCancels).values([...rows]);
}

export async function findOrder(db: DbHandle, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The next order id, taken before the insert: it is also the order's time priority (seq). */
export async function nextOrderId(db: DbHandle): Promise<number> {
  const result = (await db.execute(
    sql`select nextval('orders_id_seq'::regclass) as id`,
  )) as unknown as { rows: { id: string | number }[] };
  return Number(result.rows[0]!.id);
}

export async function insertOrder(db: DbHandle, row: NewOrder) {
  const [inserted] = await db.insert(orders).values(row).returning();
  return inserted!;
}

const statusCase = sql`case
  when ${orders.stakePaise} - ${orders.matchedPaise} - ${orders.cancelledPaise} > 0
    then case when ${orders.matchedPaise} > 0 then 'partially_matched' else 'unmatched' end
  when ${orders.matchedPaise} > 0 then 'matched' else 'cancelled' end`;

/** Adds to an order's matched and cancelled amounts and recomputes its status. */
export async function addToOrder(
  db: DbHandle,
  orderId: number,
  matchedPaise: bigint,
  cancelledPaise: bigint,
  answer?: unknown,
) {
  await db
    .update(orders)
    .set({
      matchedPaise: sql`${orders.matchedPaise} + ${matchedPaise.toString()}::bigint`,
      cancelledPaise: sql`${orders.cancelledPaise} + ${cancelledPaise.toString()}::bigint`,
      ...(answer === undefined ? {} : { answer }),
    })
    .where(eq(orders.id, orderId));
  const [row] = await db
    .update(orders)
    .set({ status: statusCase })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

export async function setOrderAnswer(db: DbHandle, orderId: number, answer: unknown) {
  await db.update(orders).set({ answer }).where(eq(orders.id, orderId));
}

/** Cancels every unmatched remainder of a market (before settling). */
export async function cancelUnmatchedOfMarket(db: DbHandle, marketId: number) {
  await db
    .update(orders)
    .set({ cancelledPaise: sql`${orders.stakePaise} - ${orders.matchedPaise}` })
    .where(
      and(
        eq(orders.marketId, marketId),
        inArray(orders.status, ['unmatched', 'partially_matched']),
      ),
    );
  await db
    .update(orders)
    .set({ status: statusCase })
    .where(
      and(
        eq(orders.marketId, marketId),
        inArray(orders.status, ['unmatched', 'partially_matched']),
      ),
    );
}

export async function fillsOfMarket(db: DbHandle, marketId: number, playerId?: number) {
  return db
    .select()
    .from(fills)
    .where(
      playerId === undefined
        ? eq(fills.marketId, marketId)
        : and(
            eq(fills.marketId, marketId),
            or(eq(fills.takerPlayerId, playerId), eq(fills.makerPlayerId, playerId)),
          ),
    );
}

/** Matched orders of a market (bookmaker, fancy: the house is the counterparty). */
export async function matchedOrdersOfMarket(db: DbHandle, marketId: number, playerId?: number) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.marketId, marketId),
        sql`${orders.matchedPaise} > 0`,
        playerId === undefined ? undefined : eq(orders.playerId, playerId),
      ),
    );
}

export async function heldExposure(db: DbHandle, playerId: number, marketId: number) {
  const [row] = await db
    .select()
    .from(marketExposures)
    .where(and(eq(marketExposures.playerId, playerId), eq(marketExposures.marketId, marketId)));
  return row?.exposurePaise ?? 0n;
}

export async function setExposure(
  db: DbHandle,
  playerId: number,
  marketId: number,
  exposurePaise: bigint,
) {
  await db
    .insert(marketExposures)
    .values({ playerId, marketId, exposurePaise })
    .onConflictDoUpdate({
      target: [marketExposures.playerId, marketExposures.marketId],
      set: { exposurePaise },
    });
}

export async function exposuresOfMarket(db: DbHandle, marketId: number) {
  return db.select().from(marketExposures).where(eq(marketExposures.marketId, marketId));
}

export async function exposuresOfPlayer(db: DbHandle, playerId: number) {
  return db.select().from(marketExposures).where(eq(marketExposures.playerId, playerId));
}

export async function insertSettlement(db: DbHandle, row: typeof settlements.$inferInsert) {
  const [inserted] = await db.insert(settlements).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSettlement(db: DbHandle, marketId: number, version: number) {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.marketId, marketId), eq(settlements.version, version)));
  return row;
}

export async function markSettlementReversed(db: DbHandle, id: number, at: Date) {
  await db.update(settlements).set({ reversedAt: at }).where(eq(settlements.id, id));
}

export async function settleOrder(
  db: DbHandle,
  orderId: number,
  status: 'settled' | 'voided',
  profitLossPaise: bigint,
  at: Date,
) {
  await db
    .update(orders)
    .set({ status, profitLossPaise, settledAt: at })
    .where(eq(orders.id, orderId));
}

export async function eventIdOfMarket(db: DbHandle, marketId: number) {
  const [row] = await db
    .select({ eventId: markets.eventId })
    .from(markets)
    .where(eq(markets.id, marketId));
  return row?.eventId;
}

// ------------------------------------------------------------------ market writer (batches)

/** An order placed before under a key a batch brings again. */
export interface KeyedOrder {
  playerId: number;
  idempotencyKey: string;
  requestHash: string;
  answer: unknown;
}

/**
 * One round trip at the start of a batch: the orders already placed under any of these
 * (player, idempotency key) pairs, and `count` new order ids, ascending (they are also the
 * orders' time priority; ids a batch does not use are gaps, as a rolled-back insert leaves).
 */
export async function replaysAndOrderIds(
  db: DbHandle,
  keys: readonly { playerId: number; idempotencyKey: string }[],
  count: number,
): Promise<{ replays: KeyedOrder[]; orderIds: number[] }> {
  if (keys.length === 0 && count === 0) return { replays: [], orderIds: [] };
  const players = pgArray(keys.map((k) => k.playerId));
  const idempotencyKeys = pgArray(keys.map((k) => k.idempotencyKey));
  const rows = await executePreparedRows<{
    id: string | number;
    player_id: string | number | null;
    idempotency_key: string | null;
    request_hash: string | null;
    answer: unknown;
  }>(
    db,
    sql`select o.id, o.player_id, o.idempotency_key, o.request_hash, o.answer
        from orders o
        where (o.player_id, o.idempotency_key) in
          (select * from unnest(${players}::bigint[], ${idempotencyKeys}::text[]))
        union all
        select nextval('orders_id_seq'::regclass), null::bigint, null::text,
          null::text, null::jsonb
        from generate_series(1, ${count})`,
  );
  const replays: KeyedOrder[] = [];
  const orderIds: number[] = [];
  for (const row of rows) {
    if (row.player_id === null) {
      orderIds.push(Number(row.id));
      continue;
    }
    replays.push({
      playerId: Number(row.player_id),
      idempotencyKey: row.idempotency_key!,
      requestHash: row.request_hash!,
      answer: typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer,
    });
  }
  return { replays, orderIds: orderIds.sort((x, y) => x - y) };
}

/** `count` new order ids from the orders' sequence (`OrderIdsAhead` puts them in order). */
export async function drawOrderIds(db: DbHandle, count: number): Promise<number[]> {
  const rows = await executePreparedRows<{ id: string | number }>(
    db,
    sql`select nextval('orders_id_seq'::regclass) as id
        from generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => Number(row.id));
}

/** What a batch adds to orders that existed before it (fills as maker, cancels). */
export interface OrderDelta {
  orderId: number;
  matchedPaise: bigint;
  cancelledPaise: bigint;
}

/** The orders a batch cancels, as they stand before it (their cancelled totals name the holds). */
export async function ordersByIds(db: DbHandle, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(sql`${orders.id} = any(${pgArray(orderIds)}::bigint[])`);
}

/** Every fill these orders took part in, as taker or maker (a cancel's average price). */
export async function fillsOfOrders(db: DbHandle, marketId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const ids = pgArray(orderIds);
  return db
    .select()
    .from(fills)
    .where(
      and(
        eq(fills.marketId, marketId),
        sql`(${fills.takerOrderId} = any(${ids}::bigint[]) or ${fills.makerOrderId} = any(${ids}::bigint[]))`,
      ),
    );
}

/** Everything a market writer's batch writes to the exchange's tables. */
export interface BatchWrites {
  marketId: number;
  now: Date;
  /** New orders with their amounts and status after the batch, and their stored answers. */
  orders: NewOrder[];
  fills: (typeof fills.$inferInsert)[];
  /** What the batch adds to orders that existed before it. */
  deltas: readonly OrderDelta[];
  /** Players whose held exposure of the market changed, and its new amount. */
  exposures: readonly { playerId: number; exposurePaise: bigint }[];
  /** The market's new version, or null when the batch changed no book. */
  version: number | null;
}

/**
 * The writes of one or more markets' batches in ONE statement (one round trip): the new
 * orders, the fills, the older orders' new amounts and statuses, the exposures and the market
 * versions, as data-modifying CTEs over unnest()ed arrays. A fill names its orders without a
 * foreign key (docs/decisions.md "No foreign keys between rows written together"): the taker
 * is inserted by this statement, the maker is in the book, which holds only orders of this
 * statement or of the orders table, and orders are never deleted.
 */
export async function writeBatches(db: DbHandle, writes: readonly BatchWrites[]): Promise<void> {
  if (writes.length === 0) return;
  // Each row's market in an array beside the rows, not a copy of each row with it added.
  const o = writes.flatMap((w) => w.orders);
  const oMarkets = writes.flatMap((w) => w.orders.map(() => w.marketId));
  const f = writes.flatMap((w) => w.fills);
  const fMarkets = writes.flatMap((w) => w.fills.map(() => w.marketId));
  const deltas = writes.flatMap((w) => w.deltas);
  const held = writes.flatMap((w) => w.exposures);
  const heldMarkets = writes.flatMap((w) => w.exposures.map(() => w.marketId));
  const versions = writes.flatMap((w) =>
    w.version === null ? [] : [{ marketId: w.marketId, version: w.version }],
  );
  const now = writes[0]!.now.toISOString();
  await executePreparedRows(
    db,
    sql`
    with new_orders as (
      insert into orders (id, player_id, market_id, runner_id, side, price_hundredths,
        stake_paise, matched_paise, cancelled_paise, status, idempotency_key, request_hash,
        answer, seq, created_at)
      select n.id, n.player_id, n.market_id, n.runner_id, n.side, n.price, n.stake, n.matched,
        n.cancelled, n.status, n.key, n.hash, n.answer::jsonb, n.id, ${now}::timestamptz
      from unnest(
        ${pgArray(o.map((r) => r.id!))}::bigint[], ${pgArray(o.map((r) => r.playerId))}::bigint[],
        ${pgArray(oMarkets)}::bigint[],
        ${pgArray(o.map((r) => r.runnerId!))}::bigint[], ${pgArray(o.map((r) => r.side))}::text[],
        ${pgArray(o.map((r) => r.priceHundredths!))}::int[],
        ${pgArray(o.map((r) => r.stakePaise))}::bigint[],
        ${pgArray(o.map((r) => r.matchedPaise ?? 0n))}::bigint[],
        ${pgArray(o.map((r) => r.cancelledPaise ?? 0n))}::bigint[],
        ${pgArray(o.map((r) => r.status))}::text[],
        ${pgArray(o.map((r) => r.idempotencyKey))}::text[],
        ${pgArray(o.map((r) => r.requestHash))}::text[],
        ${pgArray(o.map((r) => JSON.stringify(r.answer)))}::text[]
      ) as n(id, player_id, market_id, runner_id, side, price, stake, matched, cancelled, status,
        key, hash, answer)
      returning 1
    ), new_fills as (
      insert into fills (market_id, runner_id, taker_order_id, maker_order_id, taker_player_id,
        maker_player_id, taker_side, price_hundredths, stake_paise, created_at)
      select n.market_id, n.runner_id, n.taker, n.maker, n.taker_player, n.maker_player, n.side,
        n.price, n.stake, ${now}::timestamptz
      from unnest(
        ${pgArray(fMarkets)}::bigint[],
        ${pgArray(f.map((r) => r.runnerId))}::bigint[],
        ${pgArray(f.map((r) => r.takerOrderId))}::bigint[],
        ${pgArray(f.map((r) => r.makerOrderId))}::bigint[],
        ${pgArray(f.map((r) => r.takerPlayerId))}::bigint[],
        ${pgArray(f.map((r) => r.makerPlayerId))}::bigint[],
        ${pgArray(f.map((r) => r.takerSide))}::text[],
        ${pgArray(f.map((r) => r.priceHundredths))}::int[],
        ${pgArray(f.map((r) => r.stakePaise))}::bigint[]
      ) as n(market_id, runner_id, taker, maker, taker_player, maker_player, side, price, stake)
      returning 1
    ), changed_orders as (
      update orders o set
        matched_paise = o.matched_paise + d.matched,
        cancelled_paise = o.cancelled_paise + d.cancelled,
        status = case
          when o.stake_paise - o.matched_paise - d.matched - o.cancelled_paise - d.cancelled > 0
            then case when o.matched_paise + d.matched > 0 then 'partially_matched' else 'unmatched' end
          when o.matched_paise + d.matched > 0 then 'matched' else 'cancelled' end
      from unnest(
        ${pgArray(deltas.map((d) => d.orderId))}::bigint[],
        ${pgArray(deltas.map((d) => d.matchedPaise))}::bigint[],
        ${pgArray(deltas.map((d) => d.cancelledPaise))}::bigint[]
      ) as d(id, matched, cancelled)
      where o.id = d.id
      returning 1
    ), exposures as (
      insert into market_exposures (player_id, market_id, exposure_paise)
      select e.player_id, e.market_id, e.exposure
      from unnest(
        ${pgArray(held.map((e) => e.playerId))}::bigint[],
        ${pgArray(heldMarkets)}::bigint[],
        ${pgArray(held.map((e) => e.exposurePaise))}::bigint[]
      ) as e(player_id, market_id, exposure)
      on conflict (player_id, market_id) do update set exposure_paise = excluded.exposure_paise
      returning 1
    ), market_version as (
      update markets m set version = v.version
      from unnest(
        ${pgArray(versions.map((v) => v.marketId))}::bigint[],
        ${pgArray(versions.map((v) => v.version))}::bigint[]
      ) as v(id, version)
      where m.id = v.id
      returning 1
    )
    select (select count(*) from new_orders) as orders, (select count(*) from new_fills) as fills,
      (select count(*) from changed_orders) as changed, (select count(*) from exposures) as held,
      (select count(*) from market_version) as versions`,
    // Planned once per connection (genericPlan): orders and markets are found by primary key
    // only, the rest is inserted; planning it for each group cost PostgreSQL 0.34 ms.
    { genericPlan: true },
  );
}
