import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { users } from '../identity/tables.ts';
import type { CASINO_ROUND_STATUSES, CASINO_TRANSACTION_KINDS } from './tables.ts';
import {
  casinoGames,
  casinoProviders,
  casinoRounds,
  casinoSessions,
  casinoTransactions,
} from './tables.ts';

/*
 * The seamless wallet's reads and writes of the casino tables (docs/casino-provider-api.md).
 * Money is not here: it moves through the wallet API in the same database transaction.
 */

export interface ProviderRow {
  id: string;
  secret: string;
  enabled: boolean;
}

export async function findProvider(db: DbHandle, providerId: string): Promise<ProviderRow | null> {
  const [row] = await db
    .select({
      id: casinoProviders.id,
      secret: casinoProviders.secret,
      enabled: casinoProviders.enabled,
    })
    .from(casinoProviders)
    .where(eq(casinoProviders.id, providerId))
    .limit(1);
  return row ?? null;
}

/** A game session with what the callbacks check: the player's status and the game's limits. */
export interface SessionRow {
  id: number;
  playerId: number;
  gameId: string;
  providerId: string;
  playMoney: boolean;
  sessionExpiresAt: Date | null;
  launchExpiresAt: Date;
  exchangedAt: Date | null;
  playerStatus: string;
  gameEnabled: boolean;
  minBetPaise: bigint;
  maxBetPaise: bigint;
}

const sessionColumns = {
  id: casinoSessions.id,
  playerId: casinoSessions.playerId,
  gameId: casinoSessions.gameId,
  providerId: casinoSessions.providerId,
  playMoney: casinoSessions.playMoney,
  sessionExpiresAt: casinoSessions.sessionExpiresAt,
  launchExpiresAt: casinoSessions.launchExpiresAt,
  exchangedAt: casinoSessions.exchangedAt,
  playerStatus: users.status,
  gameEnabled: casinoGames.enabled,
  minBetPaise: casinoGames.minBetPaise,
  maxBetPaise: casinoGames.maxBetPaise,
};

function sessionQuery(db: DbHandle) {
  return db
    .select(sessionColumns)
    .from(casinoSessions)
    .innerJoin(users, eq(users.id, casinoSessions.playerId))
    .innerJoin(casinoGames, eq(casinoGames.id, casinoSessions.gameId));
}

