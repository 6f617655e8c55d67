import { verifySpmRound } from '@spm/core';
import type { SpmGameKind, SpmRound, SpmRoundOutcome } from '@spm/contract';

export interface VerifyResult {
  /** SHA-256 of the revealed seed equals the hash published before betting closed. */
  hashMatches: boolean;
  /** The cards (or segment) and result recomputed from the seeds equal what the table dealt. */
  outcomeMatches: boolean;
  /** The recomputed result code, to show beside the table's. */
  recomputedResult: string | null;
}

function sameOutcome(left: SpmRoundOutcome, right: SpmRoundOutcome): boolean {
  const hands = (outcome: SpmRoundOutcome) =>
    JSON.stringify(
      Object.entries(outcome.hands)
        .filter(([, cards]) => cards.length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return (
    hands(left) === hands(right) &&
    left.segment === right.segment &&
    left.resultCode === right.resultCode &&
    JSON.stringify([...left.winners].sort()) === JSON.stringify([...right.winners].sort())
  );
}

/**
 * Replays a settled round in the browser from its revealed seed (@spm/core, the same code
 * the server deals with) and compares it with what the table showed. Null while the seed is
 * still secret.
 */
export function verifyRound(kind: SpmGameKind, round: SpmRound): VerifyResult | null {
  const { serverSeed, clientSeed, nonce, serverSeedHash } = round.fairness;
  if (serverSeed === null) return null;
  const { hashMatches, dealt } = verifySpmRound(
    kind,
    { serverSeed, clientSeed, nonce },
    serverSeedHash,
  );
  return {
    hashMatches,
    outcomeMatches: sameOutcome(dealt.outcome, round.outcome),
    recomputedResult: dealt.outcome.resultCode,
  };
}
