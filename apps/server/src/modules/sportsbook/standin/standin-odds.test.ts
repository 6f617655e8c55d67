import { describe, expect, it } from 'vitest';
import {
  hundredthsOf,
  hundredthsOfNumber,
  oddsAbove,
  payoutCents,
  productOfOdds,
  settleSlip,
  standInOddsHundredths,
  totalOddsText,
} from './standin-odds.ts';
import { legOutcome } from './standin-sweeper.ts';

describe("the stand-in's prices", () => {
  it('take a margin off the winnings of the best back price, rounded down, at least 1.01', () => {
    expect(standInOddsHundredths(200)).toBe(195);
    expect(standInOddsHundredths(150)).toBe(147);
    expect(standInOddsHundredths(1000)).toBe(955);
    expect(standInOddsHundredths(102)).toBe(101);
    expect(standInOddsHundredths(101)).toBe(101);
    expect(standInOddsHundredths(undefined)).toBeUndefined();
  });

  it('read two-decimal prices only', () => {
    expect(hundredthsOf('1.95')).toBe(195);
    expect(hundredthsOf('2.5')).toBe(250);
    expect(hundredthsOf('3')).toBe(300);
    expect(hundredthsOf('1.955')).toBeUndefined();
    expect(hundredthsOfNumber(1.95)).toBe(195);
    expect(hundredthsOfNumber(0.1 + 0.2)).toBe(30);
    expect(hundredthsOfNumber(1.955)).toBeUndefined();
  });

  it('multiply exactly and round down once', () => {
    const odds = productOfOdds([195, 290, 133]);
    // 1.95 × 2.90 × 1.33 = 7.52115
    expect(totalOddsText(odds)).toBe('7.52');
    expect(payoutCents(10_000n, odds)).toBe(75_211n);
    expect(payoutCents(333n, productOfOdds([101]))).toBe(336n);
    expect(oddsAbove(productOfOdds([100_000, 1_100]), 10_000)).toBe(true);
    expect(oddsAbove(productOfOdds([5_000, 200]), 10_000)).toBe(false);
  });
});

describe("the stand-in's settlement", () => {
  const leg = (outcome: 'won' | 'lost' | 'void' | 'open', oddsHundredths = 200) => ({
    outcome,
    oddsHundredths,
  });

  it('loses a slip at its first lost leg, waits for the others otherwise', () => {
    expect(settleSlip(1_000n, [leg('lost'), leg('open')])).toEqual({
      result: 'lost',
      payoutCents: 0n,
    });
    expect(settleSlip(1_000n, [leg('won'), leg('open')])).toBeUndefined();
  });

  it('refunds an all-void slip and counts a void leg at 1.00', () => {
    expect(settleSlip(1_000n, [leg('void'), leg('void')])).toEqual({
      result: 'refund',
      payoutCents: 1_000n,
    });
    expect(settleSlip(1_001n, [leg('won', 195), leg('void', 300), leg('won', 133)])).toEqual({
      result: 'won',
      // 10.01 × 1.95 × 1.33 = 25.960935 points
      payoutCents: 2_596n,
    });
  });

  it("reads a leg's outcome from its market's status and result", () => {
    const runner = { runnerId: '7' };
    expect(legOutcome(runner, undefined)).toBe('open');
    expect(legOutcome(runner, { status: 'open', result: null })).toBe('open');
    expect(legOutcome(runner, { status: 'closed', result: null })).toBe('open');
    expect(legOutcome(runner, { status: 'voided', result: { void: true } })).toBe('void');
    expect(legOutcome(runner, { status: 'settled', result: { winnerRunnerId: '7' } })).toBe('won');
    expect(legOutcome(runner, { status: 'settled', result: { winnerRunnerId: '8' } })).toBe('lost');
  });
});
