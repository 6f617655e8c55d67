import {
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_NAMES,
  LIMIT_PERIODS,
  LIMIT_REVIEW_MONTHS,
  type LimitKind,
  type LimitName,
  type LimitPeriod,
} from '@spm/contract';
import type { Paise } from './money.ts';

/*
 * Safer play limits, pure (issue 42 item 1; docs/safer-play-limits.md): what a player's
 * limits are at a time (a pending increase or removal takes effect after its cooling-off),
 * how a change applies (a decrease at once, an increase or removal after 24 hours), and the
 * judgement of a deposit or a debit against them over the wallet's rolling windows (every
 * limit applies: the lowest, tightest one refuses first). The wallet asks this in memory,
 * under the player's row lock, with the totals it read in the same transaction.
 */

/** One limit as kept: its amount in force and any increase/removal waiting. */
export interface LimitSetting {
  /** In force (before `pending` takes over); null when none is (a new limit only pending). */
  amountPaise: Paise | null;
  pending: { amountPaise: Paise | null; effectiveAt: Date } | null;
}

/** A player's limits by name; a name absent has no limit. */
export type PlayerLimits = Partial<Record<LimitName, LimitSetting>>;

export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { '24h': 24, '7d': 168, '30d': 720 };

const HOUR_MS = 3_600_000;

export const limitNameOf = (kind: LimitKind, period: LimitPeriod): LimitName => `${kind}-${period}`;

export function splitLimitName(name: LimitName): { kind: LimitKind; period: LimitPeriod } {
  const [kind, period] = name.split('-') as [LimitKind, LimitPeriod];
  return { kind, period };
}

/** The amount in force at `now` (a pending change past its time has taken over). */
export function limitAt(setting: LimitSetting | undefined, now: Date): Paise | null {
  if (!setting) return null;
  if (setting.pending && setting.pending.effectiveAt.getTime() <= now.getTime()) {
    return setting.pending.amountPaise;
  }
  return setting.amountPaise;
}

/** The limits with every pending change due at `now` applied (what a write keeps). */
export function settleLimits(limits: PlayerLimits, now: Date): PlayerLimits {
  const settled: PlayerLimits = {};
  for (const name of LIMIT_NAMES) {
    const setting = limits[name];
    if (!setting) continue;
    const due = setting.pending !== null && setting.pending.effectiveAt.getTime() <= now.getTime();
    const amountPaise = limitAt(setting, now);
    const pending = due ? null : setting.pending;
    if (amountPaise === null && pending === null) continue;
    settled[name] = { amountPaise, pending };
  }
  return settled;
}

/** Whether any limit is kept at all (the wallet reads totals only for such players). */
export const hasAnyLimit = (limits: PlayerLimits | null | undefined): boolean =>
  limits !== null && limits !== undefined && Object.keys(limits).length > 0;

export type LimitChangeKind = 'set' | 'decrease' | 'increase' | 'removal' | 'cancel';

/** What one change did: the limits after it, and when the new amount holds. */
export interface LimitChangeResult {
  limits: PlayerLimits;
  change: LimitChangeKind | null;
  fromPaise: Paise | null;
  toPaise: Paise | null;
  effectiveAt: Date;
}

/**
 * Applies a player's change of one limit at `now`: a new limit or a lower one holds at once
 * (and drops any pending increase); a higher one or a removal waits 24 hours (replacing any
 * earlier pending one); asking again for the amount in force cancels a pending change.
 * `change` is null when nothing changes.
 */
export function changeLimit(
  limits: PlayerLimits,
  name: LimitName,
  amountPaise: Paise | null,
  now: Date,
): LimitChangeResult {
  if (amountPaise !== null && amountPaise <= 0n) throw new Error('a limit is more than 0');
  const settled = settleLimits(limits, now);
  const current = settled[name];
  const inForce = current?.amountPaise ?? null;
  const answer = (
    limits: PlayerLimits,
    change: LimitChangeKind | null,
    effectiveAt: Date = now,
  ): LimitChangeResult => ({
    limits,
    change,
    fromPaise: inForce,
    toPaise: amountPaise,
    effectiveAt,
  });
  const put = (setting: LimitSetting | null): PlayerLimits => {
    const next = { ...settled };
    if (setting === null) delete next[name];
    else next[name] = setting;
    return next;
  };
  if (amountPaise === inForce) {
    if (!current?.pending) return answer(settled, null);
    return answer(put(inForce === null ? null : { amountPaise: inForce, pending: null }), 'cancel');
  }
  if (inForce === null || (amountPaise !== null && amountPaise < inForce)) {
    return answer(put({ amountPaise, pending: null }), inForce === null ? 'set' : 'decrease');
  }
  const effectiveAt = new Date(now.getTime() + LIMIT_COOLING_OFF_HOURS * HOUR_MS);
  return answer(
    put({ amountPaise: inForce, pending: { amountPaise, effectiveAt } }),
    amountPaise === null ? 'removal' : 'increase',
    effectiveAt,
  );
}

