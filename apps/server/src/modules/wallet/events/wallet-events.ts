import type { FundingWallet, Paise, Posting } from '@spm/core';
import { eventParts, mainWallet } from '../policies/funding.ts';
import type { LedgerContext } from '../ledger/ledger-service.ts';
import type { WalletOperationKind, WalletProduct } from '../ledger/operation-keys.ts';
import { movedParts } from '@spm/core';

/**
 * The product-neutral events of the wallet (outbox topic `wallet`), for wagering and limits
 * (docs/decisions.md "Wallet events: money at risk"). Summed per player, the stakes of
 * `stake` minus those of `rollback` are the money put at risk, and the stakes of `settlement`
 * are the same money as its rounds settle.
 * - `wallet.stake`: money newly at risk: a debit stake (casino, crash) at once; a hold stake
 *   for what it puts at risk (the exchange: what it matched, when it matched; an order resting
 *   unmatched counts nothing, so its cancel withdraws nothing). Never for a stake of 0.
 * - `wallet.settlement`: a round (or a part of it) settles: `win`, `settle`, and `reverse`
 *   (payout negative: the corrected settlement's payout leaves again, stakes 0). Its stakes are
 *   those of the round's stake operations no earlier settlement event reported, its payout
 *   what cash received.
 * - `wallet.rollback`: a stake refunded: its stakes are withdrawn from the count.
 */
export const WALLET_EVENTS = {
  stake: 'wallet.stake',
  settlement: 'wallet.settlement',
  rollback: 'wallet.rollback',
} as const;

export interface WalletEventPayload {
  product: WalletProduct;
  playerId: number;
  roundId: string;
  externalId: string;
  operation: WalletOperationKind;
  /** The main wallet: the first of `parts` (cash when nothing moved). */
  wallet: FundingWallet;
  /** The money this operation moved per player wallet (WalletResult's `parts`), as text. */
  parts: { wallet: FundingWallet; amountPaise: string }[];
  /**
   * Paise as decimal text (JSON has no bigint). stake: the money this operation put at risk;
   * settlement: the round's stakes it settles (those no earlier settlement event of the round
   * reported: a second win of a round carries 0); rollback: the stake withdrawn.
   */
  stakePaise: string;
  /** What cash received: a win's or settlement's return (negative for a reversal), else 0. */
  payoutPaise: string;
  /** True when the counterparty is play money (demo players): no real money moved. */
  playMoney: boolean;
}

/** The operation an event tells of: who, which round, under which external id. */
interface EventInput {
  product: WalletProduct;
  playerId: number;
  roundId: string;
  externalId: string;
}

/** What the event reports of the operation's plan (the plan's own fields). */
interface EventPlan {
  postings: Posting[];
  stakePaise: Paise;
  payoutPaise: Paise;
  event?: string;
}

/** The product-neutral event of the operation, in its transaction's outbox. */
export function pushEvent(
  ctx: LedgerContext,
  operation: WalletOperationKind,
  input: EventInput,
  planned: EventPlan,
  playMoney: boolean,
): void {
  const parts = movedParts(planned.postings, String(input.playerId));
  const payload: WalletEventPayload = {
    product: input.product,
    playerId: input.playerId,
    roundId: input.roundId,
    externalId: input.externalId,
    operation,
    wallet: mainWallet(parts),
    parts: eventParts(parts),
    stakePaise: planned.stakePaise.toString(),
    payoutPaise: planned.payoutPaise.toString(),
    playMoney,
  };
  ctx.outbox.push({ playerId: input.playerId, topic: 'wallet', event: planned.event!, payload });
}
