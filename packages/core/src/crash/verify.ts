/**
 * The salt commitment and a whole round's check, as the fairness panel runs it in the
 * browser (docs/crash-fairness.md, "Verifying a round").
 */
import { sha256Hex } from '../casino/sha256.ts';
import { serverSeedMatches } from '../casino/fairness.ts';
import { verifyChainLink } from './chain.ts';
import { crashPointFromHash, type CrashSettings } from './crash-point.ts';

/**
 * The commitment published before a round's betting opens: SHA-256 of the salt's UTF-8
 * bytes, lowercase hex. The salt itself is revealed after the crash.
 */
export function commitSalt(salt: string): string {
  if (salt.length === 0) throw new RangeError('salt must not be empty');
  return sha256Hex(salt);
}

/** Whether a revealed salt matches its commitment (the casino's seed check, same rule). */
export function verifySaltCommitment(salt: string, commitment: string): boolean {
  return salt.length > 0 && serverSeedMatches(salt, commitment);
}

export interface CrashRoundToVerify extends CrashSettings {
  roundHash: string;
  /** The previous round's hash (the terminating hash for round 1); absent: not checked. */
  previousRoundHash?: string;
  salt: string;
  /** The salt's commitment published before betting; absent: not checked. */
  saltCommitment?: string;
}

export interface CrashRoundVerification {
  crashPointHundredths: number;
  /** Whether the round hash hashes to the previous one; null when none was given. */
  chainOk: boolean | null;
  /** Whether the salt matches its commitment; null when none was given. */
  saltOk: boolean | null;
}

/**
 * Recomputes a round: its crash point from the hash and salt, and, when given, the chain
 * link to the previous round and the salt's commitment. A malformed round hash or an empty
 * salt throws a RangeError (there is no crash point to show).
 */
export function verifyRound(round: CrashRoundToVerify): CrashRoundVerification {
  const roundHash = round.roundHash.trim().toLowerCase();
  return {
    crashPointHundredths: crashPointFromHash({
      roundHash,
      salt: round.salt,
      houseEdgeBasisPoints: round.houseEdgeBasisPoints,
      maxMultiplierHundredths: round.maxMultiplierHundredths,
    }),
    chainOk:
      round.previousRoundHash === undefined
        ? null
        : verifyChainLink(roundHash, round.previousRoundHash),
    saltOk:
      round.saltCommitment === undefined
        ? null
        : verifySaltCommitment(round.salt, round.saltCommitment),
  };
}
