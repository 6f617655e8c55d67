import { formatCount } from '@spm/client';

/**
 * Multipliers as the game shows them: 2 decimals and an "x" (2.35x). On the wire they are
 * numbers with 2 decimals; inside this feature the flight works in integer hundredths, as
 * @spm/core does (docs/crash-fairness.md).
 */

/** A wire multiplier (2.35) as integer hundredths (235), free of float noise. */
export function toHundredths(multiplier: number): number {
  return Math.round(multiplier * 100);
}

/** 235 -> "2.35x"; thousands grouped as the app groups counts (1,234.56x). */
export function formatHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const cents = String(hundredths % 100).padStart(2, '0');
  return `${formatCount(whole)}.${cents}x`;
}

export function formatMultiplier(multiplier: number): string {
  return formatHundredths(toHundredths(multiplier));
}

/** The colour band of a crash point in the history strip: under 2x, 2x to under 10x, 10x up. */
export type MultiplierTone = 'low' | 'mid' | 'high';

export function multiplierTone(multiplier: number): MultiplierTone {
  const hundredths = toHundredths(multiplier);
  if (hundredths < 200) return 'low';
  return hundredths < 1000 ? 'mid' : 'high';
}

/** Points (2 decimals) as integer paise. */
export function toPaise(points: number): number {
  return Math.round(points * 100);
}

/**
 * What a stake returns cashed out at a multiplier, in paise: stake × multiplier rounded down
 * to the paisa, as the server pays it, and never above the game's maximum return.
 */
export function cashOutPaise(stakePaise: number, hundredths: number, maxReturnPaise: number) {
  return Math.min(Math.floor((stakePaise * hundredths) / 100), maxReturnPaise);
}
