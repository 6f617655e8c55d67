import type { SpmRound, SpmRoundOutcome, SpmRoundPhase } from '@spm/contract';
import type { DealtRound } from '@spm/core';

/** A round as the table runner holds it: the stored row plus its deal. */
export interface RoundState {
  id: string;
  tableId: string;
  number: number;
  phase: SpmRoundPhase;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bettingClosesAt: Date;
  /** Dealt from the seeds when the round opens; shown step by step, never ahead. */
  dealt: DealtRound;
  /** How many of `dealt.steps` the table has shown. */
  revealed: number;
}

/** What the table shows after `revealed` steps: every hand present from the start, no winners yet. */
export function partialOutcome(dealt: DealtRound, revealed: number): SpmRoundOutcome {
  const hands: Record<string, string[]> = {};
  for (const hand of Object.keys(dealt.outcome.hands)) hands[hand] = [];
  let segment: number | null = null;
  for (const step of dealt.steps.slice(0, revealed)) {
    if (step.card !== null) (hands[step.hand] ??= []).push(step.card);
    if (step.segment !== undefined) segment = step.segment;
  }
  return { hands, segment, winners: [], resultCode: null };
}

/**
 * The round as players see it: the cards shown so far, the winners and the server seed only
 * once settled (before that, its hash alone).
 */
export function publicRound(round: RoundState): SpmRound {
  const settled = round.phase === 'settled';
  return {
    id: round.id,
    tableId: round.tableId,
    number: round.number,
    phase: round.phase,
    bettingClosesAt: round.bettingClosesAt.toISOString(),
    outcome: settled ? round.dealt.outcome : partialOutcome(round.dealt, round.revealed),
    fairness: {
      serverSeedHash: round.serverSeedHash,
      serverSeed: settled ? round.serverSeed : null,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
    },
  };
}