/** The session a launch token opened, at this provider (exchanged or not). */
export async function findSessionByLaunchToken(
  db: DbHandle,
  providerId: string,
  launchTokenHash: string,
): Promise<SessionRow | null> {
  const [row] = await sessionQuery(db)
    .where(
      and(
        eq(casinoSessions.launchTokenHash, launchTokenHash),
        eq(casinoSessions.providerId, providerId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The session a game session token names, at this provider (expired or not). */
export async function findSessionByToken(
  db: DbHandle,
  providerId: string,
  sessionTokenHash: string,
): Promise<SessionRow | null> {
  const [row] = await sessionQuery(db)
    .where(
      and(
        eq(casinoSessions.sessionTokenHash, sessionTokenHash),
        eq(casinoSessions.providerId, providerId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Exchanges the launch token, once: a single conditional UPDATE, so of two concurrent
 * exchanges only one finds the row still unexchanged and unexpired.
 */
export async function exchangeLaunchToken(
  db: DbHandle,
  input: { sessionId: number; sessionTokenHash: string; now: Date; sessionExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(casinoSessions)
    .set({
      exchangedAt: input.now,
      sessionTokenHash: input.sessionTokenHash,
      sessionExpiresAt: input.sessionExpiresAt,
    })
    .where(
      and(
        eq(casinoSessions.id, input.sessionId),
        isNull(casinoSessions.exchangedAt),
        gt(casinoSessions.launchExpiresAt, input.now),
      ),
    )
    .returning({ id: casinoSessions.id });
  return rows.length === 1;
}

/** Moves a session's expiry forward (never back: a concurrent later slide wins). */
export async function slideSession(
  db: DbHandle,
  sessionId: number,
  sessionExpiresAt: Date,
): Promise<void> {
  await db
    .update(casinoSessions)
    .set({ sessionExpiresAt })
    .where(
      and(eq(casinoSessions.id, sessionId), lt(casinoSessions.sessionExpiresAt, sessionExpiresAt)),
    );
}

export type CasinoRoundStatus = (typeof CASINO_ROUND_STATUSES)[number];

export interface RoundRow {
  id: number;
  gameId: string;
  status: CasinoRoundStatus;
  stakedPaise: bigint;
  wonPaise: bigint;
  refundedPaise: bigint;
}

/**
 * The player's round at the provider, created when absent, locked FOR UPDATE for the rest of
 * the transaction: every callback of one round runs one after the other.
 */
export async function lockRound(
  db: DbHandle,
  input: {
    providerId: string;
    providerRoundId: string;
    playerId: number;
    gameId: string;
    playMoney: boolean;
    now: Date;
  },
): Promise<RoundRow> {
  await db
    .insert(casinoRounds)
    .values({
      providerId: input.providerId,
      providerRoundId: input.providerRoundId,
      playerId: input.playerId,
      gameId: input.gameId,
      status: 'open',
      playMoney: input.playMoney,
      startedAt: input.now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({
      id: casinoRounds.id,
      gameId: casinoRounds.gameId,
      status: casinoRounds.status,
      stakedPaise: casinoRounds.stakedPaise,
      wonPaise: casinoRounds.wonPaise,
      refundedPaise: casinoRounds.refundedPaise,
    })
    .from(casinoRounds)
    .where(
      and(
        eq(casinoRounds.providerId, input.providerId),
        eq(casinoRounds.providerRoundId, input.providerRoundId),
        eq(casinoRounds.playerId, input.playerId),
      ),
    )
    .for('update');
  if (!row) throw new Error('casino round neither inserted nor found');
  return row;
}

export async function updateRound(
  db: DbHandle,
  roundId: number,
  change: {
    status: CasinoRoundStatus;
    stakedPaise: bigint;
    wonPaise: bigint;
    refundedPaise: bigint;
    closedAt?: Date;
  },
): Promise<void> {
  await db
    .update(casinoRounds)
    .set({
      status: change.status,
      stakedPaise: change.stakedPaise,
      wonPaise: change.wonPaise,
      refundedPaise: change.refundedPaise,
      ...(change.closedAt ? { closedAt: change.closedAt } : {}),
    })
    .where(eq(casinoRounds.id, roundId));
}

export type CasinoTransactionKind = (typeof CASINO_TRANSACTION_KINDS)[number];

export interface StoredTransaction {
  kind: CasinoTransactionKind;
  requestHash: string;
  roundId: number | null;
  providerRoundId: string;
  playerId: number;
  amountPaise: bigint;
  appliedPaise: bigint;
  status: string;
  answer: Record<string, unknown>;
}

export async function findTransaction(
  db: DbHandle,
  providerId: string,
  providerTransactionId: string,
): Promise<StoredTransaction | null> {
  const [row] = await db
    .select({
      kind: casinoTransactions.kind,
      requestHash: casinoTransactions.requestHash,
      roundId: casinoTransactions.roundId,
      providerRoundId: casinoTransactions.providerRoundId,
      playerId: casinoTransactions.playerId,
      amountPaise: casinoTransactions.amountPaise,
      appliedPaise: casinoTransactions.appliedPaise,
      status: casinoTransactions.status,
      answer: casinoTransactions.answer,
    })
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.providerId, providerId),
        eq(casinoTransactions.providerTransactionId, providerTransactionId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface NewCasinoTransaction {
  providerId: string;
  providerTransactionId: string;
  kind: CasinoTransactionKind;
  requestHash: string;
  roundId: number | null;
  providerRoundId: string;
  playerId: number;
  gameId: string;
  amountPaise: bigint;
  appliedPaise: bigint;
  referenceTransactionId: string | null;
  status: string;
  answer: Record<string, unknown>;
  walletOperationId: number | null;
  createdAt: Date;
}

/**
 * Stores a transaction's first answer. False when (provider, transaction id) is taken: a
 * concurrent request with the same id committed first (the caller rolls back and answers
 * what that one stored).
 */
export async function insertTransaction(db: DbHandle, row: NewCasinoTransaction): Promise<boolean> {
  const inserted = await db
    .insert(casinoTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: casinoTransactions.id });
  return inserted.length === 1;
}
