import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cashOutPayout, maxWinCashOutMultiplier, settleCrashBet, type CrashBet } from './payout.ts';
import { MAX_ROUND_STAKE_PAISE, MAX_ROUND_WIN_PAISE } from '../round-rule.ts';

const POINT = 100n;

describe('cashOutPayout', () => {
  it('pays stake × multiplier rounded down to the paisa, at most the maximum win', () => {
    const maxWinPaise = MAX_ROUND_WIN_PAISE;
    expect(
      cashOutPayout({ stakePaise: 100n * POINT, multiplierHundredths: 250, maxWinPaise }),
    ).toBe(250n * POINT);
    expect(cashOutPayout({ stakePaise: 333n, multiplierHundredths: 150, maxWinPaise })).toBe(499n);
    expect(
      cashOutPayout({ stakePaise: 7500n * POINT, multiplierHundredths: 1001, maxWinPaise }),
    ).toBe(75_000n * POINT);
  });

  it('refuses a stake of 0, a multiplier below 1.00x and a maximum below the stake', () => {
    const maxWinPaise = MAX_ROUND_WIN_PAISE;
    expect(() => cashOutPayout({ stakePaise: 0n, multiplierHundredths: 200, maxWinPaise })).toThrow(
      RangeError,
    );
    expect(() => cashOutPayout({ stakePaise: 1n, multiplierHundredths: 99, maxWinPaise })).toThrow(
      RangeError,
    );
    expect(() =>
      cashOutPayout({ stakePaise: 10n, multiplierHundredths: 200, maxWinPaise: 9n }),
    ).toThrow(RangeError);
  });
});

describe('maxWinCashOutMultiplier', () => {
  it('is 10.00x for the largest stake under the game rules', () => {
    expect(maxWinCashOutMultiplier(MAX_ROUND_STAKE_PAISE, MAX_ROUND_WIN_PAISE)).toBe(1000);
    expect(maxWinCashOutMultiplier(3n, 10n)).toBe(366); // 10.98 paise rounds down to 10
  });

  it('is the highest multiplier whose return stays within the maximum', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (stakePaise, extraPaise) => {
          const maxWinPaise = stakePaise + extraPaise;
          const multiplier = maxWinCashOutMultiplier(stakePaise, maxWinPaise);
          const uncapped = (hundredths: number) => (stakePaise * BigInt(hundredths)) / 100n;
          expect(multiplier).toBeGreaterThanOrEqual(100);
          expect(uncapped(multiplier)).toBeLessThanOrEqual(maxWinPaise);
          expect(uncapped(multiplier + 1)).toBeGreaterThan(maxWinPaise);
        },
      ),
    );
  });
});

