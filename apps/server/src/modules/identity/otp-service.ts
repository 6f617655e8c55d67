import { AUTH_MESSAGES, type MobileVerificationBody, type SendOtpBody } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import {
  consumeOtpCode,
  countOtpCodesSince,
  countOtpRequestsByIpSince,
  insertOtpCode,
  insertPhoneVerification,
  latestOtpCreatedAt,
  lockPhoneForOtp,
  supersedeLiveOtp,
  takeOtpAttempt,
  undoOtpSend,
  type OtpPurpose,
} from './otp-repository.ts';
import { findUserByMobile } from './user-repository.ts';
import { generateOtpCode, hashOtpCode, sameDigest } from '../../security/tokens.ts';
import { SmsSendError, toE164India, type SmsMeta } from '../../sms/sms-provider.ts';
import { getAppDetails } from '../site/index.ts';
import { HOUR_MS, MINUTE_MS, type RequestOrigin, type ServiceDeps } from '../../deps.ts';

/** App setting OTP: 0 means the OTP flow is on (SPEC 3). */
export const OTP_FLOW_ON = 0;
/** docs/identity.md: a verified phone may register within 30 minutes. */
export const PHONE_VERIFICATION_TTL_MS = 30 * MINUTE_MS;

const SMS_UNAVAILABLE_MESSAGE = 'We could not send the SMS right now. Please try again shortly.';
const PHONE_LIMIT_MESSAGE = 'Too many OTP requests for this number. Please try again later.';
const IP_LIMIT_MESSAGE = 'Too many OTP requests. Please try again later.';

export function otpText(brandName: string, code: string, purpose: OtpPurpose, ttlMinutes: number) {
  const what =
    purpose === 'reset'
      ? 'password reset code'
      : purpose === 'withdraw'
        ? 'withdrawal confirmation code'
        : 'verification code';
  return `${code} is your ${brandName} ${what}. It is valid for ${ttlMinutes} minutes. Do not share it with anyone.`;
}

/** What a phone has already been sent, as the send limits count it. */
export interface SentToPhone {
  latestAt(tx: DbHandle, phone: string): Promise<Date | undefined>;
  countSince(tx: DbHandle, phone: string, since: Date): Promise<number>;
}

/** The OTP codes of one purpose a phone was sent. */
export function otpCodesSent(purpose: OtpPurpose): SentToPhone {
  return {
    latestAt: (tx, phone) => latestOtpCreatedAt(tx, phone, purpose),
    countSince: (tx, phone, since) => countOtpCodesSince(tx, phone, purpose, since),
  };
}

/**
 * Takes the phone's lock, then applies the send limits of docs/identity.md inside that
 * transaction: resend cooldown, codes per phone per hour, requests per address per hour.
 */
export async function lockPhoneWithinOtpBudget(
  tx: DbHandle,
  deps: Pick<ServiceDeps, 'config'>,
  phone: string,
  sent: SentToPhone,
  input: { now: Date; ip: string },
): Promise<void> {
  const { otp } = deps.config;
  const { now } = input;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await lockPhoneForOtp(tx, phone);
  const latestAt = await sent.latestAt(tx, phone);
  const sentToPhoneLastHour = await sent.countSince(tx, phone, hourAgo);
  if (
    latestAt !== undefined &&
    now.getTime() - latestAt.getTime() < otp.resendCooldownSeconds * 1000
  ) {
    throw new AppError('OTP_COOLDOWN');
  }
  if (sentToPhoneLastHour >= otp.maxPerPhonePerHour) {
    throw new AppError('RATE_LIMITED', PHONE_LIMIT_MESSAGE);
  }
  if ((await countOtpRequestsByIpSince(tx, input.ip, hourAgo)) >= otp.maxPerIpPerHour) {
    throw new AppError('RATE_LIMITED', IP_LIMIT_MESSAGE);
  }
}

/** Replaces the live code of the phone and purpose by a new one, in the caller's transaction. */
export async function storeNewOtpCode(
  tx: DbHandle,
  deps: Pick<ServiceDeps, 'config'>,
  input: { phone: string; purpose: OtpPurpose; code: string; now: Date; ip: string },
): Promise<{ codeId: string; supersededId: string | undefined }> {
  const { phone, purpose, code, now, ip } = input;
  const supersededId = await supersedeLiveOtp(tx, phone, purpose, now);
  const codeId = await insertOtpCode(tx, {
    phone,
    purpose,
    codeHash: hashOtpCode(phone, purpose, code),
    expiresAt: new Date(now.getTime() + deps.config.otp.ttlMinutes * MINUTE_MS),
    createdAt: now,
    ip,
  });
  return { codeId, supersededId };
}

/**
 * A second send racing the first for one phone loses on the one-live-code index: to the
 * player that is a resend inside the cooldown.
 */
