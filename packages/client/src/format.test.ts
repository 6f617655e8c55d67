import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDateTime,
  formatDay,
  formatVolume,
  indianToday,
  shiftDay,
} from './format.ts';
import { setActiveLanguageSource } from './language.ts';

describe('formatAmount (points shown to players and staff)', () => {
  it('uses 2 decimals and the Indian grouping', () => {
    expect(formatAmount(100000)).toBe('1,00,000.00');
    expect(formatAmount(12345678.9)).toBe('1,23,45,678.90');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-1500.05)).toBe('-1,500.05');
  });

  it('still shows a value the API should never send', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(Number.NaN)).toBe('—');
  });

  it('shows no value as a dash', () => {
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount(undefined)).toBe('—');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatCount', () => {
  it('groups whole counts the Indian way', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
  });
});

describe('formatVolume (the stake available at a ladder price)', () => {
  it('is short, in Indian units, with at most one decimal', () => {
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12.37)).toBe('12.4');
    expect(formatVolume(1234)).toBe('1.2K');
    expect(formatVolume(15500)).toBe('15.5K');
    expect(formatVolume(123456)).toBe('1.2L');
    expect(formatVolume(25_000_000)).toBe('2.5Cr');
  });

  it('shows no value as a dash', () => {
    expect(formatVolume(null)).toBe('—');
    expect(formatVolume(Number.NaN)).toBe('—');
  });
});

describe('formatDateTime (times shown to players and staff)', () => {
  it('shows India time with IST, whatever the machine zone', () => {
    // The instant is chosen so any zone but IST differs.
    expect(formatDateTime('2026-03-01T18:45:00Z', 'en')).toBe('2 Mar 2026, 12:15 am IST');
  });

  it('uses the app language when given none', () => {
    setActiveLanguageSource(() => 'hi');
    try {
      expect(formatDateTime('2026-03-01T18:45:00Z')).toBe(
        formatDateTime('2026-03-01T18:45:00Z', 'hi'),
      );
      expect(formatDateTime('2026-03-01T18:45:00Z')).not.toBe(
        formatDateTime('2026-03-01T18:45:00Z', 'en'),
      );
    } finally {
      setActiveLanguageSource(() => undefined);
    }
    expect(formatDateTime('2026-03-01T18:45:00Z')).toBe('2 Mar 2026, 12:15 am IST');
  });

  it('shows no value as a dash', () => {
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('days in India', () => {
  it("takes today's date in India, not in the machine zone", () => {
    // 20:00 UTC is already the next day in India (UTC+5:30).
    expect(indianToday(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });

  it('shifts a day across month ends', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shows a day short', () => {
    expect(formatDay('2026-03-05', 'en')).toMatch(/5 Mar|Mar 5/);
  });
});
