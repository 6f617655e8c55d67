import { objectWith, pointsToPaise } from '@spm/core';
import type { AdjustmentBody, Wallet } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { findUserById } from '../identity/index.ts';
import {
  adjustCash,
  toWallet,
  walletTransaction,
  storeNotification,
  templatedNotification,
} from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';

/**
 * POST /staff/players/{playerId}/adjustments (admin). Credit moves house -> player cash,
 * debit player cash -> house; for a player who plays for points (the wallet decides from its
 * row: money mode) the play_money account stands for the house. The postings, the audit row
 * and the player's notification are one transaction; the key is scoped to the staff member, a replay answers the first result.
 */
export async function adjustBalance(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  body: AdjustmentBody,
  ip: string,
): Promise<{ transactionId: string; wallet: Wallet }> {
  const parsed = pointsToPaise(body.amount);
  if (!parsed.ok || parsed.paise <= 0n) throw new AppError('VALIDATION_FAILED');
  const amountPaise = parsed.paise;
  const player = await findUserById(deps.db, playerId);
  if (!player) throw new AppError('PLAYER_NOT_FOUND');

  const credit = body.direction === 'credit';
  const points = `${body.amount.toFixed(2)}`;

  const result = await walletTransaction(deps, async (ctx) => {
    const posted = await adjustCash(ctx, {
      staffId: staff.staffId,
      staffUsername: staff.username,
      idempotencyKey: body.idempotencyKey,
      playerId,
      direction: body.direction,
      amountPaise,
      reason: body.reason,
      siteMoneyMode: deps.config.moneyMode,
    });
    const after = posted.wallet;
    if (posted.replay) return { ok: true as const, transactionId: posted.transactionId, after };
    const delta = credit ? amountPaise : -amountPaise;
    const before = objectWith(after, {
      balancePaise: after.balancePaise - delta,
      cashPaise: after.cashPaise - delta,
    });
    await insertAudit(ctx.tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: credit ? 'wallet.adjustment_credit' : 'wallet.adjustment_debit',
      targetType: 'player',
      targetId: String(playerId),
      before: { wallet: toWallet(before) },
      after: { wallet: toWallet(after), transactionId: posted.transactionId, amount: body.amount },
      reason: body.reason,
      ip,
      createdAt: ctx.now,
    });
    ctx.afterCommit.push(
      await storeNotification(
        ctx.tx,
        deps,
        playerId,
        templatedNotification(
          credit ? 'balanceCredited' : 'balanceDebited',
          { amount: points, reason: body.reason },
          credit ? 'success' : 'info',
        ),
      ),
    );
    return { ok: true as const, transactionId: posted.transactionId, after };
  });
  if (!result.ok) {
    if (result.code === 'INSUFFICIENT_FUNDS' || result.code === 'IDEMPOTENCY_MISMATCH') {
      throw new AppError(result.code);
    }
    throw new Error(`adjustment refused by the ledger: ${result.code}`);
  }
  return { transactionId: result.transactionId, wallet: toWallet(result.after) };
}
