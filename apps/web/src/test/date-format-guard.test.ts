import { describe, expect, it } from 'vitest';

/**
 * Guard: one formatter for dates and times in both apps and their kit. A component calling toLocaleString or
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
      ['../../../backoffice/src/**/*.{ts,tsx}', '!../../../backoffice/src/**/*.test.{ts,tsx}'],
      { query: '?raw', import: 'default', eager: true },
    ),
    ...import.meta.glob<string>(
      ['../../../../packages/client/src/**/*.ts', '!../../../../packages/client/src/**/*.test.ts'],
      { query: '?raw', import: 'default', eager: true },
    ),
  };
  const forbidden =
    /\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|\.get(?:FullYear|Month|Date|Day|Hours|Minutes)\(/;

  it('reads both apps and the kit', () => {
    const files = Object.keys(sources);
    expect(files.some((file) => file.includes('/backoffice/src/'))).toBe(true);
    expect(files.some((file) => file.startsWith('/src/'))).toBe(true);
    expect(files.some((file) => file.includes('/packages/client/src/'))).toBe(true);
  });

  it('leaves date and time formatting to @spm/core (India time)', () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => forbidden.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
