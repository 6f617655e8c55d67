import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capRoundReturns } from './round-cap.ts';

describe('capRoundReturns', () => {
  it('pays earlier bets first and stops at the cap', () => {
    expect(capRoundReturns([40n, 50n, 30n], 100n)).toEqual([40n, 50n, 10n]);
    expect(capRoundReturns([0n, 120n, 5n], 100n)).toEqual([0n, 100n, 0n]);
    expect(capRoundReturns([10n, 20n], 100n)).toEqual([10n, 20n]);
    expect(capRoundReturns([], 100n)).toEqual([]);
  });

  it('never pays more than the cap or a bet its own return, and pays all it can', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt(0n, 10n ** 9n)), fc.bigInt(0n, 10n ** 10n), (returns, cap) => {
        const paid = capRoundReturns(returns, cap);
        const total = paid.reduce((sum, p) => sum + p, 0n);
        const asked = returns.reduce((sum, r) => sum + r, 0n);
        expect(paid.every((p, i) => p >= 0n && p <= returns[i]!)).toBe(true);
        expect(total).toBe(asked < cap ? asked : cap);
      }),
    );
  });
});
