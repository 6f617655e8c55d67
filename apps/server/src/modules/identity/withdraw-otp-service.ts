import { AUTH_MESSAGES } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  consumeOtpCode,
  countOtpCodesSince,
  latestOtpCreatedAt,
  lockPhoneForOtp,
  undoOtpSend,
} from './otp-repository.ts';
import { findUserById } from './user-repository.ts';
import { generateOtpCode } from '../../security/tokens.ts';
import { getAppDetails } from '../site/index.ts';
import {
  asCooldownIfRaced,
  assertOtpBudget,
  checkOtpCode,
  otpText,
  sendOrUndo,
  storeNewOtpCode,
} from './otp-service.ts';
import { HOUR_MS, type RequestOrigin, type ServiceDeps } from '../../deps.ts';

/**
 * The code that confirms a withdrawal (POST /withdraw/request/otp). It goes to the player's
 * own registered mobile only, never to a number in the request, under the same cooldown and
 * hourly budgets as every other code (docs/identity.md).
 */
const PURPOSE = 'withdraw';
export const NO_MOBILE_MESSAGE = 'Add a mobile number to your account before withdrawing.';

export interface WithdrawPhone {
  phone: string;
  countryCode: string;
}

/** The player's registered mobile, or 400 naming `mobile` when they have none. */
export async function withdrawPhoneOf(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<WithdrawPhone> {
  const user = await findUserById(deps.db, playerId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.mobile) {
    throw new AppError('VALIDATION_FAILED', NO_MOBILE_MESSAGE, {
      issues: [{ field: 'mobile', message: NO_MOBILE_MESSAGE }],
    });
  }
  return { phone: user.mobile, countryCode: user.countryCode };
}

/** "+91 ******3210": enough for the player to recognise the number, not to learn it. */
export function maskPhone({ phone, countryCode }: WithdrawPhone): string {
  return `+${countryCode} ${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

export async function sendWithdrawOtp(
  deps: ServiceDeps,
  playerId: number,
  origin: RequestOrigin,
): Promise<{ message: string; sentTo: string }> {
  const target = await withdrawPhoneOf(deps, playerId);
  const { phone } = target;
  const details = await getAppDetails(deps.db);
  const code = generateOtpCode();
  const now = deps.clock.now();
  let issued: { codeId: string; supersededId: string | undefined };
  try {
    issued = await deps.db.transaction(async (tx) => {
      await lockPhoneForOtp(tx, phone);
      await assertOtpBudget(tx, deps, {
        now,
        ip: origin.ip,
        latestAt: await latestOtpCreatedAt(tx, phone, PURPOSE),
        sentToPhoneLastHour: await countOtpCodesSince(
          tx,
          phone,
          PURPOSE,
          new Date(now.getTime() - HOUR_MS),
        ),
      });
      return storeNewOtpCode(tx, deps, { phone, purpose: PURPOSE, code, now, ip: origin.ip });
    });
  } catch (error) {
    throw asCooldownIfRaced(error);
  }
  await sendOrUndo(
    deps,
    phone,
    otpText(details.BRAND_NAME, code, PURPOSE, deps.config.otp.ttlMinutes),
    { code, purpose: PURPOSE },
    () => undoOtpSend(deps.db, issued.codeId, issued.supersededId),
  );
  return { message: AUTH_MESSAGES.otpSent, sentTo: maskPhone(target) };
}

/**
 * Checks the code against the phone's live withdraw code, spending one try whatever the
 * outcome (committed on its own, so a refused request still counts). Answers the code's id
 * for `consumeWithdrawOtp`, which the withdrawal's own transaction runs.
 */
export async function checkWithdrawOtp(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  phone: string,
  code: string,
): Promise<string> {
  const check = await checkOtpCode(deps, phone, PURPOSE, code);
  if (check.status === 'invalid') throw new AppError('OTP_INVALID');
  if (check.status === 'expired') throw new AppError('OTP_EXPIRED');
  return check.codeId;
}

/**
 * Ends the code inside the withdrawal's transaction: a request that fails later (not enough
 * money) rolls this back and the player may use the same code again; two requests racing on
 * one code cannot both pass.
 */
export async function consumeWithdrawOtp(tx: DbHandle, codeId: string, now: Date): Promise<void> {
  if (!(await consumeOtpCode(tx, codeId, 'verified', now))) throw new AppError('OTP_EXPIRED');
}
