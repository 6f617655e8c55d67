import { objectWith } from './objects.ts';
import { PLAYER_TIME_ZONE } from '@spm/contract';

/**
 * The platform's one clock for people: every date and time a player or a staff member reads is
 * India time (Asia/Kolkata), whatever zone the browser or the server runs in, so a bet placed
 * at 23:50 IST is on the same day in /mybets, the statement and the back office.
 */
export const INDIA_TIME_ZONE = PLAYER_TIME_ZONE;

/**
 * Written after every time. It is a fixed label rather than Intl's `timeZoneName`, because Intl
 * names the zone differently per language ("GMT+5:30" in French, "IST" in English) and both
 * apps must show the same label.
 */
export const INDIA_TIME_LABEL = 'IST';

/** India has had no daylight saving since 1945: always UTC+05:30. */
const INDIA_OFFSET_MINUTES = 330;
const MINUTE_MS = 60_000;

type Instant = string | number | Date;

function toDate(value: Instant): Date | null {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Intl locale for a UI language: the language with India's regional conventions (day before
 * month, Indian digits grouping). An unknown tag falls back to English rather than throwing.
 */
function indiaLocale(language: string): string {
  const base = language.split('-')[0] ?? 'en';
  const tag = `${base}-IN`;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-IN';
  } catch {
    return 'en-IN';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a table renders hundreds of times; reuse them. */
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = indiaLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, objectWith(options, { timeZone: INDIA_TIME_ZONE }));
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A date and time in India time with its label, e.g. "25 Nov 2026, 8:14 am IST". A value that
 * is not a date is shown as given (the screen still renders); null/undefined/'' give '—'.
 */
export function formatIndiaDateTime(value: Instant | null | undefined, language = 'en'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  const text = formatter(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return `${text} ${INDIA_TIME_LABEL}`;
}

/** A calendar date of an instant, as it is in India (no time, so no label), e.g. "25 November 2026". */
export function formatIndiaDate(
  value: Instant | null | undefined,
  language = 'en',
  style: 'long' | 'medium' = 'long',
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  return formatter(language, { dateStyle: style }).format(date);
}

/** The instant shifted so its UTC fields read India's wall clock (India has one fixed offset). */
function indiaWallClock(date: Date): Date {
  return new Date(date.getTime() + INDIA_OFFSET_MINUTES * MINUTE_MS);
}

/** Today's (or `now`'s) date in India as YYYY-MM-DD. */
export function indiaDay(now: Date): string {
  return indiaWallClock(now).toISOString().slice(0, 10);
}

/**
 * An instant as the value of a `datetime-local` input showing India time (YYYY-MM-DDTHH:mm),
 * so staff in any zone type the times players will read; '' when not a date.
 */
export function toIndiaInputValue(value: Instant): string {
  const date = toDate(value);
  return date ? indiaWallClock(date).toISOString().slice(0, 16) : '';
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value read as India time, as an ISO instant; '' when empty or invalid. */
export function fromIndiaInputValue(value: string): string {
  const match = INPUT_VALUE.exec(value);
  if (!match) return '';
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? '0')) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(wall);
  // Date.UTC rolls 2026-02-31 over to March; a real wall time survives the round trip.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return '';
  return new Date(wall - INDIA_OFFSET_MINUTES * MINUTE_MS).toISOString();
}

/**
 * A calendar day (YYYY-MM-DD, already an Indian day) shown short, e.g. "05 Mar". Midnight UTC
 * of that day is 05:30 the same day in India, so the India formatter keeps the day as written.
 */
export function formatIndiaDay(day: string, language = 'en'): string {
  const date = toDate(`${day}T00:00:00Z`);
  if (!date) return day;
  return formatter(language, { month: 'short', day: '2-digit' }).format(date);
}
