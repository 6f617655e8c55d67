import { PLAYER_TIME_ZONE, type StaffWithdrawal, type WithdrawStatus } from '@spm/contract';
import { formatPoints } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  decideWithdrawRequest,
  findStaffWithdrawRequest,
  listWithdrawRequests,
} from './withdraw-repository.ts';
import {
  payOutWithdrawal,
  toWallet,
  walletTransaction,
  storeNotification,
  templatedNotification,
} from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';
import { assertRequestVisible, visiblePlayersOf } from '../identity/index.ts';
import { explainUndecidable, releaseHeldWithdrawal, walletBefore } from './withdraw-service.ts';
import { destinationLabel, toStaffWithdrawal, toWithdrawal } from './withdraw-view.ts';

/*
 * The staff side of withdrawals (admin): the queue with full destinations, and the
 * decision. A decision is one transaction: the conditional pending -> approved/declined
 * update, the ledger postings keyed by the request, the audit row and the player's
 * notification (toasted after commit). A second decision finds no pending row and changes
 * nothing: REQUEST_ALREADY_DECIDED.
 */

export async function listStaffWithdrawals(
  deps: Pick<ServiceDeps, 'db'>,
  query: {
    page: number;
    pageSize: number;
    playerId?: string | undefined;
    status?: WithdrawStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  staff: Pick<StaffContext, 'role' | 'staffId'>,
): Promise<{ items: StaffWithdrawal[]; page: number; pageSize: number; total: number }> {
  const { rows, total } = await listWithdrawRequests(deps.db, {
    playerId: query.playerId === undefined ? undefined : Number(query.playerId),
    status: query.status,
    fromDate: query.from,
    toDate: query.to,
    // Staff work the same Indian days the players see.
    timeZone: PLAYER_TIME_ZONE,
    visiblePlayers: visiblePlayersOf(staff),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map(toStaffWithdrawal),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getStaffWithdrawal(
  deps: Pick<ServiceDeps, 'db'>,
  id: number,
  /** The reader; absent for the service's own read-back after a decision. */
  staff?: Pick<StaffContext, 'role' | 'staffId'>,
): Promise<StaffWithdrawal> {
  const row = await findStaffWithdrawRequest(deps.db, id);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  if (staff) await assertRequestVisible(deps, staff, row.request.playerId, 'WITHDRAWAL_NOT_FOUND');
  return toStaffWithdrawal(row);
}

async function findAfterDecision(deps: Pick<ServiceDeps, 'db'>, id: number) {
  const row = await findStaffWithdrawRequest(deps.db, id);
  if (!row) throw new Error(`withdrawal ${id} vanished after its decision`);
  return toStaffWithdrawal(row);
}

export async function approveWithdrawal(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  note: string | undefined,
  ip: string,
): Promise<StaffWithdrawal> {
  const result = await walletTransaction(deps, async (ctx) => {
    const row = await decideWithdrawRequest(ctx.tx, id, {
      status: 'approved',
      now: ctx.now,
      staffId: staff.staffId,
      reason: null,
      note: note ?? null,
    });
    if (!row) return explainUndecidable(ctx, id);
    // The hold leaves to gateway clearing; the crypto extra joins it from the bonus pool.
    const posted = await payOutWithdrawal(ctx, {
      requestId: row.id,
      playerId: row.playerId,
      amountPaise: row.amountPaise,
      extraPaise: row.extraPaise,
      actorStaffId: staff.staffId,
    });
    const after = posted.wallet;
    const payoutPaise = row.amountPaise + row.extraPaise;
    await insertAudit(ctx.tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: String(row.id),
      before: { status: 'pending', wallet: walletBefore(after, 0n, -row.amountPaise) },
      after: {
        status: row.status,
        wallet: toWallet(after),
        transactionId: posted.transactionId,
        payout: toWithdrawal(row).payout,
      },
      reason: note ?? null,
      ip,
      createdAt: ctx.now,
    });
    ctx.afterCommit.push(
      await storeNotification(
        ctx.tx,
        deps,
        row.playerId,
        templatedNotification(
          'withdrawalApproved',
          {
            amount: formatPoints(payoutPaise),
            destination: destinationLabel(row.destinationType, row.destination),
          },
          'success',
        ),
      ),
    );
    return { ok: true as const };
  });
  if (!result.ok) throw new Error(`withdrawal payout refused by the ledger: ${result.code}`);
  return findAfterDecision(deps, id);
}

export async function declineWithdrawal(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  reason: string,
  ip: string,
): Promise<StaffWithdrawal> {
  const result = await walletTransaction(deps, async (ctx) => {
    const row = await decideWithdrawRequest(ctx.tx, id, {
      status: 'declined',
      now: ctx.now,
      staffId: staff.staffId,
      reason,
      note: null,
    });
    if (!row) return explainUndecidable(ctx, id);
    const posted = await releaseHeldWithdrawal(
      ctx,
      row,
      `Withdrawal #${row.id} declined`,
      staff.staffId,
    );
    const after = posted.wallet;
    await insertAudit(ctx.tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: 'withdrawal.decline',
      targetType: 'withdrawal',
      targetId: String(row.id),
      before: { status: 'pending', wallet: walletBefore(after, row.amountPaise, -row.amountPaise) },
      after: { status: row.status, wallet: toWallet(after), transactionId: posted.transactionId },
      reason,
      ip,
      createdAt: ctx.now,
    });
    ctx.afterCommit.push(
      await storeNotification(
        ctx.tx,
        deps,
        row.playerId,
        templatedNotification(
          'withdrawalDeclined',
          { amount: formatPoints(row.amountPaise), reason },
          'warning',
        ),
      ),
    );
    return { ok: true as const };
  });
  if (!result.ok) throw new Error(`withdrawal release refused by the ledger: ${result.code}`);
  return findAfterDecision(deps, id);
}
