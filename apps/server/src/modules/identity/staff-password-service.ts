import type { StaffChangePasswordBody } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { endStaffLoginChallenges } from './staff-login-repository.ts';
import { revokeStaffSessionsOf } from './staff-session-repository.ts';
import {
  clearStaffLoginAttempts,
  findStaffUserByUsername,
  lockStaffUser,
  updateStaffUser,
} from './staff-user-repository.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from './staff-service.ts';
import { matchTotpStep } from './staff-totp.ts';

/**
 * POST /staff/password: the member's own new password. The current password and a current
 * authenticator code (newer than the last one accepted, so a code seen over a shoulder does
 * not count) prove it is them, not just someone holding their session. Every other session
 * and open sign-in step of the member ends; this session stays. Audited without passwords.
 */
export async function changeOwnStaffPassword(
  deps: ServiceDeps,
  actor: StaffContext,
  body: StaffChangePasswordBody,
  ip: string,
): Promise<void> {
  // argon2 before the transaction: the row lock is held for the writes only.
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const staff = await lockStaffUser(tx, actor.staffId);
    if (!staff || staff.disabledAt !== null) throw new AppError('UNAUTHORIZED');
    if (!(await verifyPassword(staff.passwordHash, body.currentPassword))) {
      throw new AppError('WRONG_PASSWORD');
    }
    const step =
      staff.totpSecret === null || staff.totpConfirmedAt === null
        ? null
        : matchTotpStep(staff.totpSecret, body.code, now);
    if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
      throw new AppError('TOTP_INVALID');
    }
    await updateStaffUser(tx, staff.id, { passwordHash, totpLastStep: step });
    const sessionsEnded = await revokeStaffSessionsOf(tx, staff.id, now, actor.sessionId);
    await endStaffLoginChallenges(tx, staff.id, now);
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.id),
      action: 'staff.password_changed',
      targetType: 'staff',
      targetId: String(staff.id),
      before: null,
      after: { by: 'self', sessionsEnded },
      reason: null,
      ip,
      createdAt: now,
    });
  });
}

export type OfflinePasswordOutcome =
  { ok: true; staffId: number; sessionsEnded: number } | { ok: false; reason: 'unknown_username' };

/**
 * The operator CLI's `set-staff-password`: whoever runs it on the server already holds the
 * database, so no current password or code is asked. Every session and open sign-in step of
 * the member ends and the sign-in lock lifts (it is how a locked-out admin gets back in);
 * the authenticator stays as it was. Audited as the system (`cli`).
 */
export async function setStaffPasswordOffline(
  deps: { db: DbHandle; clock: { now: () => Date } },
  username: string,
  newPassword: string,
): Promise<OfflinePasswordOutcome> {
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<OfflinePasswordOutcome> => {
    const found = await findStaffUserByUsername(tx, username);
    const staff = found && (await lockStaffUser(tx, found.id));
    if (!staff) return { ok: false, reason: 'unknown_username' };
    await updateStaffUser(tx, staff.id, { passwordHash });
    await clearStaffLoginAttempts(tx, staff.id);
    const sessionsEnded = await revokeStaffSessionsOf(tx, staff.id, now);
    await endStaffLoginChallenges(tx, staff.id, now);
    await insertAudit(tx, {
      actorType: 'system',
      actorId: 'cli',
      action: 'staff.password_changed',
      targetType: 'staff',
      targetId: String(staff.id),
      before: null,
      after: { by: 'cli', sessionsEnded },
      reason: null,
      ip: null,
      createdAt: now,
    });
    return { ok: true, staffId: staff.id, sessionsEnded };
  });
}
