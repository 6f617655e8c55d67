import { objectWith } from '@spm/core';
import { PLAYER_TIME_ZONE, type RequestStatus, type StaffKyc } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  decideKycSubmission,
  findStaffKycSubmission,
  kycSubmissionExists,
  listKycSubmissions,
  type KycSubmissionStatus,
  type StaffKycRow,
} from './kyc-repository.ts';
import { toKycSubmission } from './kyc-service.ts';
import { storeNotification, templatedNotification } from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';
import { assertRequestVisible, visiblePlayersOf } from '../identity/index.ts';

/** The staff side of KYC (admin): the review queue, unmasked, and the decision. */
function toStaffKyc(row: StaffKycRow): StaffKyc {
  const { submission } = row;
  return objectWith(toKycSubmission(submission), {
    playerId: String(submission.playerId),
    username: row.username,
    decidedBy: row.decidedBy,
    note: submission.note,
    docId: submission.docId,
    frontUploadId: submission.frontUploadId,
    backUploadId: submission.backUploadId,
  });
}

export async function listStaffKyc(
  deps: Pick<ServiceDeps, 'db'>,
  query: {
    page: number;
    pageSize: number;
    playerId?: string | undefined;
    status?: RequestStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  staff: Pick<StaffContext, 'role' | 'staffId'>,
): Promise<{ items: StaffKyc[]; page: number; pageSize: number; total: number }> {
  // KYC submissions never expire: asking for expired ones finds none.
  if (query.status === 'expired') {
    return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
  }
  const { rows, total } = await listKycSubmissions(deps.db, {
    playerId: query.playerId === undefined ? undefined : Number(query.playerId),
    status: query.status satisfies KycSubmissionStatus | undefined,
    fromDate: query.from,
    toDate: query.to,
    timeZone: PLAYER_TIME_ZONE,
    visiblePlayers: visiblePlayersOf(staff),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toStaffKyc), page: query.page, pageSize: query.pageSize, total };
}

export async function getStaffKyc(
  deps: Pick<ServiceDeps, 'db'>,
  id: number,
  /** The reader; absent for the service's own read-back after a decision. */
  staff?: Pick<StaffContext, 'role' | 'staffId'>,
): Promise<StaffKyc> {
  const row = await findStaffKycSubmission(deps.db, id);
  if (!row) throw new AppError('KYC_NOT_FOUND');
  if (staff) await assertRequestVisible(deps, staff, row.submission.playerId, 'KYC_NOT_FOUND');
  return toStaffKyc(row);
}

/**
 * One transaction: the conditional pending -> approved/declined update, the audit row and
 * the player's notification (toasted after commit). Another decision finds no pending row.
 */
async function decideKyc(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  decision: { status: 'approved'; note: string | null } | { status: 'declined'; reason: string },
  ip: string,
): Promise<StaffKyc> {
  const afterCommit: (() => void)[] = [];
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const reason = decision.status === 'declined' ? decision.reason : null;
    const row = await decideKycSubmission(tx, id, {
      status: decision.status,
      now,
      staffId: staff.staffId,
      reason,
      note: decision.status === 'approved' ? decision.note : null,
    });
    if (!row) {
      throw new AppError(
        (await kycSubmissionExists(tx, id)) ? 'REQUEST_ALREADY_DECIDED' : 'KYC_NOT_FOUND',
      );
    }
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: decision.status === 'approved' ? 'kyc.approve' : 'kyc.decline',
      targetType: 'kyc_submission',
      targetId: String(row.id),
      before: { status: 'pending' },
      after: { status: row.status, playerId: String(row.playerId) },
      reason: reason ?? (decision.status === 'approved' ? decision.note : null),
      ip,
      createdAt: now,
    });
    afterCommit.push(
      await storeNotification(
        tx,
        deps,
        row.playerId,
        decision.status === 'approved'
          ? templatedNotification('kycApproved', {}, 'success')
          : templatedNotification('kycDeclined', { reason: decision.reason }, 'warning'),
      ),
    );
  });
  for (const emit of afterCommit) emit();
  return getStaffKyc(deps, id);
}

export function approveKyc(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  note: string | undefined,
  ip: string,
): Promise<StaffKyc> {
  return decideKyc(deps, staff, id, { status: 'approved', note: note ?? null }, ip);
}

export function declineKyc(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  reason: string,
  ip: string,
): Promise<StaffKyc> {
  return decideKyc(deps, staff, id, { status: 'declined', reason }, ip);
}
