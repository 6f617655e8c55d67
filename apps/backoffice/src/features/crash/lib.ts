import { indiaDay } from '@spm/core';
import {
  CRASH_MAX_HOUSE_EDGE_PERCENT,
  CRASH_MAX_MAX_MULTIPLIER,
  CRASH_MAX_RETURN_POINTS,
  CRASH_MAX_STAKE_POINTS_PER_ROUND,
  CRASH_MIN_MAX_MULTIPLIER,
  CRASH_REPORT_MAX_DAYS,
  type StaffCrashSettingsBody,
} from '@spm/contract';

/** An Indian day (YYYY-MM-DD) `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in India (the reports' days are Indian days). */
export const indiaToday = (): string => indiaDay(new Date());

/** What is wrong with a day range, as a key under crash.range; null when fine. */
export function rangeProblem(
  from: string,
  to: string,
  { required }: { required: boolean },
): 'order' | 'long' | 'missing' | null {
  if (!from || !to) return required ? 'missing' : null;
  if (from > to) return 'order';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  return required && days >= CRASH_REPORT_MAX_DAYS ? 'long' : null;
}

/** The settings form's fields as typed (text), and the problem of each as a translation key. */
export type SettingsDraft = Record<keyof StaffCrashSettingsBody, string>;
export type SettingsProblems = Partial<
  Record<keyof StaffCrashSettingsBody, { key: string; values?: Record<string, number> }>
>;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/**
 * Checks the draft as the server does (staffCrashSettingsBodySchema), with translated
 * messages: a body to send, or the problems per field.
 */
export function checkSettings(
  draft: SettingsDraft,
): { body: StaffCrashSettingsBody; problems: null } | { body: null; problems: SettingsProblems } {
  const problems: SettingsProblems = {};
  const read = (field: keyof SettingsDraft, min: number, max: number, above: boolean) => {
    const text = draft[field].trim();
    const value = Number(text);
    if (!TWO_DECIMALS.test(text) || (above ? value <= min : value < min) || value > max) {
      return null;
    }
    return value;
  };
  const houseEdgePercent = read('houseEdgePercent', 0, CRASH_MAX_HOUSE_EDGE_PERCENT, false);
  if (houseEdgePercent === null) {
    problems.houseEdgePercent = {
      key: 'crash.settings.problems.houseEdge',
      values: { max: CRASH_MAX_HOUSE_EDGE_PERCENT },
    };
  }
  const maxMultiplier = read(
    'maxMultiplier',
    CRASH_MIN_MAX_MULTIPLIER,
    CRASH_MAX_MAX_MULTIPLIER,
    false,
  );
  if (maxMultiplier === null) {
    problems.maxMultiplier = {
      key: 'crash.settings.problems.maxMultiplier',
      values: { min: CRASH_MIN_MAX_MULTIPLIER, max: CRASH_MAX_MAX_MULTIPLIER },
    };
  }
  const stake = {
    key: 'crash.settings.problems.stake',
    values: { max: CRASH_MAX_STAKE_POINTS_PER_ROUND },
  };
  const minStake = read('minStake', 0, CRASH_MAX_STAKE_POINTS_PER_ROUND, true);
  if (minStake === null) problems.minStake = stake;
  const maxStakePerRound = read('maxStakePerRound', 0, CRASH_MAX_STAKE_POINTS_PER_ROUND, true);
  if (maxStakePerRound === null) problems.maxStakePerRound = stake;
  const maxReturn = read('maxReturn', 0, CRASH_MAX_RETURN_POINTS, true);
  if (maxReturn === null) {
    problems.maxReturn = {
      key: 'crash.settings.problems.maxReturn',
      values: { max: CRASH_MAX_RETURN_POINTS },
    };
  }
  if (minStake !== null && maxStakePerRound !== null && minStake > maxStakePerRound) {
    problems.minStake = { key: 'crash.settings.problems.minAboveMax' };
  }
  if (maxReturn !== null && maxStakePerRound !== null && maxReturn < maxStakePerRound) {
    problems.maxReturn = { key: 'crash.settings.problems.returnBelowStake' };
  }
  if (
    houseEdgePercent === null ||
    maxMultiplier === null ||
    minStake === null ||
    maxStakePerRound === null ||
    maxReturn === null ||
    Object.keys(problems).length > 0
  ) {
    return { body: null, problems };
  }
  return {
    body: { houseEdgePercent, maxMultiplier, minStake, maxStakePerRound, maxReturn },
    problems: null,
  };
}

/** A multiplier as the game shows it: 2.5 → "2.50x". */
export const formatMultiplier = (value: number): string => `${value.toFixed(2)}x`;
