import type { AccountRef, Paise, Posting } from '@spm/core';
import type { LedgerContext } from '../ledger/ledger-service.ts';
import { readWalletTotals, type WalletPlayerRow } from '../ledger/wallet-player-repository.ts';
import { zeroTotals, type WalletTotals } from '../totals/wallet-totals.ts';
import type {
  DebitRequest,
  PolicyRefusal,
  PolicyRefusalCode,
  WalletPlayerFacts,
  WalletPolicies,
} from './wallet-policies.ts';

/* The limit policies asked before a debit, alike on the single path and in a batch. */

/** The operation a debit belongs to. */
type DebitInput = Pick<DebitRequest, 'product' | 'playerId' | 'roundId' | 'externalId'>;

/** What a debit is judged on of an operation's plan (its postings and stake). */
interface DebitPlan {
  postings: readonly Posting[];
  stakePaise: Paise;
}

/** A limit policy's refusal as the wallet's answer (one of its WalletFailures). */
export interface PolicyFailure {
  ok: false;
  code: PolicyRefusalCode;
  limit: string;
  until: Date | null;
}

export const refusedBy = (refusal: PolicyRefusal): PolicyFailure => ({
  ok: false,
  code: refusal.code,
  limit: refusal.limit,
  until: refusal.until,
});

function accountIs(account: AccountRef, playerId: number, kind: string): boolean {
  return (
    account.owner === 'player' && account.playerId === String(playerId) && account.kind === kind
  );
}

/** What the debit of a planned operation takes from the player's cash (0 when none). */
export function cashDebitOf(planned: DebitPlan, playerId: number): Paise {
  return -planned.postings
    .filter((p) => accountIs(p.account, playerId, 'cash'))
    .reduce((sum, p) => sum + p.amountPaise, 0n);
}

/** What a policy is told of the player: the wallet's row and the totals as of this move. */
export function playerFactsOf(player: WalletPlayerRow, totals: WalletTotals): WalletPlayerFacts {
  return {
    playerId: player.playerId,
    playMoney: player.moneyMode === 'play',
    moneyMode: player.moneyMode,
    excludedUntil: player.excludedUntil,
    timeOutUntil: player.timeOutUntil,
    limits: player.limits,
    totals,
  };
}

/**
 * The limit policies, before a debit, in memory: the single operation and the batch ask
 * them alike (a reversal corrects a settlement: the single path never asks for one).
 */
export function policyRefusal(
  policies: WalletPolicies,
  ctx: LedgerContext,
  input: DebitInput,
  planned: DebitPlan,
  player: WalletPlayerFacts,
): PolicyFailure | null {
  if (!policies.hasLimits) return null;
  const debitPaise = cashDebitOf(planned, input.playerId);
  if (debitPaise <= 0n) return null;
  const request: DebitRequest = {
    product: input.product,
    playerId: input.playerId,
    roundId: input.roundId,
    externalId: input.externalId,
    stakePaise: planned.stakePaise,
    debitPaise,
    now: ctx.now,
  };
  const refusal = policies.judge(request, player);
  return refusal && refusedBy(refusal);
}

/**
 * policyRefusal on the single path: the totals are read (a statement after the row lock, so
 * they include what the player's previous holder committed) only when a policy is asked.
 */
export async function singleRefusal(
  policies: WalletPolicies,
  ctx: LedgerContext,
  input: DebitInput,
  planned: DebitPlan,
  player: WalletPlayerRow,
): Promise<PolicyFailure | null> {
  if (!policies.hasLimits || cashDebitOf(planned, input.playerId) <= 0n) return null;
  const totals = policies.limitsNeedTotals(player.limits)
    ? (await readWalletTotals(ctx.tx, [input.playerId], ctx.now)).get(input.playerId)
    : undefined;
  const facts = playerFactsOf(player, totals ?? zeroTotals());
  return policyRefusal(policies, ctx, input, planned, facts);
}
