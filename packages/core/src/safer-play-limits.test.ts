import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  changeLimit,
  judgeLimits,
  limitAt,
  limitsFromJson,
  limitsToJson,
  limitsReviewDueAt,
  type LimitWindow,
  type LimitWindows,
  type PlayerLimits,
} from './safer-play-limits.ts';

const T0 = new Date('2026-12-02T10:30:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

const window = (part: Partial<LimitWindow> = {}): LimitWindow => ({
  depositedPaise: 0n,
  stakedPaise: 0n,
  wonPaise: 0n,
  oldestDepositHour: null,
  oldestStakeHour: null,
  ...part,
});
const windows = (part: Partial<LimitWindows> = {}): LimitWindows => ({
  '24h': window(),
  '7d': window(),
  '30d': window(),
  ...part,
});

describe('safer play limits: changes and their timing', () => {
  it('a new limit and a decrease hold at once; an increase waits 24 hours', () => {
    const set = changeLimit({}, 'deposit-24h', 10_000n, T0);
    expect(set.change).toBe('set');
    expect(limitAt(set.limits['deposit-24h'], T0)).toBe(10_000n);

    const lower = changeLimit(set.limits, 'deposit-24h', 5_000n, at(1));
    expect(lower.change).toBe('decrease');
    expect(lower.effectiveAt).toEqual(at(1));
    expect(limitAt(lower.limits['deposit-24h'], at(1))).toBe(5_000n);

    const higher = changeLimit(lower.limits, 'deposit-24h', 20_000n, at(2));
    expect(higher.change).toBe('increase');
    expect(higher.effectiveAt).toEqual(at(26));
    expect(limitAt(higher.limits['deposit-24h'], at(25.99))).toBe(5_000n);
    expect(limitAt(higher.limits['deposit-24h'], at(26))).toBe(20_000n);
  });

  it('a removal waits 24 hours; asking for the amount in force cancels it; a decrease drops it', () => {
    const set = changeLimit({}, 'stake-7d', 10_000n, T0).limits;
    const removal = changeLimit(set, 'stake-7d', null, at(1));
    expect(removal.change).toBe('removal');
    expect(limitAt(removal.limits['stake-7d'], at(24.9))).toBe(10_000n);
    expect(limitAt(removal.limits['stake-7d'], at(25))).toBeNull();
    expect(changeLimit(removal.limits, 'stake-7d', 10_000n, at(2)).change).toBe('cancel');
    const cancelled = changeLimit(removal.limits, 'stake-7d', 10_000n, at(2)).limits;
    expect(limitAt(cancelled['stake-7d'], at(100))).toBe(10_000n);
    const decreased = changeLimit(removal.limits, 'stake-7d', 8_000n, at(2)).limits;
    expect(decreased['stake-7d']).toEqual({ amountPaise: 8_000n, pending: null });
    // Once the removal is due, the limit is gone from what a write keeps.
    expect(changeLimit(removal.limits, 'loss-24h', 1n, at(30)).limits['stake-7d']).toBeUndefined();
    expect(changeLimit(set, 'stake-7d', 10_000n, T0).change).toBeNull();
  });

  it('the stored form reads back the same', () => {
    const limits = changeLimit(
      changeLimit({}, 'loss-30d', 7_00n, T0).limits,
      'loss-30d',
      null,
      T0,
    ).limits;
    expect(limitsFromJson(JSON.stringify(limitsToJson(limits)))).toEqual(limits);
    expect(limitsToJson({})).toBeNull();
    expect(limitsFromJson(null)).toBeNull();
  });

  it('reminds a review six calendar months later', () => {
    expect(limitsReviewDueAt(T0)).toEqual(new Date('2027-06-02T10:30:00.000Z'));
    expect(addMonths(new Date('2026-08-31T00:00:00Z'), 6)).toEqual(
      new Date('2027-02-28T00:00:00Z'),
    );
  });
});

describe('safer play limits: judging', () => {
  it('refuses a deposit over the limit, naming it and when its oldest hour leaves the window', () => {
    const limits: PlayerLimits = { 'deposit-24h': { amountPaise: 10_000n, pending: null } };
    const oldest = new Date('2026-12-02T03:00:00.000Z');
    const used = windows({ '24h': window({ depositedPaise: 8_000n, oldestDepositHour: oldest }) });
    expect(judgeLimits('deposit', 2_000n, limits, used, T0)).toBeNull();
    expect(judgeLimits('deposit', 2_001n, limits, used, T0)).toEqual({
      limit: 'deposit-24h',
      until: new Date('2026-12-03T03:00:00.000Z'),
    });
    // A deposit larger than the limit itself never frees up by waiting.
    expect(judgeLimits('deposit', 10_001n, limits, windows(), T0)).toEqual({
      limit: 'deposit-24h',
      until: null,
    });
    // Stakes are not judged by a deposit limit, nor deposits by stake limits.
    expect(judgeLimits('debit', 50_000n, limits, used, T0)).toBeNull();
  });

  it('counts loss as staked − won (open stakes count as lost) and stake as wagered', () => {
    const limits: PlayerLimits = {
      'loss-24h': { amountPaise: 1_000n, pending: null },
      'stake-24h': { amountPaise: 5_000n, pending: null },
    };
    const hour = new Date('2026-12-02T09:00:00.000Z');
    const played = windows({
      '24h': window({ stakedPaise: 3_000n, wonPaise: 2_500n, oldestStakeHour: hour }),
    });
    expect(judgeLimits('debit', 500n, limits, played, T0)).toBeNull();
    expect(judgeLimits('debit', 501n, limits, played, T0)?.limit).toBe('loss-24h');
    const won = windows({
      '24h': window({ stakedPaise: 4_900n, wonPaise: 4_900n, oldestStakeHour: hour }),
    });
    expect(judgeLimits('debit', 101n, limits, won, T0)?.limit).toBe('stake-24h');
  });

  it('the lowest applicable limit wins whatever its period; the one freeing up last is named', () => {
    const limits: PlayerLimits = {
      'stake-24h': { amountPaise: 10_000n, pending: null },
      'stake-7d': { amountPaise: 3_000n, pending: null },
    };
    const day = new Date('2026-12-02T08:00:00.000Z');
    const week = new Date('2026-11-28T08:00:00.000Z');
    const used = windows({
      '24h': window({ stakedPaise: 2_000n, oldestStakeHour: day }),
      '7d': window({ stakedPaise: 2_000n, oldestStakeHour: week }),
    });
    expect(judgeLimits('debit', 1_001n, limits, used, T0)).toEqual({
      limit: 'stake-7d',
      until: new Date(week.getTime() + 168 * HOUR),
    });
    expect(judgeLimits('debit', 1_000n, limits, used, T0)).toBeNull();
  });

  it('a pending increase does not count before its time; after it, it does', () => {
    const limits = changeLimit(
      changeLimit({}, 'stake-24h', 1_000n, T0).limits,
      'stake-24h',
      5_000n,
      T0,
    ).limits;
    expect(judgeLimits('debit', 2_000n, limits, windows(), at(23))?.limit).toBe('stake-24h');
    expect(judgeLimits('debit', 2_000n, limits, windows(), at(24))).toBeNull();
  });

  it('never allows what passes a limit, and always allows what fits every one (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        (limit, staked, won, amount) => {
          const limits: PlayerLimits = { 'loss-7d': { amountPaise: limit, pending: null } };
          const w = windows({ '7d': window({ stakedPaise: staked, wonPaise: won }) });
          const refused = judgeLimits('debit', amount, limits, w, T0) !== null;
          expect(refused).toBe(staked - won + amount > limit);
        },
      ),
    );
  });
});
