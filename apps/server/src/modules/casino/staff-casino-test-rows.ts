import { createHash, randomBytes } from 'node:crypto';
import type { DbHandle } from '../../db/database.ts';
import { casinoRounds, casinoTransactions, spmRounds } from './tables.ts';

/*
 * Test rows for the back office's casino tests: a round and its transactions written as the
 * provider wallet writes them (tables.ts: staked = accepted bets less refunded ones, every
 * callback one transaction row with what it asked and what it applied, its first answer
 * stored). The back office only reads them. Once the provider wallet is merged, the tests may
 * make the same rows through signed callbacks instead.
 */

export interface TestTransaction {
  kind: 'bet' | 'win' | 'rollback';
  amountPaise: bigint;
  /** What moved; defaults to the amount (a refusal applies 0, a capped win less). */
  appliedPaise?: bigint;
  status?: string;
  at: Date;
  referenceTransactionId?: string;
  walletOperationId?: number | null;
  providerTransactionId?: string;
}

export interface TestRound {
  providerId: string;
  providerRoundId?: string;
  playerId: number;
  gameId: string;
  playMoney?: boolean;
  status?: 'open' | 'closed' | 'rolled_back';
  startedAt: Date;
  closedAt?: Date | null;
  transactions: TestTransaction[];
}

export interface InsertedTestRound {
  roundId: number;
  providerRoundId: string;
  providerTransactionIds: string[];
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** One round and its transactions, the totals computed from what the transactions applied. */
export async function insertTestRound(db: DbHandle, spec: TestRound): Promise<InsertedTestRound> {
  const providerRoundId = spec.providerRoundId ?? `r-${hex(6)}`;
  const applied = (kind: TestTransaction['kind']) =>
    spec.transactions
      .filter((transaction) => transaction.kind === kind)
      .reduce(
        (sum, transaction) => sum + (transaction.appliedPaise ?? transaction.amountPaise),
        0n,
      );
  const refundedPaise = applied('rollback');
  const [round] = await db
    .insert(casinoRounds)
    .values({
      providerId: spec.providerId,
      providerRoundId,
      playerId: spec.playerId,
      gameId: spec.gameId,
      status: spec.status ?? 'closed',
      playMoney: spec.playMoney ?? false,
      stakedPaise: applied('bet') - refundedPaise,
      wonPaise: applied('win'),
      refundedPaise,
      startedAt: spec.startedAt,
      closedAt: spec.closedAt === undefined ? spec.startedAt : spec.closedAt,
    })
    .returning({ id: casinoRounds.id });
  if (!round) throw new Error('no round inserted');
  const providerTransactionIds: string[] = [];
  for (const transaction of spec.transactions) {
    const providerTransactionId = transaction.providerTransactionId ?? `tx-${hex(8)}`;
    providerTransactionIds.push(providerTransactionId);
    const status = transaction.status ?? 'RS_OK';
    await db.insert(casinoTransactions).values({
      providerId: spec.providerId,
      providerTransactionId,
      kind: transaction.kind,
      requestHash: createHash('sha256').update(providerTransactionId).digest('hex'),
      roundId: round.id,
      providerRoundId,
      playerId: spec.playerId,
      gameId: spec.gameId,
      amountPaise: transaction.amountPaise,
      appliedPaise: transaction.appliedPaise ?? transaction.amountPaise,
      referenceTransactionId: transaction.referenceTransactionId ?? null,
      status,
      answer: { status, requestId: hex(4), transactionId: providerTransactionId },
      walletOperationId: transaction.walletOperationId ?? null,
      createdAt: transaction.at,
    });
  }
  return { roundId: round.id, providerRoundId, providerTransactionIds };
}

/** An SPM Games table round with its seed (its hash published), settled or not. */
export async function insertTestSpmRound(
  db: DbHandle,
  spec: { tableId: string; number: number; settled: boolean; at: Date },
): Promise<{ id: string; serverSeed: string; serverSeedHash: string }> {
  const id = `${spec.tableId}-${spec.number}-${hex(3)}`;
  const serverSeed = hex(32);
  const serverSeedHash = createHash('sha256').update(serverSeed).digest('hex');
  await db.insert(spmRounds).values({
    id,
    tableId: spec.tableId,
    number: spec.number,
    phase: spec.settled ? 'settled' : 'betting',
    serverSeed,
    serverSeedHash,
    clientSeed: hex(8),
    nonce: spec.number,
    bettingClosesAt: spec.at,
    outcome: spec.settled
      ? {
          hands: { joker: ['7H'], andar: ['2S', '7D'], bahar: ['KC'] },
          segment: null,
          winners: ['andar'],
          resultCode: 'A',
        }
      : null,
    resultCode: spec.settled ? 'A' : null,
    createdAt: spec.at,
    settledAt: spec.settled ? spec.at : null,
  });
  return { id, serverSeed, serverSeedHash };
}
