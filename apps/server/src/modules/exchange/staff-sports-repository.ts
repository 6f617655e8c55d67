import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { pgArray } from '../../db/pg-array.ts';
import { competitions, events, markets, runners } from './tables.ts';
import { users } from '../identity/tables.ts';
import type { EventRow } from './tables.ts';

/** The back office's reads of the sports catalogue (issue 7). */

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
export function marketsOfEvents(db: DbHandle, eventIds: number[]) {
  return marketsAndRunners(db, eventIds.length === 0 ? null : inArray(markets.eventId, eventIds));
}

/** One market and its runners (by sort), as stored; no rows when there is no such market. */
export function marketWithRunners(db: DbHandle, marketId: number) {
  return marketsAndRunners(db, eq(markets.id, marketId));
}

async function marketsAndRunners(db: DbHandle, which: SQL | null) {
  if (which === null) return { marketRows: [], runnerRows: [] };
  const marketRows = await db.select().from(markets).where(which).orderBy(asc(markets.id));
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

/** Per market: held exposure, filled and matched stakes (three grouped sums, one statement). */
export async function marketTotals(
  db: DbHandle,
  marketIds: number[],
): Promise<Map<number, MarketTotals>> {
  const totals = new Map<number, MarketTotals>();
  if (marketIds.length === 0) return totals;
  const ids = sql`${pgArray(marketIds)}::bigint[]`;
  const rows = await executeRows<{
    what: 'exposure' | 'filled' | 'matched';
    market_id: string | number;
    total: string;
  }>(
    db,
    sql`select 'exposure' as what, market_id, sum(exposure_paise)::text as total
        from market_exposures where market_id = any(${ids}) group by market_id
        union all
        select 'filled', market_id, sum(stake_paise)::text from fills
        where market_id = any(${ids}) group by market_id
        union all
        select 'matched', market_id, sum(matched_paise)::text from orders
        where market_id = any(${ids}) and matched_paise > 0 group by market_id`,
  );
  for (const row of rows) {
    const marketId = Number(row.market_id);
    let entry = totals.get(marketId);
    if (!entry) {
      entry = { exposurePaise: 0n, filledPaise: 0n, matchedOrdersPaise: 0n };
      totals.set(marketId, entry);
    }
    const total = BigInt(row.total);
    if (row.what === 'exposure') entry.exposurePaise = total;
    else if (row.what === 'filled') entry.filledPaise = total;
    else entry.matchedOrdersPaise = total;
  }
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
