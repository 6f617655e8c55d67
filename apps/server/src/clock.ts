/**
 * Where services read the time. Injected (buildApp option) so tests can move time forward
 * to reach an OTP's or a session's expiry without sleeping; the database is always given
 * this time explicitly, never its own now(), for the same reason.
 */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests. */
export interface ManualClock extends Clock {
  advance: (ms: number) => void;
  set: (date: Date) => void;
}

export function createManualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
