import type { StaffMember, StaffRole } from '@spm/contract';
import { AppError } from '../http/app-error.ts';
import {
  findStaffSessionByTokenHash,
  insertStaffSession,
  touchStaffSession,
} from '../repositories/staff-session-repository.ts';
import { findStaffUserByUsername } from '../repositories/staff-user-repository.ts';
import { verifyDummyPassword, verifyPassword } from '../security/password.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import { HOUR_MS, MINUTE_MS, type ServiceDeps } from './service-deps.ts';

/** Staff sessions: 12 hours at most, 30 minutes idle (shorter than players': more power). */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE_MS;
const STAFF_TOUCH_INTERVAL_MS = MINUTE_MS;

/** The signed-in staff member of a request behind `requireStaff`. */
export interface StaffContext {
  sessionId: string;
  staffId: number;
  username: string;
  role: StaffRole;
}

/**
 * POST /staff/login. Unknown username and wrong password answer the same
 * INVALID_CREDENTIALS after the same argon2 work.
 */
export async function staffLogin(
  deps: ServiceDeps,
  body: { username: string; password: string },
  ip: string,
): Promise<{ token: string; staff: StaffMember }> {
  const staff = await findStaffUserByUsername(deps.db, body.username);
  const valid = staff
    ? await verifyPassword(staff.passwordHash, body.password)
    : await verifyDummyPassword(body.password);
  if (!staff || !valid) throw new AppError('INVALID_CREDENTIALS');
  const now = deps.clock.now();
  const token = randomToken();
  const absoluteExpiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS);
  await insertStaffSession(deps.db, {
    staffId: staff.id,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + STAFF_SESSION_IDLE_MS),
    absoluteExpiresAt,
    ip,
  });
  return { token, staff: { id: String(staff.id), username: staff.username, role: staff.role } };
}

/** Accepts a live staff session token (never a player's: those live in another table). */
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
