import {
  CRASH_TOP_BETS_EVERY_MS,
  type CrashBetView,
  type CrashBetsSummary,
  type CrashTick,
} from '@spm/contract';
import { describe, expect, it } from 'vitest';
import { TickSummaries } from './crash-tick-summaries.ts';

const bet = (id: string, stake: number): CrashBetView => ({
  id,
  roundId: '7',
  panel: 0,
  player: 'ra***42',
  stake,
  autoCashOut: null,
  status: 'active',
  cashOutMultiplier: null,
  payout: null,
  mine: false,
});

function summaryOf(roundId: string, top: CrashBetView[], at: number): CrashBetsSummary {
  const totalStake = top.reduce((sum, b) => sum + b.stake, 0);
  return {
    roundId,
    bets: top.length,
    cashedOut: 0,
    totalStake,
    totalPayout: 0,
    top,
    at: new Date(at).toISOString(),
  };
}

const tickOf = (roundId: string, elapsedMs: number): CrashTick => ({
  roundId,
  elapsedMs,
  multiplier: 1,
});

/** What a slice's tick carried: 'top' (the whole summary), 'counts', or 'none'. */
const carried = (tick: CrashTick) => (tick.summary ? 'top' : tick.counts ? 'counts' : 'none');

describe('TickSummaries', () => {
  it('sends the counts on the tick after each change, the biggest bets only when they changed and at most every interval', () => {
    const feed = new TickSummaries(1);
    let latest = summaryOf('7', [bet('a', 10)], 0);
    const step = (nowMs: number, changed?: CrashBetsSummary) => {
      if (changed) latest = changed;
      feed.update(changed, nowMs, () => latest);
      return feed.tickFor(tickOf('7', nowMs), 0);
    };
    // The round's first change: everything at once.
    const first = step(0, latest);
    expect(carried(first)).toBe('top');
    expect(first.summary).toEqual(latest);
    // Nothing changed: a bare tick.
    expect(carried(step(100))).toBe('none');
    // The counts changed, the biggest bets did not: the counts alone.
    const counted = step(200, Object.assign({}, latest, { bets: 2, at: 'x' }));
    expect(counted.counts).toEqual({
      roundId: '7',
      bets: 2,
      cashedOut: 0,
      totalStake: 10,
      totalPayout: 0,
      at: 'x',
    });
    expect(counted.summary).toBeUndefined();
    // The biggest bets changed within the interval: counts now, the list once it has passed,
    // even on a tick where nothing else changed.
    const bigger = summaryOf('7', [bet('b', 50), bet('a', 10)], 300);
    expect(carried(step(300, bigger))).toBe('counts');
    expect(carried(step(400))).toBe('none');
    const owed = step(CRASH_TOP_BETS_EVERY_MS);
    expect(carried(owed)).toBe('top');
    expect(owed.summary?.top.map((b) => b.id)).toEqual(['b', 'a']);
    expect(carried(step(CRASH_TOP_BETS_EVERY_MS + 100))).toBe('none');
  });

  it('gives a slice whose tick was replaced before it was written what it missed, on its next tick', () => {
    const feed = new TickSummaries(2);
    const summary = summaryOf('7', [bet('a', 10)], 0);
    feed.update(summary, 0, () => summary);
    // Slice 0 is written; slice 1's tick waits and is replaced by the next one.
    expect(carried(feed.tickFor(tickOf('7', 0), 0))).toBe('top');
    feed.update(undefined, 100, () => summary);
    expect(carried(feed.tickFor(tickOf('7', 100), 0))).toBe('none');
    const late = feed.tickFor(tickOf('7', 100), 1);
    expect(late.summary).toEqual(summary);
  });

  it('never puts a round’s counts on another round’s tick', () => {
    const feed = new TickSummaries(1);
    const old = summaryOf('6', [bet('a', 10)], 0);
    feed.update(old, 0, () => old);
    expect(carried(feed.tickFor(tickOf('7', 0), 0))).toBe('none');
    // The new round's first change goes at once, whatever the interval.
    const fresh = summaryOf('7', [bet('b', 20)], 50);
    feed.update(fresh, 50, () => fresh);
    expect(feed.tickFor(tickOf('7', 50), 0).summary).toEqual(fresh);
  });
});
