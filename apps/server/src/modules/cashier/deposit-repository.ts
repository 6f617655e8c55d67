import { objectWith } from '@spm/core';
import { and, count, desc, eq, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { depositRequests, paymentGateways, type DEPOSIT_STATUSES } from './tables.ts';
import { staffUsers, users } from '../identity/tables.ts';

/** The only SQL of deposit requests (issue 6, docs/cashier.md). */
export type DepositRow = typeof depositRequests.$inferSelect;
export type NewDepositRow = typeof depositRequests.$inferInsert;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A deposit with what the lists show beside it. */
export interface DepositListRow {
  deposit: DepositRow;
  gatewayName: string;
  username: string;
  decidedByUsername: string | null;
}

export const DEPOSIT_REFERENCE_KEY = 'deposit_requests_reference_key';

/**
 * Serialises one player's cashier writes (the pending-count check and the insert) without
 * blocking foreign-key checks on the row: `for no key update` conflicts with itself only.
 */
export async function lockPlayerRow(db: DbHandle, playerId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, playerId)).for('no key update');
}

export async function countPendingDeposits(db: DbHandle, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(depositRequests)
    .where(and(eq(depositRequests.playerId, playerId), eq(depositRequests.status, 'pending')));
  return Number(row?.n ?? 0);
}

/** The next deposit id, taken before the row exists (a gateway needs it up front). */
export async function reserveDepositId(db: DbHandle): Promise<number> {
  const [row] = await executeRows<{ id: string | number }>(
    db,
    sql`select nextval('deposit_requests_id_seq'::regclass) as id`,
  );
  if (!row) throw new Error('no deposit id from the sequence');
  return Number(row.id);
}

/** Throws the driver's unique violation on a reference in use (DEPOSIT_REFERENCE_KEY). */
export async function insertDeposit(db: DbHandle, row: NewDepositRow): Promise<DepositRow> {
  const [inserted] = await db.insert(depositRequests).values(row).returning();
  if (!inserted) throw new Error('deposit insert returned no row');
  return inserted;
}

export async function findDeposit(db: DbHandle, id: number): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(depositRequests).where(eq(depositRequests.id, id)).limit(1);
  return row;
}

/** The row, locked until the transaction ends (a callback decides on what it read). */
export async function findDepositForUpdate(
  db: DbHandle,
  id: number,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(depositRequests)
    .where(eq(depositRequests.id, id))
    .for('update');
  return row;
}

export interface ExpiredDeposit {
  id: number;
  playerId: number;
  automated: boolean;
  amountPaise: bigint;
  gatewayCode: string;
  reason: string;
}

/**
 * One UPDATE: pending rows whose time ran out become `expired` (which also frees their
 * reference). Narrowed to a player, a reference or one id when given; all due rows otherwise.
 */
export async function expireDuePending(
  db: DbHandle,
  input: {
    now: Date;
    manualReason: string;
    automatedReason: string;
    playerId?: number | undefined;
    reference?: string | undefined;
    id?: number | undefined;
  },
): Promise<ExpiredDeposit[]> {
  const conditions: SQL[] = [
    eq(depositRequests.status, 'pending'),
    lt(depositRequests.expiresAt, input.now),
  ];
  if (input.playerId !== undefined) conditions.push(eq(depositRequests.playerId, input.playerId));
  if (input.reference !== undefined) {
    conditions.push(eq(depositRequests.reference, input.reference));
  }
  if (input.id !== undefined) conditions.push(eq(depositRequests.id, input.id));
  const rows = await db
    .update(depositRequests)
    .set({
      status: 'expired',
      reason: sql`case when ${depositRequests.automated} then ${input.automatedReason}
                  else ${input.manualReason} end`,
      decidedAt: input.now,
    })
    .where(and(...conditions))
    .returning({
      id: depositRequests.id,
      playerId: depositRequests.playerId,
      automated: depositRequests.automated,
      amountPaise: depositRequests.amountPaise,
      gatewayCode: depositRequests.gatewayCode,
      reason: depositRequests.reason,
    });
  return rows.map((row) => objectWith(row, { reason: row.reason ?? '' }));
}

/**
 * The decision itself, exactly once: the row changes only while it is still `from`, so of
 * concurrent deciders one gets the row back and the rest get none.
 */
export async function decideDeposit(
  db: DbHandle,
  id: number,
  from: DepositStatus,
  changes: {
    status: 'approved' | 'declined' | 'cancelled';
    decidedAt: Date;
    decidedByStaffId: number | null;
    reason?: string | null;
    note?: string | null;
  },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(depositRequests)
    .set(changes)
    .where(and(eq(depositRequests.id, id), eq(depositRequests.status, from)))
    .returning();
  return row;
}

/** What an approval credited, written in the approval's transaction. */
export async function recordDepositCredit(
  db: DbHandle,
  id: number,
  credit: { ledgerTransactionId: number; bonusPaise: bigint },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(depositRequests)
    .set(credit)
    .where(eq(depositRequests.id, id))
    .returning();
  return row;
}

export interface DepositFilter {
  playerId?: number | undefined;
  status?: DepositStatus | undefined;
  gateway?: string | undefined;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both inclusive. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  timeZone: string;
  /** Staff lists: which players the reader may see (an agent's downline), on our player column. */
  visiblePlayers?: ((playerIdColumn: AnyColumn) => SQL) | undefined;
}

function filterConditions(filter: DepositFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.visiblePlayers) conditions.push(filter.visiblePlayers(depositRequests.playerId));
  if (filter.playerId !== undefined) {
    conditions.push(eq(depositRequests.playerId, filter.playerId));
  }
  if (filter.status !== undefined) conditions.push(eq(depositRequests.status, filter.status));
  if (filter.gateway !== undefined)
    conditions.push(eq(depositRequests.gatewayCode, filter.gateway));
  // The database turns the Indian day into instants, as the statement does.
  if (filter.fromDate !== undefined) {
    conditions.push(
      sql`${depositRequests.createdAt} >= (${filter.fromDate}::date)::timestamp at time zone ${filter.timeZone}`,
    );
  }
  if (filter.toDate !== undefined) {
    conditions.push(
      sql`${depositRequests.createdAt} < (${filter.toDate}::date + 1)::timestamp at time zone ${filter.timeZone}`,
    );
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

const decider = alias(staffUsers, 'decider');

function listSelect(db: DbHandle) {
  return db
    .select({
      deposit: depositRequests,
      gatewayName: paymentGateways.name,
      username: users.username,
      decidedByUsername: decider.username,
    })
    .from(depositRequests)
    .innerJoin(paymentGateways, eq(paymentGateways.code, depositRequests.gatewayCode))
    .innerJoin(users, eq(users.id, depositRequests.playerId))
    .leftJoin(decider, eq(decider.id, depositRequests.decidedByStaffId));
}

/** Newest first, one page, with the total the filter matches. */
export async function listDeposits(
  db: DbHandle,
  filter: DepositFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DepositListRow[]; total: number }> {
  const where = filterConditions(filter);
  const [counted] = await db.select({ n: count() }).from(depositRequests).where(where);
  const rows = await listSelect(db)
    .where(where)
    .orderBy(desc(depositRequests.createdAt), desc(depositRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findDepositListRow(
  db: DbHandle,
  id: number,
): Promise<DepositListRow | undefined> {
  const [row] = await listSelect(db).where(eq(depositRequests.id, id)).limit(1);
  return row;
}
