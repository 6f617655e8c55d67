/**
 * Where services read the time. Injected (buildApp option) so tests can move time forward
 * to reach an OTP's or a session's expiry without sleeping; the database is always given
 * this time explicitly, never its own now(), for the same reason.
 */
export interface Clock {
  now: () => Date;
  /**
   * Runs `callback` once `delayMs` of this clock's time has passed; answers a cancel. Timers
   * that wait for an expiry use it so a test's manual clock can reach the expiry at once.
   */
  setTimer: (delayMs: number, callback: () => void) => () => void;
}

/** setTimeout takes at most 2^31-1 ms; longer waits are clamped (callers re-check and re-arm). */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer: (delayMs, callback) => {
    const timer = setTimeout(callback, Math.min(Math.max(delayMs, 0), MAX_TIMER_DELAY_MS));
    // A pending expiry timer must never keep the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** A clock that stands still until told to move; for tests. */
export interface ManualClock extends Clock {
  advance: (ms: number) => void;
  set: (date: Date) => void;
}

export function createManualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  let nextTimerId = 0;
  const timers = new Map<number, { dueMs: number; callback: () => void }>();
  /** Fires, in due order, every timer the new time has reached. */
  const fireDue = () => {
    const due = [...timers.entries()]
      .filter(([, timer]) => timer.dueMs <= current)
      .sort(([, a], [, b]) => a.dueMs - b.dueMs);
    for (const [id, timer] of due) {
      timers.delete(id);
      timer.callback();
    }
  };
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
      fireDue();
    },
    set: (date) => {
      current = date.getTime();
      fireDue();
    },
    setTimer: (delayMs, callback) => {
      const id = nextTimerId++;
      timers.set(id, { dueMs: current + Math.max(delayMs, 0), callback });
      if (delayMs <= 0) queueMicrotask(fireDue);
      return () => timers.delete(id);
    },
  };
}
