import { AUTH_MESSAGES, type ForgotPasswordBody } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { consumeOtpCode, undoOtpSend } from './otp-repository.ts';
import {
  consumePasswordReset,
  countPasswordResetsSince,
  deletePasswordReset,
  insertPasswordReset,
  latestPasswordResetCreatedAt,
  takePasswordResetAttempt,
} from './password-reset-repository.ts';
import { insertPlayerAudit } from './player-audit.ts';
import { revokeUserSessions } from './session-repository.ts';
import { findUserByMobile, updatePasswordHash } from './user-repository.ts';
import { hashPassword } from '../../security/password.ts';
import { generateOtpCode, hashToken, randomToken } from '../../security/tokens.ts';
import { getAppDetails } from '../site/index.ts';
import {
  asCooldownIfRaced,
  lockPhoneWithinOtpBudget,
  matchedOtpCodeId,
  otpText,
  sendOrUndo,
  storeNewOtpCode,
  type SentToPhone,
} from './otp-service.ts';
import { MINUTE_MS, type RequestOrigin, type ServiceDeps } from '../../deps.ts';

/** A reset request counts against the phone's send limits whether or not a code went out. */
const passwordResetsSent: SentToPhone = {
  latestAt: latestPasswordResetCreatedAt,
  countSince: countPasswordResetsSince,
};

export interface ForgotPasswordResult {
  message: string;
  /** The raw ticket for the httpOnly cookie; only its hash is stored. */
  ticket: string;
  ticketMaxAgeSeconds: number;
}

/**
 * POST /forgot-password. The same answer, limits and cookie whether or not the phone belongs
 * to a player, so the endpoint does not tell who is registered; a code is sent only when it
 * does. The ticket lives as long as the code.
 */
export async function forgotPassword(
  deps: ServiceDeps,
  body: ForgotPasswordBody,
  origin: RequestOrigin,
): Promise<ForgotPasswordResult> {
  const phone = body.phone;
  const user = await findUserByMobile(deps.db, phone);
  const details = user ? await getAppDetails(deps.db) : undefined;
  const now = deps.clock.now();
  const ttlMs = deps.config.otp.ttlMinutes * MINUTE_MS;
  const ticket = randomToken();
  const code = generateOtpCode();
  const purpose = 'reset';

  let issued: { resetId: string; codeId?: string; supersededId?: string | undefined };
  try {
    issued = await deps.db.transaction(async (tx) => {
      await lockPhoneWithinOtpBudget(tx, deps, phone, passwordResetsSent, { now, ip: origin.ip });
      const resetId = await insertPasswordReset(tx, {
        ticketHash: hashToken(ticket),
        phone,
        userId: user?.id ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
        ip: origin.ip,
      });
      if (!user) return { resetId };
      return {
        resetId,
        ...(await storeNewOtpCode(tx, deps, { phone, purpose, code, now, ip: origin.ip })),
      };
    });
  } catch (error) {
    throw asCooldownIfRaced(error);
  }

  const { codeId, supersededId } = issued;
  if (details && codeId !== undefined) {
    await sendOrUndo(
      deps,
      phone,
      otpText(details.BRAND_NAME, code, purpose, deps.config.otp.ttlMinutes),
      { code, purpose },
      async () => {
        await undoOtpSend(deps.db, codeId, supersededId);
        await deletePasswordReset(deps.db, issued.resetId);
      },
    );
  }
  return {
    message: AUTH_MESSAGES.requestCreated,
    ticket,
    ticketMaxAgeSeconds: Math.ceil(ttlMs / 1000),
  };
}

/**
 * POST /reset-password. The ticket names the phone; the code must be that phone's live reset
 * code. Every try spends one of the ticket's tries and one of the code's. Success sets the
 * password, lifts a failed-login lock (the phone is proven), ends every session of the player
 * and closes their sockets. Audited as the player's own change: the phone proved who it is.
 */
export async function resetPassword(
  deps: ServiceDeps,
  input: { ticket: string | undefined; otp: string; password: string },
  origin: RequestOrigin,
): Promise<string> {
  if (!input.ticket) throw new AppError('RESET_NOT_STARTED');
  const { maxAttempts } = deps.config.otp;
  const reset = await takePasswordResetAttempt(deps.db, hashToken(input.ticket), {
    now: deps.clock.now(),
    maxAttempts,
  });
  if (!reset) throw new AppError('RESET_NOT_STARTED');
  const userId = reset.userId;
  // An unregistered phone got no code: every code is wrong, exactly as a wrong one would be.
  if (userId === null) throw new AppError('OTP_INVALID');

  const codeId = await matchedOtpCodeId(deps, reset.phone, 'reset', input.otp);

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await consumeOtpCode(tx, codeId, 'verified', now))) {
      throw new AppError('OTP_EXPIRED');
    }
    if (!(await consumePasswordReset(tx, reset.id, now))) {
      throw new AppError('RESET_NOT_STARTED');
    }
    await updatePasswordHash(tx, userId, passwordHash, { now, clearLoginLock: true });
    const ended = await revokeUserSessions(tx, userId, 'password_reset', now);
    await insertPlayerAudit(
      tx,
      userId,
      { ip: origin.ip, now },
      { action: 'player.password_reset', before: null, after: { sessionsEnded: ended.length } },
    );
  });
  deps.realtime.disconnectUser(userId);
  return AUTH_MESSAGES.passwordResetSuccess;
}
