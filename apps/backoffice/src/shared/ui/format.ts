import i18next from 'i18next';
import { formatIndiaDateTime, formatIndiaDay, indiaDay } from '@spm/core';

/**
 * Points as the API sends them (DESIGN 4): 2 decimals in the Indian grouping (1,00,000.00)
 * whatever the UI language, as the player app shows them, so staff and players read the
 * same figures.
 */
const pointsFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const countFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function formatPoints(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return pointsFormat.format(value);
}

/** A whole count (players, items), Indian grouping. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * Date and time in India time with its "IST" label (the platform's day, DESIGN 4), through the
 * same formatter as the player app, so staff and players read the same clock.
 */
export function formatDateTime(value: string | null | undefined, language?: string): string {
  return formatIndiaDateTime(value, language ?? i18next.language ?? 'en');
}

/** A calendar day (YYYY-MM-DD) shown short, e.g. "05 Mar". */
export function formatDay(value: string, language?: string): string {
  return formatIndiaDay(value, language ?? i18next.language ?? 'en');
}

/** Today's date in India as YYYY-MM-DD. */
export function indianToday(now: Date = new Date()): string {
  return indiaDay(now);
}

/** A day `days` before `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
