import { PLAYER_TIME_ZONE } from '@spm/contract';

/** Today in India as YYYY-MM-DD: the history filters are Indian calendar days. */
export function todayInIndia(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PLAYER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** ISO days compare as text; an open end (empty) never conflicts. */
export function isRangeReversed(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}
