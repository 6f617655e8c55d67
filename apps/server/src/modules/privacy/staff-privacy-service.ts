import type { StaffDataRequest, StaffDataRequestDecision, DataRequestStatus } from '@spm/contract';
import { erasedUsername, isDataRequestOverdue, maskAccountNumber, objectWith } from '@spm/core';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import { hashPassword, randomSecret } from '../../security/password.ts';
import type { ServiceDeps } from '../../deps.ts';
import { revokeUserSessions } from '../identity/index.ts';
import { deletePlayerContactMessages } from '../contact/index.ts';
import { anonymiseUser, eraseTraces } from './erasure-repository.ts';
import {
  decideDataRequest,
  listDataRequests,
  lockDataRequest,
  lockPlayer,
  type DataRequestRow,
} from './privacy-repository.ts';
import { assertErasable } from './privacy-service.ts';
import { toDataRequest } from './privacy-views.ts';

function toStaffDataRequest(
  row: { request: DataRequestRow; username: string; decidedBy: string | null },
  now: Date,
): StaffDataRequest {
  return objectWith(toDataRequest(row.request), {
    playerId: String(row.request.playerId),
    username: row.username,
    decidedBy: row.decidedBy,
    overdue: row.request.status === 'open' && isDataRequestOverdue(row.request.dueAt, now),
  });
}

/** GET /api/staff/privacy/requests: open ones first, the nearest deadline on top. */
export async function listStaffDataRequests(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  query: { page: number; pageSize: number; status?: DataRequestStatus | undefined },
) {
  const { rows, total } = await listDataRequests(deps.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const now = deps.clock.now();
  return {
    items: rows.map((row) => toStaffDataRequest(row, now)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * POST /api/staff/privacy/requests/:id/decision (admin): a correction is marked done once
 * staff made the change (or refused with the reason); an erasure marked done anonymises the
 * account here, in the same transaction as the answer and its audit row, after checking again
 * that it holds no money and no open bets. Every session of the player ends.
 */
export async function decideStaffDataRequest(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  actor: StaffActor,
  id: number,
  decision: StaffDataRequestDecision,
): Promise<StaffDataRequest> {
  const now = deps.clock.now();
  // Hashed before the transaction: nobody knows it, so the account opens for no password.
  const passwordHash = await hashPassword(randomSecret(24));
  const { answer, erasedPlayer } = await deps.db.transaction(async (tx) => {
    const request = await lockDataRequest(tx, id);
    if (!request) throw new AppError('DATA_REQUEST_NOT_FOUND');
    if (request.status !== 'open') throw new AppError('DATA_REQUEST_DECIDED');
    const player = await lockPlayer(tx, request.playerId);
    if (!player) throw new AppError('DATA_REQUEST_NOT_FOUND');
    const erase = request.kind === 'erasure' && decision.outcome === 'done';
    if (erase) {
      await assertErasable(tx, request.playerId);
      await eraseTraces(tx, request.playerId, player.mobile, maskAccountNumber, now);
      await deletePlayerContactMessages(tx, request.playerId);
      await anonymiseUser(tx, request.playerId, {
        username: erasedUsername(request.playerId),
        passwordHash,
        now,
      });
      await revokeUserSessions(tx, request.playerId, 'account_locked', now);
    }
    const decided = await decideDataRequest(tx, id, {
      status: decision.outcome,
      note: decision.note,
      staffId: actor.staff.staffId,
      at: now,
    });
    await insertStaffAudit(tx, actor, now, {
      action: `privacy.${request.kind}_${decision.outcome}`,
      targetType: 'data_request',
      targetId: String(id),
      before: { status: request.status },
      after: {
        status: decided.status,
        note: decided.note,
        playerId: String(request.playerId),
        erased: erase,
      },
    });
    return {
      answer: toStaffDataRequest(
        {
          request: decided,
          username: erase ? erasedUsername(request.playerId) : player.username,
          decidedBy: actor.staff.username,
        },
        now,
      ),
      erasedPlayer: erase ? request.playerId : null,
    };
  });
  if (erasedPlayer !== null) deps.realtime.disconnectUser(erasedPlayer);
  return answer;
}
