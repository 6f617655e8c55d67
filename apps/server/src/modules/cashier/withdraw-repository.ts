import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database.ts';
import { staffUsers, users } from '../identity/tables.ts';
import { withdrawRequests, type WITHDRAW_STATUSES } from './tables.ts';

/** The only SQL of withdrawal requests. Money lives in the ledger; these rows are the requests. */
export type WithdrawRequestRow = typeof withdrawRequests.$inferSelect;
export type NewWithdrawRequestRow = typeof withdrawRequests.$inferInsert;
export type WithdrawRequestStatus = (typeof WITHDRAW_STATUSES)[number];

/** A calendar-day range in a time zone; the database turns the days into instants. */
export interface DayRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  timeZone: string;
}

/** created_at within [fromDate 00:00, toDate+1 00:00) of the zone, computed by the database. */
export function createdWithin(column: AnyColumn, range: DayRange): SQL[] {
  const parts: SQL[] = [];
  if (range.fromDate !== undefined) {
    parts.push(
      sql`${column} >= (${range.fromDate}::date)::timestamp at time zone ${range.timeZone}`,
    );
  }
  if (range.toDate !== undefined) {
    parts.push(
      sql`${column} < (${range.toDate}::date + 1)::timestamp at time zone ${range.timeZone}`,
    );
  }
  return parts;
}

/**
 * Serialises one player's withdrawal requests until the caller's transaction ends, so the
 * pending-count limit is read and the new request written by one request at a time.
 */
export async function lockPlayerWithdrawals(db: DbHandle, playerId: number): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`withdraw:${playerId}`}, 0))`,
  );
}

export async function findWithdrawByKey(
  db: DbHandle,
  playerId: number,
  idempotencyKey: string,
): Promise<WithdrawRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawRequests)
    .where(
      and(
        eq(withdrawRequests.playerId, playerId),
        eq(withdrawRequests.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row;
}

export async function findWithdrawRequest(
  db: DbHandle,
  id: number,
): Promise<WithdrawRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawRequests)
    .where(eq(withdrawRequests.id, id))
    .limit(1);
  return row;
}

export async function countPendingWithdrawals(db: DbHandle, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawRequests)
    .where(and(eq(withdrawRequests.playerId, playerId), eq(withdrawRequests.status, 'pending')));
  return row?.n ?? 0;
}

/** The new request, or undefined when the player already used this idempotency key. */
export async function insertWithdrawRequest(
  db: DbHandle,
  row: NewWithdrawRequestRow,
): Promise<WithdrawRequestRow | undefined> {
  const [inserted] = await db
    .insert(withdrawRequests)
    .values(row)
    .onConflictDoNothing({ target: [withdrawRequests.playerId, withdrawRequests.idempotencyKey] })
    .returning();
  return inserted;
}

export interface WithdrawDecision {
  status: Exclude<WithdrawRequestStatus, 'pending'>;
  now: Date;
  staffId: number | null;
  reason: string | null;
  note: string | null;
  /** The player's own cancel: only their request matches. */
  playerId?: number;
}

/**
 * pending -> decided in one statement: of any number of concurrent decisions on a request
 * exactly one gets the row back (the others wait on its lock, then see it decided).
 */
export async function decideWithdrawRequest(
  db: DbHandle,
  id: number,
  decision: WithdrawDecision,
): Promise<WithdrawRequestRow | undefined> {
  const [row] = await db
    .update(withdrawRequests)
    .set({
      status: decision.status,
      decidedAt: decision.now,
      decidedByStaffId: decision.staffId,
      reason: decision.reason,
      note: decision.note,
    })
    .where(
      and(
        eq(withdrawRequests.id, id),
        eq(withdrawRequests.status, 'pending'),
        decision.playerId === undefined
          ? undefined
          : eq(withdrawRequests.playerId, decision.playerId),
      ),
    )
    .returning();
  return row;
}

export interface WithdrawListQuery extends DayRange {
  playerId?: number | undefined;
  /** Which players the reader may see (an agent's downline), on our player column. */
  visiblePlayers?: ((playerIdColumn: AnyColumn) => SQL) | undefined;
  status?: WithdrawRequestStatus | undefined;
  limit: number;
  offset: number;
}

const decider = alias(staffUsers, 'decider');

export interface StaffWithdrawRow {
  request: WithdrawRequestRow;
  username: string;
  decidedBy: string | null;
}

/** One page of requests, newest first, with the player's and the decider's names. */
export async function listWithdrawRequests(
  db: DbHandle,
  query: WithdrawListQuery,
): Promise<{ rows: StaffWithdrawRow[]; total: number }> {
  const where = and(
    query.visiblePlayers?.(withdrawRequests.playerId),
    query.playerId === undefined ? undefined : eq(withdrawRequests.playerId, query.playerId),
    query.status === undefined ? undefined : eq(withdrawRequests.status, query.status),
    ...createdWithin(withdrawRequests.createdAt, query),
  );
  const rows = await db
    .select({ request: withdrawRequests, username: users.username, decidedBy: decider.username })
    .from(withdrawRequests)
    .innerJoin(users, eq(users.id, withdrawRequests.playerId))
    .leftJoin(decider, eq(decider.id, withdrawRequests.decidedByStaffId))
    .where(where)
    .orderBy(desc(withdrawRequests.createdAt), desc(withdrawRequests.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ n: count() }).from(withdrawRequests).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findStaffWithdrawRequest(
  db: DbHandle,
  id: number,
): Promise<StaffWithdrawRow | undefined> {
  const [row] = await db
    .select({ request: withdrawRequests, username: users.username, decidedBy: decider.username })
    .from(withdrawRequests)
    .innerJoin(users, eq(users.id, withdrawRequests.playerId))
    .leftJoin(decider, eq(decider.id, withdrawRequests.decidedByStaffId))
    .where(eq(withdrawRequests.id, id))
    .limit(1);
  return row;
}
