import { AUTH_MESSAGES } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeOtpCode } from './otp-repository.ts';
import { findUserById } from './user-repository.ts';
import { getAppDetails } from '../site/index.ts';
import { matchedOtpCodeId, sendOtpCode } from './otp-service.ts';
import { type RequestOrigin, type ServiceDeps } from '../../deps.ts';

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
  const details = await getAppDetails(deps.db);
  await sendOtpCode(
    deps,
    { phone: target.phone, purpose: PURPOSE, ip: origin.ip },
    details.BRAND_NAME,
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
  return matchedOtpCodeId(deps, phone, PURPOSE, code);
}

/**
 * Ends the code inside the withdrawal's transaction: a request that fails later (not enough
 * money) rolls this back and the player may use the same code again; two requests racing on
 * one code cannot both pass.
 */
export async function consumeWithdrawOtp(tx: DbHandle, codeId: string, now: Date): Promise<void> {
  if (!(await consumeOtpCode(tx, codeId, 'verified', now))) throw new AppError('OTP_EXPIRED');
}
