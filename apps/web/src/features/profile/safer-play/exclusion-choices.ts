import type { TakeExclusionBody } from '@spm/contract';

/** The lengths the screens offer (the contract allows any whole hours / months in range). */
export interface ExclusionChoice {
  id: string;
  /** i18n key under saferPlayExclusion.durations. */
  labelKey: string;
  body: TakeExclusionBody;
}

const timeOut = (id: string, hours: number): ExclusionChoice => ({
  id,
  labelKey: `saferPlayExclusion.durations.${id}`,
  body: { kind: 'time_out', hours, confirm: true },
});
const selfExclusion = (id: string, months: number): ExclusionChoice => ({
  id,
  labelKey: `saferPlayExclusion.durations.${id}`,
  body: { kind: 'self_exclusion', months, confirm: true },
});

export const TIME_OUT_CHOICES: readonly ExclusionChoice[] = [
  timeOut('h24', 24),
  timeOut('h48', 48),
  timeOut('h72', 72),
  timeOut('w1', 7 * 24),
  timeOut('w2', 14 * 24),
  timeOut('w4', 28 * 24),
  timeOut('w6', 42 * 24),
];

export const SELF_EXCLUSION_CHOICES: readonly ExclusionChoice[] = [
  selfExclusion('m6', 6),
  selfExclusion('y1', 12),
  selfExclusion('y2', 24),
  selfExclusion('y3', 36),
  selfExclusion('y5', 60),
];
