import { objectWith } from '@spm/core';
import type { StaffDeposit } from '@spm/contract';
import { basisPointsToPercent, paiseToPoints, shareOfPaise, type Paise } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  decideDeposit,
  findDeposit,
  recordDepositCredit,
  type DepositRow,
  type DepositStatus,
} from './deposit-repository.ts';
import { findGatewayRow } from './gateway-repository.ts';
import { expireWithin, getStaffDeposit } from './deposit-service.ts';
import {
  creditDeposit,
  creditDepositBonus,
  storeNotification,
  templatedNotification,
  walletTransaction,
  type MoneyFailureCode,
  type WalletContext,
} from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';
import { grantOfferOfDeposit, recordBonusGrant } from '../bonus/index.ts';
import { rewardReferrerOfDeposit } from '../referral/index.ts';

/*
 * Deciding a deposit (issue 6, docs/cashier.md): one transaction holding the conditional
 * status change (only a pending row changes, so a decision happens once however many staff
 * or callbacks race), the ledger postings keyed by the request id, the audit line and the
 * player's notification. The toast and update_balance go out after commit.
 */

const pointsText = (paise: Paise) => paiseToPoints(paise).toFixed(2);

/** Who decided: a staff member, or the gateway through its signed callback. */
export type DepositDecider =
  { type: 'staff'; staffId: number; ip: string } | { type: 'system'; source: string };

type DecisionFailure = {
  ok: false;
  code: 'DEPOSIT_NOT_FOUND' | 'REQUEST_ALREADY_DECIDED' | 'REQUEST_EXPIRED' | MoneyFailureCode;
};

function auditActor(decider: DepositDecider) {
  return decider.type === 'staff'
    ? { actorType: 'staff' as const, actorId: String(decider.staffId), ip: decider.ip }
    : { actorType: 'system' as const, actorId: decider.source, ip: null };
}

/**
 * Credits an approved row: gateway clearing -> player cash for the amount, and when the
 * gateway offers a deposit bonus, bonus pool -> player coins for its share. Keyed by the
 * request id, so even a second approval path could not credit twice.
 */
async function creditApprovedDeposit(
  ctx: WalletContext,
  deps: Pick<ServiceDeps, 'clock' | 'realtime' | 'wallet' | 'config'>,
  row: DepositRow,
  decider: DepositDecider,
): Promise<{ row: DepositRow; transactionId: string; bonusPaise: Paise }> {
  const gateway = await findGatewayRow(ctx.tx, row.gatewayCode);
  if (!gateway) throw new Error(`deposit ${row.id} names an unknown gateway`);
  const actorStaffId = decider.type === 'staff' ? decider.staffId : undefined;
  // First: it locks the player with the referrer in id order (docs/referral.md).
  await rewardReferrerOfDeposit(ctx, deps, {
    id: row.id,
    playerId: row.playerId,
    amountPaise: row.amountPaise,
  });
  const posted = await creditDeposit(ctx, deps.wallet.policies, {
    depositId: row.id,
    playerId: row.playerId,
    amountPaise: row.amountPaise,
    description: `Deposit via ${gateway.name}`,
    actorStaffId,
  });
  // A deposit policy's refusal (a deposit limit, an exclusion): the player's catalogue code
  // with the limit and when it lifts; thrown, so the approval rolls back with it.
  if ('ok' in posted) {
    throw new AppError(posted.code, undefined, {
      refusal: { limit: posted.limit, until: posted.until ? posted.until.toISOString() : null },
    });
  }
  const deposit = { id: row.id, playerId: row.playerId, amountPaise: row.amountPaise };
  // The player's claimed offer first, so the gateway's bonus below joins the bonus it starts.
  await grantOfferOfDeposit(ctx, deps, deposit);
  // The offer in force when the money is credited is the one paid.
  const bonusPaise = shareOfPaise(row.amountPaise, gateway.depositBonusBps);
  if (bonusPaise > 0n) {
    const granted = await creditDepositBonus(ctx, {
      depositId: row.id,
      playerId: row.playerId,
      bonusPaise,
      description: `${basisPointsToPercent(gateway.depositBonusBps)}% deposit bonus (${gateway.name})`,
      actorStaffId,
    });
    if (!granted.replay) {
      await recordBonusGrant(ctx, {
        playerId: row.playerId,
        source: 'deposit',
        amountPaise: bonusPaise,
        reference: `DEP-${row.id}`,
      });
    }
  }
  const updated = await recordDepositCredit(ctx.tx, row.id, {
    ledgerTransactionId: Number(posted.transactionId),
    bonusPaise,
  });
  return { row: updated ?? row, transactionId: posted.transactionId, bonusPaise };
}

/**
 * Approves inside an open ledger transaction when the row is still in `from` (staff:
 * pending; a gateway's `paid`: pending or expired, since the money really arrived).
 * Undefined when it is not.
 */
