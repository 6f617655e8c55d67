import { createHash, randomBytes } from 'node:crypto';

/**
 * The provably-fair inputs of an SPM Games round (docs/decisions.md "SPM Games tables").
 * The server seed is fresh randomness per round; only its SHA-256 is shown until the round
 * is settled. The client seed is the table's seed of the day: known to everyone before any
 * round of the day opens, so the house cannot pick it per round. In a multiplayer round one
 * deck serves every player at the table, so no single player may choose it.
 */

/** 32 random bytes as hex: one round's server seed. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The published commitment to a server seed: SHA-256 of its text, hex. */
export function serverSeedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The table's client seed for the UTC day of `at`: `spm:{tableId}:{YYYY-MM-DD}`. */
export function tableClientSeed(tableId: string, at: Date): string {
  return `spm:${tableId}:${at.toISOString().slice(0, 10)}`;
}
