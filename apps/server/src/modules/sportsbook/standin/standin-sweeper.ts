import type { BetbyMethod, MarketResultBody, MarketStatus } from '@spm/contract';
import { randomUUID } from 'node:crypto';
import { startSweeper } from '../../../sweeper.ts';
import { STAND_IN_BRAND_ID } from '../sportsbook-keys.ts';
import { commitAtOperator, discardPendingBet, type StandInContext } from './standin-bets.ts';
import { hundredthsOf, settleSlip, type LegOutcome } from './standin-odds.ts';
import { callOperator, OperatorUnanswered } from './standin-operator.ts';
import { betsToSweep, decideSettlement, moveBet } from './standin-repository.ts';
import type { StandInBetRow, StandInLegRow, StandInResult } from './standin-tables.ts';

/*
 * The stand-in's settlement (docs/sportsbook.md): Betby settles a bet when its events end;
 * the stand-in's events are the exchange's, so a bet is settled once the exchange decided its
 * markets. Every node may sweep: a bet's settlement is written before it is sent (one
 * transaction id, result and amount, kept), the operator is idempotent on that id, and the
 * record moves to settled only from open.
 */

export const STAND_IN_SWEEP_INTERVAL_MS = 5_000;
/** Bets one sweep looks at, the least recently looked at first. */
export const STAND_IN_SWEEP_BATCH = 100;
/**
 * A bet still pending this long after its make was sent lost its placement (no answer, or a
 * node stopped halfway): it is discarded, which gives back any stake the operator took.
 * Well past the make's own timeout, so a placement still waiting is never raced.
 */
export const PENDING_GRACE_MS = 60_000;

/** How one leg ended, from its exchange market's status and result. */
export function legOutcome(
  leg: Pick<StandInLegRow, 'runnerId'>,
  market: { status: MarketStatus; result: MarketResultBody | null } | undefined,
): LegOutcome {
  if (!market) return 'open';
  if (market.status === 'voided') return 'void';
  if (market.status !== 'settled' || market.result === null) return 'open';
  if ('void' in market.result) return 'void';
  if ('winnerRunnerId' in market.result) {
    return market.result.winnerRunnerId === leg.runnerId ? 'won' : 'lost';
  }
  return 'open';
}

/** One sweep: answers how many bets it settled or discarded. */
export async function sweepStandInBets(
  context: StandInContext,
  batch = STAND_IN_SWEEP_BATCH,
): Promise<number> {
  const now = context.deps.clock.now();
  const bets = await betsToSweep(context.deps.db, {
    now,
    pendingBefore: new Date(now.getTime() - PENDING_GRACE_MS),
    limit: batch,
  });
  let done = 0;
  for (const bet of bets) {
    // One bet's failure is logged and left for the next sweep; the others go on.
    try {
      if (bet.status === 'pending') {
        if (await discardPendingBet(context, bet, 'not confirmed')) done += 1;
        continue;
      }
      if (bet.committedAt === null) await commitAtOperator(context, bet.betTransactionId);
      if (await settleBet(context, bet)) done += 1;
    } catch (error) {
      context.deps.log.warn(
        { err: error, betTransactionId: bet.betTransactionId },
        error instanceof OperatorUnanswered
          ? 'stand-in settlement got no answer; retried next sweep'
          : 'stand-in settlement failed',
      );
    }
  }
  return done;
}

/** The bet's settlement as decided now, or as decided by an earlier sweep that got no answer. */
async function decision(
  context: StandInContext,
  bet: StandInBetRow,
): Promise<
  { result: StandInResult; settleTransactionId: string; payoutCents: bigint } | undefined
> {
  if (bet.result !== null && bet.settleTransactionId !== null && bet.payoutCents !== null) {
    return {
      result: bet.result,
      settleTransactionId: bet.settleTransactionId,
      payoutCents: bet.payoutCents,
    };
  }
  const legs = await Promise.all(
    bet.selections.map(async (leg) => ({
      outcome: legOutcome(leg, await context.catalogue.outcome(leg.marketId)),
      // Written by the stand-in itself as two-decimal text: always readable.
      oddsHundredths: hundredthsOf(leg.odds) ?? 100,
    })),
  );
  const settlement = settleSlip(bet.stakeCents, legs);
  if (!settlement) return undefined;
  return decideSettlement(context.deps.db, bet.betTransactionId, {
    result: settlement.result,
    settleTransactionId: randomUUID(),
    payoutCents: settlement.payoutCents,
  });
}

const METHOD_OF: Record<StandInResult, BetbyMethod> = {
  won: 'bet_win',
  lost: 'bet_lost',
  refund: 'bet_refund',
};

/** Settles one open bet at the operator when its markets are decided; true once answered. */
async function settleBet(context: StandInContext, bet: StandInBetRow): Promise<boolean> {
  const decided = await decision(context, bet);
  if (!decided) return false;
  const { db, clock, log } = context.deps;
  const transaction = {
    id: decided.settleTransactionId,
    betslip_id: bet.betslipId,
    ext_player_id: String(bet.playerId),
    operator_brand_id: STAND_IN_BRAND_ID,
    timestamp: Math.floor(clock.now().getTime() / 1000),
    amount: Number(decided.payoutCents),
    currency: bet.currency,
    operation: decided.result === 'won' ? 'win' : decided.result,
    parent_transaction_id: bet.betTransactionId,
  };
  const common = { ext_player_id: String(bet.playerId), bet_transaction_id: bet.betTransactionId };
  const fields: Record<string, unknown> =
    decided.result === 'won'
      ? {
          amount: transaction.amount,
          currency: bet.currency,
          is_cashout: false,
          transaction,
          ...common,
        }
      : decided.result === 'refund'
        ? { reason: 'Every selection is void.', transaction, ...common }
        : { transaction, ...common };
  const answer = await callOperator(context.caller, METHOD_OF[decided.result], fields);
  if (answer.status !== 200) {
    log.warn(
      { betTransactionId: bet.betTransactionId, answer: answer.body },
      'stand-in settlement refused by the operator; retried next sweep',
    );
    return false;
  }
  return moveBet(db, bet.betTransactionId, 'open', 'settled', { settledAt: clock.now() });
}

export function startStandInSweeper(
  context: StandInContext,
  intervalMs = STAND_IN_SWEEP_INTERVAL_MS,
): { stop: () => Promise<void> } {
  return startSweeper({
    intervalMs,
    log: context.deps.log,
    sweep: () => sweepStandInBets(context),
    did: 'stand-in sportsbook bets settled or discarded',
    failed: 'stand-in sportsbook sweep failed',
  });
}