describe('settleCrashBet', () => {
  const bet = (overrides: Partial<CrashBet>): CrashBet => ({
    stakePaise: 100n * POINT,
    autoCashOutHundredths: null,
    manualCashOutHundredths: null,
    crashPointHundredths: 250,
    ...overrides,
  });

  it('pays an auto target at or below the crash point exactly, and loses one above it', () => {
    expect(settleCrashBet(bet({ autoCashOutHundredths: 250 }))).toEqual({
      outcome: 'cashed-out',
      by: 'auto',
      multiplierHundredths: 250,
      payoutPaise: 250n * POINT,
    });
    expect(settleCrashBet(bet({ autoCashOutHundredths: 251 })).outcome).toBe('lost');
  });

  it('pays a manual cash-out below the crash point and refuses one at or after it', () => {
    expect(settleCrashBet(bet({ manualCashOutHundredths: 249 }))).toMatchObject({
      by: 'manual',
      payoutPaise: 249n * POINT,
    });
    expect(settleCrashBet(bet({ manualCashOutHundredths: 250 }))).toEqual({
      outcome: 'lost',
      by: null,
      multiplierHundredths: null,
      payoutPaise: 0n,
    });
    expect(
      settleCrashBet(bet({ manualCashOutHundredths: 100, crashPointHundredths: 100 })).outcome,
    ).toBe('lost');
  });

  it('takes whichever cash-out came first: the lower multiplier', () => {
    const both = { autoCashOutHundredths: 200, crashPointHundredths: 500 };
    expect(settleCrashBet(bet({ ...both, manualCashOutHundredths: 150 })).by).toBe('manual');
    expect(settleCrashBet(bet({ ...both, manualCashOutHundredths: 300 }))).toMatchObject({
      by: 'auto',
      multiplierHundredths: 200,
    });
  });

  it('cashes out at the maximum win when the flight reaches it', () => {
    const big = { stakePaise: MAX_ROUND_STAKE_PAISE, crashPointHundredths: 5000 };
    expect(settleCrashBet(bet({ ...big, autoCashOutHundredths: 2000 }))).toEqual({
      outcome: 'cashed-out',
      by: 'max-win',
      multiplierHundredths: 1000,
      payoutPaise: MAX_ROUND_WIN_PAISE,
    });
    expect(settleCrashBet(bet({ ...big, crashPointHundredths: 999 })).outcome).toBe('lost');
    expect(settleCrashBet(bet({ ...big, maxWinPaise: 15_000n * POINT })).multiplierHundredths).toBe(
      200,
    );
  });

  it('refuses an auto target below 1.01x (1.00x would pay back every stake)', () => {
    expect(() => settleCrashBet(bet({ autoCashOutHundredths: 100 }))).toThrow(RangeError);
  });

  const bets = fc.record({
    stakePaise: fc.bigInt({ min: 1n, max: MAX_ROUND_STAKE_PAISE }),
    autoCashOutHundredths: fc.option(fc.integer({ min: 101, max: 100_000 })),
    manualCashOutHundredths: fc.option(fc.integer({ min: 100, max: 100_000 })),
    crashPointHundredths: fc.integer({ min: 100, max: 100_000 }),
    maxWinPaise: fc.constant(MAX_ROUND_WIN_PAISE),
  });

  it('never pays above stake × crash point, the maximum win, or at a multiplier past the crash', () => {
    fc.assert(
      fc.property(bets, (drawn) => {
        const settled = settleCrashBet(drawn);
        const crashValue = (drawn.stakePaise * BigInt(drawn.crashPointHundredths)) / 100n;
        expect(settled.payoutPaise).toBeLessThanOrEqual(crashValue);
        expect(settled.payoutPaise).toBeLessThanOrEqual(MAX_ROUND_WIN_PAISE);
        if (settled.outcome === 'cashed-out') {
          expect(settled.multiplierHundredths).toBeLessThanOrEqual(drawn.crashPointHundredths);
          if (settled.by === 'manual') {
            expect(settled.multiplierHundredths).toBeLessThan(drawn.crashPointHundredths);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every manual cash-out at or after the crash; an auto target reached pays exactly', () => {
    fc.assert(
      fc.property(bets, (drawn) => {
        const settled = settleCrashBet(drawn);
        const manual = drawn.manualCashOutHundredths;
        const cap = maxWinCashOutMultiplier(drawn.stakePaise, MAX_ROUND_WIN_PAISE);
        const auto = Math.min(drawn.autoCashOutHundredths ?? Infinity, cap);
        if (manual !== null && manual >= drawn.crashPointHundredths) {
          expect(settled.by).not.toBe('manual');
        }
        if (auto <= drawn.crashPointHundredths && (manual === null || manual >= auto)) {
          expect(settled.multiplierHundredths).toBe(auto);
          expect(settled.payoutPaise).toBe((drawn.stakePaise * BigInt(auto)) / 100n);
        }
        if (
          auto > drawn.crashPointHundredths &&
          (manual ?? Infinity) >= drawn.crashPointHundredths
        ) {
          expect(settled.outcome).toBe('lost');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
