import type { Exclusion, ExclusionStatus, StaffExclusions, TakeExclusionBody } from '@spm/contract';
import {
  currentRestriction,
  objectWith,
  EXCLUSION_RETURN_WAIT_MS,
  mayTakeExclusion,
  selfExclusionEnd,
  timeOutEnd,
  walletRestrictionEnds,
} from '@spm/core';
import { insertAudit } from '../../../audit/audit-repository.ts';
import type { DbHandle } from '../../../db/database.ts';
import type { RequestOrigin, ServiceDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { revokeAllSessions, type AuthContext } from '../../identity/index.ts';
import { PERMANENT_EXCLUSION_UNTIL, setPlayerRestrictions } from '../../wallet/index.ts';
import {
  exclusionAuditOf,
  factsOf,
  insertExclusion,
  listExclusions,
  lockPlayerExclusions,
  recordReturnRequest,
  type ExclusionRow,
} from './exclusion-repository.ts';

/*
 * Time-out and self-exclusion (issue 42 item 3, docs/safer-play-exclusion.md). Taking one
 * writes its row, the wallet's own row (what every money move reads under lock) and the
 * audit in one transaction, then ends every session and socket of the player on every node.
 * Nothing shortens or lifts one: there is no such path for the player or for staff.
 */

function toExclusion(row: ExclusionRow): Exclusion {
  return {
    id: String(row.id),
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    returnRequestedAt: row.returnRequestedAt?.toISOString() ?? null,
    returnsAt: row.returnsAt?.toISOString() ?? null,
  };
}

function statusOf(rows: readonly ExclusionRow[], now: Date): ExclusionStatus {
  const current = currentRestriction(rows.map(factsOf), now);
  return {
    restriction: current && {
      kind: current.kind,
      endsAt: current.endsAt.toISOString(),
      canAskToReturn: current.canAskToReturn,
      returnsAt: current.returnsAt?.toISOString() ?? null,
    },
    history: rows.map(toExclusion),
  };
}

/** GET /api/rg/exclusion: the restriction now and every one taken. */
export async function getExclusionStatus(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
): Promise<ExclusionStatus> {
  return statusOf(await listExclusions(deps.db, playerId), deps.clock.now());
}

/** The wallet's row after a change, from every exclusion of the player (in the transaction). */
async function writeWalletRow(db: DbHandle, playerId: number, rows: ExclusionRow[], now: Date) {
  const ends = walletRestrictionEnds(rows.map(factsOf), now, PERMANENT_EXCLUSION_UNTIL);
  await setPlayerRestrictions(db, playerId, ends);
}

/**
 * POST /api/rg/exclusion: a time-out (24 hours to 6 weeks) or a self-exclusion (6 months to 5
 * years), at once. While one holds only a longer one may be taken (EXCLUSION_ACTIVE): nothing
 * is ever shortened. After commit every session of the player ends and its sockets close on
 * every node (the realtime user room, through the Redis adapter).
 */
export async function takeExclusion(
  deps: ServiceDeps,
  auth: AuthContext,
  body: TakeExclusionBody,
  origin: RequestOrigin,
): Promise<ExclusionStatus> {
  const now = deps.clock.now();
  const endsAt =
    body.kind === 'time_out' ? timeOutEnd(now, body.hours) : selfExclusionEnd(now, body.months);
  const rows = await deps.db.transaction(async (tx) => {
    await lockPlayerExclusions(tx, auth.userId);
    const before = await listExclusions(tx, auth.userId);
    if (!mayTakeExclusion(currentRestriction(before.map(factsOf), now), body.kind, endsAt)) {
      throw new AppError('EXCLUSION_ACTIVE');
    }
    const row = await insertExclusion(tx, {
      playerId: auth.userId,
      kind: body.kind,
      startsAt: now,
      endsAt,
      createdAt: now,
    });
    const after = [row, ...before];
    await writeWalletRow(tx, auth.userId, after, now);
    await insertAudit(tx, {
      actorType: 'player',
      actorId: String(auth.userId),
      action: `safer_play.${body.kind}`,
      targetType: 'player',
      targetId: String(auth.userId),
      before: null,
      after: toExclusion(row),
      reason: null,
      ip: origin.ip,
      createdAt: now,
    });
    return after;
  });
  await revokeAllSessions(deps, auth.userId, 'excluded');
  return statusOf(rows, now);
}

/**
 * POST /api/rg/exclusion/return: after a self-exclusion's end the player asks to return, and
 * play reopens 24 hours later (the wallet's row says so at once). Refused before the end or
 * when asked already (RETURN_NOT_ALLOWED).
 */
export async function askToReturn(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  auth: AuthContext,
  origin: RequestOrigin,
): Promise<ExclusionStatus> {
  const now = deps.clock.now();
  const rows = await deps.db.transaction(async (tx) => {
    await lockPlayerExclusions(tx, auth.userId);
    const before = await listExclusions(tx, auth.userId);
    const current = currentRestriction(before.map(factsOf), now);
    const latest = before.find((row) => row.kind === 'self_exclusion');
    if (!current?.canAskToReturn || !latest) throw new AppError('RETURN_NOT_ALLOWED');
    const returnsAt = new Date(now.getTime() + EXCLUSION_RETURN_WAIT_MS);
    if (!(await recordReturnRequest(tx, latest.id, { requestedAt: now, returnsAt }))) {
      throw new AppError('RETURN_NOT_ALLOWED');
    }
    const after = await listExclusions(tx, auth.userId);
    await writeWalletRow(tx, auth.userId, after, now);
    await insertAudit(tx, {
      actorType: 'player',
      actorId: String(auth.userId),
      action: 'safer_play.return_requested',
      targetType: 'player',
      targetId: String(auth.userId),
      before: toExclusion(latest),
      after: { returnRequestedAt: now.toISOString(), returnsAt: returnsAt.toISOString() },
      reason: null,
      ip: origin.ip,
      createdAt: now,
    });
    return after;
  });
  return statusOf(rows, now);
}

/** GET /api/staff/players/{id}/exclusions: read-only, with the audit of every change. */
export async function getStaffExclusions(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
): Promise<StaffExclusions> {
  const status = await getExclusionStatus(deps, playerId);
  const audit = await exclusionAuditOf(deps.db, playerId);
  return objectWith(status, {
    audit: audit.map((row) => ({
      id: String(row.id),
      action: row.action,
      actorType: row.actorType,
      after: row.after,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
  });
}
