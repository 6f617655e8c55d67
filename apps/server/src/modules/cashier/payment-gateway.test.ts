import { createHmac } from 'node:crypto';
import { FASTPAY_CALLBACK_MAX_AGE_MS, TRC20_ADDRESS_PATTERN } from '@spm/contract';
import { describe, expect, it } from 'vitest';
import { signCallback, verifyCallbackSignature } from './payment-gateway.ts';
import { renderSimPayPage, simulatedTronAddress } from './simulator-gateway.ts';

const SECRET = 'a'.repeat(64);
const NOW = 1_750_000_000_000;
const BODY = '{"txnId":"SIM1","merchantReference":"1","status":"paid","amount":1000,"paidAt":"x"}';

describe('callback signatures', () => {
  const check = (overrides: Partial<Parameters<typeof verifyCallbackSignature>[0]> = {}) =>
    verifyCallbackSignature({
      secret: SECRET,
      timestamp: String(NOW),
      signature: signCallback(SECRET, String(NOW), BODY),
      rawBody: BODY,
      nowMs: NOW,
      ...overrides,
    });

  it('is hex HMAC-SHA256 over "timestamp.body"', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(signCallback(SECRET, String(NOW), BODY)).toBe(expected);
    expect(check()).toEqual({ ok: true });
    expect(check({ signature: expected.toUpperCase() })).toEqual({ ok: true });
  });

  it.each([
    ['another body', { rawBody: BODY.replace('1000', '1001') }],
    ['another secret', { secret: 'b'.repeat(64) }],
    ['a short signature', { signature: 'abcd' }],
    ['no signature', { signature: undefined }],
    ['no timestamp', { timestamp: undefined }],
    ['a timestamp that is not a number', { timestamp: '12a' }],
    ['a stale timestamp', { nowMs: NOW + FASTPAY_CALLBACK_MAX_AGE_MS + 1 }],
    ['a timestamp in the future', { nowMs: NOW - FASTPAY_CALLBACK_MAX_AGE_MS - 1 }],
  ])('refuses %s', (_name, overrides) => {
    expect(check(overrides).ok).toBe(false);
  });

  it('accepts the edges of the window', () => {
    expect(check({ nowMs: NOW + FASTPAY_CALLBACK_MAX_AGE_MS }).ok).toBe(true);
    expect(check({ nowMs: NOW - FASTPAY_CALLBACK_MAX_AGE_MS }).ok).toBe(true);
  });
});

describe('the gateway simulator', () => {
  it('derives a stable TRC20-shaped address per transaction', () => {
    const a = simulatedTronAddress('SIM0001');
    expect(a).toMatch(TRC20_ADDRESS_PATTERN);
    expect(simulatedTronAddress('SIM0001')).toBe(a);
    expect(simulatedTronAddress('SIM0002')).not.toBe(a);
  });

  it('escapes every value on the pay page and has no script', () => {
    const html = renderSimPayPage(
      {
        txnId: 'SIM<1>',
        merchantReference: '"7"',
        amountPaise: 100_000n,
        payAmount: '11.12',
        currency: 'USDT',
        payAddress: "T'x",
        network: 'TRC20',
        returnUrl: '/deposit/list?a=1&b=2',
        status: 'paid',
        createdAt: new Date(NOW),
      },
      'tok<en>',
      '<b>Brand</b> & Co',
    );
    expect(html).toContain('&lt;b&gt;Brand&lt;/b&gt; &amp; Co');
    expect(html).toContain('SIM&lt;1&gt;');
    expect(html).toContain('&quot;7&quot;');
    expect(html).toContain('T&#39;x');
    expect(html).toContain('href="/deposit/list?a=1&amp;b=2"');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<form');
  });
});