export async function approveWithin(
  ctx: WalletContext,
  deps: Pick<ServiceDeps, 'clock' | 'realtime' | 'wallet' | 'config'>,
  id: number,
  input: { from: DepositStatus; decider: DepositDecider; note: string | null },
): Promise<DepositRow | undefined> {
  const decided = await decideDeposit(ctx.tx, id, input.from, {
    status: 'approved',
    decidedAt: ctx.now,
    decidedByStaffId: input.decider.type === 'staff' ? input.decider.staffId : null,
    reason: null,
    note: input.note,
  });
  if (!decided) return undefined;
  const credit = await creditApprovedDeposit(ctx, deps, decided, input.decider);
  const amount = pointsText(decided.amountPaise);
  await insertAudit(
    ctx.tx,
    objectWith(auditActor(input.decider), {
      action: 'deposit.approve',
      targetType: 'deposit',
      targetId: String(id),
      before: { status: input.from },
      after: {
        status: 'approved',
        amount: paiseToPoints(decided.amountPaise),
        bonus: paiseToPoints(credit.bonusPaise),
        transactionId: credit.transactionId,
        playerId: decided.playerId,
      },
      reason: input.note,
      createdAt: ctx.now,
    }),
  );
  ctx.afterCommit.push(
    await storeNotification(
      ctx.tx,
      deps,
      decided.playerId,
      credit.bonusPaise > 0n
        ? templatedNotification(
            'depositApprovedWithBonus',
            { amount, bonus: pointsText(credit.bonusPaise) },
            'success',
          )
        : templatedNotification('depositApproved', { amount }, 'success'),
    ),
  );
  return credit.row;
}

/** How an unpaid deposit ends: its status, audit action and the player's notification. */
const UNPAID_ENDINGS = {
  declined: { action: 'deposit.decline', template: 'depositDeclined' },
  cancelled: { action: 'deposit.cancel', template: 'depositCancelled' },
} as const;

/**
 * Ends a pending deposit unpaid inside an open transaction; no money moves. `declined` by
 * staff or a failed payment, `cancelled` when the player cancelled at the gateway (issue 40
 * item 7: a cancel is not reported as a failure). Undefined when not pending.
 */
export async function declineWithin(
  ctx: WalletContext,
  deps: Pick<ServiceDeps, 'clock' | 'realtime'>,
  id: number,
  input: {
    decider: DepositDecider;
    reason: string;
    note: string | null;
    status?: keyof typeof UNPAID_ENDINGS;
  },
): Promise<DepositRow | undefined> {
  const status = input.status ?? 'declined';
  const ending = UNPAID_ENDINGS[status];
  const decided = await decideDeposit(ctx.tx, id, 'pending', {
    status,
    decidedAt: ctx.now,
    decidedByStaffId: input.decider.type === 'staff' ? input.decider.staffId : null,
    reason: input.reason,
    note: input.note,
  });
  if (!decided) return undefined;
  await insertAudit(
    ctx.tx,
    objectWith(auditActor(input.decider), {
      action: ending.action,
      targetType: 'deposit',
      targetId: String(id),
      before: { status: 'pending' },
      after: { status, amount: paiseToPoints(decided.amountPaise) },
      reason: input.reason,
      createdAt: ctx.now,
    }),
  );
  ctx.afterCommit.push(
    await storeNotification(
      ctx.tx,
      deps,
      decided.playerId,
      templatedNotification(
        ending.template,
        { amount: pointsText(decided.amountPaise), reason: input.reason },
        status === 'cancelled' ? 'info' : 'error',
      ),
    ),
  );
  return decided;
}

/**
 * A staff decision. A request whose time ran out is refused (REQUEST_EXPIRED) and marked
 * expired in the same breath, committed, so the queue shows the truth afterwards.
 */
async function staffDecision(
  deps: ServiceDeps,
  id: number,
  decide: (ctx: WalletContext) => Promise<DepositRow | undefined>,
): Promise<StaffDeposit> {
  const result = await walletTransaction(
    deps,
    async (ctx): Promise<{ ok: true } | DecisionFailure> => {
      const expired = await expireWithin(ctx.tx, deps, ctx.now, { id });
      if (expired.length > 0) {
        ctx.afterCommit.push(...expired);
        return { ok: false, code: 'REQUEST_EXPIRED' };
      }
      if (await decide(ctx)) return { ok: true };
      const existing = await findDeposit(ctx.tx, id);
      if (!existing) return { ok: false, code: 'DEPOSIT_NOT_FOUND' };
      // Expired (here a moment ago, or by the sweeper): the more useful answer of the two.
      return {
        ok: false,
        code: existing.status === 'expired' ? 'REQUEST_EXPIRED' : 'REQUEST_ALREADY_DECIDED',
      };
    },
  );
  if (!result.ok) {
    switch (result.code) {
      case 'DEPOSIT_NOT_FOUND':
      case 'REQUEST_ALREADY_DECIDED':
      case 'REQUEST_EXPIRED':
        throw new AppError(result.code);
      default:
        throw new Error(`deposit decision refused by the ledger: ${result.code}`);
    }
  }
  return getStaffDeposit(deps, id);
}

/** POST /api/staff/deposits/{id}/approve (admin). */
export function approveDeposit(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  body: { note?: string | undefined },
  ip: string,
): Promise<StaffDeposit> {
  return staffDecision(deps, id, (ctx) =>
    approveWithin(ctx, deps, id, {
      from: 'pending',
      decider: { type: 'staff', staffId: staff.staffId, ip },
      note: body.note || null,
    }),
  );
}

/** POST /api/staff/deposits/{id}/decline (admin): a reason is required; no money moves. */
export function declineDeposit(
  deps: ServiceDeps,
  staff: StaffContext,
  id: number,
  body: { reason: string },
  ip: string,
): Promise<StaffDeposit> {
  return staffDecision(deps, id, (ctx) =>
    declineWithin(ctx, deps, id, {
      decider: { type: 'staff', staffId: staff.staffId, ip },
      reason: body.reason,
      note: null,
    }),
  );
}
