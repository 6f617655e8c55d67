import { objectWith } from '@spm/core';
import { findStaffUserByAgentCode } from './staff-user-repository.ts';
import { findReferrerByCode } from './referral-code-repository.ts';
import { isIP } from 'node:net';
import {
  type AuthAnswer,
  type LoginBody,
  type RegisterBody,
  type UpdatePasswordBody,
  usernameSchema,
} from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { consumePhoneVerifications } from './otp-repository.ts';
import { insertPlayerAudit } from './player-audit.ts';
import { revokeUserSessions } from './session-repository.ts';
import {
  findUserById,
  findUserByMobile,
  findUserByUsernameLower,
  insertUser,
  isEmailTaken,
  pickLeastRecentlyUsedDemoUser,
  recordLoginSuccess,
  recordPasswordLoginSuccess,
  releaseLoginAttempts,
  reserveLoginAttempt,
  updatePasswordHash,
  type NewUserRow,
  type UserRow,
} from './user-repository.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../security/password.ts';
import { assertRegionAllowed } from '../regions/index.ts';
import { getAppDetails } from '../site/index.ts';
import { ensureDemoCredit } from '../wallet/index.ts';
import { OTP_FLOW_ON } from './otp-service.ts';
import { MINUTE_MS, type RequestOrigin, type ServiceDeps } from '../../deps.ts';
import { createSession, toSessionUser, type AuthContext } from './session-service.ts';
import { playerRestriction } from './sign-in-restriction.ts';

const LOGIN_LOCKED_MESSAGE = 'Too many failed sign-ins. Please try again later.';
const NAME_MISMATCH_MESSAGE = 'Name must be the same as the username.';

/** Which unique constraint means which answer, for inserts that lose a race. */
const CODE_BY_CONSTRAINT = {
  users_username_lower_key: 'USERNAME_TAKEN',
  users_mobile_key: 'PHONE_TAKEN',
  users_email_lower_key: 'EMAIL_TAKEN',
} as const;

export function takenErrorFor(error: unknown): AppError | undefined {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === undefined || !(constraint in CODE_BY_CONSTRAINT)) return undefined;
  return new AppError(CODE_BY_CONSTRAINT[constraint as keyof typeof CODE_BY_CONSTRAINT]);
}

/**
 * POST /login. Unknown user and wrong password answer alike, in about the same time. Every
 * password check is reserved first (one statement), and the fifth reservation within the
 * window locks the account for LOGIN_LOCK_MINUTES (429): parallel requests cannot get more
 * than five checks, and a locked account cannot be probed. Success clears the count. Demo and
 * closed accounts are refused as bad credentials; a staff-locked account only once the password
 * is right. System accounts (the simulator's market maker) have no password and answer exactly
 * as an unknown user. The session opens only while the verified hash is still the account's
 * (recordPasswordLoginSuccess): a reset or change that commits first wins.
 */
