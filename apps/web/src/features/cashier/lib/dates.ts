import { indiaDay } from '@spm/core';

/** Today in India as YYYY-MM-DD: the history filters are Indian calendar days. */
export function todayInIndia(now: Date = new Date()): string {
  return indiaDay(now);
}

/** ISO days compare as text; an open end (empty) never conflicts. */
export function isRangeReversed(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}
