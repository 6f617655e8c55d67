import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { auditLog } from '../../audit/audit-tables.ts';
import { staffUsers, users } from '../identity/tables.ts';

export interface AuditFilter {
  staffId?: string | undefined;
  /** Prefix: 'player.' finds player.lock and player.unlock. */
  action?: string | undefined;
  playerId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Indian calendar days, both ends included. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  timeZone: string;
}

export interface AuditQueryRow {
  entry: typeof auditLog.$inferSelect;
  staffName: string | null;
  playerName: string | null;
}

function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.staffId === undefined
      ? undefined
      : and(eq(auditLog.actorType, 'staff'), eq(auditLog.actorId, filter.staffId)),
    filter.action === undefined || filter.action === ''
      ? undefined
      : sql`${auditLog.action} like ${prefixPattern(filter.action)} escape '\\'`,
    filter.playerId === undefined
      ? undefined
      : or(
          and(eq(auditLog.targetType, 'player'), eq(auditLog.targetId, filter.playerId)),
          and(eq(auditLog.actorType, 'player'), eq(auditLog.actorId, filter.playerId)),
        ),
    filter.targetType === undefined ? undefined : eq(auditLog.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(auditLog.targetId, filter.targetId),
    filter.fromDate === undefined
      ? undefined
      : sql`${auditLog.createdAt} >= (${filter.fromDate}::date)::timestamp at time zone ${filter.timeZone}`,
    filter.toDate === undefined
      ? undefined
      : sql`${auditLog.createdAt} < (${filter.toDate}::date + 1)::timestamp at time zone ${filter.timeZone}`,
  );
}

/** Audit rows, newest first, with the acting staff member's or player's name. */
export async function searchAudit(
  db: DbHandle,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditQueryRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({ entry: auditLog, staffName: staffUsers.username, playerName: users.username })
    .from(auditLog)
    .leftJoin(
      staffUsers,
      and(eq(auditLog.actorType, 'staff'), sql`${staffUsers.id}::text = ${auditLog.actorId}`),
    )
    .leftJoin(
      users,
      and(eq(auditLog.actorType, 'player'), sql`${users.id}::text = ${auditLog.actorId}`),
    )
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: sql<string | number>`count(*)` })
    .from(auditLog)
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}
