import type {
  DataRequest,
  DataRequestBody,
  UpdatesConsent,
  UpdatesConsentBody,
} from '@spm/contract';
import { dataRequestDueAt, erasureBlocker } from '@spm/core';
import { insertAudit } from '../../audit/audit-repository.ts';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { DbHandle } from '../../db/database.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import { findUserById } from '../identity/index.ts';
import { getWalletView, moneyModeOf } from '../wallet/index.ts';
import {
  insertDataRequest,
  openBetCount,
  playerDataRequests,
  setUpdatesConsent,
} from './privacy-repository.ts';
import { toDataRequest, updatesConsentOf } from './privacy-views.ts';

export async function getUpdatesConsent(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<UpdatesConsent> {
  const user = await findUserById(deps.db, playerId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return updatesConsentOf(user);
}

/** PUT /api/privacy/consent: given or withdrawn now, with the time, audited. */
export async function changeUpdatesConsent(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  body: UpdatesConsentBody,
  origin: RequestOrigin,
): Promise<UpdatesConsent> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await setUpdatesConsent(tx, playerId, body.given, now);
    if (!row) throw new AppError('UNAUTHORIZED');
    const consent = updatesConsentOf(row);
    await insertAudit(tx, {
      actorType: 'player',
      actorId: String(playerId),
      action: body.given ? 'player.consent_given' : 'player.consent_withdrawn',
      targetType: 'player',
      targetId: String(playerId),
      before: null,
      after: { updates: consent },
      reason: null,
      ip: origin.ip,
      createdAt: now,
    });
    return consent;
  });
}

export async function listOwnRequests(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<DataRequest[]> {
  return (await playerDataRequests(deps.db, playerId)).map(toDataRequest);
}

/**
 * Whether the account may be erased now (erasureBlocker): the wallet's view of its money, the
 * open exchange orders and casino rounds. Throws the refusal's error.
 */
export async function assertErasable(db: DbHandle, playerId: number): Promise<void> {
  // One after another: inside a transaction the reads share its connection.
  const view = await getWalletView(db, playerId);
  const openBets = await openBetCount(db, playerId);
  const mode = await moneyModeOf(db, playerId);
  const blocker = erasureBlocker(view, { openBets, playMoney: mode === 'play' });
  if (blocker !== null) throw new AppError(blocker);
}

/**
 * POST /api/privacy/requests: a correction (what to correct) or the erasure of the account.
 * An erasure is refused while the account holds money or open bets, so the player learns it
 * now, not in 30 days; staff check again when they carry it out.
 */
export async function createDataRequest(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  body: DataRequestBody,
  origin: RequestOrigin,
): Promise<DataRequest> {
  if (body.kind === 'erasure') await assertErasable(deps.db, playerId);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await insertDataRequest(tx, {
        playerId,
        kind: body.kind,
        details: body.kind === 'correction' ? body.details : null,
        createdAt: now,
        dueAt: dataRequestDueAt(now),
      });
      await insertAudit(tx, {
        actorType: 'player',
        actorId: String(playerId),
        action: `player.data_request_${body.kind}`,
        targetType: 'data_request',
        targetId: String(row.id),
        before: null,
        after: { kind: row.kind, dueAt: row.dueAt.toISOString() },
        reason: null,
        ip: origin.ip,
        createdAt: now,
      });
      return toDataRequest(row);
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'data_requests_open_key')
      throw new AppError('DATA_REQUEST_OPEN');
    throw error;
  }
}
