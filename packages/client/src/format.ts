import {
  formatIndiaDateTime,
  formatIndiaDay,
  formatPoints,
  indiaDay,
  pointsToPaise,
} from '@spm/core';
import { activeLanguage } from './language.ts';

/*
 * Display formatting both apps share, so staff and players read the same figures and the same
 * clock: amounts in the Indian grouping, dates and times in India time (@spm/core time.ts).
 */

const fallbackFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const countFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * Points as everyone reads them: 2 decimals in the Indian grouping (1,00,000.00), whatever the
 * UI language. The exact paise path of @spm/core is used; a value the API should never send (a
 * third decimal, beyond the range) still shows, rounded, rather than breaking the screen. No
 * value (null, undefined, NaN, ±Infinity) shows as a dash.
 */
export function formatAmount(points: number | null | undefined): string {
  if (points === null || points === undefined) return '—';
  const parsed = pointsToPaise(points);
  if (parsed.ok) return formatPoints(parsed.paise);
  return Number.isFinite(points) ? fallbackFormat.format(points) : '—';
}

const volumeFormat = new Intl.NumberFormat('en-IN', {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The stake available at a ladder price, short as exchange ladders show it under the price:
 * 950, 1.2K, 15.5K, 1.2L, 2.5Cr (Indian units, like every amount here). No value, or none
 * available, shows as a dash.
 */
export function formatVolume(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '—';
  return volumeFormat.format(points);
}

/** A whole count (players, items), Indian grouping. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * A date and time in India time with its "IST" label, in the UI language (the app's i18n
 * language when none is given): the platform's days are Indian days, whatever the browser's
 * zone. No value shows as a dash.
 */
export function formatDateTime(value: string | null | undefined, language?: string): string {
  return formatIndiaDateTime(value, language ?? activeLanguage());
}

/** A calendar day (YYYY-MM-DD) shown short, e.g. "05 Mar". */
export function formatDay(value: string, language?: string): string {
  return formatIndiaDay(value, language ?? activeLanguage());
}

/** Today's date in India as YYYY-MM-DD. */
export function indianToday(now: Date = new Date()): string {
  return indiaDay(now);
}

/** The day `days` after `day` (negative: before), both YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
