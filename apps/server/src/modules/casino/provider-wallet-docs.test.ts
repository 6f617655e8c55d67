import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signProviderBody, verifyProviderSignature } from './provider-signature.ts';

/** The signing example of docs/casino-provider-api.md is what the server computes and accepts. */
describe('the provider API document', () => {
  const doc = readFileSync(
    new URL('../../../../../docs/casino-provider-api.md', import.meta.url),
    'utf8',
  );
  const example = doc.slice(
    doc.indexOf('<!-- signature-example:start -->'),
    doc.indexOf('<!-- signature-example:end -->'),
  );
  const field = (name: string) => {
    const match = new RegExp(`- ${name}: \`([^\`]+)\``).exec(example);
    if (!match) throw new Error(`the example has no ${name}`);
    return match[1]!;
  };

  it('signs its example body to the signature it shows, and the server accepts it', () => {
    const secret = field('secret');
    const timestampMs = Number(field('timestamp'));
    const body = field('body');
    expect(JSON.parse(body)).toMatchObject({ transactionId: 'bet-1001', amount: 25000 });
    const target = { providerId: field('providerId'), operation: field('operation') };
    expect(signProviderBody(secret, timestampMs, target, body)).toBe(field('signature'));
    const check = (rawBody: string, nowMs: number, signedFor = target) =>
      verifyProviderSignature({
        secret,
        timestampHeader: String(timestampMs),
        signatureHeader: field('signature'),
        target: signedFor,
        rawBody,
        nowMs,
      });
    expect(check(body, timestampMs + 60_000)).toEqual({ ok: true });
    for (const elsewhere of [
      { ...target, operation: 'win' },
      { ...target, providerId: 'another-provider' },
    ]) {
      expect(check(body, timestampMs, elsewhere)).toEqual({ ok: false, reason: 'mismatch' });
    }
    expect(check(body.replace('25000', '25001'), timestampMs)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(check(body, timestampMs + 5 * 60_000 + 1)).toEqual({ ok: false, reason: 'stale' });
  });
});
