import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_ABS_POINTS, formatPoints, paiseToPoints, pointsToPaise } from './money.ts';

describe('pointsToPaise', () => {
  it.each([
    [0, 0n],
    [1, 100n],
    [0.29, 29n],
    [1234.5, 123450n],
    [-7.07, -707n],
    [7500, 750000n],
  ])('converts %s points to %s paise', (points, paise) => {
    expect(pointsToPaise(points)).toEqual({ ok: true, paise });
  });

  it('refuses a third decimal instead of rounding money', () => {
    expect(pointsToPaise(1.005)).toEqual({ ok: false, code: 'TOO_MANY_DECIMALS' });
    expect(pointsToPaise(0.001)).toEqual({ ok: false, code: 'TOO_MANY_DECIMALS' });
    expect(pointsToPaise(1e-7)).toEqual({ ok: false, code: 'TOO_MANY_DECIMALS' });
    // Float noise is not a 2-decimal amount; the client must send what it means.
    expect(pointsToPaise(0.1 + 0.2)).toEqual({ ok: false, code: 'TOO_MANY_DECIMALS' });
  });

  it('refuses non-finite and out-of-range values', () => {
    expect(pointsToPaise(Number.NaN)).toEqual({ ok: false, code: 'NOT_FINITE' });
    expect(pointsToPaise(Infinity)).toEqual({ ok: false, code: 'NOT_FINITE' });
    expect(pointsToPaise(1e14)).toEqual({ ok: false, code: 'OUT_OF_RANGE' });
  });

  it('accepts the largest amount itself, both signs, and nothing beyond it', () => {
    expect(pointsToPaise(MAX_ABS_POINTS)).toEqual({ ok: true, paise: 10n ** 15n });
    expect(pointsToPaise(-MAX_ABS_POINTS)).toEqual({ ok: true, paise: -(10n ** 15n) });
    expect(pointsToPaise(MAX_ABS_POINTS + 0.01)).toEqual({ ok: false, code: 'OUT_OF_RANGE' });
  });

  it('round-trips every paise amount through points exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (paise) => {
        const result = pointsToPaise(paiseToPoints(paise));
        expect(result).toEqual({ ok: true, paise });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatPoints', () => {
  it('uses Indian digit grouping with two decimals', () => {
    expect(formatPoints(10000000n)).toBe('1,00,000.00');
    expect(formatPoints(5n)).toBe('0.05');
    expect(formatPoints(-123_456_78n)).toBe('-1,23,456.78');
  });

  // Zero must not come out as -0: Intl prints it as "-0.00".
  it('shows zero without a sign', () => {
    expect(formatPoints(0n)).toBe('0.00');
    expect(Object.is(paiseToPoints(0n), 0)).toBe(true);
  });
});
