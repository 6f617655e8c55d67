import type { DbHandle } from '../db/database.ts';
import type { StaffActor } from '../http/staff-auth.ts';
import { auditLog } from './audit-tables.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Append only: the audit log has no update or delete path. */
export async function insertAudit(db: DbHandle, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** A staff member's change, with no reason given, at `at`. */
export async function insertStaffAudit(
  db: DbHandle,
  actor: StaffActor,
  at: Date,
  entry: { action: string; targetType: string; targetId: string; before: unknown; after: unknown },
): Promise<void> {
  await insertAudit(db, {
    actorType: 'staff',
    actorId: String(actor.staff.staffId),
    ...entry,
    reason: null,
    ip: actor.ip,
    createdAt: at,
  });
}
