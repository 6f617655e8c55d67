import { indiaDay } from './time.ts';

/*
 * The daily points of a play-money site (issue 42 item 6, docs/play-money.md): one claim per
 * player per day, the day being India's (Asia/Kolkata, UTC+05:30, the day every player-facing
 * date uses), so the next claim opens at midnight India time whatever zone the server runs in.
 */

const DAY_MS = 86_400_000;
/** India is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The day a claim at `now` belongs to, as YYYY-MM-DD in India. */
export function playAllowanceDay(now: Date): string {
  return indiaDay(now);
}

/** The first instant of the India day after `now`'s: when a claim made at `now` can be made again. */
export function nextPlayAllowanceAt(now: Date): Date {
  const wall = now.getTime() + INDIA_OFFSET_MS;
  const nextMidnightWall = (Math.floor(wall / DAY_MS) + 1) * DAY_MS;
  return new Date(nextMidnightWall - INDIA_OFFSET_MS);
}
