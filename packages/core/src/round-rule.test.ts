import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ROUND_STAKE_PAISE,
  MAX_ROUND_WIN_PAISE,
  SPEC_ROUND_RULE,
  capRoundReturns,
  roundRule,
} from './round-rule.ts';

describe('the spec round rule', () => {
  it('caps a round at 7,500 points staked and 75,000 points won', () => {
    expect(MAX_ROUND_STAKE_PAISE).toBe(750_000n);
    expect(MAX_ROUND_WIN_PAISE).toBe(7_500_000n);
    expect(SPEC_ROUND_RULE.maxStakePaise).toBe(750_000n);
    expect(SPEC_ROUND_RULE.maxWinPaise).toBe(7_500_000n);
  });

  it('takes a stake up to the cap and refuses the one past it, by name', () => {
    const round = { stakedPaise: 700_000n, wonPaise: 0n };
    expect(SPEC_ROUND_RULE.stake(round, 50_000n)).toEqual({ ok: true });
    expect(SPEC_ROUND_RULE.stake(round, 50_001n)).toEqual({
      ok: false,
      code: 'ROUND_LIMIT_REACHED',
      limit: 'round-stake',
      maxStakePaise: 750_000n,
    });
    // A refund makes room again: the rule reads the stakes net of refunds it is given.
    expect(SPEC_ROUND_RULE.stake({ stakedPaise: 0n, wonPaise: 0n }, 750_000n)).toEqual({
      ok: true,
    });
  });

  it('credits a win up to what the round may still pay, 0 once it is reached', () => {
    expect(SPEC_ROUND_RULE.winCredit({ stakedPaise: 1n, wonPaise: 0n }, 100n)).toBe(100n);
    expect(SPEC_ROUND_RULE.winCredit({ stakedPaise: 1n, wonPaise: 7_400_000n }, 200_000n)).toBe(
      100_000n,
    );
    expect(SPEC_ROUND_RULE.winCredit({ stakedPaise: 1n, wonPaise: 7_500_000n }, 5n)).toBe(0n);
    expect(SPEC_ROUND_RULE.winCredit({ stakedPaise: 1n, wonPaise: 0n }, 0n)).toBe(0n);
  });

  it('never lets a round hold more than its caps, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.bigInt(0n, 10n ** 7n))),
        fc.bigInt(0n, 10n ** 7n),
        fc.bigInt(0n, 10n ** 8n),
        (moves, maxStakePaise, maxWinPaise) => {
          const rule = roundRule({ maxStakePaise, maxWinPaise });
          const round = { stakedPaise: 0n, wonPaise: 0n };
          for (const [isStake, amountPaise] of moves) {
            if (isStake) {
              if (rule.stake(round, amountPaise).ok) round.stakedPaise += amountPaise;
            } else {
              const credited = rule.winCredit(round, amountPaise);
              expect(credited >= 0n && credited <= amountPaise).toBe(true);
              round.wonPaise += credited;
            }
          }
          expect(round.stakedPaise <= maxStakePaise).toBe(true);
          expect(round.wonPaise <= maxWinPaise).toBe(true);
        },
      ),
    );
  });
});

describe('capRoundReturns', () => {
  it('pays earlier bets first and stops at the cap', () => {
    expect(capRoundReturns([40n, 50n, 30n], 100n)).toEqual([40n, 50n, 10n]);
    expect(capRoundReturns([0n, 120n, 5n], 100n)).toEqual([0n, 100n, 0n]);
    expect(capRoundReturns([10n, 20n], 100n)).toEqual([10n, 20n]);
    expect(capRoundReturns([], 100n)).toEqual([]);
  });

  it('holds to the spec rule by default', () => {
    expect(capRoundReturns([7_000_000n, 1_000_000n])).toEqual([7_000_000n, 500_000n]);
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
