/**
 * The crash game's hash chain (docs/crash-fairness.md, "The hash chain"), bustabit's scheme:
 * a secret seed is hashed over and over; the rounds use the hashes from the chain's end
 * backwards, so each revealed round hash, hashed once more, gives the previous round's hash,
 * and nobody (the operator included) can change a future round without breaking the chain
 * back to the terminating hash published before the first round.
 *
 * Links are numbered by the round that uses them. For a chain of `length` rounds:
 * link[length] = the seed; link[k - 1] = nextChainHash(link[k]); round k (1 .. length) plays
 * link[k]; link[0] is the terminating hash, published and never played. So
 * nextChainHash(round 1's hash) is the terminating hash and nextChainHash(round k's hash) is
 * round k - 1's hash.
 */
import { sha256Hex } from '../casino/sha256.ts';

/** A link and the round that plays it (0: the published terminating hash). */
export interface ChainLink {
  roundNumber: number;
  hash: string;
}

const CHAIN_HASH = /^[0-9a-f]{64}$/;

/** Whether a text is a chain hash as the game writes it: 64 lowercase hex digits. */
export function isChainHash(text: string): boolean {
  return CHAIN_HASH.test(text);
}

function checkChainHash(name: string, text: string): void {
  if (!isChainHash(text)) throw new RangeError(`${name} must be 64 lowercase hex digits`);
}

function checkLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < 1) {
    throw new RangeError(`length must be a positive integer, got ${length}`);
  }
}

/**
 * The link before this one: SHA-256 of the hex TEXT's bytes (its 64 ASCII characters, not the
 * 32 bytes they spell), lowercase hex, as bustabit hashes its chain. Any SHA-256 tool that
 * takes text reproduces it (`sha256sum` of the line without its newline, Web Crypto over
 * TextEncoder's bytes).
 */
export function nextChainHash(hash: string): string {
  checkChainHash('hash', hash);
  return sha256Hex(hash);
}

/**
 * Whether a revealed round hash belongs to the chain: hashed once it gives the previous
 * round's hash (for round 1, the published terminating hash). Both are compared as
 * lowercase hex after trimming, so a pasted upper-case hash still checks.
 */
export function verifyChainLink(roundHash: string, previousRoundHash: string): boolean {
  const round = roundHash.trim().toLowerCase();
  const previous = previousRoundHash.trim().toLowerCase();
  return isChainHash(round) && isChainHash(previous) && sha256Hex(round) === previous;
}

/**
 * Every link in the order they are computed, from the seed (round `length`) down to the
 * terminating hash (round 0): `length` hashes, one link in memory at a time. The fastest way
 * to store a whole chain, each link under its round number.
 */
export function* chainLinksFromSeed(seed: string, length: number): Generator<ChainLink> {
  checkChainHash('seed', seed);
  checkLength(length);
  let hash = seed;
  for (let roundNumber = length; roundNumber > 0; roundNumber -= 1) {
    yield { roundNumber, hash };
    hash = sha256Hex(hash);
  }
  yield { roundNumber: 0, hash };
}

/** The chain's terminating hash (link 0), the one published before round 1. */
export function terminatingHash(seed: string, length: number): string {
  let last = '';
  for (const link of chainLinksFromSeed(seed, length)) last = link.hash;
  return last;
}

/**
 * The links in the order the game uses them: the terminating hash (round 0), then round 1,
 * round 2, ... round `length` (the seed). The chain can only be computed from the seed
 * forwards, so this keeps one checkpoint every ~√length links and recomputes each segment
 * when its turn comes: about 2 × length hashes, ~2√length hashes in memory (a million-link
 * chain: 2,000 strings instead of a million).
 */
export function* chainLinksInOrderOfUse(seed: string, length: number): Generator<ChainLink> {
  checkChainHash('seed', seed);
  checkLength(length);
  const segment = Math.ceil(Math.sqrt(length + 1));
  // checkpoints[i] = link[length - i × segment], forward from the seed.
  const checkpoints: string[] = [];
  let hash = seed;
  for (let step = 0; step <= length; step += 1) {
    if (step % segment === 0) checkpoints.push(hash);
    if (step < length) hash = sha256Hex(hash);
  }
  for (let index = checkpoints.length - 1; index >= 0; index -= 1) {
    const firstStep = index * segment;
    const lastStep = Math.min(firstStep + segment - 1, length);
    const links: string[] = [checkpoints[index]!];
    for (let step = firstStep + 1; step <= lastStep; step += 1) {
      links.push(sha256Hex(links[links.length - 1]!));
    }
    for (let offset = links.length - 1; offset >= 0; offset -= 1) {
      yield { roundNumber: length - (firstStep + offset), hash: links[offset]! };
    }
  }
}
