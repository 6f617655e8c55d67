import { SPORT_IDS } from '@spm/contract';
import type { SportName, SportsEvent, BET_FILTERS } from '@spm/contract';

export type SportId = (typeof SPORT_IDS)[SportName];
export type BetFilter = (typeof BET_FILTERS)[number];

export const SPORT_NAMES = Object.keys(SPORT_IDS) as SportName[];

export function isSportName(value: string | undefined): value is SportName {
  return value !== undefined && Object.hasOwn(SPORT_IDS, value);
}

export function sportNameOf(sportId: number): SportName | undefined {
  return SPORT_NAMES.find((name) => SPORT_IDS[name] === sportId);
}

const STATUS_ORDER: Record<SportsEvent['status'], number> = { in_play: 0, upcoming: 1, closed: 2 };

/** In-play first, then upcoming, then closed; each by start time (the server's order too). */
export function sortEvents(events: readonly SportsEvent[]): SportsEvent[] {
  return [...events].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      Date.parse(a.startTime) - Date.parse(b.startTime),
  );
}
