import { holdAdjustmentPostings, spreadPlayerCash, subtractParts, takeFromParts } from '@spm/core';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import type { FundedHold } from '../../policies/funding.ts';
import { fail } from '../wallet-answers.ts';
import type { Plan, ReleaseInput, WalletFailure } from '../wallet-types.ts';
import { lockFundedHold } from './operation-reads.ts';
import { holdKey, isAmount } from './plan-parts.ts';

/* A release of a round's hold. */

export async function planRelease(
  ctx: LedgerContext,
  input: ReleaseInput,
): Promise<Plan | WalletFailure> {
  return planHoldRelease(input, await lockFundedHold(ctx, holdKey(input)));
}

/**
 * A release of a round's hold (the hold already locked), back into the wallets of the hold's
 * parts in proportion (all of them exactly for a whole release).
 */
export function planHoldRelease(input: ReleaseInput, hold: FundedHold): Plan | WalletFailure {
  const { heldPaise } = hold;
  const holdToPaise = input.holdToPaise ?? 0n;
  if (!isAmount(holdToPaise) || holdToPaise > heldPaise) return fail('INVALID_AMOUNT');
  const released = takeFromParts(hold.parts, heldPaise - holdToPaise);
  return {
    kind: 'bet_release',
    postings: spreadPlayerCash(
      holdAdjustmentPostings(String(input.playerId), heldPaise, holdToPaise),
      String(input.playerId),
      released,
    ),
    amountPaise: heldPaise - holdToPaise,
    holdDeltaPaise: holdToPaise - heldPaise,
    holdToPaise,
    holdParts: subtractParts(hold.parts, released),
    stakePaise: 0n,
    payoutPaise: 0n,
  };
}
