import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { sessions, staffUsers, users } from '../identity/tables.ts';
import {
  bankDetails,
  depositRequests,
  kycSubmissions,
  withdrawRequests,
} from '../cashier/tables.ts';
import { casinoRounds } from '../casino/tables.ts';
import { crashBets, crashRounds } from '../crash/tables.ts';
import { markets, orders } from '../exchange/tables.ts';
import { dataRequests } from './tables.ts';

/*
 * What the privacy module reads of the other modules' tables (their tables.ts, for reports:
 * eslint.config.js moduleZone) and writes of its own. Money is read through the wallet's
 * entry only (export-service.ts), never from the ledger tables.
 */

export type DataRequestRow = typeof dataRequests.$inferSelect;

/** A player's rows, oldest first: a data export reads as a history. */
export const playerKyc = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.playerId, playerId))
    .orderBy(asc(kycSubmissions.id));

export const playerBankDetails = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(bankDetails)
    .where(eq(bankDetails.playerId, playerId))
    .orderBy(asc(bankDetails.id));

export const playerDeposits = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(depositRequests)
    .where(eq(depositRequests.playerId, playerId))
    .orderBy(asc(depositRequests.id));

export const playerWithdrawals = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(withdrawRequests)
    .where(eq(withdrawRequests.playerId, playerId))
    .orderBy(asc(withdrawRequests.id));

export const playerOrders = (db: DbHandle, playerId: number) =>
  db
    .select({ order: orders, marketName: markets.name })
    .from(orders)
    .leftJoin(markets, eq(markets.id, orders.marketId))
    .where(eq(orders.playerId, playerId))
    .orderBy(asc(orders.id));

export const playerCasinoRounds = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(casinoRounds)
    .where(eq(casinoRounds.playerId, playerId))
    .orderBy(asc(casinoRounds.id));

/** The player's crash bets with their round's crash point (null while the round flies). */
export const playerCrashBets = (db: DbHandle, playerId: number) =>
  db
    .select({
      bet: crashBets,
      crashPointHundredths: crashRounds.crashPointHundredths,
      phase: crashRounds.phase,
    })
    .from(crashBets)
    .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
    .where(eq(crashBets.playerId, playerId))
    .orderBy(asc(crashBets.placedAt), asc(crashBets.id));

export const playerSessions = (db: DbHandle, playerId: number) =>
  db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, playerId))
    .orderBy(asc(sessions.createdAt));

/** Exchange orders not settled, voided, cancelled or refused; casino rounds still open; crash bets in flight. */
const OPEN_ORDER_STATUSES = ['pending', 'unmatched', 'partially_matched', 'matched'];

export async function openBetCount(db: DbHandle, playerId: number): Promise<number> {
  const [exchange] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, playerId),
        inArray(orders.status, OPEN_ORDER_STATUSES),
        isNull(orders.settledAt),
      ),
    );
  const [casino] = await db
    .select({ n: count() })
    .from(casinoRounds)
    .where(and(eq(casinoRounds.playerId, playerId), eq(casinoRounds.status, 'open')));
  const [crash] = await db
    .select({ n: count() })
    .from(crashBets)
    .where(and(eq(crashBets.playerId, playerId), eq(crashBets.status, 'active')));
  return Number(exchange?.n ?? 0) + Number(casino?.n ?? 0) + Number(crash?.n ?? 0);
}

export const playerDataRequests = (db: DbHandle, playerId: number) =>
  db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.playerId, playerId))
    .orderBy(desc(dataRequests.id));

export async function insertDataRequest(
  db: DbHandle,
  row: typeof dataRequests.$inferInsert,
): Promise<DataRequestRow> {
  const [inserted] = await db.insert(dataRequests).values(row).returning();
  if (!inserted) throw new Error('data request insert returned no row');
  return inserted;
}

export async function lockDataRequest(
  db: DbHandle,
  id: number,
): Promise<DataRequestRow | undefined> {
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  return row;
}

export async function decideDataRequest(
  db: DbHandle,
  id: number,
  decision: { status: 'done' | 'refused'; note: string; staffId: number; at: Date },
): Promise<DataRequestRow> {
  const [row] = await db
    .update(dataRequests)
    .set({
      status: decision.status,
      note: decision.note,
      decidedByStaffId: decision.staffId,
      decidedAt: decision.at,
    })
    .where(eq(dataRequests.id, id))
    .returning();
  if (!row) throw new Error(`data request ${id} vanished`);
  return row;
}

/** The back office's list: open ones by deadline first, then the answered, newest first. */
export async function listDataRequests(
  db: DbHandle,
  filter: { status?: DataRequestRow['status'] | undefined; limit: number; offset: number },
) {
  const where = filter.status === undefined ? undefined : eq(dataRequests.status, filter.status);
  const rows = await db
    .select({ request: dataRequests, username: users.username, decidedBy: staffUsers.username })
    .from(dataRequests)
    .innerJoin(users, eq(users.id, dataRequests.playerId))
    .leftJoin(staffUsers, eq(staffUsers.id, dataRequests.decidedByStaffId))
    .where(where)
    .orderBy(
      sql`case when ${dataRequests.status} = 'open' then 0 else 1 end`,
      sql`case when ${dataRequests.status} = 'open' then ${dataRequests.dueAt} end asc`,
      desc(dataRequests.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(dataRequests).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Consent to updates: given or withdrawn now. */
export async function setUpdatesConsent(db: DbHandle, playerId: number, given: boolean, now: Date) {
  const [row] = await db
    .update(users)
    .set(given ? { updatesConsentAt: now } : { updatesConsentWithdrawnAt: now })
    .where(eq(users.id, playerId))
    .returning({
      updatesConsentAt: users.updatesConsentAt,
      updatesConsentWithdrawnAt: users.updatesConsentWithdrawnAt,
    });
  return row;
}

export async function lockPlayer(db: DbHandle, playerId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, playerId)).for('update');
  return row;
}
