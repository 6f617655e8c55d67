import { pointsToPaise } from '@spm/core';
import type { Paise } from '@spm/core';
import { readStorage, writeStorage } from '@/shared/lib/storage';

export const STAKE_PRESETS_STORAGE_KEY = 'stakePresets';
export const DEFAULT_STAKE_PRESETS: readonly number[] = [100, 500, 1000, 5000, 10000, 25000];

/** The player's saved stake buttons, or the defaults when none (or garbage) is stored. */
export function readStakePresets(): number[] {
  try {
    const value: unknown = JSON.parse(readStorage(STAKE_PRESETS_STORAGE_KEY) ?? 'null');
    if (
      Array.isArray(value) &&
      value.length === DEFAULT_STAKE_PRESETS.length &&
      value.every((item) => typeof item === 'number' && Number.isFinite(item) && item > 0)
    ) {
      return value as number[];
    }
  } catch {
    // Unreadable storage falls back to the defaults.
  }
  return [...DEFAULT_STAKE_PRESETS];
}

export function saveStakePresets(presets: readonly number[]): void {
  writeStorage(STAKE_PRESETS_STORAGE_KEY, JSON.stringify(presets));
}

/** A stake typed by the player in paise, or null when it is not a positive 2-decimal amount. */
export function stakeToPaise(text: string): Paise | null {
  if (!text.trim()) return null;
  const parsed = pointsToPaise(Number(text));
  return parsed.ok && parsed.paise > 0n ? parsed.paise : null;
}
