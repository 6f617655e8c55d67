import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { executePreparedRows, type DbHandle } from '../../db/database.ts';
import { pgArray } from '../../db/pg-array.ts';
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

export interface CallbackRead {
  provider: ProviderRow | null;
  session: SessionRow | null;
  stored: StoredTransaction | null;
}

/**
 * What callbacks read before anything else, many callbacks in one round trip (those arriving
 * together: docs/decisions.md "Casino callbacks in batches"), answered in input order: for
 * each, the provider, the game session its token names (at this provider) and the transaction
 * its id names, each null when absent or not asked.
 */
export async function readCallbacks(
  db: DbHandle,
  inputs: readonly {
    providerId: string;
    sessionTokenHash: string | null;
    transactionId: string | null;
  }[],
): Promise<CallbackRead[]> {
  if (inputs.length === 0) return [];
  // Arrays, so the planner probes the indexes for the few callbacks (pgArray's note).
  const providers = pgArray(inputs.map((input) => input.providerId));
  const sessionHashes = pgArray(inputs.map((input) => input.sessionTokenHash));
  const transactionIds = pgArray(inputs.map((input) => input.transactionId));
  const q = {
    n: sql<number>`q.n - 1`,
    providerId: sql<string>`q.p`,
    sessionTokenHash: sql<string | null>`q.s`,
    transactionId: sql<string | null>`q.t`,
  };
  const rows = await db
    .select({
      n: q.n,
      provider: {
        id: casinoProviders.id,
        secret: casinoProviders.secret,
        enabled: casinoProviders.enabled,
      },
      session: sessionColumns,
      stored: storedColumns,
    })
    .from(
      sql`unnest(${providers}::text[], ${sessionHashes}::text[], ${transactionIds}::text[])
            with ordinality as q(p, s, t, n)`,
    )
    .leftJoin(casinoProviders, eq(casinoProviders.id, q.providerId))
    .leftJoin(
      casinoSessions,
      // Keyed on the asked columns (not the joined provider's), so each lookup is one probe
      // of its unique index.
      and(
        eq(casinoSessions.sessionTokenHash, q.sessionTokenHash),
        eq(casinoSessions.providerId, q.providerId),
      ),
    )
    .leftJoin(users, eq(users.id, casinoSessions.playerId))
    .leftJoin(casinoGames, eq(casinoGames.id, casinoSessions.gameId))
    .leftJoin(
      casinoTransactions,
      and(
        eq(casinoTransactions.providerId, q.providerId),
        eq(casinoTransactions.providerTransactionId, q.transactionId),
      ),
    );
  const answers: CallbackRead[] = inputs.map(() => ({
    provider: null,
    session: null,
    stored: null,
  }));
  for (const row of rows) {
    // An absent left-joined row: drizzle answers null, or (for columns of several tables)
    // an object of nulls; its key column tells.
    answers[Number(row.n)] = {
      provider: row.provider?.id == null ? null : row.provider,
      session: row.session?.id == null ? null : (row.session as SessionRow),
      stored: row.stored?.kind == null ? null : (row.stored as StoredTransaction),
    };
  }
  return answers;
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
 * The player's round at the provider, created when absent, locked for the rest of
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
  const rounds = await lockRounds(db, [input], input.now);
  const round = rounds.get(roundKeyOf(input));
  if (!round) throw new Error('casino round neither inserted nor found');
  return round;
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

const storedColumns = {
  kind: casinoTransactions.kind,
  requestHash: casinoTransactions.requestHash,
  roundId: casinoTransactions.roundId,
  providerRoundId: casinoTransactions.providerRoundId,
  playerId: casinoTransactions.playerId,
  amountPaise: casinoTransactions.amountPaise,
  appliedPaise: casinoTransactions.appliedPaise,
  status: casinoTransactions.status,
  answer: casinoTransactions.answer,
};

export async function findTransaction(
  db: DbHandle,
  providerId: string,
  providerTransactionId: string,
): Promise<StoredTransaction | null> {
  const [row] = await db
    .select(storedColumns)
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

/*
 * The batch forms (docs/decisions.md "Casino callbacks in batches"): many callbacks' rounds,
 * answers and round totals in a constant number of statements.
 */

export type RoundKey = Omit<Parameters<typeof lockRound>[1], 'now'>;

/** A round's key in the maps `lockRounds` answers. */
export const roundKeyOf = (key: Pick<RoundKey, 'providerId' | 'providerRoundId' | 'playerId'>) =>
  `${key.providerId}\u0000${key.providerRoundId}\u0000${key.playerId}`;

/**
 * lockRound for many rounds in one statement: each created when absent, all locked for the
 * rest of the transaction, in one order (provider, round, player) so that two batches never
 * wait crosswise. Answers each round by `roundKeyOf(key)`.
 */
export async function lockRounds(
  db: DbHandle,
  keys: readonly RoundKey[],
  now: Date,
): Promise<Map<string, RoundRow>> {
  const unique = new Map(keys.map((key) => [roundKeyOf(key), key]));
  const ordered = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const found = new Map<string, RoundRow>();
  if (ordered.length === 0) return found;
  const rows = await db
    .insert(casinoRounds)
    .values(
      ordered.map(([, key]) => ({
        providerId: key.providerId,
        providerRoundId: key.providerRoundId,
        playerId: key.playerId,
        gameId: key.gameId,
        status: 'open' as const,
        playMoney: key.playMoney,
        startedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [casinoRounds.providerId, casinoRounds.providerRoundId, casinoRounds.playerId],
      set: { status: sql`${casinoRounds.status}` },
    })
    .returning({
      id: casinoRounds.id,
      providerId: casinoRounds.providerId,
      providerRoundId: casinoRounds.providerRoundId,
      playerId: casinoRounds.playerId,
      gameId: casinoRounds.gameId,
      status: casinoRounds.status,
      stakedPaise: casinoRounds.stakedPaise,
      wonPaise: casinoRounds.wonPaise,
      refundedPaise: casinoRounds.refundedPaise,
    });
  for (const { providerId, providerRoundId, playerId, ...round } of rows) {
    found.set(roundKeyOf({ providerId, providerRoundId, playerId }), round);
  }
  if (found.size !== ordered.length) throw new Error('casino rounds neither inserted nor found');
  return found;
}

/**
 * Stores many transactions' first answers and moves their rounds' totals, in one statement,
 * with the transaction's COMMIT right behind it when nothing is left to write after it
 * (`commitBehind`, executePreparedRows). It raises, and the batch rolls back, when a
 * (provider, transaction id) was taken by a concurrent request meanwhile.
 */
export async function writeTransactionsAndRounds(
  db: DbHandle,
  transactions: readonly NewCasinoTransaction[],
  rounds: readonly {
    id: number;
    status: CasinoRoundStatus;
    stakedPaise: bigint;
    wonPaise: bigint;
    refundedPaise: bigint;
    closedAt: Date | null;
  }[],
  options: { commitBehind: boolean },
): Promise<void> {
  // Arrays, so the planner updates the few rounds by their key (pgArray's note).
  const column = <T extends string | number | bigint | null>(
    pick: (round: (typeof rounds)[number]) => T,
  ) => pgArray(rounds.map(pick));
  const roundIds = column((round) => round.id);
  const statuses = column((round) => round.status);
  const staked = column((round) => round.stakedPaise);
  const won = column((round) => round.wonPaise);
  const refunded = column((round) => round.refundedPaise);
  const closed = column((round) => round.closedAt?.toISOString() ?? null);
  // Only inserted, nothing looked up: JSON is fine here (drizzle building the multi-row
  // VALUES was the casino code's largest share of the server's CPU profile).
  const rowsJson = JSON.stringify(
    transactions.map((row, n) => ({
      n,
      provider_id: row.providerId,
      transaction_id: row.providerTransactionId,
      kind: row.kind,
      request_hash: row.requestHash,
      round_id: row.roundId,
      provider_round_id: row.providerRoundId,
      player_id: row.playerId,
      game_id: row.gameId,
      amount: row.amountPaise.toString(),
      applied: row.appliedPaise.toString(),
      reference_id: row.referenceTransactionId,
      status: row.status,
      answer: row.answer,
      operation_id: row.walletOperationId,
      created_at: row.createdAt.toISOString(),
    })),
  );
  // Every row must be new (a transaction id taken meanwhile means the plan did not hold): the
  // statement checks it itself, as the batch's COMMIT is sent right behind it.
  await executePreparedRows(
    db,
    sql`with moved as (
          update casino_rounds r
          set status = v.status, staked_paise = v.staked, won_paise = v.won,
              refunded_paise = v.refunded, closed_at = coalesce(v.closed, r.closed_at)
          from unnest(${roundIds}::bigint[], ${statuses}::text[], ${staked}::bigint[],
                      ${won}::bigint[], ${refunded}::bigint[], ${closed}::timestamptz[])
            as v(id, status, staked, won, refunded, closed)
          where r.id = v.id
        ),
        inserted as (
          insert into casino_transactions
            (provider_id, provider_transaction_id, kind, request_hash, round_id,
             provider_round_id, player_id, game_id, amount_paise, applied_paise,
             reference_transaction_id, status, answer, wallet_operation_id, created_at)
          select x.provider_id, x.transaction_id, x.kind, x.request_hash, x.round_id,
                 x.provider_round_id, x.player_id, x.game_id, x.amount, x.applied,
                 x.reference_id, x.status, x.answer, x.operation_id, x.created_at
          from jsonb_to_recordset(${rowsJson}::jsonb) as x(
            n int, provider_id text, transaction_id text, kind text, request_hash text,
            round_id bigint, provider_round_id text, player_id bigint, game_id text,
            amount bigint, applied bigint, reference_id text, status text, answer jsonb,
            operation_id bigint, created_at timestamptz)
          order by x.n
          on conflict do nothing
          returning id
        )
        select spm_check((select count(*) from inserted) = ${transactions.length}::int,
          'casino batch: a transaction id was taken meanwhile') as ok`,
    options,
  );
}
