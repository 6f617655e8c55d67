import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { multiplierAtMs, msToReachMultiplier } from './flight.ts';

describe('multiplierAtMs', () => {
  it("follows bustabit's curve floor(100 × e^(0.00006 ms))", () => {
    expect(multiplierAtMs(0)).toBe(100);
    expect(multiplierAtMs(165)).toBe(100); // 1.00994...
    expect(multiplierAtMs(166)).toBe(101);
    expect(multiplierAtMs(11_552)).toBe(199);
    expect(multiplierAtMs(11_553)).toBe(200);
    expect(multiplierAtMs(38_376)).toBe(999);
    expect(multiplierAtMs(38_377)).toBe(1000);
  });

  it('never falls as time passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000 }), fc.nat(5000), (ms, later) => {
        expect(multiplierAtMs(ms + later)).toBeGreaterThanOrEqual(multiplierAtMs(ms));
      }),
    );
  });

  it('refuses negative or non-finite time', () => {
    expect(() => multiplierAtMs(-1)).toThrow(RangeError);
    expect(() => multiplierAtMs(Number.NaN)).toThrow(RangeError);
  });
});

describe('msToReachMultiplier', () => {
  const isFirstMs = (multiplier: number): void => {
    const ms = msToReachMultiplier(multiplier);
    expect(multiplierAtMs(ms)).toBeGreaterThanOrEqual(multiplier);
    if (ms > 0) expect(multiplierAtMs(ms - 1)).toBeLessThan(multiplier);
  };

  it('is the first millisecond the curve reaches each multiplier from 1.00x to 200.00x', () => {
    expect(msToReachMultiplier(100)).toBe(0);
    expect(msToReachMultiplier(200)).toBe(11_553);
    for (let multiplier = 100; multiplier <= 20_000; multiplier += 1) isFirstMs(multiplier);
  });

  it('is the first millisecond for any multiplier up to 1,000,000.00x', () => {
    fc.assert(fc.property(fc.integer({ min: 100, max: 100_000_000 }), isFirstMs), {
      numRuns: 2000,
    });
  });

  it('refuses multipliers below 1.00x or not whole hundredths', () => {
    expect(() => msToReachMultiplier(99)).toThrow(RangeError);
    expect(() => msToReachMultiplier(150.5)).toThrow(RangeError);
  });
});
