import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { events, markets, orders, runners } from './tables.ts';
import type { MarketRow, OrderRow } from './tables.ts';

/** The player's bet list (GET /bets) and the back office's view of a player's orders. */

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
