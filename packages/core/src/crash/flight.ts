/**
 * The flight curve (docs/crash-fairness.md, "The flight"): the multiplier as a function of
 * the time since take-off, bustabit's curve
 *
 *   multiplier(ms) = floor(100 × e^(0.00006 × ms)) hundredths
 *
 * (1.00x at 0, 2.00x after 11.56 s, 10.00x after 38.4 s, 100.00x after 76.8 s). The server's
 * clock is the one that counts: a manual cash-out pays the multiplier of the server's elapsed
 * time when it arrives, and the round crashes at the first millisecond whose multiplier
 * reaches the crash point. The browser uses the same function to animate between ticks (a
 * last-digit difference of its Math.exp only moves the drawing, never a payment).
 */
import { CRASH_START_HUNDREDTHS } from './crash-point.ts';

/** The curve's growth rate per millisecond. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier in hundredths after `elapsedMs` of flight (0 or more). */
export function multiplierAtMs(elapsedMs: number): number {
  if (!Number.isFinite(elapsedMs) || elapsedMs < 0) {
    throw new RangeError(`elapsedMs must be a finite number of at least 0, got ${elapsedMs}`);
  }
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/**
 * The first whole millisecond at which the curve reaches `multiplierHundredths` (at least
 * 100): multiplierAtMs(t) >= m and, for t > 0, multiplierAtMs(t - 1) < m. The logarithm
 * gives t to within a millisecond; the two loops settle it against multiplierAtMs itself, so
 * the inverse holds exactly on whatever Math.exp the engine has. For a crash point it is the
 * flight's length.
 */
export function msToReachMultiplier(multiplierHundredths: number): number {
  if (
    !Number.isSafeInteger(multiplierHundredths) ||
    multiplierHundredths < CRASH_START_HUNDREDTHS
  ) {
    throw new RangeError(
      `multiplierHundredths must be an integer of at least 100, got ${multiplierHundredths}`,
    );
  }
  let ms = Math.max(0, Math.ceil(Math.log(multiplierHundredths / 100) / CRASH_GROWTH_PER_MS));
  while (multiplierAtMs(ms) < multiplierHundredths) ms += 1;
  while (ms > 0 && multiplierAtMs(ms - 1) >= multiplierHundredths) ms -= 1;
  return ms;
}
