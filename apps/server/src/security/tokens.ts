import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: session tokens and reset tickets (docs/identity.md). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export const OTP_DIGITS = 6;

/** A uniformly random 6-digit code, leading zeros kept. */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, '0');
}

/**
 * SHA-256 of the code salted with its phone and purpose, so equal codes of different phones
 * or purposes never share a hash and a code for one purpose cannot match another.
 */
export function hashOtpCode(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`otp:${purpose}:${phone}:${code}`, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
