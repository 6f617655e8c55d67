import { objectWith } from '@spm/core';
import type { StaffContext } from '../../http/auth.ts';
import {
  STAFF_CHALLENGE_TTL_MS,
  type StaffLoginChallenge,
  type StaffMe,
  type StaffMember,
} from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  countStaffLoginChallengeAttempt,
  findStaffLoginChallengeForUpdate,
  insertStaffLoginChallenge,
  markStaffLoginChallengeUsed,
} from './staff-login-repository.ts';
import {
  findStaffSessionByTokenHash,
  insertStaffSession,
  revokeStaffSession,
  touchStaffSession,
} from './staff-session-repository.ts';
import {
  clearStaffLoginAttempts,
  findStaffUserById,
  findStaffUserByUsername,
  lockStaffUser,
  reserveStaffLoginAttempt,
  updateStaffUser,
  type StaffUserRow,
} from './staff-user-repository.ts';
import { verifyDummyPassword, verifyPassword } from '../../security/password.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import { HOUR_MS, MINUTE_MS, type ServiceDeps } from '../../deps.ts';
import { matchTotpStep, newTotpSecret, totpUrl } from './staff-totp.ts';

/** Staff sessions: 12 hours at most, 30 minutes idle (shorter than players': more power). */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE_MS;
const STAFF_TOUCH_INTERVAL_MS = MINUTE_MS;
const STAFF_LOCKED_MESSAGE = 'Too many sign-in attempts. Please try again later.';
/** Wrong codes a sign-in challenge takes before it is dead (the password step starts again). */
export const STAFF_TOTP_MAX_ATTEMPTS = 5;

/** The signed-in staff member of a request behind `requireStaff`. */
export type { StaffContext };

function toMember(staff: Pick<StaffUserRow, 'id' | 'username' | 'role'>): StaffMember {
  return { id: String(staff.id), username: staff.username, role: staff.role };
}

/** staff.login_failed: the name tried and the step, never a password or a code. */
async function auditLoginFailed(
  deps: ServiceDeps,
  input: { staffId: number | null; username: string; step: string; cause: string; ip: string },
): Promise<void> {
  const target = input.staffId === null ? null : String(input.staffId);
  await insertAudit(deps.db, {
    actorType: 'staff',
    actorId: target,
    action: 'staff.login_failed',
    targetType: 'staff',
    targetId: target ?? `username:${input.username.slice(0, 64)}`,
    before: null,
    after: { username: input.username, step: input.step, cause: input.cause },
    reason: null,
    ip: input.ip,
    createdAt: deps.clock.now(),
  });
}

/**
 * POST /staff/login, the password step. Each check of a member's password is reserved first
 * (LOGIN_MAX_FAILURES per LOGIN_LOCK_MINUTES, then 429 until the lock ends; only a completed
 * sign-in clears the count). Unknown username and wrong password answer the same
 * INVALID_CREDENTIALS after the same argon2 work; a disabled member learns it only with the
 * right password. Answers a challenge for the TOTP step, never a session: `totp_setup` with a
 * fresh secret (kept on the challenge until a first code confirms it) when the member has no
 * confirmed second factor yet, `totp` otherwise. A password change that commits between the
 * check and the challenge wins: INVALID_CREDENTIALS, as for a wrong password.
 */
