import { describe, expect, it } from 'vitest';
import { nextRealityCheck, playedMinutes, sessionEndUnderLimit } from './reality-check.ts';

const MIN = 60_000;

describe('nextRealityCheck', () => {
  it('falls due at each interval from the session start', () => {
    expect(nextRealityCheck(0, 15, 0, 0)).toEqual({ index: 1, dueAtMs: 15 * MIN });
    expect(nextRealityCheck(0, 15, 15 * MIN, 1)).toEqual({ index: 2, dueAtMs: 30 * MIN });
    expect(nextRealityCheck(1000, 30, 1000 + 45 * MIN, 1)).toEqual({
      index: 2,
      dueAtMs: 1000 + 60 * MIN,
    });
  });

  it('a page opened late waits for the next interval, not one already past', () => {
    expect(nextRealityCheck(0, 15, 40 * MIN, 0)).toEqual({ index: 3, dueAtMs: 45 * MIN });
    expect(nextRealityCheck(0, 15, 45 * MIN, 0)).toEqual({ index: 4, dueAtMs: 60 * MIN });
  });
});

describe('playedMinutes', () => {
  it('counts whole minutes and never below zero', () => {
    expect(playedMinutes(0, 59_999)).toBe(0);
    expect(playedMinutes(0, 15 * MIN + 1)).toBe(15);
    expect(playedMinutes(10, 0)).toBe(0);
  });
});

describe('sessionEndUnderLimit', () => {
  it('moves the end to the limit counted from the start', () => {
    expect(sessionEndUnderLimit(0, 24 * 60 * MIN, 60, 10 * MIN, MIN)).toBe(60 * MIN);
  });
  it('never later than the end without a limit', () => {
    expect(sessionEndUnderLimit(0, 30 * MIN, 60, 10 * MIN, MIN)).toBe(30 * MIN);
  });
  it('a limit already passed leaves the grace from now', () => {
    expect(sessionEndUnderLimit(0, 24 * 60 * MIN, 15, 40 * MIN, MIN)).toBe(41 * MIN);
  });
});
