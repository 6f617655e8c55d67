import { PLAYER_TIME_ZONE, STATEMENT_DEFAULT_DAYS, STATEMENT_MAX_DAYS } from '@spm/contract';
import { indiaDay } from '@spm/core';

export { PLAYER_TIME_ZONE, STATEMENT_DEFAULT_DAYS, STATEMENT_MAX_DAYS };
/**
 * Statement dates are calendar days in India (the contract: "the player's dates in
 * Asia/Kolkata, inclusive"), written YYYY-MM-DD, whatever zone the browser is in; the times of
 * the lines are shown in India time too (IST).
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in India as YYYY-MM-DD (the one India-time helper both apps use). */
export function todayIn(timeZone: typeof PLAYER_TIME_ZONE, now: Date = new Date()): string {
  // India is the only zone players' days are counted in; the parameter keeps call sites explicit.
  void timeZone;
  return indiaDay(now);
}

/** Midnight UTC of a YYYY-MM-DD day, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2024-02-31 over to March; a real date survives the round trip.
  return new Date(time).toISOString().slice(0, 10) === date ? time / DAY_MS : null;
}

export function isIsoDate(date: string): boolean {
  return dayNumber(date) !== null;
}

/** `date` moved by `days` calendar days (no time zone is involved: both are day numbers). */
export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new Error(`not a date: ${date}`);
  return new Date((day + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The default range: the last STATEMENT_DEFAULT_DAYS days in India, today included. */
export function defaultStatementRange(now: Date = new Date()): { from: string; to: string } {
  const to = todayIn(PLAYER_TIME_ZONE, now);
  return { from: addDays(to, -(STATEMENT_DEFAULT_DAYS - 1)), to };
}

export type RangeProblem = 'required' | 'toBeforeFrom' | 'tooLong';

/** Why a from/to pair cannot be asked for, or null when it can. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null || end === null) return 'required';
  if (end < start) return 'toBeforeFrom';
  if (end - start + 1 > STATEMENT_MAX_DAYS) return 'tooLong';
  return null;
}
