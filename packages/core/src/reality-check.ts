/*
 * Safer play, sessions (issue 42 item 2): when a session's reality checks fall due and where
 * a session time limit puts its end. Pure: the server reads the times from its own clock.
 */

const MINUTE_MS = 60_000;

/** A reality check that falls due: which one of the session (1 at the first interval) and when. */
export interface DueRealityCheck {
  index: number;
  dueAtMs: number;
}

/**
 * The next reality check after check number `shown` (0: none shown yet) of a session started
 * at `startedAtMs`, one every `intervalMinutes`. When `shown` is 0 and checks already fell due
 * before `nowMs` (a page opened late in the session), the next is the first one after `nowMs`:
 * a page that opens never shows a check that fell due before it was there.
 */
export function nextRealityCheck(
  startedAtMs: number,
  intervalMinutes: number,
  nowMs: number,
  shown: number,
): DueRealityCheck {
  const intervalMs = intervalMinutes * MINUTE_MS;
  const passed = Math.max(0, Math.floor((nowMs - startedAtMs) / intervalMs));
  const index = shown > 0 ? shown + 1 : passed + 1;
  return { index, dueAtMs: startedAtMs + index * intervalMs };
}

/** Whole minutes played between the session's start and `nowMs`. */
export function playedMinutes(startedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startedAtMs) / MINUTE_MS));
}

/**
 * When a session ends under a time limit of `limitMinutes` counted from its start, never
 * later than it would without one (`endsAtMs`). A limit set during a session that is already
 * past it leaves `graceMs` from `nowMs`, so the player sees why the session ends.
 */
export function sessionEndUnderLimit(
  startedAtMs: number,
  endsAtMs: number,
  limitMinutes: number,
  nowMs: number,
  graceMs: number,
): number {
  const limitEndMs = Math.max(startedAtMs + limitMinutes * MINUTE_MS, nowMs + graceMs);
  return Math.min(endsAtMs, limitEndMs);
}