export async function login(
  deps: ServiceDeps,
  body: LoginBody,
  origin: RequestOrigin,
): Promise<AuthAnswer> {
  const user = await findUserByUsernameLower(deps.db, body.username.trim().toLowerCase());
  // A system account's stored "hash" is not argon2 (verify would throw): no password opens it.
  if (!user || user.isSystem) {
    await verifyDummyPassword(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const now = deps.clock.now();
  const lockMs = deps.config.login.lockMinutes * MINUTE_MS;
  const reserved = await reserveLoginAttempt(deps.db, user.id, {
    now,
    windowMs: lockMs,
    maxAttempts: deps.config.login.maxFailures,
    lockMs,
  });
  if (!reserved) throw new AppError('RATE_LIMITED', LOGIN_LOCKED_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.isDemo || user.status === 'closed') throw new AppError('INVALID_CREDENTIALS');
  if (user.status === 'locked') throw new AppError('ACCOUNT_LOCKED');
  // Only once the password is right: a refusal names the account's phone country and state.
  // The right password gives its reserved check back, so retrying shows the reason, not a lock.
  try {
    await assertRegionAllowed(
      deps,
      {
        callingCode: user.mobile === null ? null : user.countryCode,
        declaredState: user.declaredState,
      },
      origin,
    );
  } catch (error) {
    await releaseLoginAttempts(deps.db, user.id, user.passwordHash);
    throw error;
  }

  const { token } = await deps.db.transaction(async (tx) => {
    const verified = { passwordHash: user.passwordHash, now };
    if (!(await recordPasswordLoginSuccess(tx, user.id, verified))) {
      throw await refusalAfterRace(tx, user);
    }
    return createSession(tx, deps, user.id, origin);
  });
  // A time-out or self-exclusion: signed in to the restricted view only (issue 42 item 3).
  const restriction = await playerRestriction(deps.db, user.id, now);
  return { token, user: objectWith(toSessionUser(user), { restriction }) };
}

/**
 * What a sign-in answers when its verified password or the account's status changed before
 * its session: the answers of the checks above, applied to the account as it is now.
 */
async function refusalAfterRace(db: DbHandle, verified: UserRow): Promise<AppError> {
  const current = await findUserById(db, verified.id);
  const samePassword = current?.passwordHash === verified.passwordHash;
  if (samePassword && current?.status === 'locked') return new AppError('ACCOUNT_LOCKED');
  return new AppError('INVALID_CREDENTIALS');
}

/** POST /login/demo: the active demo account used longest ago. */
export async function demoLogin(deps: ServiceDeps, origin: RequestOrigin): Promise<AuthAnswer> {
  // Demo accounts share no phone or state of a visitor's: only the address tells.
  await assertRegionAllowed(deps, { callingCode: null, declaredState: null }, origin);
  const now = deps.clock.now();
  const answer = await deps.db.transaction(async (tx) => {
    const user = await pickLeastRecentlyUsedDemoUser(tx);
    if (!user) throw new AppError('NO_DEMO_USERS');
    await recordLoginSuccess(tx, user.id, now);
    const { token } = await createSession(tx, deps, user.id, origin);
    return { token, user: toSessionUser(user) };
  });
  // Play money once per demo account; a replay on every later sign-in.
  await ensureDemoCredit(deps, Number(answer.user.id));
  return answer;
}

/** Sign-in trims the username, so a padded one could never sign in: trim, then re-check. */
function registrationUsername(body: RegisterBody): string {
  const username = body.username.trim();
  const parsedUsername = usernameSchema.safeParse(username);
  if (!parsedUsername.success) {
    throw fieldError('username', parsedUsername.error.issues[0]?.message ?? 'Invalid username');
  }
  if (body.name.trim() !== username) throw fieldError('name', NAME_MISMATCH_MESSAGE);
  return username;
}

/** Refuses a username, phone or email another account holds (the unique indexes decide races). */
async function assertRegistrationFree(
  db: DbHandle,
  usernameLower: string,
  mobile: string,
  email: string | null,
): Promise<void> {
  if (await findUserByUsernameLower(db, usernameLower)) throw new AppError('USERNAME_TAKEN');
  if (await findUserByMobile(db, mobile)) throw new AppError('PHONE_TAKEN');
  if (email !== null && (await isEmailTaken(db, email))) throw new AppError('EMAIL_TAKEN');
}

/**
 * The "Agent/referral code" field: an agent's code as the agent has it (a code typed in another
 * case or with spaces still attaches the player; downlines compare lower-cased), else a
 * player's referral code, whose owner becomes the new player's referrer and whose agent the
 * new player's (docs/referral.md).
 * A code no agent or player has is refused, not kept.
 */
async function registeringCode(
  db: DbHandle,
  body: RegisterBody,
): Promise<{ agentCode: string | null; referrerId: number | null }> {
  const typedCode = body.agent_code?.trim() ?? '';
  if (!typedCode) return { agentCode: null, referrerId: null };
  const agent = await findStaffUserByAgentCode(db, typedCode);
  if (agent?.agentCode) return { agentCode: agent.agentCode, referrerId: null };
  const referrer = await findReferrerByCode(db, typedCode);
  if (!referrer) throw new AppError('AGENT_CODE_UNKNOWN');
  return { agentCode: referrer.agentCode, referrerId: referrer.playerId };
}

/** The new player's row: what the payload says, checked above, at `now`. */
function newPlayerRow(
  body: RegisterBody,
  checked: {
    username: string;
    email: string | null;
    agentCode: string | null;
    referrerId: number | null;
  },
  passwordHash: string,
  origin: RequestOrigin,
  now: Date,
): NewUserRow {
  const { username, email, agentCode, referrerId } = checked;
  return {
    username,
    usernameLower: username.toLowerCase(),
    name: username,
    email,
    passwordHash,
    mobile: body.mobile,
    countryCode: body.country_code,
    typeId: body.typeId,
    parentId: body.parentId,
    agentCode,
    referrerId,
    source: body.source || null,
    trackingId: body.extras?.trackingId || null,
    registrationIp: origin.ip,
    // The app's own lookup (SPEC 7.7) is only what the client says: keep it if it is an address.
    reportedIp: body.ip !== undefined && isIP(body.ip) !== 0 ? body.ip : null,
    declaredState: body.state,
    // The schema takes only `age_confirmed: true`: the 18+ box was ticked now.
    ageConfirmedAt: now,
    lastLoginAt: now,
    updatesConsentAt: body.updates_consent === true ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What the player chose or arrived with; never the password or its hash. */
async function auditRegistration(
  tx: DbHandle,
  user: UserRow,
  origin: RequestOrigin,
  now: Date,
): Promise<void> {
  await insertPlayerAudit(
    tx,
    user.id,
    { ip: origin.ip, now },
    {
      action: 'player.registered',
      before: null,
      after: {
        username: user.username,
        mobile: user.mobile,
        email: user.email,
        agentCode: user.agentCode,
        referrerId: user.referrerId,
        source: user.source,
        typeId: user.typeId,
        updatesConsent: user.updatesConsentAt !== null,
        declaredState: user.declaredState,
        ageConfirmedAt: user.ageConfirmedAt?.toISOString() ?? null,
      },
    },
  );
}

/**
 * POST /register with the payload of SPEC 3. typeId and parentId are fixed by the schema.
 * With the OTP flow on, the phone must carry a live verification, consumed in the same
 * transaction that creates the player and the session.
 */
export async function register(
  deps: ServiceDeps,
  body: RegisterBody,
  origin: RequestOrigin,
): Promise<AuthAnswer> {
  const username = registrationUsername(body);
  await assertRegionAllowed(
    deps,
    { callingCode: body.country_code, declaredState: body.state },
    origin,
  );

  const details = await getAppDetails(deps.db);
  const email = body.email?.trim() || null;
  if (details.IS_EMAIL === 1 && email === null) throw fieldError('email', 'Email cannot be empty');

  await assertRegistrationFree(deps.db, username.toLowerCase(), body.mobile, email);
  const { agentCode, referrerId } = await registeringCode(deps.db, body);

  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  const row = newPlayerRow(
    body,
    { username, email, agentCode, referrerId },
    passwordHash,
    origin,
    now,
  );
  try {
    return await deps.db.transaction(async (tx) => {
      if (
        details.OTP === OTP_FLOW_ON &&
        (await consumePhoneVerifications(tx, body.mobile, now)) === 0
      ) {
        throw new AppError('PHONE_NOT_VERIFIED');
      }
      const user = await insertUser(tx, row, deps.config.moneyMode);
      const { token } = await createSession(tx, deps, user.id, origin);
      await auditRegistration(tx, user, origin, now);
      return { token, user: toSessionUser(user) };
    });
  } catch (error) {
    throw takenErrorFor(error) ?? error;
  }
}

/**
 * POST /update-password: the current password proves it is the player; every other session
 * ends and its sockets close, this one stays. Audited with the number of sessions ended.
 */
export async function updatePassword(
  deps: ServiceDeps,
  auth: AuthContext,
  body: UpdatePasswordBody,
  origin: RequestOrigin,
): Promise<void> {
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock.now();
  const revoked = await deps.db.transaction(async (tx) => {
    // A reset (or another change) committed since the check: the current password given is
    // not the current one any more, and the reset has ended this session too.
    const replacingHash = user.passwordHash;
    const options = { now, clearLoginLock: false, replacingHash };
    if (!(await updatePasswordHash(tx, user.id, passwordHash, options))) {
      throw new AppError('WRONG_PASSWORD');
    }
    const ended = await revokeUserSessions(tx, user.id, 'password_changed', now, auth.sessionId);
    await insertPlayerAudit(
      tx,
      user.id,
      { ip: origin.ip, now },
      { action: 'player.password_changed', before: null, after: { sessionsEnded: ended.length } },
    );
    return ended;
  });
  for (const sessionId of revoked) deps.realtime.disconnectSession(sessionId);
}
