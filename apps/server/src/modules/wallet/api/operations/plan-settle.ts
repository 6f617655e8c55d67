import {
  settlementPostings,
  splitPayout,
  spreadPlayerCash,
  subtractParts,
  takeFromParts,
} from '@spm/core';
import { WALLET_EVENTS } from '../../events/wallet-events.ts';
import type { LedgerContext } from '../../ledger/ledger-service.ts';
import { roundKeyText, unsettledStakesOf } from '../../ledger/round-stakes.ts';
import { fail } from '../wallet-answers.ts';
import type { Plan, SettleInput, WalletFailure } from '../wallet-types.ts';
import { counterpartyFor, lockFundedHold } from './operation-reads.ts';
import { holdKey, isAmount } from './plan-parts.ts';

/* A settlement of a round's hold (whole, or down to what stays held). */

export async function planSettle(
  ctx: LedgerContext,
  input: SettleInput,
): Promise<Plan | WalletFailure> {
  const commissionPaise = input.commissionPaise ?? 0n;
  const holdToPaise = input.holdToPaise ?? 0n;
  const amounts = [input.payoutPaise, commissionPaise, holdToPaise];
  if (!amounts.every(isAmount)) return fail('INVALID_AMOUNT');
  const hold = await lockFundedHold(ctx, holdKey(input));
  const { heldPaise } = hold;
  // A partial settlement (a partial cash-out) settles the hold down to holdToPaise.
  if (holdToPaise > heldPaise) return fail('INVALID_AMOUNT');
  const settledPaise = heldPaise - holdToPaise;
  const stakes = await unsettledStakesOf(ctx.tx, [holdKey(input)]);
  // The settled part's wallets, in proportion; the payout goes back to them (funding.ts).
  const settledParts = takeFromParts(hold.parts, settledPaise);
  // core's settlement: hold released, the counterparty pays (or takes) the difference.
  const postings = settlementPostings({
    playerId: String(input.playerId),
    heldExposurePaise: settledPaise,
    grossPnlPaise: input.payoutPaise - settledPaise + commissionPaise,
    commissionPaise,
    counterparty: await counterpartyFor(ctx, input.playerId),
  });
  return {
    kind: 'bet_settlement',
    postings: spreadPlayerCash(
      postings,
      String(input.playerId),
      splitPayout(settledParts, input.payoutPaise),
    ),
    amountPaise: input.payoutPaise,
    holdDeltaPaise: -settledPaise,
    holdToPaise,
    holdParts: subtractParts(hold.parts, settledParts),
    holdDeltaParts: settledParts,
    // The round's stakes at risk (the exchange's matched ones), not the hold released.
    stakePaise: stakes.get(roundKeyText(holdKey(input))) ?? 0n,
    payoutPaise: input.payoutPaise,
    event: WALLET_EVENTS.settlement,
    closesRound: input.close === true,
  };
}
