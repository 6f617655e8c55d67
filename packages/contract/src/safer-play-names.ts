/*
 * Safer-play names and constants, apart from the schemas in safer-play.ts: a module with zod
 * schemas at top level keeps them (and zod) in any bundle that uses one of its constants, and
 * the player app's layout offers the limits prompt on the first page (page weight,
 * docs/decisions.md).
 */

/** What a limit counts: gross deposits, net loss (staked − won) or money wagered. */
export const LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The rolling windows a limit covers. */
export const LIMIT_PERIODS = ['24h', '7d', '30d'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A limit's name (`deposit-24h`, `loss-7d`, …): what a refusal's `refusal.limit` says. */
export type LimitName = `${LimitKind}-${LimitPeriod}`;
export const LIMIT_NAMES = LIMIT_KINDS.flatMap((kind) =>
  LIMIT_PERIODS.map((period) => `${kind}-${period}` as LimitName),
);

/** An increase or a removal waits this long (the cooling-off); a decrease is at once. */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** The player is asked to review their limits this many months after the last review. */
export const LIMIT_REVIEW_MONTHS = 6;

/** Where the limits prompt is offered. */
export const LIMIT_PROMPT_PLACES = ['registration', 'deposit'] as const;
export type LimitPromptPlace = (typeof LIMIT_PROMPT_PLACES)[number];

/** What one change did, as the history (player and back office) lists it. */
export const LIMIT_CHANGE_KINDS = [
  'set',
  'decrease',
  'increase',
  'removal',
  'cancel',
  'skip',
  'review',
] as const;
export type LimitChangeKind = (typeof LIMIT_CHANGE_KINDS)[number];