/** One window's sums as the wallet reads them, with the oldest hour each part counts. */
export interface LimitWindow {
  depositedPaise: Paise;
  stakedPaise: Paise;
  wonPaise: Paise;
  /** The oldest hour in the window with deposits / stakes (null when none). */
  oldestDepositHour: Date | null;
  oldestStakeHour: Date | null;
}

export type LimitWindows = Record<LimitPeriod, LimitWindow>;

/** What counts against a limit of this kind over a window (loss: staked − won, open stakes in). */
export function usedOf(kind: LimitKind, window: LimitWindow): Paise {
  switch (kind) {
    case 'deposit':
      return window.depositedPaise;
    case 'stake':
      return window.stakedPaise;
    case 'loss':
      return window.stakedPaise - window.wonPaise;
  }
}

export interface LimitRefusal {
  limit: LimitName;
  /** When the window has rolled past its oldest counted hour; null when this amount alone is over. */
  until: Date | null;
}

/**
 * When a full window frees up: its oldest counted hour leaves the window one window length
 * after it started (the wallet's windows roll by the hour). The earliest the limit can allow
 * more; when that hour held less than asked, the player may have to wait for the next one.
 */
function freesUpAt(kind: LimitKind, period: LimitPeriod, window: LimitWindow, now: Date): Date {
  const oldest = kind === 'deposit' ? window.oldestDepositHour : window.oldestStakeHour;
  const hour = oldest ?? new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return new Date(hour.getTime() + LIMIT_PERIOD_HOURS[period] * HOUR_MS);
}

/**
 * Judges a deposit (`deposit` limits) or a debit (`loss` and `stake` limits) of `amountPaise`
 * against the limits in force at `now`: every limit applies, so the lowest refuses first.
 * Answers the refusal naming the limit that frees up last (null `until`, never by itself,
 * wins), or null when every limit allows.
 */
export function judgeLimits(
  action: 'deposit' | 'debit',
  amountPaise: Paise,
  limits: PlayerLimits | null | undefined,
  windows: LimitWindows,
  now: Date,
): LimitRefusal | null {
  if (!hasAnyLimit(limits) || amountPaise <= 0n) return null;
  const kinds: readonly LimitKind[] = action === 'deposit' ? ['deposit'] : ['loss', 'stake'];
  let refusal: LimitRefusal | null = null;
  for (const kind of kinds) {
    for (const period of LIMIT_PERIODS) {
      const name = limitNameOf(kind, period);
      const limit = limitAt(limits![name], now);
      if (limit === null) continue;
      const window = windows[period];
      const used = usedOf(kind, window);
      if (used + amountPaise <= limit) continue;
      const until = amountPaise > limit ? null : freesUpAt(kind, period, window, now);
      if (
        refusal === null ||
        (refusal.until !== null && (until === null || until.getTime() > refusal.until.getTime()))
      ) {
        refusal = { limit: name, until };
      }
    }
  }
  return refusal;
}

/** `date` plus whole calendar months (UTC; the 31st falls back to the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** When the player is next asked to review their limits (6 months after the last review). */
export const limitsReviewDueAt = (lastReviewedAt: Date): Date =>
  addMonths(lastReviewedAt, LIMIT_REVIEW_MONTHS);

// ------------------------------------------------------------------------------------------
// The stored form (the wallet row's `limits` jsonb): amounts as paise strings, times as ISO.
// ------------------------------------------------------------------------------------------

type StoredSetting = { a: string | null; p?: { a: string | null; at: string } | null };

export function limitsToJson(limits: PlayerLimits): Record<string, StoredSetting> | null {
  const out: Record<string, StoredSetting> = {};
  for (const name of LIMIT_NAMES) {
    const setting = limits[name];
    if (!setting) continue;
    out[name] = {
      a: setting.amountPaise === null ? null : setting.amountPaise.toString(),
      p: setting.pending && {
        a: setting.pending.amountPaise === null ? null : setting.pending.amountPaise.toString(),
        at: setting.pending.effectiveAt.toISOString(),
      },
    };
  }
  return Object.keys(out).length === 0 ? null : out;
}

/** The stored form read back (unknown names and malformed entries are left out). */
export function limitsFromJson(value: unknown): PlayerLimits | null {
  const raw: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (raw === null || typeof raw !== 'object') return null;
  const limits: PlayerLimits = {};
  const paise = (text: unknown) =>
    typeof text === 'string' && /^\d+$/.test(text) ? BigInt(text) : null;
  for (const name of LIMIT_NAMES) {
    const stored = (raw as Record<string, StoredSetting | undefined>)[name];
    if (!stored || typeof stored !== 'object') continue;
    const pending =
      stored.p && typeof stored.p.at === 'string'
        ? { amountPaise: paise(stored.p.a), effectiveAt: new Date(stored.p.at) }
        : null;
    limits[name] = { amountPaise: paise(stored.a), pending };
  }
  return hasAnyLimit(limits) ? limits : null;
}
