import { objectWith } from '@spm/core';
import type { SQL } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import type { StaffActor } from '../http/staff-auth.ts';
import { auditLog } from './audit-tables.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Append only: the audit log has no update or delete path. */
export async function insertAudit(db: DbHandle, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

type StaffAuditEntry = {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

function staffAuditRow(actor: StaffActor, at: Date, entry: StaffAuditEntry): NewAuditRow {
  return objectWith(
    { actorType: 'staff' as const, actorId: String(actor.staff.staffId), ...entry },
    { reason: null, ip: actor.ip, createdAt: at },
  );
}

/** A staff member's change, with no reason given, at `at`. */
export async function insertStaffAudit(
  db: DbHandle,
  actor: StaffActor,
  at: Date,
  entry: StaffAuditEntry,
): Promise<void> {
  await insertAudit(db, staffAuditRow(actor, at, entry));
}

/**
 * The same row's insert as a statement not yet run, for a change that writes it inside its own
 * statement (one statement is atomic without a transaction: `writeRunnerRates`).
 */
export function staffAuditStatement(
  db: DbHandle,
  actor: StaffActor,
  at: Date,
  entry: StaffAuditEntry,
): SQL {
  return db
    .insert(auditLog)
    .values(staffAuditRow(actor, at, entry))
    .getSQL();
}
