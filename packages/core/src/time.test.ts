import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDIA_TIME_LABEL,
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaDay,
  fromIndiaInputValue,
  indiaDay,
  toIndiaInputValue,
} from './time.ts';

// The machine's zone must not leak into what players read: run as a browser in New York would.
// core has no Node types (it may not do I/O); the test still reaches the runner's environment.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
const originalZone = env?.TZ;
beforeAll(() => {
  if (env) env.TZ = 'America/New_York';
});
afterAll(() => {
  if (env) env.TZ = originalZone;
});

describe('India time for people', () => {
  it('shows a UTC instant as the Kolkata wall time with IST', () => {
    // 18:45 UTC on 1 March is 00:15 on 2 March in India (and 13:45 on 1 March in New York).
    expect(formatIndiaDateTime('2026-03-01T18:45:00Z', 'en')).toBe('2 Mar 2026, 12:15 am IST');
    expect(formatIndiaDateTime(new Date(Date.UTC(2026, 2, 1, 18, 45)), 'fr')).toBe(
      '2 mars 2026, 00:15 IST',
    );
    expect(INDIA_TIME_LABEL).toBe('IST');
    // The zone really is New York here: the same instant reads 13:45 on 1 March locally.
    expect(new Date('2026-03-01T18:45:00Z').getHours()).toBe(13);
  });

  it('labels every language the same way and survives odd input', () => {
    for (const language of ['en', 'hi', 'fr', 'es', 'te', 'ta', 'mr', 'kn', 'xx', 'en-US']) {
      expect(formatIndiaDateTime('2026-03-01T18:45:00Z', language)).toMatch(/ IST$/);
    }
    expect(formatIndiaDateTime(null)).toBe('—');
    expect(formatIndiaDateTime('')).toBe('—');
    expect(formatIndiaDateTime('not a date')).toBe('not a date');
  });

  it('takes the calendar date in India, not in the machine zone', () => {
    expect(formatIndiaDate('2026-03-01T18:45:00Z', 'en')).toBe('2 March 2026');
    expect(indiaDay(new Date('2026-03-01T18:45:00Z'))).toBe('2026-03-02');
    expect(indiaDay(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
  });

  it('round-trips datetime-local values as India time', () => {
    expect(toIndiaInputValue('2026-03-01T18:45:00Z')).toBe('2026-03-02T00:15');
    expect(fromIndiaInputValue('2026-03-02T00:15')).toBe('2026-03-01T18:45:00.000Z');
    expect(fromIndiaInputValue('2026-02-31T10:00')).toBe('');
    expect(fromIndiaInputValue('')).toBe('');
    expect(toIndiaInputValue('nope')).toBe('');
  });
});

describe('calendar days', () => {
  it('shows a YYYY-MM-DD day as written', () => {
    expect(formatIndiaDay('2026-03-05', 'en')).toBe('05 Mar');
    expect(formatIndiaDay('bad', 'en')).toBe('bad');
  });
});
