import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_SIGNATURE_WINDOW_MS } from '@spm/contract';

/** Where a signed request goes: the provider and the operation of its URL. */
export interface SignedTarget {
  providerId: string;
  operation: string;
}

/**
 * The seamless wallet's request signature (docs/casino-provider-api.md): hex HMAC-SHA256
 * with the provider's secret over `${timestampMs}.${providerId}.${operation}.${rawBody}`.
 * The provider signs, we verify; SPM Games, the built-in provider, signs with the same
 * function an external one would use. The URL's provider and operation are signed because
 * bet, win and rollback bodies share their fields: signed over the body alone, a captured bet
 * would verify at /win within the timestamp window and credit the stake it should debit.
 */
export function signProviderBody(
  secret: string,
  timestampMs: number,
  target: SignedTarget,
  rawBody: string,
): string {
  return createHmac('sha256', secret)
    .update(`${timestampMs}.${target.providerId}.${target.operation}.${rawBody}`)
    .digest('hex');
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

/** Constant-time check of a request's signature, and of its timestamp against `nowMs`. */
export function verifyProviderSignature(input: {
  secret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  target: SignedTarget;
  rawBody: string;
  nowMs: number;
}): SignatureCheck {
  const { timestampHeader, signatureHeader } = input;
  if (!timestampHeader || !signatureHeader || !/^\d{1,16}$/.test(timestampHeader)) {
    return { ok: false, reason: 'missing' };
  }
  const timestampMs = Number(timestampHeader);
  if (Math.abs(input.nowMs - timestampMs) > CASINO_SIGNATURE_WINDOW_MS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(
    signProviderBody(input.secret, timestampMs, input.target, input.rawBody),
    'hex',
  );
  const given = /^[0-9a-f]{64}$/i.test(signatureHeader)
    ? Buffer.from(signatureHeader, 'hex')
    : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true };
}
