import { describe, expect, it } from 'vitest';
import { nextPlayAllowanceAt, playAllowanceDay } from './play-allowance.ts';

describe('the daily points day (India time)', () => {
  it('changes day at midnight India time (18:30 UTC), not at midnight UTC', () => {
    expect(playAllowanceDay(new Date('2026-12-02T18:29:59.999Z'))).toBe('2026-12-02');
    expect(playAllowanceDay(new Date('2026-12-02T18:30:00.000Z'))).toBe('2026-12-03');
    expect(playAllowanceDay(new Date('2026-12-02T23:59:00.000Z'))).toBe('2026-12-03');
  });

  it("opens the next claim at the next India midnight, even from the day's first instant", () => {
    expect(nextPlayAllowanceAt(new Date('2026-12-02T09:00:00Z')).toISOString()).toBe(
      '2026-12-02T18:30:00.000Z',
    );
    expect(nextPlayAllowanceAt(new Date('2026-12-02T18:30:00Z')).toISOString()).toBe(
      '2026-12-03T18:30:00.000Z',
    );
    expect(nextPlayAllowanceAt(new Date('2026-12-02T18:29:59.999Z')).toISOString()).toBe(
      '2026-12-02T18:30:00.000Z',
    );
    // Across a month and a year's end.
    expect(nextPlayAllowanceAt(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe(
      '2027-01-01T18:30:00.000Z',
    );
  });
});
