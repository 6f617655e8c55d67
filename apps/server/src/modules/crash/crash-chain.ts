import { randomBytes } from 'node:crypto';
import { nextChainHash } from '@spm/core';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { crashChainCheckpoints, crashChains } from './tables.ts';

/*
 * The hash chain on the server (docs/crash-fairness.md "The hash chain", docs/crash-game.md
 * "The chain"). Only the seed and a checkpoint every ~√N links are stored: link k is
 * recomputed from the nearest checkpoint at or above k (at most √N hashes, ~1,000 for a
 * million rounds, about a millisecond). Building hashes every link once, in slices that
 * yield to the event loop between them, so a first start serves requests meanwhile.
 */

/** The one chain the game plays (a new chain, once this one runs out, would be id 2). */
export const CHAIN_ID = 1;

/** Links hashed between two yields to the event loop while a chain is built. */
const LINKS_PER_SLICE = 2_000;

export interface CrashChain {
  id: number;
  length: number;
  segment: number;
  terminatingHash: string;
}

/** The chain's building was stopped (a shutdown): a later start builds it from the seed again. */
export class ChainBuildStopped extends Error {
  constructor() {
    super('crash chain building stopped');
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The chain as stored, once built; undefined before (or while) it is built. */
export async function readChain(db: DbHandle): Promise<CrashChain | undefined> {
  const [row] = await db.select().from(crashChains).where(eq(crashChains.id, CHAIN_ID));
  if (!row || row.terminatingHash === null) return undefined;
  return {
    id: row.id,
    length: row.length,
    segment: row.segment,
    terminatingHash: row.terminatingHash,
  };
}

/**
 * The chain, built first when there is none (or a stop cut its building short: it is built
 * again from the same seed, so the terminating hash cannot change once published). The seed
 * is drawn once and kept; `length` applies only to a chain not made yet.
 */
export async function ensureChain(
  db: DbHandle,
  length: number,
  now: () => Date,
  /** Asked between slices: true stops the building (a shutdown); the next start goes on. */
  stopping: () => boolean = () => false,
): Promise<CrashChain> {
  const built = await readChain(db);
  if (built) return built;
  await db
    .insert(crashChains)
    .values({
      id: CHAIN_ID,
      seed: randomBytes(32).toString('hex'),
      length,
      createdAt: now(),
      segment: Math.ceil(Math.sqrt(length + 1)),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(crashChains).where(eq(crashChains.id, CHAIN_ID));
  if (!row) throw new Error('crash chain row missing after insert');
  // Forward from the seed (link `length`) down to link 0, keeping every segment-th link and
  // link 0 itself; written in slices as they come.
  let hash = row.seed;
  let pending: { chainId: number; roundNumber: number; hash: string }[] = [];
  for (let roundNumber = row.length; roundNumber >= 0; roundNumber -= 1) {
    const step = row.length - roundNumber;
    if (step % row.segment === 0 || roundNumber === 0) {
      pending.push({ chainId: row.id, roundNumber, hash });
    }
    if (roundNumber > 0) hash = nextChainHash(hash);
    if (step % LINKS_PER_SLICE === LINKS_PER_SLICE - 1) {
      if (pending.length > 0) {
        await db.insert(crashChainCheckpoints).values(pending).onConflictDoNothing();
        pending = [];
      }
      await yieldToEventLoop();
      if (stopping()) throw new ChainBuildStopped();
    }
  }
  if (pending.length > 0) {
    await db.insert(crashChainCheckpoints).values(pending).onConflictDoNothing();
  }
  await db
    .update(crashChains)
    .set({ terminatingHash: hash, builtAt: now() })
    .where(eq(crashChains.id, row.id));
  return { id: row.id, length: row.length, segment: row.segment, terminatingHash: hash };
}

/** Link `roundNumber` (1 .. length): hashed down from the nearest checkpoint at or above it. */
export async function chainLink(
  db: DbHandle,
  chain: CrashChain,
  roundNumber: number,
): Promise<string> {
  if (!Number.isSafeInteger(roundNumber) || roundNumber < 0 || roundNumber > chain.length) {
    throw new RangeError(`round ${roundNumber} is outside the chain of ${chain.length}`);
  }
  const [checkpoint] = await db
    .select()
    .from(crashChainCheckpoints)
    .where(
      and(
        eq(crashChainCheckpoints.chainId, chain.id),
        gte(crashChainCheckpoints.roundNumber, roundNumber),
      ),
    )
    .orderBy(asc(crashChainCheckpoints.roundNumber))
    .limit(1);
  if (!checkpoint) throw new Error(`no checkpoint at or above round ${roundNumber}`);
  let hash = checkpoint.hash;
  for (let at = checkpoint.roundNumber; at > roundNumber; at -= 1) hash = nextChainHash(hash);
  return hash;
}
