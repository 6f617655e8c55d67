import { describe, expect, it } from 'vitest';
import {
  STATEMENT_MAX_DAYS,
  addDays,
  defaultStatementRange,
  isIsoDate,
  rangeProblem,
  todayIn,
} from './statement-dates';

describe('statement dates (India calendar days)', () => {
  it('takes today in Asia/Kolkata, not in UTC or the browser zone', () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(todayIn('Asia/Kolkata', new Date('2024-05-10T20:00:00Z'))).toBe('2024-05-11');
    expect(todayIn('Asia/Kolkata', new Date('2024-05-10T18:29:59Z'))).toBe('2024-05-10');
  });

  it('defaults to the last 7 days, today included', () => {
    expect(defaultStatementRange(new Date('2024-03-02T06:00:00Z'))).toEqual({
      from: '2024-02-25',
      to: '2024-03-02',
    });
  });

  it('moves by calendar days across months and leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-5-1')).toBe(false);
  });

  it('refuses a missing date, to before from, and more than 92 days', () => {
    expect(STATEMENT_MAX_DAYS).toBe(92);
    expect(rangeProblem('', '2024-05-01')).toBe('required');
    expect(rangeProblem('2024-05-02', '2024-05-01')).toBe('toBeforeFrom');
    expect(rangeProblem('2024-05-01', '2024-05-01')).toBeNull();
    expect(rangeProblem('2024-01-01', addDays('2024-01-01', 91))).toBeNull();
    expect(rangeProblem('2024-01-01', addDays('2024-01-01', 92))).toBe('tooLong');
  });
});
