/*
 * Time-out and self-exclusion (issue 42 item 3): when one ends, and what the wallet's own row
 * must say for the money moves to refuse. Pure: the server keeps the rows and the clock.
 */

const HOUR_MS = 3_600_000;

/** The wait between a return asked after a self-exclusion and play reopening. */
export const EXCLUSION_RETURN_WAIT_MS = 24 * HOUR_MS;

/** The end of a time-out of `hours` taken at `start`. */
export function timeOutEnd(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * HOUR_MS);
}

/**
 * The end of a self-exclusion of `months` calendar months taken at `start` (UTC); a day the
 * end month lacks (31 August + 6 months) falls on its last day, never into the next month.
 */
export function selfExclusionEnd(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** One time-out or self-exclusion as stored. */
export interface ExclusionFacts {
  kind: 'time_out' | 'self_exclusion';
  startsAt: Date;
  endsAt: Date;
  returnRequestedAt: Date | null;
  returnsAt: Date | null;
}

/** What the wallet's row says: null for none; `permanent` is the wallet's no-end date. */
export interface WalletRestrictionEnds {
  excludedUntil: Date | null;
  timeOutUntil: Date | null;
}

/**
 * What the wallet's row must hold for a player's exclusions (`all`, any order) at `now`:
 * the latest time-out end still ahead; and for the latest self-exclusion, `permanent` until a
 * return is asked (it does not end by itself: the player asks after its end and waits 24
 * hours), then the time play reopens.
 */
export function walletRestrictionEnds(
  all: readonly ExclusionFacts[],
  now: Date,
  permanent: Date,
): WalletRestrictionEnds {
  let timeOutUntil: Date | null = null;
  let latestExclusion: ExclusionFacts | null = null;
  for (const row of all) {
    if (row.kind === 'time_out') {
      if (row.endsAt > now && (timeOutUntil === null || row.endsAt > timeOutUntil)) {
        timeOutUntil = row.endsAt;
      }
    } else if (latestExclusion === null || row.startsAt > latestExclusion.startsAt) {
      latestExclusion = row;
    }
  }
  let excludedUntil: Date | null = null;
  if (latestExclusion !== null) {
    const reopens = latestExclusion.returnsAt;
    excludedUntil = reopens === null ? permanent : reopens > now ? reopens : null;
  }
  return { excludedUntil, timeOutUntil };
}

/** The restriction a player is under at `now`, as the screens show it; null when none. */
export interface CurrentRestriction {
  kind: 'time_out' | 'self_exclusion';
  endsAt: Date;
  canAskToReturn: boolean;
  returnsAt: Date | null;
}

/**
 * The restriction to show at `now`: a self-exclusion not yet returned from (under way, past
 * its end waiting for the return, or asked and within the 24 hours) wins over a time-out.
 */
export function currentRestriction(
  all: readonly ExclusionFacts[],
  now: Date,
): CurrentRestriction | null {
  const exclusions = all
    .filter((row) => row.kind === 'self_exclusion')
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  const latest = exclusions[0];
  if (latest && (latest.returnsAt === null || latest.returnsAt > now)) {
    return {
      kind: 'self_exclusion',
      endsAt: latest.endsAt,
      canAskToReturn: latest.returnRequestedAt === null && latest.endsAt <= now,
      returnsAt: latest.returnsAt,
    };
  }
  const timeOuts = all.filter((row) => row.kind === 'time_out' && row.endsAt > now);
  if (timeOuts.length === 0) return null;
  const endsAt = new Date(Math.max(...timeOuts.map((row) => row.endsAt.getTime())));
  return { kind: 'time_out', endsAt, canAskToReturn: false, returnsAt: null };
}

/**
 * Whether a new time-out or self-exclusion ending at `newEnd` may be taken while `current`
 * holds: only one that restricts longer (nothing is ever shortened). A self-exclusion always
 * outlasts a time-out (it never ends by itself); a time-out never outlasts a self-exclusion.
 */
export function mayTakeExclusion(
  current: CurrentRestriction | null,
  kind: 'time_out' | 'self_exclusion',
  newEnd: Date,
): boolean {
  if (current === null) return true;
  if (current.kind === 'self_exclusion') return false;
  return kind === 'self_exclusion' || newEnd > current.endsAt;
}
