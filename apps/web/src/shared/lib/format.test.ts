import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime } from './format';

describe('formatAmount (points shown to players)', () => {
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
});

describe('formatDateTime (times shown to players)', () => {
  it('shows India time with IST, whatever the browser zone', () => {
    // jsdom runs in the machine's zone; the instant is chosen so any zone but IST differs.
    expect(formatDateTime('2026-03-01T18:45:00Z', 'en')).toBe('2 Mar 2026, 12:15 am IST');
  });
});

/**
 * Guard: one formatter for dates and times in both apps. A component calling toLocaleString or
 * building its own Intl.DateTimeFormat would show the browser's zone again.
 */
describe('no screen formats dates by itself', () => {
  const sources = {
    ...import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
    ...import.meta.glob<string>(
      [
        '../../../../backoffice/src/**/*.{ts,tsx}',
        '!../../../../backoffice/src/**/*.test.{ts,tsx}',
      ],
      { query: '?raw', import: 'default', eager: true },
    ),
  };
  const forbidden =
    /\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|\.get(?:FullYear|Month|Date|Day|Hours|Minutes)\(/;

  it('reads both apps', () => {
    const files = Object.keys(sources);
    expect(files.some((file) => file.includes('/backoffice/src/'))).toBe(true);
    expect(files.some((file) => file.startsWith('/src/'))).toBe(true);
  });

  it('leaves date and time formatting to @spm/core (India time)', () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => forbidden.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
