import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@spm/contract';
import * as OTPAuth from 'otpauth';

/**
 * TOTP (RFC 6238) for the staff second factor: SHA-1, 6 digits, 30-second steps, the
 * parameters every authenticator app understands.
 */
const ALGORITHM = 'SHA1';
/** Steps either side of now a code may come from (clock drift between phone and server). */
export const TOTP_WINDOW = 1;

/** A fresh 160-bit secret, Base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** otpauth://totp/… for the enrolment QR code. */
export function totpUrl(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The time step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / (TOTP_PERIOD_SECONDS * 1000));
}

/** The code of one time step (tests and the e2e helper compute codes with it). */
export function totpCodeAt(secret: string, step: number): string {
  return OTPAuth.HOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    counter: step,
  });
}

/**
 * The time step the code belongs to when it is valid at `at` (±TOTP_WINDOW steps), else null.
 * Comparison is constant-time inside otpauth.
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const current = totpStep(at);
  const delta = OTPAuth.HOTP.validate({
    token: code,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    counter: current,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : current + delta;
}
