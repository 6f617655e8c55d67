import { addParts, settlementPostings } from '@spm/core';
import { WALLET_EVENTS } from '../../events/wallet-events.ts';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import {
  findOperationForUpdate,
  markRolledBack,
} from '../../ledger/wallet-operation-repository.ts';
import { partsOf } from '../../policies/funding.ts';
import { commissionOf, postingsOf, reopenRound, reversalOf } from '../../ledger/wallet-rounds.ts';
import { fail } from '../wallet-answers.ts';
import type { Plan, ReverseInput, WalletFailure } from '../wallet-types.ts';
import { counterpartyFor, knownPlayer, lockFundedHold, lockPlayer } from './operation-reads.ts';
import { holdKey, isAmount } from './plan-parts.ts';

/* A reversal: a win or a settlement undone (a corrected result). */

/**
 * Undoes a win or a settlement (a corrected result): the target's postings negated (the
 * payout leaves cash again, the commission and the counterparty's share go back, a released
 * hold is held again) and its round opened again. Not enough cash left is
 * INSUFFICIENT_FUNDS. Amounts the caller gives must match the target's; a settlement made
 * before the exchange used the API has no operation row: its amounts are taken as given.
 */
export async function planReverse(
  ctx: LedgerContext,
  input: ReverseInput,
): Promise<Plan | WalletFailure> {
  const given = [input.payoutPaise, input.commissionPaise, input.holdToPaise];
  if (!given.every((paise) => paise === undefined || isAmount(paise))) {
    return fail('INVALID_AMOUNT');
  }
  const target = await findOperationForUpdate(ctx.tx, input.product, input.targetExternalId);
  if (!target) return planReverseUnrecorded(ctx, input);
  if (target.status === 'rolled_back') return fail('ROLLED_BACK');
  const reversible = target.operation === 'settle' || target.operation === 'win';
  const sameRound = target.playerId === input.playerId && target.roundId === input.roundId;
  if (!reversible || !sameRound || target.status !== 'done') return fail('NOT_ROLLBACKABLE');
  const postings = target.ledgerTransactionId
    ? await postingsOf(ctx.tx, target.ledgerTransactionId)
    : [];
  const releasedPaise = -target.holdDeltaPaise;
  const player = knownPlayer(ctx, input.playerId) ?? (await lockPlayer(ctx, input.playerId));
  // A play-money settlement's commission joins the play-money counterparty: not checkable.
  const commissionMismatch =
    input.commissionPaise !== undefined &&
    player?.moneyMode !== 'play' &&
    commissionOf(postings) !== input.commissionPaise;
  if (
    (input.payoutPaise !== undefined && input.payoutPaise !== target.amountPaise) ||
    (input.holdToPaise !== undefined && input.holdToPaise !== releasedPaise) ||
    commissionMismatch
  ) {
    return fail('INVALID_AMOUNT');
  }
  await markRolledBack(ctx.tx, target.id, input.externalId);
  await reopenRound(ctx.tx, holdKey(input));
  const hold = await lockFundedHold(ctx, holdKey(input));
  // The hold the target released comes back to the wallets it was settled from.
  const reheld = partsOf(target.holdParts, releasedPaise);
  return {
    kind: 'bet_settlement',
    postings: reversalOf(postings),
    amountPaise: target.amountPaise,
    holdDeltaPaise: releasedPaise,
    holdToPaise: hold.heldPaise + releasedPaise,
    holdParts: addParts(hold.parts, reheld),
    holdDeltaParts: reheld,
    stakePaise: 0n,
    payoutPaise: -target.amountPaise,
    event: WALLET_EVENTS.settlement,
    relatedExternalId: input.targetExternalId,
  };
}

/** The reversal of a settlement the exchange posted before it used the wallet API. */
async function planReverseUnrecorded(
  ctx: LedgerContext,
  input: ReverseInput,
): Promise<Plan | WalletFailure> {
  const { payoutPaise, holdToPaise: releasedPaise } = input;
  if (payoutPaise === undefined || releasedPaise === undefined) return fail('NOT_FOUND');
  const commissionPaise = input.commissionPaise ?? 0n;
  // Before the wallet API every hold was cash.
  const hold = await lockFundedHold(ctx, holdKey(input));
  const settled = settlementPostings({
    playerId: String(input.playerId),
    heldExposurePaise: releasedPaise,
    grossPnlPaise: payoutPaise - releasedPaise + commissionPaise,
    commissionPaise,
    counterparty: await counterpartyFor(ctx, input.playerId),
  });
  await reopenRound(ctx.tx, holdKey(input));
  return {
    kind: 'bet_settlement',
    postings: reversalOf(settled),
    amountPaise: payoutPaise,
    holdDeltaPaise: releasedPaise,
    holdToPaise: hold.heldPaise + releasedPaise,
    holdParts: addParts(hold.parts, [{ wallet: 'cash', amountPaise: releasedPaise }]),
    stakePaise: 0n,
    payoutPaise: -payoutPaise,
    event: WALLET_EVENTS.settlement,
    relatedExternalId: input.targetExternalId,
  };
}
