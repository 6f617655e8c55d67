/*
 * What the bet panels accept as typed. Each parser answers null for anything it refuses, and
 * the panel says why in the player's language; the server checks the same again.
 */

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** Points with at most 2 decimals, above zero. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (!TWO_DECIMALS.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The lowest auto cash-out target (docs/crash-fairness.md) and the contract's highest. */
export const MIN_AUTO_CASH_OUT = 1.01;
export const MAX_AUTO_CASH_OUT = 10_000;

/** An auto cash-out target: a multiplier from 1.01 to 10,000 with at most 2 decimals. */
export function parseTarget(text: string): number | null {
  const value = parsePoints(text);
  return value !== null && value >= MIN_AUTO_CASH_OUT && value <= MAX_AUTO_CASH_OUT ? value : null;
}

/** A whole number of rounds, 1 or more. */
export function parseRounds(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 ? value : null;
}

/** An optional field: empty is "not set" (undefined), anything else must parse. */
export function optional<T>(text: string, parse: (text: string) => T | null): T | null | undefined {
  return text.trim() === '' ? undefined : parse(text);
}

/** A stake moved by `step` points within [min, max], keeping 2 decimals. */
export function stepStake(stake: number, step: number, min: number, max: number): number {
  const moved = Math.round((stake + step) * 100) / 100;
  return Math.min(max, Math.max(min, moved));
}
