import {
  LIMIT_NAMES,
  type LimitChange,
  type LimitName,
  type LimitPromptPlace,
  type LimitsReport,
  type LimitsState,
  type LimitView,
  type SetLimitsBody,
  type StaffPlayerLimits,
} from '@spm/contract';
import {
  changeLimit,
  limitAt,
  limitsReviewDueAt,
  limitsToJson,
  paiseToPoints,
  pointsToPaise,
  settleLimits,
  splitLimitName,
  usedOf,
  type LimitChangeResult,
  type Paise,
  type PlayerLimits,
} from '@spm/core';
import { insertAudit } from '../../../audit/audit-repository.ts';
import type { DbHandle } from '../../../db/database.ts';
import type { RequestOrigin, ServiceDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { findUserById } from '../../identity/index.ts';
import {
  playerLimitsOf,
  playersWithLimits,
  readWalletTotals,
  writePlayerLimits,
  type WalletTotals,
} from '../../wallet/index.ts';
import { limitWindowsOf } from './limits-policy.ts';
import {
  findLimitPlayer,
  insertLimitChanges,
  listLimitChanges,
  markLimitsReviewed,
  type LimitChangeRow,
} from './limits-repository.ts';

/*
 * The player's limits (issue 42 items 1, 4, 5): what they are and what counts against them,
 * changes (a decrease at once, an increase or removal after the cooling-off, core's
 * changeLimit), the prompt at registration and first deposit, the 6-month review, and the
 * staff's read-only view and report. Every change is written in one transaction: the wallet
 * row (through the wallet's entry, under its lock), the history and the audit log.
 */

const pointsOrNull = (paise: Paise | null) => (paise === null ? null : paiseToPoints(paise));

function paiseOf(points: number): Paise {
  const parsed = pointsToPaise(points);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED');
  return parsed.paise;
}

/** The limits as the player and staff see them, with what counts against each now. */
function limitViews(limits: PlayerLimits | null, totals: WalletTotals | undefined, now: Date) {
  const settled = settleLimits(limits ?? {}, now);
  const windows = totals ? limitWindowsOf(totals) : undefined;
  return LIMIT_NAMES.map((name): LimitView => {
    const { kind, period } = splitLimitName(name);
    const setting = settled[name];
    const used = windows ? usedOf(kind, windows[period]) : 0n;
    return {
      name,
      kind,
      period,
      amount: pointsOrNull(limitAt(setting, now)),
      used: paiseToPoints(used > 0n ? used : 0n),
      pending: setting?.pending
        ? {
            amount: pointsOrNull(setting.pending.amountPaise),
            effectiveAt: setting.pending.effectiveAt.toISOString(),
          }
        : null,
    };
  });
}

async function stateOf(db: DbHandle, playerId: number, now: Date): Promise<LimitsState> {
  const limits = (await playerLimitsOf(db, [playerId])).get(playerId) ?? null;
  const totals = limits ? (await readWalletTotals(db, [playerId], now)).get(playerId) : undefined;
  const player = await findLimitPlayer(db, playerId);
  const reviewDueAt = player?.reviewedAt ? limitsReviewDueAt(player.reviewedAt) : null;
  return {
    limits: limitViews(limits, totals, now),
    promptDue: {
      registration: !player?.promptedAt && limits === null,
      deposit: !player?.depositPromptedAt && limits === null,
    },
    reviewDueAt: reviewDueAt?.toISOString() ?? null,
    reviewDue: reviewDueAt !== null && reviewDueAt.getTime() <= now.getTime(),
  };
}

/** GET /api/rg/limits */
export function getLimitsState(deps: ServiceDeps, playerId: number): Promise<LimitsState> {
  return stateOf(deps.db, playerId, deps.clock.now());
}

const storedForm = (limits: PlayerLimits | null) => (limits ? limitsToJson(limits) : null);

/** PUT /api/rg/limits: applies the changes at once, in order; answers the new state. */
export async function setLimits(
  deps: ServiceDeps,
  playerId: number,
  body: SetLimitsBody,
  origin: RequestOrigin,
): Promise<LimitsState> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const results: { name: LimitName; result: LimitChangeResult }[] = [];
    const written = await writePlayerLimits(tx, playerId, (current) => {
      let limits = current ?? {};
      for (const change of body.changes) {
        const amount = change.amount === null ? null : paiseOf(change.amount);
        const result = changeLimit(limits, change.name, amount, now);
        results.push({ name: change.name, result });
        limits = result.limits;
      }
      return settleLimits(limits, now);
    });
    if (!written.found) throw new AppError('PLAYER_NOT_FOUND');
    const changed = results.filter(({ result }) => result.change !== null);
    await insertLimitChanges(
      tx,
      changed.map(({ name, result }) => ({
        playerId,
        name,
        change: result.change!,
        fromPaise: result.fromPaise,
        toPaise: result.toPaise,
        requestedAt: now,
        effectiveAt: result.effectiveAt,
      })),
    );
    // Setting limits answers the prompt and counts as a review.
    await markLimitsReviewed(tx, playerId, now, { registration: true, deposit: true });
    if (changed.length > 0) {
      await insertAudit(tx, {
        actorType: 'player',
        actorId: String(playerId),
        action: 'rg.limits.change',
        targetType: 'player',
        targetId: String(playerId),
        before: storedForm(written.before),
        after: storedForm(written.after),
        reason: null,
        ip: origin.ip,
        createdAt: now,
      });
    }
  });
  return stateOf(deps.db, playerId, now);
}

