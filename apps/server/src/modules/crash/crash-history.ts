import type { CrashMyBet, CrashRoundDetail, CrashRoundSummary } from '@spm/contract';
import { inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { readChain } from './crash-chain.ts';
import {
  betsOfCrashRound,
  crashRoundById,
  crashedRoundsPage,
  playerCrashBets,
  type CrashRoundRow,
} from './crash-repository.ts';
import { betView, myBetView, roundSummary } from './crash-views.ts';
import { crashRounds } from './tables.ts';

/*
 * Past rounds and a player's bets (GET /api/crash/rounds, /rounds/{id}, /my-bets): read from
 * the database on any node. A round shows its hash and salt only once it crashed.
 */

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * The previous round's hash of each row: the stored hash of round id - 1 (for round 1 the
 * chain's terminating hash), read in one query for a page.
 */
async function previousHashes(
  db: DbHandle,
  rows: readonly CrashRoundRow[],
): Promise<Map<number, string>> {
  const hashes = new Map<number, string>(rows.map((row) => [row.id, row.hash]));
  const missing = rows.map((row) => row.id - 1).filter((id) => id > 0 && !hashes.has(id));
  if (missing.length > 0) {
    const found = await db
      .select({ id: crashRounds.id, hash: crashRounds.hash })
      .from(crashRounds)
      .where(inArray(crashRounds.id, missing));
    for (const row of found) hashes.set(row.id, row.hash);
  }
  if (rows.some((row) => row.id === 1)) {
    const chain = await readChain(db);
    if (chain) hashes.set(0, chain.terminatingHash);
  }
  const previous = new Map<number, string>();
  for (const row of rows) previous.set(row.id, hashes.get(row.id - 1) ?? '');
  return previous;
}

export async function crashRoundsPage(
  db: DbHandle,
  query: { page: number; pageSize: number },
): Promise<Page<CrashRoundSummary>> {
  const { rows, total } = await crashedRoundsPage(db, query.page, query.pageSize);
  const previous = await previousHashes(db, rows);
  return {
    items: rows.map((row) => roundSummary(row, previous.get(row.id) ?? '')),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** A crashed round with its bets (names masked); NOT_FOUND before it crashed. */
export async function crashRoundDetail(
  db: DbHandle,
  roundIdText: string,
  viewerId: number | null,
): Promise<CrashRoundDetail> {
  const roundId = Number(roundIdText);
  if (!Number.isSafeInteger(roundId) || roundId < 1) throw new AppError('NOT_FOUND');
  const row = await crashRoundById(db, roundId);
  if (!row || row.phase !== 'crashed') throw new AppError('NOT_FOUND');
  const [previous, bets] = await Promise.all([
    previousHashes(db, [row]),
    betsOfCrashRound(db, roundId),
  ]);
  return Object.assign(roundSummary(row, previous.get(row.id) ?? ''), {
    bets: bets.filter((bet) => bet.status !== 'refunded').map((bet) => betView(bet, viewerId)),
  });
}

/** GET /api/crash/my-bets (and the dashboard's bets in flight: `status` 'active'). */
export async function myCrashBets(
  db: DbHandle,
  playerId: number,
  query: { page: number; pageSize: number; status?: CrashMyBet['status'] },
): Promise<Page<CrashMyBet>> {
  const { rows, total } = await playerCrashBets(
    db,
    playerId,
    query.page,
    query.pageSize,
    query.status,
  );
  return {
    items: rows.map(({ bet, round }) => myBetView(bet, round)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
