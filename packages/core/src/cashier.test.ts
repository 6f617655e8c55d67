import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  percentToBasisPoints,
  shareOfPaise,
  toGatewayAmount,
  withdrawablePaise,
} from './cashier.ts';

describe('shareOfPaise', () => {
  it.each([
    [100_000n, 300, 3000n],
    [100_001n, 300, 3000n],
    [30_000n, 1000, 3000n],
    [1n, 300, 0n],
    [0n, 300, 0n],
  ])('%s paise at %s bps is %s', (amount, bps, expected) => {
    expect(shareOfPaise(amount, bps)).toBe(expected);
  });

  it('refuses fractional or negative basis points', () => {
    expect(() => shareOfPaise(100n, 1.5)).toThrow(RangeError);
    expect(() => shareOfPaise(100n, -1)).toThrow(RangeError);
  });

  it('never exceeds the exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const share = shareOfPaise(amount, bps);
          expect(share * 10_000n <= amount * BigInt(bps)).toBe(true);
          expect((share + 1n) * 10_000n > amount * BigInt(bps)).toBe(true);
        },
      ),
    );
  });
});

describe('toGatewayAmount', () => {
  it('converts points to the gateway currency, rounding up to the cent', () => {
    expect(toGatewayAmount(90_000n, 9000n)).toBe('10.00');
    expect(toGatewayAmount(100_000n, 9000n)).toBe('11.12');
    expect(toGatewayAmount(50_050n, 100n)).toBe('500.50');
  });
});

it('percentToBasisPoints', () => {
  expect(percentToBasisPoints(3)).toBe(300);
  expect(percentToBasisPoints(10)).toBe(1000);
  expect(percentToBasisPoints(2.5)).toBe(250);
});

it('withdrawablePaise is the available cash, never negative', () => {
  expect(withdrawablePaise({ balancePaise: 12_345n })).toBe(12_345n);
  expect(withdrawablePaise({ balancePaise: 0n })).toBe(0n);
});
