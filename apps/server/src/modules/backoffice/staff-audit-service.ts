import { PLAYER_TIME_ZONE, type AuditEntry } from '@spm/contract';
import { searchAudit } from './audit-query-repository.ts';
import type { ServiceDeps } from '../../deps.ts';

export interface AuditQuery {
  page: number;
  pageSize: number;
  staffId?: string | undefined;
  action?: string | undefined;
  playerId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * GET /staff/audit (admin): newest first. staffId: what that member did; playerId: what was
 * done to the player or by them; action: a prefix; from/to: Indian days, both included.
 */
export async function listAudit(deps: ServiceDeps, query: AuditQuery) {
  const { rows, total } = await searchAudit(
    deps.db,
    {
      staffId: query.staffId,
      action: query.action,
      playerId: query.playerId,
      targetType: query.targetType,
      targetId: query.targetId,
      fromDate: query.from,
      toDate: query.to,
      timeZone: PLAYER_TIME_ZONE,
    },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const items = rows.map(({ entry, staffName, playerName }): AuditEntry => ({
    id: String(entry.id),
    actorType: entry.actorType,
    actorId: entry.actorId,
    actorName: staffName ?? playerName,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason,
    ip: entry.ip,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}
