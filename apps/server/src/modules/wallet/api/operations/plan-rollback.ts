import {
  holdAdjustmentPostings,
  objectWith,
  playerAccount,
  spreadPlayerCash,
  subtractParts,
  takeFromParts,
  transfer,
  type FundingPart,
  type Paise,
} from '@spm/core';
import { WALLET_EVENTS } from '../../events/wallet-events.ts';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import {
  findOperationForUpdate,
  insertOperation,
  markRolledBack,
  setHold,
  type WalletOperationRow,
} from '../../ledger/wallet-operation-repository.ts';
import { stakePartsOf, storedParts, type FundedHold } from '../../policies/funding.ts';
import { roundIsClosed } from '../../ledger/wallet-rounds.ts';
import { answerExisting, fail, operationHash } from '../wallet-answers.ts';
import type { Plan, RollbackInput, WalletFailure, WalletResult } from '../wallet-types.ts';
import { counterpartyFor, lockFundedHold } from './operation-reads.ts';
import { holdKey, isAmount } from './plan-parts.ts';

/* A rollback: a stake refunded (or, when it overtook its stake, a marker that refuses it). */

export async function planRollback(
  ctx: LedgerContext,
  input: RollbackInput,
): Promise<Plan | WalletResult> {
  const target = await findOperationForUpdate(ctx.tx, input.product, input.targetExternalId);
  if (!target) {
    await insertRollbackMarker(ctx, input);
    return fail('NOT_FOUND');
  }
  if (target.status === 'cancelled') return fail('NOT_FOUND');
  if (target.status === 'rolled_back') {
    // This very rollback, sent twice at once: the first has committed, answer as it did.
    const mine = await findOperationForUpdate(ctx.tx, input.product, input.externalId);
    if (mine && target.relatedExternalId === input.externalId) {
      return answerExisting(mine, 'rollback', operationHash('rollback', input));
    }
    return fail('ROLLED_BACK');
  }
  if (target.operation !== 'stake' || target.playerId !== input.playerId) {
    return fail('NOT_ROLLBACKABLE');
  }
  if (await roundIsClosed(ctx.tx, input.product, target.playerId, target.roundId)) {
    return fail('ROUND_CLOSED');
  }
  // A refund returns exactly the parts the stake took.
  const stakeParts = stakePartsOf(target);
  const plan =
    target.holdDeltaPaise === 0n
      ? await planDebitRefund(ctx, input, target, stakeParts)
      : await planHoldRefund(ctx, input, target, stakeParts);
  if ('ok' in plan) return plan;
  await markRolledBack(ctx.tx, target.id, input.externalId);
  return plan;
}

/** The refund of a stake taken at once: the counterparty pays back the parts it took. */
async function planDebitRefund(
  ctx: LedgerContext,
  input: RollbackInput,
  target: WalletOperationRow,
  stakeParts: FundingPart[],
): Promise<Plan> {
  const player = String(input.playerId);
  const cash = playerAccount(player, 'cash');
  const counterparty = await counterpartyFor(ctx, input.playerId);
  return {
    kind: 'bet_release',
    postings: spreadPlayerCash(
      transfer(counterparty, cash, target.amountPaise),
      player,
      stakeParts,
    ),
    amountPaise: target.amountPaise,
    holdDeltaPaise: 0n,
    stakePaise: target.amountPaise,
    payoutPaise: 0n,
    event: WALLET_EVENTS.rollback,
    relatedExternalId: target.externalId,
  };
}

/** The refund of a stake into a hold: the hold gives its share back (its row set here). */
async function planHoldRefund(
  ctx: LedgerContext,
  input: RollbackInput,
  target: WalletOperationRow,
  stakeParts: FundingPart[],
): Promise<Plan | WalletFailure> {
  const player = String(input.playerId);
  const key = objectWith(holdKey(input), { roundId: target.roundId });
  const hold = await lockFundedHold(ctx, key);
  const { heldPaise } = hold;
  const holdToPaise = heldPaise - target.holdDeltaPaise;
  // A stake that lowered the hold (a hedge) would need a new debit to undo; and a hold
  // released since cannot give this stake's share back twice.
  if (target.holdDeltaPaise < 0n || !isAmount(holdToPaise)) return fail('NOT_ROLLBACKABLE');
  const refunded = refundFromHold(hold, stakeParts, target.holdDeltaPaise);
  await setHold(ctx.tx, key, holdToPaise, storedParts(subtractParts(hold.parts, refunded)));
  return {
    kind: 'bet_release',
    postings: spreadPlayerCash(
      holdAdjustmentPostings(player, heldPaise, holdToPaise),
      player,
      refunded,
    ),
    amountPaise: target.amountPaise,
    holdDeltaPaise: -target.holdDeltaPaise,
    stakePaise: target.amountPaise,
    payoutPaise: 0n,
    event: WALLET_EVENTS.rollback,
    relatedExternalId: target.externalId,
  };
}

/**
 * What a hold stake's refund gives back: exactly the parts it took while the hold still has
 * them; after a partial release took from them in proportion, the hold's parts in proportion.
 */
function refundFromHold(hold: FundedHold, stakeParts: FundingPart[], amountPaise: Paise) {
  const left = subtractParts(hold.parts, stakeParts);
  return left.every((part) => part.amountPaise >= 0n)
    ? stakeParts
    : takeFromParts(hold.parts, amountPaise);
}

/** The rollback overtook its stake: keep a marker so the stake is refused when it comes. */
async function insertRollbackMarker(ctx: LedgerContext, input: RollbackInput): Promise<void> {
  await insertOperation(ctx.tx, {
    product: input.product,
    externalId: input.targetExternalId,
    operation: 'stake',
    status: 'cancelled',
    playerId: input.playerId,
    roundId: input.roundId,
    requestHash: '',
    wallet: 'cash',
    parts: null,
    holdParts: null,
    amountPaise: 0n,
    holdDeltaPaise: 0n,
    relatedExternalId: input.externalId,
    createdAt: ctx.now,
  });
}
