import type { DbHandle } from '../db/database.ts';
import { auditLog } from './audit-tables.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Append only: the audit log has no update or delete path. */
export async function insertAudit(db: DbHandle, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}
