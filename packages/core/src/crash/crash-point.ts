/**
 * A round's crash point from its hash and salt (docs/crash-fairness.md, "The crash point").
 * Multipliers are integer hundredths everywhere: 1.00x = 100, 2.50x = 250.
 *
 *   H = HMAC-SHA256(key = the salt's UTF-8 bytes, message = the round hash's 32 raw bytes)
 *   r = H's first 52 bits (its first 13 hex digits) as an integer, 0 <= r < 2^52
 *   crash = min(maxMultiplier, max(100, floor((10000 - edgeBasisPoints) × 2^52 / (100 × (2^52 - r)))))
 *
 * With X = r / 2^52 uniform in [0, 1) and e = edgeBasisPoints / 10000, the middle term is
 * floor(100 × (1 - e) / (1 - X)), computed exactly in integers. For any m from 101 to
 * maxMultiplier: P(crash >= m) = P(1 - X <= 100 (1 - e) / m) = 100 (1 - e) / m (up to the
 * 2^-52 step of X), so a bet that cashes out at m pays m with probability (1 - e) × 100 / m:
 * its return to player is exactly 1 - e whatever the target. P(crash = 1.00x) =
 * 1 - 100 (1 - e) / 101 (3.96 % at the default 3 % edge). With e = 1 % and no cap this is
 * bustabit's formula, max(1, floor(99 / (1 - X)) / 100).
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { hmacSha256Key, utf8Bytes } from '../casino/sha256.ts';
import { isChainHash } from './chain.ts';

/** The default house edge: 3 %, a return to player of 97 %. */
export const DEFAULT_CRASH_HOUSE_EDGE_BASIS_POINTS = 300;
/** The default cap on the crash point: 10,000.00x (the game rules' maximum win binds far lower). */
export const DEFAULT_CRASH_MAX_MULTIPLIER_HUNDREDTHS = 1_000_000;
/** 1.00x, where every flight starts (and the lowest crash point). */
export const CRASH_START_HUNDREDTHS = 100;

const TWO_POW_52 = 2n ** 52n;
const MAX_UNIFORM_52 = 2 ** 52;
const BASIS_POINTS_PER_ONE = 10_000;

/** The game's configuration: the house edge and the cap on the crash point. */
export interface CrashSettings {
  houseEdgeBasisPoints: number;
  maxMultiplierHundredths: number;
}

function checkSettings(settings: CrashSettings): void {
  const { houseEdgeBasisPoints: edge, maxMultiplierHundredths: max } = settings;
  if (!Number.isInteger(edge) || edge < 0 || edge >= BASIS_POINTS_PER_ONE) {
    throw new RangeError(`houseEdgeBasisPoints must be an integer from 0 to 9999, got ${edge}`);
  }
  if (!Number.isSafeInteger(max) || max < CRASH_START_HUNDREDTHS) {
    throw new RangeError(`maxMultiplierHundredths must be an integer of at least 100, got ${max}`);
  }
}

/** A double's fraction this far from an integer cannot be a rounding error (see below). */
const FAST_PATH_MARGIN = 1e-6;
const FAST_PATH_LIMIT = 2 ** 30;

/**
 * floor(kept × 2^52 / (100 × (2^52 − r))), exactly. Most draws take the double path: kept ×
 * 2^52 and 2^52 − r are exact doubles, and the product and the division round once each, so
 * below 2^30 the quotient is within 2^-22 of the true one and its floor is exact unless the
 * quotient lies within 10^-6 of an integer; those (about 2 in a million) and the huge ones are
 * computed in bigint. It makes the distribution test's 10 million draws several times faster.
 */
function uncappedCrashPoint(keptBasisPoints: number, r: number): number {
  const estimate = (keptBasisPoints * MAX_UNIFORM_52) / (100 * (MAX_UNIFORM_52 - r));
  const fraction = estimate - Math.floor(estimate);
  if (
    estimate < FAST_PATH_LIMIT &&
    fraction > FAST_PATH_MARGIN &&
    fraction < 1 - FAST_PATH_MARGIN
  ) {
    return Math.floor(estimate);
  }
  // Above 2^53 Number() rounds, but never below the cap (a safe integer), so the cap still holds.
  return Number((BigInt(keptBasisPoints) * TWO_POW_52) / (100n * (TWO_POW_52 - BigInt(r))));
}

/**
 * The crash point for a uniform 52-bit integer r (0 <= r < 2^52), the formula above after
 * the HMAC: split out so the distribution can be tested on millions of draws without hashing.
 */
export function crashPointFromUniform52(r: number, settings: CrashSettings): number {
  checkSettings(settings);
  if (!Number.isSafeInteger(r) || r < 0 || r >= MAX_UNIFORM_52) {
    throw new RangeError(`r must be an integer from 0 to 2^52 - 1, got ${r}`);
  }
  const uncapped = uncappedCrashPoint(BASIS_POINTS_PER_ONE - settings.houseEdgeBasisPoints, r);
  return Math.min(settings.maxMultiplierHundredths, Math.max(CRASH_START_HUNDREDTHS, uncapped));
}

/** The first 52 bits of a digest, big-endian, as an integer below 2^52. */
export function first52Bits(digest: Uint8Array): number {
  if (digest.length < 7) throw new RangeError('digest must have at least 7 bytes');
  let value = 0;
  for (let index = 0; index < 6; index += 1) value = value * 256 + digest[index]!;
  return value * 16 + (digest[6]! >> 4);
}

/** HMAC-SHA256(key = salt's UTF-8 bytes, message = the round hash's raw bytes), as bytes. */
export function crashRoundDigest(roundHash: string, salt: string): Uint8Array {
  if (!isChainHash(roundHash)) throw new RangeError('roundHash must be 64 lowercase hex digits');
  if (salt.length === 0) throw new RangeError('salt must not be empty');
  return hmacSha256Key(utf8Bytes(salt)).sign(hexToBytes(roundHash));
}

/** The round's crash point in hundredths (formula in this file's header). */
export function crashPointFromHash(
  input: { roundHash: string; salt: string } & CrashSettings,
): number {
  const digest = crashRoundDigest(input.roundHash, input.salt);
  return crashPointFromUniform52(first52Bits(digest), input);
}

/**
 * P(crash >= m) for the formula, m in hundredths: 1 up to 1.00x, 100 (1 - e) / m from 1.01x
 * to the cap, 0 above it. The theoretical distribution the tests compare draws against.
 */
export function crashProbabilityAtLeast(
  multiplierHundredths: number,
  settings: CrashSettings,
): number {
  checkSettings(settings);
  if (multiplierHundredths <= CRASH_START_HUNDREDTHS) return 1;
  if (multiplierHundredths > settings.maxMultiplierHundredths) return 0;
  const kept = 1 - settings.houseEdgeBasisPoints / BASIS_POINTS_PER_ONE;
  return Math.min(1, (100 * kept) / Math.ceil(multiplierHundredths));
}
