import type { KycStatus } from '@spm/contract';
import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { kycSubmissions, type KYC_STATUSES } from './tables.ts';
import { staffUsers, users } from '../identity/tables.ts';
import { createdWithin, type DayRange } from './withdraw-repository.ts';

/** The only SQL of KYC submissions. The files themselves are rows of `uploads`. */
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type NewKycSubmissionRow = typeof kycSubmissions.$inferInsert;
export type KycSubmissionStatus = (typeof KYC_STATUSES)[number];

/**
 * approved when any submission ever was (a decision is final), else the newest one's status,
 * else none: one statement, so a screen and a withdrawal read the same answer.
 */
export async function kycStatusOf(db: DbHandle, playerId: number): Promise<KycStatus> {
  const [row] = await executeRows<{ status: KycStatus }>(
    db,
    sql`select coalesce(
          (select 'approved'::text where exists (
             select 1 from ${kycSubmissions}
             where ${kycSubmissions.playerId} = ${playerId} and ${kycSubmissions.status} = 'approved')),
          (select ${kycSubmissions.status} from ${kycSubmissions}
             where ${kycSubmissions.playerId} = ${playerId}
             order by ${kycSubmissions.createdAt} desc, ${kycSubmissions.id} desc limit 1),
          'none') as status`,
  );
  return row?.status ?? 'none';
}

export function listPlayerKycSubmissions(
  db: DbHandle,
  playerId: number,
  limit: number,
): Promise<KycSubmissionRow[]> {
  return db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.playerId, playerId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(limit);
}

/** Fails on kyc_submissions_pending_key when the player already has one under review. */
export async function insertKycSubmission(
  db: DbHandle,
  row: NewKycSubmissionRow,
): Promise<KycSubmissionRow> {
  const [inserted] = await db.insert(kycSubmissions).values(row).returning();
  if (!inserted) throw new Error('insert into kyc_submissions returned no row');
  return inserted;
}

export interface KycDecision {
  status: Exclude<KycSubmissionStatus, 'pending'>;
  now: Date;
  staffId: number;
  reason: string | null;
  note: string | null;
}

/** pending -> decided in one statement; undefined when it was not pending (or not there). */
export async function decideKycSubmission(
  db: DbHandle,
  id: number,
  decision: KycDecision,
): Promise<KycSubmissionRow | undefined> {
  const [row] = await db
    .update(kycSubmissions)
    .set({
      status: decision.status,
      decidedAt: decision.now,
      decidedByStaffId: decision.staffId,
      reason: decision.reason,
      note: decision.note,
    })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning();
  return row;
}

export async function kycSubmissionExists(db: DbHandle, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  return rows.length > 0;
}

export interface KycListQuery extends DayRange {
  playerId?: number | undefined;
  /** Which players the reader may see (an agent's downline), on our player column. */
  visiblePlayers?: ((playerIdColumn: AnyColumn) => SQL) | undefined;
  status?: KycSubmissionStatus | undefined;
  limit: number;
  offset: number;
}

export interface StaffKycRow {
  submission: KycSubmissionRow;
  username: string;
  decidedBy: string | null;
}

const decider = alias(staffUsers, 'decider');

/** One page of submissions, newest first, with the player's and the decider's names. */
export async function listKycSubmissions(
  db: DbHandle,
  query: KycListQuery,
): Promise<{ rows: StaffKycRow[]; total: number }> {
  const where = and(
    query.visiblePlayers?.(kycSubmissions.playerId),
    query.playerId === undefined ? undefined : eq(kycSubmissions.playerId, query.playerId),
    query.status === undefined ? undefined : eq(kycSubmissions.status, query.status),
    ...createdWithin(kycSubmissions.createdAt, query),
  );
  const rows = await db
    .select({ submission: kycSubmissions, username: users.username, decidedBy: decider.username })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.playerId))
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
    .where(where)
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ n: count() }).from(kycSubmissions).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findStaffKycSubmission(
  db: DbHandle,
  id: number,
): Promise<StaffKycRow | undefined> {
  const [row] = await db
    .select({ submission: kycSubmissions, username: users.username, decidedBy: decider.username })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.playerId))
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  return row;
}
