import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LADDER_PRICES,
  LADDER_SIZE,
  MAX_PRICE_HUNDREDTHS,
  MIN_PRICE_HUNDREDTHS,
  formatPrice,
  isValidPrice,
  ladderIndex,
  nextTickDown,
  nextTickUp,
  parsePrice,
  priceAtIndex,
  priceToOdds,
  ticksBetween,
} from './price-ladder.ts';

describe('the ladder', () => {
  it('has the 350 ticks of DESIGN 5, strictly ascending from 1.01 to 1000', () => {
    expect(LADDER_SIZE).toBe(350);
    expect(LADDER_PRICES[0]).toBe(MIN_PRICE_HUNDREDTHS);
    expect(LADDER_PRICES[LADDER_SIZE - 1]).toBe(MAX_PRICE_HUNDREDTHS);
    for (let i = 1; i < LADDER_SIZE; i++) {
      expect(LADDER_PRICES[i]!).toBeGreaterThan(LADDER_PRICES[i - 1]!);
    }
  });

  it.each([
    // [price in hundredths, on the ladder?] at each band edge and step
    [100, false],
    [101, true],
    [199, true],
    [200, true],
    [201, false],
    [202, true],
    [300, true],
    [302, false],
    [305, true],
    [405, false],
    [410, true],
    [610, false],
    [620, true],
    [1020, false],
    [1050, true],
    [2050, false],
    [2100, true],
    [3100, false],
    [3200, true],
    [5200, false],
    [5500, true],
    [10_500, false],
    [11_000, true],
    [100_000, true],
    [101_000, false],
    [150.5, false],
    [Number.NaN, false],
  ])('%s is on the ladder: %s', (price, valid) => {
    expect(isValidPrice(price)).toBe(valid);
  });

  it.each([
    // [price, next tick up, next tick down]
    [101, 102, null],
    [199, 200, 198],
    [200, 202, 199],
    [201, 202, 200],
    [300, 305, 298],
    [400, 410, 395],
    [600, 620, 590],
    [1000, 1050, 980],
    [2000, 2100, 1950],
    [3000, 3200, 2900],
    [5000, 5500, 4800],
    [10_000, 11_000, 9500],
    [100_000, null, 99_000],
    [100, 101, null],
  ])('around %s the ticks are %s up and %s down', (price, up, down) => {
    expect(nextTickUp(price)).toBe(up);
    expect(nextTickDown(price)).toBe(down);
  });

  it('indexes every price and steps one tick at a time', () => {
    LADDER_PRICES.forEach((price, index) => {
      expect(ladderIndex(price)).toBe(index);
      expect(priceAtIndex(index)).toBe(price);
      expect(nextTickUp(price)).toBe(LADDER_PRICES[index + 1] ?? null);
      expect(nextTickDown(price)).toBe(LADDER_PRICES[index - 1] ?? null);
    });
    expect(ticksBetween(200, 300)).toBe(50);
    expect(ticksBetween(300, 200)).toBe(-50);
    expect(ticksBetween(201, 300)).toBeNull();
  });

  it('agrees with a plain search for any integer, on or off the ladder', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 110_000 }), (price) => {
        expect(isValidPrice(price)).toBe(LADDER_PRICES.includes(price));
        expect(nextTickUp(price)).toBe(LADDER_PRICES.find((p) => p > price) ?? null);
        expect(nextTickDown(price)).toBe(LADDER_PRICES.findLast((p) => p < price) ?? null);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parsePrice', () => {
  it.each([
    [1.01, { ok: true, priceHundredths: 101 }],
    // 4.1 * 100 is 409.99999999999994 in floats; the text "4.1" is exactly 410.
    [4.1, { ok: true, priceHundredths: 410 }],
    [1.1, { ok: true, priceHundredths: 110 }],
    [2.02, { ok: true, priceHundredths: 202 }],
    [1000, { ok: true, priceHundredths: 100_000 }],
    [2.01, { ok: false, code: 'OFF_LADDER' }],
    [1.005, { ok: false, code: 'TOO_MANY_DECIMALS' }],
    [0.1 + 0.2, { ok: false, code: 'TOO_MANY_DECIMALS' }],
    [1, { ok: false, code: 'OUT_OF_RANGE' }],
    [1010, { ok: false, code: 'OUT_OF_RANGE' }],
    [-2, { ok: false, code: 'OUT_OF_RANGE' }],
    [Number.POSITIVE_INFINITY, { ok: false, code: 'NOT_FINITE' }],
  ])('reads %s as %o', (odds, expected) => {
    expect(parsePrice(odds)).toEqual(expected);
  });

  it('round-trips every ladder price through the API number and the display text', () => {
    for (const price of LADDER_PRICES) {
      expect(parsePrice(priceToOdds(price))).toEqual({ ok: true, priceHundredths: price });
      expect(parsePrice(Number(formatPrice(price)))).toEqual({ ok: true, priceHundredths: price });
    }
    expect(formatPrice(101)).toBe('1.01');
    expect(formatPrice(410)).toBe('4.10');
    expect(formatPrice(100_000)).toBe('1000.00');
  });
});
