import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import {
  competitions,
  events,
  fills,
  marketExposures,
  markets,
  orders,
  runners,
  settlements,
} from './tables.ts';
import { users } from '../identity/tables.ts';

/** The only SQL of the exchange: catalogue, orders, fills, exposures and settlements. */
export type CompetitionRow = typeof competitions.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;
export type RunnerRow = typeof runners.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

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
  const marketRows =
    eventIds.length === 0
      ? []
      : await db
          .select()
          .from(markets)
          .where(inArray(markets.eventId, eventIds))
          .orderBy(asc(markets.id));
  const marketIds = marketRows.map((m) => m.id);
  const runnerRows =
    marketIds.length === 0
      ? []
      : await db
          .select()
          .from(runners)
          .where(inArray(runners.marketId, marketIds))
          .orderBy(asc(runners.marketId), asc(runners.sort));
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

export async function updateRunnerRates(
  db: DbHandle,
  runnerId: number,
  backRate: number | null,
  layRate: number | null,
) {
  await db.update(runners).set({ backRate, layRate }).where(eq(runners.id, runnerId));
}

export async function findOrderByKey(db: DbHandle, playerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.playerId, playerId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findOrder(db: DbHandle, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The next order id, taken before the insert: it is also the order's time priority (seq). */
export async function nextOrderId(db: DbHandle): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`,
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

export async function insertFills(db: DbHandle, rows: (typeof fills.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(fills).values(rows);
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

/** Which of these players are demo accounts (their bets settle against play money). */
export async function demoPlayerIds(db: DbHandle, playerIds: number[]): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, playerIds), eq(users.isDemo, true)));
  return new Set(rows.map((row) => String(row.id)));
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

export interface BetListRow {
  order: OrderRow;
  marketName: string;
  marketType: MarketRow['type'];
  commissionBps: number;
  eventId: number;
  eventName: string;
  runnerName: string | null;
}

/** A player's orders for GET /bets, newest first, with the filter of betsQuerySchema. */
export async function listPlayerOrders(
  db: DbHandle,
  playerId: number,
  filter: {
    status?: 'unmatched' | 'matched' | 'settled' | undefined;
    sportId?: number | undefined;
    eventId?: number | undefined;
  },
  limit: number,
  offset: number,
): Promise<{ rows: BetListRow[]; total: number }> {
  const statusFilter =
    filter.status === 'unmatched'
      ? inArray(orders.status, ['unmatched', 'partially_matched'])
      : filter.status === 'matched'
        ? and(
            sql`${orders.matchedPaise} > 0`,
            inArray(orders.status, ['matched', 'partially_matched', 'cancelled']),
          )
        : filter.status === 'settled'
          ? inArray(orders.status, ['settled', 'voided'])
          : undefined;
  const where = and(
    eq(orders.playerId, playerId),
    statusFilter,
    filter.sportId === undefined ? undefined : eq(events.sportId, filter.sportId),
    filter.eventId === undefined ? undefined : eq(events.id, filter.eventId),
  );
  const rows = await db
    .select({
      order: orders,
      marketName: markets.name,
      marketType: markets.type,
      commissionBps: markets.commissionBps,
      eventId: events.id,
      eventName: events.name,
      runnerName: runners.name,
    })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(events, eq(events.id, markets.eventId))
    .leftJoin(runners, eq(runners.id, orders.runnerId))
    .where(where)
    .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`)
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(events, eq(events.id, markets.eventId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

// ------------------------------------------------------------------ back office (staff)

/** A competition of the sport by name, whatever its case (staff type names, not ids). */
export async function findCompetitionByName(db: DbHandle, sportId: number, name: string) {
  const [row] = await db
    .select()
    .from(competitions)
    .where(
      and(eq(competitions.sportId, sportId), sql`lower(${competitions.name}) = lower(${name})`),
    )
    .orderBy(asc(competitions.id))
    .limit(1);
  return row;
}

export interface StaffEventFilter {
  sportId?: number | undefined;
  status?: EventRow['status'] | undefined;
  /** Contained in the event's or competition's name, or the event id. */
  q?: string | undefined;
}

export interface StaffEventRow {
  event: EventRow;
  competitionName: string;
}

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every event (closed too) for the back office, newest start first. */
export async function listStaffEvents(
  db: DbHandle,
  filter: StaffEventFilter,
  limit: number,
  offset: number,
): Promise<{ rows: StaffEventRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.sportId === undefined ? undefined : eq(events.sportId, filter.sportId),
    filter.status === undefined ? undefined : eq(events.status, filter.status),
  ];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(events.name, pattern),
        ilike(competitions.name, pattern),
        /^\d{1,15}$/.test(filter.q) ? eq(events.id, Number(filter.q)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({ event: events, competitionName: competitions.name })
    .from(events)
    .innerJoin(competitions, eq(competitions.id, events.competitionId))
    .where(where)
    .orderBy(desc(events.startTime), desc(events.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(events)
    .innerJoin(competitions, eq(competitions.id, events.competitionId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findStaffEvent(db: DbHandle, eventId: number) {
  const [row] = await db
    .select({ event: events, competitionName: competitions.name })
    .from(events)
    .innerJoin(competitions, eq(competitions.id, events.competitionId))
    .where(eq(events.id, eventId));
  return row;
}

/** The markets (by id) and runners (by sort) of these events, as stored. */
export async function marketsOfEvents(db: DbHandle, eventIds: number[]) {
  if (eventIds.length === 0) return { marketRows: [], runnerRows: [] };
  const marketRows = await db
    .select()
    .from(markets)
    .where(inArray(markets.eventId, eventIds))
    .orderBy(asc(markets.id));
  const marketIds = marketRows.map((m) => m.id);
  const runnerRows =
    marketIds.length === 0
      ? []
      : await db
          .select()
          .from(runners)
          .where(inArray(runners.marketId, marketIds))
          .orderBy(asc(runners.marketId), asc(runners.sort));
  return { marketRows, runnerRows };
}

export interface MarketTotals {
  /** Sum of the players' held exposure on the market. */
  exposurePaise: bigint;
  /** Exchange: matched backers' stakes (each fill once). */
  filledPaise: bigint;
  /** Bookmaker and fancy: matched stakes against the house. */
  matchedOrdersPaise: bigint;
}

/** Per market: held exposure, filled and matched stakes (three grouped queries). */
export async function marketTotals(
  db: DbHandle,
  marketIds: number[],
): Promise<Map<number, MarketTotals>> {
  const totals = new Map<number, MarketTotals>();
  if (marketIds.length === 0) return totals;
  const of = (marketId: number) => {
    let entry = totals.get(marketId);
    if (!entry) {
      entry = { exposurePaise: 0n, filledPaise: 0n, matchedOrdersPaise: 0n };
      totals.set(marketId, entry);
    }
    return entry;
  };
  const exposures = await db
    .select({
      marketId: marketExposures.marketId,
      total: sql<string>`sum(${marketExposures.exposurePaise})`,
    })
    .from(marketExposures)
    .where(inArray(marketExposures.marketId, marketIds))
    .groupBy(marketExposures.marketId);
  for (const row of exposures) of(row.marketId).exposurePaise = BigInt(row.total);
  const filled = await db
    .select({ marketId: fills.marketId, total: sql<string>`sum(${fills.stakePaise})` })
    .from(fills)
    .where(inArray(fills.marketId, marketIds))
    .groupBy(fills.marketId);
  for (const row of filled) of(row.marketId).filledPaise = BigInt(row.total);
  const matched = await db
    .select({ marketId: orders.marketId, total: sql<string>`sum(${orders.matchedPaise})` })
    .from(orders)
    .where(and(inArray(orders.marketId, marketIds), sql`${orders.matchedPaise} > 0`))
    .groupBy(orders.marketId);
  for (const row of matched) of(row.marketId).matchedOrdersPaise = BigInt(row.total);
  return totals;
}

/** Usernames of these players (the market book names who holds what). */
export async function usernamesOf(db: DbHandle, playerIds: number[]): Promise<Map<number, string>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, playerIds));
  return new Map(rows.map((row) => [row.id, row.username]));
}
