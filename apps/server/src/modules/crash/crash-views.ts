import {
  CRASH_SUMMARY_TOP_BETS,
  type CrashBetsSummary,
  type CrashBetView,
  type CrashMyBet,
  type CrashPanel,
  type CrashRoundSummary,
  type CrashSettingsView,
} from '@spm/contract';
import { paiseToPoints } from '@spm/core';
import type { CrashBetRow, CrashRoundRow } from './crash-repository.ts';

/*
 * Rows as the contract shows them (packages/contract/src/crash.ts): points and multipliers
 * with two decimals at the edge, integer paise and hundredths inside.
 */

/** Integer hundredths as the wire's multiplier (134 → 1.34). */
export const multiplierOf = (hundredths: number): number => hundredths / 100;

/** The fields of a bet any view needs (a stored row, or the bet in memory). */
export type BetFields = Pick<
  CrashBetRow,
  | 'id'
  | 'roundId'
  | 'playerId'
  | 'playerLabel'
  | 'panel'
  | 'stakePaise'
  | 'autoCashOutHundredths'
  | 'status'
  | 'cashOutHundredths'
  | 'payoutPaise'
>;

export function betView(bet: BetFields, viewerId: number | null): CrashBetView {
  return {
    id: bet.id,
    roundId: String(bet.roundId),
    panel: bet.panel as CrashPanel,
    player: bet.playerLabel,
    stake: paiseToPoints(bet.stakePaise),
    autoCashOut:
      bet.autoCashOutHundredths === null ? null : multiplierOf(bet.autoCashOutHundredths),
    status: bet.status,
    cashOutMultiplier:
      bet.status === 'cashed_out' && bet.cashOutHundredths !== null
        ? multiplierOf(bet.cashOutHundredths)
        : null,
    payout: bet.payoutPaise === null ? null : paiseToPoints(bet.payoutPaise),
    mine: viewerId !== null && bet.playerId === viewerId,
  };
}

/** What ranks a bet in the summary's top: a win by its payout, any other bet by its stake. */
const rankOf = (bet: BetFields): bigint =>
  bet.status === 'cashed_out' && bet.payoutPaise !== null ? bet.payoutPaise : bet.stakePaise;

/** Whether `a` goes before `b` in the top (the larger first; ties by id, so the order is stable). */
const ranksBefore = (a: BetFields, b: BetFields): boolean => {
  const [left, right] = [rankOf(a), rankOf(b)];
  return left !== right ? left > right : a.id < b.id;
};

/**
 * A round's bets in summary (the room's `crash:bets`, the state): withdrawn bets left out,
 * the counts and totals exact, and the CRASH_SUMMARY_TOP_BETS biggest, kept in one pass (a
 * bounded insertion: no sort of thousands of bets at each summary). `mine` is false: the
 * summary is the same for everyone.
 */
export function betsSummary(
  roundId: string,
  bets: Iterable<BetFields>,
  at: Date,
): CrashBetsSummary {
  let count = 0;
  let cashedOut = 0;
  let stakePaise = 0n;
  let payoutPaise = 0n;
  const top: BetFields[] = [];
  for (const bet of bets) {
    if (bet.status === 'refunded') continue;
    count += 1;
    stakePaise += bet.stakePaise;
    payoutPaise += bet.payoutPaise ?? 0n;
    if (bet.status === 'cashed_out') cashedOut += 1;
    if (top.length === CRASH_SUMMARY_TOP_BETS && !ranksBefore(bet, top.at(-1)!)) continue;
    let index = top.length;
    while (index > 0 && ranksBefore(bet, top[index - 1]!)) index -= 1;
    top.splice(index, 0, bet);
    if (top.length > CRASH_SUMMARY_TOP_BETS) top.pop();
  }
  return {
    roundId,
    bets: count,
    cashedOut,
    totalStake: paiseToPoints(stakePaise),
    totalPayout: paiseToPoints(payoutPaise),
    top: top.map((bet) => betView(bet, null)),
    at: at.toISOString(),
  };
}

export function myBetView(bet: CrashBetRow, round: CrashRoundRow): CrashMyBet {
  return Object.assign(betView(bet, bet.playerId), {
    crashPoint:
      round.phase === 'crashed' && round.flightStartedAt !== null
        ? multiplierOf(round.crashPointHundredths)
        : null,
    placedAt: bet.placedAt.toISOString(),
  });
}

/**
 * A crashed round with what proves it: its hash, the previous round's hash (`previousHash`,
 * the terminating hash for round 1), the salt and its commitment, and the settings it used.
 */
export function roundSummary(row: CrashRoundRow, previousHash: string): CrashRoundSummary {
  return {
    id: String(row.id),
    crashPoint: multiplierOf(row.crashPointHundredths),
    hash: row.hash,
    salt: row.salt,
    saltCommitment: row.saltCommitment,
    previousHash,
    houseEdgePercent: row.houseEdgeBasisPoints / 100,
    maxMultiplier: multiplierOf(row.maxMultiplierHundredths),
    players: row.players,
    totalStake: paiseToPoints(row.totalStakePaise),
    totalPayout: paiseToPoints(row.totalPayoutPaise),
    incident: row.incident,
    crashedAt: (row.crashedAt ?? row.createdAt).toISOString(),
  };
}

/** The settings a round was made with, and the chain, as the rules and fairness panel show them. */
export function settingsView(
  round: Pick<
    CrashRoundRow,
    | 'houseEdgeBasisPoints'
    | 'maxMultiplierHundredths'
    | 'minStakePaise'
    | 'maxStakePerRoundPaise'
    | 'maxReturnPaise'
  >,
  timing: { bettingMs: number; tickMs: number },
  chain: { terminatingHash: string; length: number } | undefined,
): CrashSettingsView {
  return {
    houseEdgePercent: round.houseEdgeBasisPoints / 100,
    rtpPercent: (10_000 - round.houseEdgeBasisPoints) / 100,
    maxMultiplier: multiplierOf(round.maxMultiplierHundredths),
    minStake: paiseToPoints(round.minStakePaise),
    maxStakePerRound: paiseToPoints(round.maxStakePerRoundPaise),
    maxReturn: paiseToPoints(round.maxReturnPaise),
    bettingMs: timing.bettingMs,
    tickMs: timing.tickMs,
    terminatingHash: chain?.terminatingHash ?? '',
    chainLength: chain?.length ?? 0,
  };
}

/** A flight's manual cash-out acknowledgements: how many, and their times in ms. */
export interface CashOutLatency {
  cashOuts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The cash-out batches (each one transaction) and their times. */
  batches: number;
  batchP50Ms: number;
  batchP99Ms: number;
}

/** p50, p99 and max of `samplesMs` (ms to a tenth, nearest rank; 0 when none). */
function quantiles(samplesMs: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return { p50: round1(rank(0.5)), p99: round1(rank(0.99)), max: round1(sorted.at(-1) ?? 0) };
}

/** A round's cash-out acknowledgement and batch times as its log line carries them. */
export function latencyFigures(
  ackMs: readonly number[],
  batchMs: readonly number[] = [],
): CashOutLatency {
  const ack = quantiles(ackMs);
  const batch = quantiles(batchMs);
  return {
    cashOuts: ackMs.length,
    p50Ms: ack.p50,
    p99Ms: ack.p99,
    maxMs: ack.max,
    batches: batchMs.length,
    batchP50Ms: batch.p50,
    batchP99Ms: batch.p99,
  };
}