export async function staffLogin(
  deps: ServiceDeps,
  body: { username: string; password: string },
  ip: string,
): Promise<StaffLoginChallenge> {
  const staff = await findStaffUserByUsername(deps.db, body.username);
  if (staff) {
    const lockMs = deps.config.login.lockMinutes * MINUTE_MS;
    const reserved = await reserveStaffLoginAttempt(deps.db, staff.id, {
      now: deps.clock.now(),
      windowMs: lockMs,
      maxAttempts: deps.config.login.maxFailures,
      lockMs,
    });
    if (!reserved) {
      await auditLoginFailed(deps, {
        staffId: staff.id,
        username: body.username,
        step: 'password',
        cause: 'locked',
        ip,
      });
      throw new AppError('RATE_LIMITED', STAFF_LOCKED_MESSAGE);
    }
  }
  const valid = staff
    ? await verifyPassword(staff.passwordHash, body.password)
    : await verifyDummyPassword(body.password);
  if (!staff || !valid) {
    await auditLoginFailed(deps, {
      staffId: staff?.id ?? null,
      username: body.username,
      step: 'password',
      cause: staff ? 'wrong_password' : 'unknown_username',
      ip,
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (staff.disabledAt !== null) {
    await auditLoginFailed(deps, {
      staffId: staff.id,
      username: body.username,
      step: 'password',
      cause: 'disabled',
      ip,
    });
    throw new AppError('STAFF_DISABLED');
  }
  const now = deps.clock.now();
  const challengeToken = randomToken();
  const enrolling = staff.totpConfirmedAt === null || staff.totpSecret === null;
  const secret = enrolling ? newTotpSecret() : null;
  const issued = await deps.db.transaction(async (tx) => {
    // The password was checked without a lock. A password change ends the member's open
    // challenges under this row lock, so one that committed since the check ended them before
    // this challenge existed: the old password must not get one now.
    const current = await lockStaffUser(tx, staff.id);
    if (current?.passwordHash !== staff.passwordHash) return false;
    await insertStaffLoginChallenge(tx, {
      staffId: staff.id,
      tokenHash: hashToken(challengeToken),
      pendingTotpSecret: secret,
      expiresAt: new Date(now.getTime() + STAFF_CHALLENGE_TTL_MS),
      ip,
      createdAt: now,
    });
    return true;
  });
  if (!issued) {
    await auditLoginFailed(deps, {
      staffId: staff.id,
      username: body.username,
      step: 'password',
      cause: 'password_changed',
      ip,
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (secret === null) return { stage: 'totp', challengeToken };
  return {
    stage: 'totp_setup',
    challengeToken,
    secret,
    otpauthUrl: totpUrl(secret, staff.username),
  };
}

type TotpOutcome =
  | { ok: true; token: string; staff: StaffMember }
  | {
      ok: false;
      code: 'CHALLENGE_EXPIRED' | 'TOTP_INVALID' | 'STAFF_DISABLED';
      staff: StaffUserRow | null;
    };

/**
 * POST /staff/login/totp. The code must belong to the challenge's pending secret (enrolment:
 * it is then confirmed) or the member's confirmed one, within one step either side of now, and
 * be of a later step than the member's last accepted code (no replay). Five wrong codes end the
 * challenge. Only then is a staff session created.
 */
export async function staffLoginTotp(
  deps: ServiceDeps,
  body: { challengeToken: string; code: string },
  ip: string,
): Promise<{ token: string; staff: StaffMember }> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<TotpOutcome> => {
    const challenge = await findStaffLoginChallengeForUpdate(tx, hashToken(body.challengeToken));
    if (!challenge || challenge.usedAt !== null || now >= challenge.expiresAt) {
      return { ok: false, code: 'CHALLENGE_EXPIRED', staff: null };
    }
    // One member's sign-ins run one at a time: the replay check below reads then writes.
    const staff = await lockStaffUser(tx, challenge.staffId);
    if (!staff) return { ok: false, code: 'CHALLENGE_EXPIRED', staff: null };
    if (staff.disabledAt !== null) {
      await markStaffLoginChallengeUsed(tx, challenge.id, now);
      return { ok: false, code: 'STAFF_DISABLED', staff };
    }
    const enrolling = challenge.pendingTotpSecret !== null;
    // Enrolled meanwhile through another challenge, or reset since: this one is stale.
    if (enrolling === (staff.totpConfirmedAt !== null)) {
      await markStaffLoginChallengeUsed(tx, challenge.id, now);
      return { ok: false, code: 'CHALLENGE_EXPIRED', staff };
    }
    const secret = challenge.pendingTotpSecret ?? staff.totpSecret;
    const step = secret === null ? null : matchTotpStep(secret, body.code, now);
    const lastStep = staff.totpLastStep;
    if (step === null || (lastStep !== null && step <= lastStep)) {
      const attempts = challenge.attempts + 1;
      await countStaffLoginChallengeAttempt(
        tx,
        challenge.id,
        attempts,
        attempts >= STAFF_TOTP_MAX_ATTEMPTS ? now : null,
      );
      return { ok: false, code: 'TOTP_INVALID', staff };
    }

    await markStaffLoginChallengeUsed(tx, challenge.id, now);
    // Only a whole sign-in forgives the password steps: a right password alone does not, so
    // someone holding it cannot open endless TOTP challenges.
    await clearStaffLoginAttempts(tx, staff.id);
    await updateStaffUser(
      tx,
      staff.id,
      enrolling
        ? { totpSecret: secret, totpConfirmedAt: now, totpLastStep: step }
        : { totpLastStep: step },
    );
    if (enrolling) {
      await insertAudit(tx, {
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'staff.totp_enrolled',
        targetType: 'staff',
        targetId: String(staff.id),
        before: { totpEnabled: false },
        after: { totpEnabled: true },
        reason: null,
        ip,
        createdAt: now,
      });
    }
    const token = randomToken();
    await insertStaffSession(tx, {
      staffId: staff.id,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + STAFF_SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS),
      ip,
    });
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.id),
      action: 'staff.login',
      targetType: 'staff',
      targetId: String(staff.id),
      before: null,
      after: { totpStep: step },
      reason: null,
      ip,
      createdAt: now,
    });
    return { ok: true, token, staff: toMember(staff) };
  });
  if (outcome.ok) return { token: outcome.token, staff: outcome.staff };
  if (outcome.staff !== null) {
    await auditLoginFailed(deps, {
      staffId: outcome.staff.id,
      username: outcome.staff.username,
      step: 'totp',
      cause: outcome.code.toLowerCase(),
      ip,
    });
  }
  throw new AppError(outcome.code);
}

