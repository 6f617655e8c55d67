import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
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
    expect(() => shareOfPaise(100n, -1)).toThrow(
      new RangeError('basis points must be a whole number >= 0, got -1'),
    );
  });

  // 0 bps is a real setting (no bonus, no fee): it must pay nothing, not throw.
  it('pays nothing at zero basis points', () => {
    expect(shareOfPaise(100_000n, 0)).toBe(0n);
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

  it('pays the exact price when it divides evenly and one cent more for any remainder', () => {
    expect(toGatewayAmount(9_000n, 9_000n)).toBe('1.00');
    expect(toGatewayAmount(9_001n, 9_000n)).toBe('1.01');
    expect(toGatewayAmount(1n, 100n)).toBe('0.01');
    expect(toGatewayAmount(0n, 9_000n)).toBe('0.00');
  });

  // A zero or negative price would divide by zero or send a negative amount to the gateway.
  it.each([0n, -1n, -9_000n])('refuses a unit price of %s paise', (unitPricePaise) => {
    expect(() => toGatewayAmount(90_000n, unitPricePaise)).toThrow(
      new RangeError('unit price must be positive'),
    );
  });

  it('never asks for less than the points are worth, nor a cent more than needed', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (amountPaise, unitPricePaise) => {
          const [whole = '', fraction = ''] = toGatewayAmount(amountPaise, unitPricePaise).split(
            '.',
          );
          expect(fraction).toMatch(/^\d{2}$/);
          const cents = BigInt(whole) * 100n + BigInt(fraction);
          // cents / 100 units of price P buy cents * P / 100 paise: at least the amount ...
          expect(cents * unitPricePaise >= amountPaise * 100n).toBe(true);
          // ... and one cent fewer would not.
          expect((cents - 1n) * unitPricePaise < amountPaise * 100n).toBe(true);
        },
      ),
    );
  });
});

it('percentToBasisPoints and back', () => {
  expect(percentToBasisPoints(0)).toBe(0);
  expect(percentToBasisPoints(3)).toBe(300);
  expect(percentToBasisPoints(0.29)).toBe(29);
  expect(basisPointsToPercent(250)).toBe(2.5);
  expect(basisPointsToPercent(0)).toBe(0);
  expect(percentToBasisPoints(10)).toBe(1000);
  expect(percentToBasisPoints(2.5)).toBe(250);
});

it('withdrawablePaise is the available cash, never negative', () => {
  expect(withdrawablePaise({ balancePaise: 12_345n })).toBe(12_345n);
  expect(withdrawablePaise({ balancePaise: 0n })).toBe(0n);
  expect(withdrawablePaise({ balancePaise: 1n })).toBe(1n);
  // A negative available balance (a hold larger than cash) must not become a withdrawable
  // amount or a negative withdrawal.
  expect(withdrawablePaise({ balancePaise: -1n })).toBe(0n);
  expect(withdrawablePaise({ balancePaise: -50_000n })).toBe(0n);
});