export function asCooldownIfRaced(error: unknown): unknown {
  return uniqueViolationConstraint(error) === 'otp_codes_live_key'
    ? new AppError('OTP_COOLDOWN')
    : error;
}

/**
 * Hands the message to the provider after the code is committed. When the provider refuses,
 * `undo` takes the code back so the failure spends neither cooldown nor hourly budget, and
 * the player gets 503 SERVICE_UNAVAILABLE.
 */
export async function sendOrUndo(
  deps: Pick<ServiceDeps, 'sms' | 'log'>,
  phone: string,
  text: string,
  meta: SmsMeta,
  undo: () => Promise<void>,
): Promise<void> {
  try {
    await deps.sms.send(toE164India(phone), text, meta);
  } catch (error) {
    if (!(error instanceof SmsSendError)) {
      deps.log.error({ err: error, purpose: meta.purpose }, 'sms provider failed');
    }
    await undo().catch((undoError: unknown) =>
      deps.log.error({ err: undoError }, 'could not take back an unsent OTP'),
    );
    throw new AppError('SERVICE_UNAVAILABLE', SMS_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/**
 * Issues a fresh code of `purpose` to the phone within the send limits and texts it; a send
 * racing another for the same phone answers as the cooldown.
 */
export async function sendOtpCode(
  deps: ServiceDeps,
  input: { phone: string; purpose: OtpPurpose; ip: string },
  brandName: string,
): Promise<void> {
  const { phone, purpose, ip } = input;
  const code = generateOtpCode();
  const now = deps.clock.now();
  let issued: { codeId: string; supersededId: string | undefined };
  try {
    issued = await deps.db.transaction(async (tx) => {
      await lockPhoneWithinOtpBudget(tx, deps, phone, otpCodesSent(purpose), { now, ip });
      return storeNewOtpCode(tx, deps, { phone, purpose, code, now, ip });
    });
  } catch (error) {
    throw asCooldownIfRaced(error);
  }
  await sendOrUndo(
    deps,
    phone,
    otpText(brandName, code, purpose, deps.config.otp.ttlMinutes),
    { code, purpose },
    () => undoOtpSend(deps.db, issued.codeId, issued.supersededId),
  );
}

/** POST /sendOtpToMobile. Answers the toast text of SPEC 8. */
export async function sendRegistrationOtp(
  deps: ServiceDeps,
  body: SendOtpBody,
  origin: RequestOrigin,
): Promise<string> {
  const phone = body.mobile;
  const details = await getAppDetails(deps.db);
  if (await findUserByMobile(deps.db, phone)) throw new AppError('PHONE_TAKEN');
  if (details.OTP !== OTP_FLOW_ON) return AUTH_MESSAGES.phoneRegistered;
  await sendOtpCode(deps, { phone, purpose: 'register', ip: origin.ip }, details.BRAND_NAME);
  return AUTH_MESSAGES.otpSent;
}

export type OtpCheck =
  { status: 'matched'; codeId: string } | { status: 'invalid' } | { status: 'expired' };

/**
 * Compares a code with the live one of the phone and purpose. The try is spent before the
 * comparison; the last allowed wrong try ends the code. A match is not consumed here: the
 * caller consumes it in the transaction that acts on it.
 */
export async function checkOtpCode(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<OtpCheck> {
  const now = deps.clock.now();
  const { maxAttempts } = deps.config.otp;
  const attempt = await takeOtpAttempt(deps.db, phone, purpose, { now, maxAttempts });
  if (!attempt) return { status: 'expired' };
  if (sameDigest(attempt.codeHash, hashOtpCode(phone, purpose, code))) {
    return { status: 'matched', codeId: attempt.id };
  }
  if (attempt.attempts >= maxAttempts) {
    await consumeOtpCode(deps.db, attempt.id, 'exhausted', now);
  }
  return { status: 'invalid' };
}

/** The id of the live code of the phone and purpose that `code` matches; 400 otherwise. */
export async function matchedOtpCodeId(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<string> {
  const check = await checkOtpCode(deps, phone, purpose, code);
  if (check.status === 'invalid') throw new AppError('OTP_INVALID');
  if (check.status === 'expired') throw new AppError('OTP_EXPIRED');
  return check.codeId;
}

/** POST /mobileVerification: a right code proves the phone for registration (30 min). */
export async function verifyMobile(
  deps: ServiceDeps,
  body: MobileVerificationBody,
): Promise<string> {
  const phone = body.mobile;
  const codeId = await matchedOtpCodeId(deps, phone, 'register', body.otp);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await consumeOtpCode(tx, codeId, 'verified', now))) {
      throw new AppError('OTP_EXPIRED');
    }
    await insertPhoneVerification(tx, {
      phone,
      verifiedAt: now,
      expiresAt: new Date(now.getTime() + PHONE_VERIFICATION_TTL_MS),
    });
  });
  return AUTH_MESSAGES.otpVerified;
}