/** POST /api/rg/limits/prompt (skipped) and /review: recorded, audited, the state answered. */
export async function answerLimitsPrompt(
  deps: ServiceDeps,
  playerId: number,
  answer: { skip: LimitPromptPlace } | 'review',
  origin: RequestOrigin,
): Promise<LimitsState> {
  const now = deps.clock.now();
  const change = answer === 'review' ? 'review' : 'skip';
  await deps.db.transaction(async (tx) => {
    await markLimitsReviewed(tx, playerId, now, {
      registration: answer !== 'review' && answer.skip === 'registration',
      deposit: answer !== 'review' && answer.skip === 'deposit',
    });
    await insertLimitChanges(tx, [
      {
        playerId,
        name: null,
        change,
        fromPaise: null,
        toPaise: null,
        requestedAt: now,
        effectiveAt: now,
      },
    ]);
    await insertAudit(tx, {
      actorType: 'player',
      actorId: String(playerId),
      action: change === 'skip' ? 'rg.limits.prompt-skipped' : 'rg.limits.reviewed',
      targetType: 'player',
      targetId: String(playerId),
      before: null,
      after: answer === 'review' ? null : { place: answer.skip },
      reason: null,
      ip: origin.ip,
      createdAt: now,
    });
  });
  return stateOf(deps.db, playerId, now);
}

const changeView = (row: LimitChangeRow): LimitChange => ({
  id: row.id,
  name: row.name as LimitChange['name'],
  change: row.change,
  fromAmount: pointsOrNull(row.fromPaise),
  toAmount: pointsOrNull(row.toPaise),
  requestedAt: row.requestedAt.toISOString(),
  effectiveAt: row.effectiveAt.toISOString(),
});

/** GET /api/staff/players/{id}/limits: the player's limits and history (read only). */
export async function getStaffPlayerLimits(
  deps: ServiceDeps,
  playerId: number,
): Promise<StaffPlayerLimits> {
  if (!(await findUserById(deps.db, playerId))) throw new AppError('PLAYER_NOT_FOUND');
  const now = deps.clock.now();
  return {
    state: await stateOf(deps.db, playerId, now),
    history: (await listLimitChanges(deps.db, playerId)).map(changeView),
  };
}

/** GET /api/staff/rg/limits-report: players at or within `near` percent of a limit. */
export async function limitsReport(deps: ServiceDeps, nearPercent: number): Promise<LimitsReport> {
  const now = deps.clock.now();
  const limited = await playersWithLimits(deps.db);
  const totals = await readWalletTotals(deps.db, [...limited.keys()], now);
  const rows: LimitsReport['rows'] = [];
  for (const [playerId, limits] of limited) {
    for (const view of limitViews(limits, totals.get(playerId), now)) {
      if (view.amount === null) continue;
      const percent = Math.floor((view.used / view.amount) * 100);
      if (percent < nearPercent) continue;
      const user = await findUserById(deps.db, playerId);
      rows.push({
        playerId,
        username: user?.username ?? String(playerId),
        name: view.name,
        amount: view.amount,
        used: view.used,
        percent,
      });
    }
  }
  rows.sort((a, b) => b.percent - a.percent || a.playerId - b.playerId);
  return { rows };
}
