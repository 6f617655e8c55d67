import { verifyRound } from '@spm/core';
import type { CrashRoundSummary } from '@spm/contract';
import { toHundredths } from './multiplier';

export interface CrashVerification {
  /** The crash point recomputed here from the round's hash and salt, in hundredths. */
  recomputedHundredths: number;
  /** It equals the crash point the game played. */
  crashPointOk: boolean;
  /** SHA-256 of the round's hash is the previous round's hash (the chain link). */
  chainOk: boolean;
  /** SHA-256 of the salt is the commitment published before betting opened. */
  saltOk: boolean;
}

/**
 * Recomputes a finished round in the browser with @spm/core (the server's own code): its
 * crash point from the hash and salt at the house edge and maximum in force for it, its link
 * to the previous round's hash, and its salt against the commitment. Throws a RangeError for
 * a malformed hash or an empty salt (nothing to recompute).
 */
export function verifyCrashRound(round: CrashRoundSummary): CrashVerification {
  const result = verifyRound({
    roundHash: round.hash,
    previousRoundHash: round.previousHash,
    salt: round.salt,
    saltCommitment: round.saltCommitment,
    houseEdgeBasisPoints: Math.round(round.houseEdgePercent * 100),
    maxMultiplierHundredths: toHundredths(round.maxMultiplier),
  });
  return {
    recomputedHundredths: result.crashPointHundredths,
    crashPointOk: result.crashPointHundredths === toHundredths(round.crashPoint),
    chainOk: result.chainOk === true,
    saltOk: result.saltOk === true,
  };
}
