import { objectWith } from '@spm/core';
import type { StaffAccount, StaffRole } from '@spm/contract';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  endStaffLoginChallenges,
  revokeStaffSessionsOf,
  findStaffUserByAgentCode,
  findStaffUserById,
  findStaffUserByUsernameFolded,
  insertStaffUser,
  listStaffUsers,
  lockStaffUser,
  updateStaffUser,
} from '../identity/index.ts';
import { hashPassword } from '../../security/password.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext, StaffUserRow } from '../identity/index.ts';

export function toStaffAccount(row: StaffUserRow): StaffAccount {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role,
    agentCode: row.agentCode,
    parentStaffId: row.parentStaffId === null ? null : String(row.parentStaffId),
    totpEnabled: row.totpConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a member: never the password hash nor the TOTP secret. */
function auditView(row: StaffUserRow): Omit<StaffAccount, 'createdAt'> {
  const { createdAt: _createdAt, ...view } = toStaffAccount(row);
  return view;
}

/** GET /staff/users (admin) */
export async function listStaffAccounts(deps: ServiceDeps): Promise<StaffAccount[]> {
  return (await listStaffUsers(deps.db)).map(toStaffAccount);
}

export interface StaffCreateInput {
  username: string;
  password: string;
  role: StaffRole;
  agentCode?: string | undefined;
  parentStaffId?: string | undefined;
}

/**
 * POST /staff/users (admin). Agents carry an agent code (unique whatever its case, since
 * players' codes are matched case-insensitively) and may sit under another agent; admins have
 * neither. The new member sets up TOTP at the first sign-in.
 */
export async function createStaffAccount(
  deps: ServiceDeps,
  actor: StaffContext,
  input: StaffCreateInput,
  ip: string,
): Promise<StaffAccount> {
  const agent = input.role === 'agent';
  if (agent && input.agentCode === undefined) {
    throw fieldError('agentCode', 'An agent needs an agent code');
  }
  if (!agent && input.agentCode !== undefined) {
    throw fieldError('agentCode', 'Only agents have an agent code');
  }
  if (!agent && input.parentStaffId !== undefined) {
    throw fieldError('parentStaffId', 'Only agents sit under another agent');
  }
  let parentStaffId: number | null = null;
  if (input.parentStaffId !== undefined) {
    const parent = await findStaffUserById(deps.db, Number(input.parentStaffId));
    if (!parent || parent.role !== 'agent') {
      throw fieldError('parentStaffId', 'The parent must be an agent');
    }
    parentStaffId = parent.id;
  }
  if (await findStaffUserByUsernameFolded(deps.db, input.username)) {
    throw new AppError('STAFF_USERNAME_TAKEN');
  }
  if (input.agentCode !== undefined && (await findStaffUserByAgentCode(deps.db, input.agentCode))) {
    throw new AppError('AGENT_CODE_TAKEN');
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    const created = await deps.db.transaction(async (tx) => {
      const row = await insertStaffUser(tx, {
        username: input.username,
        passwordHash,
        role: input.role,
        agentCode: input.agentCode ?? null,
        parentStaffId,
        createdAt: now,
      });
      await insertAudit(tx, {
        actorType: 'staff',
        actorId: String(actor.staffId),
        action: 'staff.create',
        targetType: 'staff',
        targetId: String(row.id),
        before: null,
        after: auditView(row),
        reason: null,
        ip,
        createdAt: now,
      });
      return row;
    });
    return toStaffAccount(created);
  } catch (error) {
    // Another admin created the same name or code a moment earlier.
    const constraint = uniqueViolationConstraint(error);
    if (constraint === 'staff_users_username_key') throw new AppError('STAFF_USERNAME_TAKEN');
    if (constraint === 'staff_users_agent_code_key') throw new AppError('AGENT_CODE_TAKEN');
    throw error;
  }
}

type StaffChange = 'reset_totp' | 'disable' | 'enable';

/**
 * POST /staff/users/{id}/reset-totp, /disable, /enable (admin), audited with before/after.
 * Reset: the member enrols a new authenticator at the next sign-in; their sessions and open
 * sign-in steps end (a reset answers a lost or stolen authenticator: whoever holds it must not
 * stay signed in).
 * Disable: every session and open sign-in step of the member ends; nobody disables themselves.
 */
export async function changeStaffAccount(
  deps: ServiceDeps,
  actor: StaffContext,
  staffId: number,
  change: StaffChange,
  ip: string,
): Promise<StaffAccount> {
  if (change === 'disable' && staffId === actor.staffId) {
    throw new AppError('FORBIDDEN', 'You cannot disable your own account.');
  }
  const now = deps.clock.now();
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockStaffUser(tx, staffId);
    if (!before) throw new AppError('STAFF_NOT_FOUND');
    let updated: StaffUserRow | undefined;
    let sessionsEnded = 0;
    if (change === 'reset_totp') {
      updated = await updateStaffUser(tx, staffId, { totpSecret: null, totpConfirmedAt: null });
      sessionsEnded = await revokeStaffSessionsOf(tx, staffId, now);
      await endStaffLoginChallenges(tx, staffId, now);
    } else if (change === 'disable') {
      if (before.disabledAt !== null) return before;
      updated = await updateStaffUser(tx, staffId, { disabledAt: now });
      sessionsEnded = await revokeStaffSessionsOf(tx, staffId, now);
      await endStaffLoginChallenges(tx, staffId, now);
    } else {
      if (before.disabledAt === null) return before;
      updated = await updateStaffUser(tx, staffId, { disabledAt: null });
    }
    if (!updated) throw new AppError('STAFF_NOT_FOUND');
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(actor.staffId),
      action: `staff.${change}`,
      targetType: 'staff',
      targetId: String(staffId),
      before: auditView(before),
      after:
        change === 'enable'
          ? auditView(updated)
          : objectWith(auditView(updated), { sessionsEnded }),
      reason: null,
      ip,
      createdAt: now,
    });
    return updated;
  });
  return toStaffAccount(after);
}
