import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_SIGNATURE_WINDOW_MS } from '@spm/contract';

/**
 * The seamless wallet's request signature (docs/casino-provider-api.md): hex HMAC-SHA256
 * with the provider's secret over `${timestampMs}.${rawBody}`. The provider signs, we verify;
 * SPM Games, the built-in provider, signs with the same function an external one would use.
 */
export function signProviderBody(secret: string, timestampMs: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`).digest('hex');
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

/** Constant-time check of a request's signature, and of its timestamp against `nowMs`. */
export function verifyProviderSignature(input: {
  secret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
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
  const expected = Buffer.from(signProviderBody(input.secret, timestampMs, input.rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signatureHeader)
    ? Buffer.from(signatureHeader, 'hex')
    : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true };
}