/**
 * Accepts a live staff session token (never a player's: those live in another table). A
 * disabled member's sessions are revoked when disabled; the check here covers any race.
 */
export async function authenticateStaffToken(
  deps: ServiceDeps,
  token: string,
): Promise<StaffContext> {
  if (token.length === 0 || token.length > 256) throw new AppError('UNAUTHORIZED');
  const found = await findStaffSessionByTokenHash(deps.db, hashToken(token));
  if (!found) throw new AppError('UNAUTHORIZED');
  const { session, staff } = found;
  const now = deps.clock.now().getTime();
  if (
    session.revokedAt !== null ||
    staff.disabledAt !== null ||
    now >= session.absoluteExpiresAt.getTime() ||
    now >= session.idleExpiresAt.getTime()
  ) {
    throw new AppError('SESSION_EXPIRED');
  }
  if (now - session.lastSeenAt.getTime() >= STAFF_TOUCH_INTERVAL_MS) {
    const idle = Math.min(now + STAFF_SESSION_IDLE_MS, session.absoluteExpiresAt.getTime());
    await touchStaffSession(deps.db, session.id, new Date(now), new Date(idle));
  }
  return { sessionId: session.id, staffId: staff.id, username: staff.username, role: staff.role };
}

/** GET /staff/me */
export async function staffMe(deps: ServiceDeps, staff: StaffContext): Promise<StaffMe> {
  const row = await findStaffUserById(deps.db, staff.staffId);
  if (!row) throw new AppError('UNAUTHORIZED');
  return objectWith(toMember(row), {
    agentCode: row.agentCode,
    idleTimeoutMinutes: STAFF_SESSION_IDLE_MS / MINUTE_MS,
  });
}

/** POST /staff/logout: this session ends. */
export async function staffLogout(
  deps: ServiceDeps,
  staff: StaffContext,
  ip: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await revokeStaffSession(tx, staff.sessionId, now))) return;
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: 'staff.logout',
      targetType: 'staff',
      targetId: String(staff.staffId),
      before: null,
      after: null,
      reason: null,
      ip,
      createdAt: now,
    });
  });
}
