import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database.ts';
import { kycSubmissions } from '../cashier/tables.ts';
import { referralCodes, sessions, users } from '../identity/tables.ts';
import { referralRewards } from '../referral/tables.ts';

export type PlayerKycStatus = 'none' | 'pending' | 'approved' | 'declined';

export interface StaffPlayerRow {
  user: typeof users.$inferSelect;
  kycStatus: PlayerKycStatus;
}

/**
 * The player's KYC status by the rule the player's own screen and withdrawals use
 * (kyc-repository's kycStatusOf): approved once any submission is approved, else the latest
 * submission's status, 'none' when there is none. The columns are written out with their tables
 * because drizzle renders a column inside a select's sql fragment without its table: the lookup
 * used to compare the submission's player with the submission's own id.
 */
const latestKycStatus = sql<string | null>`coalesce(
  (select 'approved'::text where exists (
     select 1 from ${kycSubmissions} as approved_kyc
     where approved_kyc.player_id = ${users}.id and approved_kyc.status = 'approved')),
  (select latest_kyc.status from ${kycSubmissions} as latest_kyc
   where latest_kyc.player_id = ${users}.id
   order by latest_kyc.created_at desc, latest_kyc.id desc
   limit 1)
)`;

function toRow(row: { user: typeof users.$inferSelect; kycStatus: string | null }): StaffPlayerRow {
  return { user: row.user, kycStatus: (row.kycStatus ?? 'none') as PlayerKycStatus };
}

/** `%text%` for LIKE with the pattern characters of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface PlayerSearch {
  /** The downline condition (identity's staff-downline.ts). */
  visible: SQL;
  q?: string | undefined;
  status?: 'active' | 'locked' | 'closed' | undefined;
  limit: number;
  offset: number;
}

/**
 * Players (never the platform's own system accounts), newest first. `q` matches the exact id,
 * the username (contains, any case) or, when it is a phone-like string, the phone digits
 * (contains, with or without the country code).
 */
export async function searchPlayers(
  db: DbHandle,
  search: PlayerSearch,
): Promise<{ rows: StaffPlayerRow[]; total: number }> {
  const q = search.q?.trim() ?? '';
  let match: SQL | undefined;
  if (q.length > 0) {
    const options: SQL[] = [
      sql`${users.usernameLower} like ${containsPattern(q.toLowerCase())} escape '\\'`,
    ];
    if (/^\d{1,18}$/.test(q)) options.push(sql`${users.id} = ${Number(q)}`);
    const digits = q.replace(/\D/g, '');
    if (/^[\d\s+()-]+$/.test(q) && digits.length > 0) {
      options.push(
        sql`(${users.countryCode} || coalesce(${users.mobile}, '')) like ${containsPattern(digits)}`,
      );
    }
    match = sql`(${sql.join(options, sql` or `)})`;
  }
  const where = and(
    eq(users.isSystem, false),
    search.visible,
    match,
    search.status === undefined ? undefined : eq(users.status, search.status),
  );
  const rows = await db
    .select({ user: users, kycStatus: latestKycStatus })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(search.limit)
    .offset(search.offset);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { rows: rows.map(toRow), total: Number(counted?.total ?? 0) };
}

export async function findStaffPlayer(
  db: DbHandle,
  playerId: number,
  options: { lock?: boolean } = {},
): Promise<StaffPlayerRow | undefined> {
  const query = db
    .select({ user: users, kycStatus: latestKycStatus })
    .from(users)
    .where(eq(users.id, playerId))
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: users }) : await query;
  const row = rows[0];
  return row ? toRow(row) : undefined;
}

export async function setPlayerStatus(
  db: DbHandle,
  playerId: number,
  status: 'active' | 'locked',
  now: Date,
): Promise<void> {
  await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, playerId));
}

export type PlayerSessionRow = typeof sessions.$inferSelect;

/** The player's sessions, newest first. */
export async function listPlayerSessions(
  db: DbHandle,
  playerId: number,
  limit: number,
  offset: number,
): Promise<{ rows: PlayerSessionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, playerId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(sessions)
    .where(eq(sessions.userId, playerId));
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * The player's referral links for the staff panel: the code, the referrer (when `visibleBy`
 * lets this member see them) and the newest invited players it allows, with their count.
 * `visibleBy` is the downline condition on a players table's agent code column.
 */
export async function findPlayerReferrals(
  db: DbHandle,
  playerId: number,
  visibleBy: (agentCode: AnyColumn) => SQL,
  limit: number,
) {
  const [code] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.playerId, playerId));
  const referrer = alias(users, 'referrer');
  const [invitedBy] = await db
    .select({ id: referrer.id, username: referrer.username })
    .from(users)
    .innerJoin(referrer, eq(referrer.id, users.referrerId))
    .where(and(eq(users.id, playerId), visibleBy(referrer.agentCode)));
  const where = and(eq(users.referrerId, playerId), visibleBy(users.agentCode));
  const invited = await db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      status: users.status,
      registrationIp: users.registrationIp,
      rewardPaise: referralRewards.rewardPaise,
    })
    .from(users)
    .leftJoin(referralRewards, eq(referralRewards.childId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return {
    code: code?.code ?? null,
    invitedBy: invitedBy ?? null,
    invited,
    invitedTotal: Number(counted?.total ?? 0),
  };
}
