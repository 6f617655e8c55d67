import { describe, expect, it } from 'vitest';
import { bonusVerdict, cashThenCoins, countedWagering, offerBonusOf, wageringOf } from './bonus.ts';
import { CASH_ONLY, drawsBonus, drawsBonusFor, splitStake } from './funding.ts';

const welcome = { percentBps: 66_600, maxBonusPaise: 199_800n, minDepositPaise: 30_000n };

describe('offerBonusOf', () => {
  it("pays the SPEC's 666 % of a 300-point deposit: 1,998 points", () => {
    expect(offerBonusOf(welcome, 30_000n)).toBe(199_800n);
  });
  it('caps the bonus at the maximum', () => {
    expect(offerBonusOf(welcome, 1_000_000n)).toBe(199_800n);
    expect(offerBonusOf({ ...welcome, percentBps: 500, maxBonusPaise: 100_000n }, 5_000_000n)).toBe(
      100_000n,
    );
  });
  it('pays nothing below the minimum deposit, and rounds a share down', () => {
    expect(offerBonusOf(welcome, 29_999n)).toBe(0n);
    expect(offerBonusOf({ ...welcome, percentBps: 500, minDepositPaise: 1n }, 1_999n)).toBe(99n);
  });
});

describe('wageringOf', () => {
  it('is the multiplier times the bonus', () => {
    expect(wageringOf(199_800n, 50)).toBe(9_990_000n);
    expect(wageringOf(10_000n, 0)).toBe(0n);
  });
  it('refuses a fractional or negative multiplier', () => {
    expect(() => wageringOf(1n, 1.5)).toThrow(RangeError);
    expect(() => wageringOf(1n, -1)).toThrow(RangeError);
  });
});

describe('bonusVerdict', () => {
  const expiresAt = new Date('2026-12-10T00:00:00Z');
  it('converts once the wagering is met, even at expiry', () => {
    expect(
      bonusVerdict({ wageredPaise: 100n, requiredPaise: 100n, expiresAt, now: expiresAt }),
    ).toBe('convert');
  });
  it('expires when time runs out first, and keeps it otherwise', () => {
    expect(
      bonusVerdict({ wageredPaise: 99n, requiredPaise: 100n, expiresAt, now: expiresAt }),
    ).toBe('expire');
    const before = new Date(expiresAt.getTime() - 1);
    expect(bonusVerdict({ wageredPaise: 99n, requiredPaise: 100n, expiresAt, now: before })).toBe(
      'keep',
    );
  });
  it('counts stakes up to the requirement', () => {
    expect(countedWagering(150n, 100n)).toBe(100n);
    expect(countedWagering(50n, 100n)).toBe(50n);
  });
});

describe('cashThenCoins', () => {
  const policy = cashThenCoins(['casino']);
  it('draws a casino stake from cash first, then coins; any other product from cash only', () => {
    expect(drawsBonusFor(policy, 'casino')).toBe(true);
    expect(drawsBonusFor(policy, 'exchange')).toBe(false);
    expect(drawsBonusFor(policy, 'crash')).toBe(false);
    expect(drawsBonus(policy)).toBe(true);
    expect(drawsBonusFor(CASH_ONLY, 'casino')).toBe(false);
    const balances = { cash: 800n, coins: 50n, sports: 0n } as const;
    const draws = policy.draws({ product: 'casino', playerId: 1, stakePaise: 850n });
    expect(splitStake(850n, draws, (wallet) => balances[wallet])).toEqual([
      { wallet: 'cash', amountPaise: 800n },
      { wallet: 'coins', amountPaise: 50n },
    ]);
    expect(policy.draws({ product: 'exchange', playerId: 1, stakePaise: 850n })).toEqual([
      { wallet: 'cash' },
    ]);
  });
});
