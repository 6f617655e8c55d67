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

/** The system clock plus an offset a developer moves forward (DEV_CLOCK=adjustable). */
export interface AdjustableClock extends Clock {
  advance: (ms: number) => void;
  offsetMs: () => number;
}

/**
 * Development only: the system's time plus an offset that `advance` raises. Timers run on the
 * system clock and are looked at again on every advance, so a timer the advance reaches fires
 * at once (as a manual clock's does) and the others wait only what is left.
 */
export function createAdjustableClock(): AdjustableClock {
  let offset = 0;
  let nextTimerId = 0;
  const timers = new Map<number, { dueMs: number; callback: () => void; cancel: () => void }>();
  const now = () => Date.now() + offset;
  const arm = (id: number, dueMs: number, callback: () => void) => {
    const cancel = systemClock.setTimer(dueMs - now(), () => {
      timers.delete(id);
      callback();
    });
    timers.set(id, { dueMs, callback, cancel });
  };
  return {
    now: () => new Date(now()),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += Math.max(ms, 0);
      const waiting = [...timers.entries()].sort(([, a], [, b]) => a.dueMs - b.dueMs);
      for (const [id, timer] of waiting) {
        timer.cancel();
        timers.delete(id);
        if (timer.dueMs <= now()) timer.callback();
        else arm(id, timer.dueMs, timer.callback);
      }
    },
    setTimer: (delayMs, callback) => {
      const id = nextTimerId++;
      arm(id, now() + Math.max(delayMs, 0), callback);
      return () => {
        timers.get(id)?.cancel();
        timers.delete(id);
      };
    },
  };
}
