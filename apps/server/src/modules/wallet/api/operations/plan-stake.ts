import {
  addParts,
  holdAdjustmentPostings,
  playerAccount,
  spreadPlayerCash,
  subtractParts,
  takeFromParts,
  transfer,
  type AccountRef,
  type FundingPart,
} from '@spm/core';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import { WALLET_EVENTS } from '../../events/wallet-events.ts';
import type { FundedHold } from '../../policies/funding.ts';
import type { WalletPolicies } from '../../policies/wallet-policies.ts';
import { fail } from '../wallet-answers.ts';
import type { Plan, StakeDraw, StakeInput, WalletFailure } from '../wallet-types.ts';
import { counterpartyFor, lockFundedHold, stakeDraw } from './operation-reads.ts';
import { holdKey, isAmount, leastAmount } from './plan-parts.ts';

/* A stake: debited at once, or into its round's hold. */

export async function planStake(
  policies: WalletPolicies,
  ctx: LedgerContext,
  input: StakeInput,
): Promise<Plan | WalletFailure> {
  // A hold may move with no new stake (an exchange maker whose exposure a fill changed).
  if (input.amountPaise < leastAmount({ operation: 'stake', input })) {
    return fail('INVALID_AMOUNT');
  }
  const draw = await stakeDraw(policies, ctx, input);
  if (input.mode === 'debit') {
    const counterparty = await counterpartyFor(ctx, input.playerId);
    return planDebitStake(input, counterparty, draw(input.amountPaise));
  }
  return planHoldStake(input, await lockFundedHold(ctx, holdKey(input)), draw);
}

/**
 * A stake into a round's hold (the hold already locked): a raise drawn by the funding
 * policy, a lowering (a hedge) given back from the hold's parts in proportion.
 */
export function planHoldStake(
  input: StakeInput,
  hold: FundedHold,
  draw: StakeDraw,
): Plan | WalletFailure {
  const { heldPaise } = hold;
  const holdToPaise = input.holdToPaise ?? heldPaise + input.amountPaise;
  if (!isAmount(holdToPaise)) return fail('INVALID_AMOUNT');
  const raise = holdToPaise >= heldPaise;
  const deltaParts = raise
    ? draw(holdToPaise - heldPaise)
    : takeFromParts(hold.parts, heldPaise - holdToPaise);
  return {
    kind: raise ? 'bet_hold' : 'bet_release',
    postings: spreadPlayerCash(
      holdAdjustmentPostings(String(input.playerId), heldPaise, holdToPaise),
      String(input.playerId),
      deltaParts,
    ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: holdToPaise - heldPaise,
    holdToPaise,
    holdParts: raise ? addParts(hold.parts, deltaParts) : subtractParts(hold.parts, deltaParts),
    stakePaise: input.amountPaise,
    payoutPaise: 0n,
    ...(input.amountPaise > 0n ? { event: WALLET_EVENTS.stake } : {}),
  };
}

/**
 * A stake taken at once (no hold) from the wallets `parts` name (cash only by default), to
 * `counterparty` (house or play money).
 */
export function planDebitStake(
  input: StakeInput,
  counterparty: AccountRef,
  parts: FundingPart[],
): Plan {
  return {
    kind: 'bet_settlement',
    postings: spreadPlayerCash(
      transfer(playerAccount(String(input.playerId), 'cash'), counterparty, input.amountPaise),
      String(input.playerId),
      parts,
    ),
    amountPaise: input.amountPaise,
    holdDeltaPaise: 0n,
    stakePaise: input.amountPaise,
    payoutPaise: 0n,
    event: WALLET_EVENTS.stake,
  };
}
