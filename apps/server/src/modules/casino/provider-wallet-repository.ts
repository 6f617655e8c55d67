import { objectWith } from '@spm/core';
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, type DbHandle } from '../../db/database.ts';
import { pgArray } from '../../db/pg-array.ts';
import { users } from '../identity/tables.ts';
import type { CASINO_ROUND_STATUSES, CASINO_TRANSACTION_KINDS } from './tables.ts';
import { casinoGames, casinoRounds, casinoSessions, casinoTransactions } from './tables.ts';

/*
 * The seamless wallet's reads and writes of the casino tables (docs/casino-provider-api.md).
 * Money is not here: it moves through the wallet API in the same database transaction.
 */

export interface ProviderRow {
  id: string;
  secret: string;
  enabled: boolean;
  /** casino_providers.wins_without_bet: a win may credit a round with no accepted bet. */
  winsWithoutBet: boolean;
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

/** A timestamp as milliseconds since the epoch (a number in both drivers), null stays null. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** One row of readCallbacks' statement: bigints as text, timestamps as epoch milliseconds. */
interface RawCallbackRead {
  n: number | string;
  provider_id: string | null;
  secret: string | null;
  enabled: boolean | null;
  wins_without_bet: boolean | null;
  session_id: string | null;
  session_player_id: string | null;
  session_game_id: string | null;
  session_provider_id: string | null;
  play_money: boolean | null;
  session_expires_ms: number | null;
  launch_expires_ms: number | null;
  exchanged_ms: number | null;
  player_status: string | null;
  game_enabled: boolean | null;
  min_bet_paise: string | null;
  max_bet_paise: string | null;
  kind: CasinoTransactionKind | null;
  request_hash: string | null;
  round_id: string | null;
  provider_round_id: string | null;
  stored_player_id: string | null;
  amount_paise: string | null;
  applied_paise: string | null;
  stored_status: string | null;
  answer: string | null;
}

function callbackReadOf(row: RawCallbackRead): CallbackRead {
  return {
    provider:
      row.provider_id === null
        ? null
        : {
            id: row.provider_id,
            secret: row.secret!,
            enabled: row.enabled!,
            winsWithoutBet: row.wins_without_bet!,
          },
    session:
      row.session_id === null
        ? null
        : {
            id: Number(row.session_id),
            playerId: Number(row.session_player_id),
            gameId: row.session_game_id!,
            providerId: row.session_provider_id!,
            playMoney: row.play_money!,
            sessionExpiresAt: dateOf(row.session_expires_ms),
            launchExpiresAt: dateOf(row.launch_expires_ms)!,
            exchangedAt: dateOf(row.exchanged_ms),
            // A session's player and game always exist (the launch made it from them).
            playerStatus: row.player_status!,
            gameEnabled: row.game_enabled!,
            minBetPaise: BigInt(row.min_bet_paise!),
            maxBetPaise: BigInt(row.max_bet_paise!),
          },
    stored:
      row.kind === null
        ? null
        : {
            kind: row.kind,
            requestHash: row.request_hash!,
            roundId: row.round_id === null ? null : Number(row.round_id),
            providerRoundId: row.provider_round_id!,
            playerId: Number(row.stored_player_id),
            amountPaise: BigInt(row.amount_paise!),
            appliedPaise: BigInt(row.applied_paise!),
            status: row.stored_status!,
            answer: JSON.parse(row.answer!) as Record<string, unknown>,
          },
  };
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
  // Built as constant text and run as a named statement (executePreparedRows): drizzle's
  // select builder took about 0.25 ms of the server's CPU a read, more than its rows' mapping.
  // Each lookup is a lateral probe of a unique index that the planner cannot reorder or turn
  // into a scan, so the statement runs on its generic plan: planning it for each read's values
  // took PostgreSQL 0.4-0.6 ms against 0.08 ms to run it (EXPLAIN ANALYZE, casino bench data).
  const rows = await executePreparedRows<RawCallbackRead>(
    db,
    sql`select q.n - 1 as n, p.*, s.*, t.*
        from unnest(${providers}::text[], ${sessionHashes}::text[], ${transactionIds}::text[])
          with ordinality as q(p, s, t, n)
        left join lateral (
          select p.id as provider_id, p.secret, p.enabled, p.wins_without_bet
          from casino_providers p
          where p.id = q.p offset 0
        ) p on true
        left join lateral (
          select s.id::text as session_id, s.player_id::text as session_player_id,
            s.game_id as session_game_id, s.provider_id as session_provider_id, s.play_money,
            ${epochMs(sql`s.session_expires_at`)} as session_expires_ms,
            ${epochMs(sql`s.launch_expires_at`)} as launch_expires_ms,
            ${epochMs(sql`s.exchanged_at`)} as exchanged_ms,
            u.status as player_status, g.enabled as game_enabled,
            g.min_bet_paise::text as min_bet_paise, g.max_bet_paise::text as max_bet_paise
          from casino_sessions s
          left join users u on u.id = s.player_id
          left join casino_games g on g.id = s.game_id
          where s.session_token_hash = q.s and s.provider_id = q.p offset 0
        ) s on true
        left join lateral (
          select t.kind, t.request_hash, t.round_id::text as round_id, t.provider_round_id,
            t.player_id::text as stored_player_id, t.amount_paise::text as amount_paise,
            t.applied_paise::text as applied_paise, t.status as stored_status,
            t.answer::text as answer
          from casino_transactions t
          where t.provider_id = q.p and t.provider_transaction_id = q.t offset 0
        ) t on true`,
    { genericPlan: true },
  );
  const answers: CallbackRead[] = inputs.map(() => ({
    provider: null,
    session: null,
    stored: null,
  }));
  for (const row of rows) answers[Number(row.n)] = callbackReadOf(row);
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
  // Constant text with the keys as arrays, a named statement (executePreparedRows): drizzle
  // building a multi-row VALUES of seven parameters a round cost about 0.5 ms a batch, and
  // PostgreSQL parsed a new text for every batch size. `order by q.n` keeps the lock order.
  const rounds = ordered.map(([, key]) => key);
  const rows = await executePreparedRows<{
    id: string | number;
    provider_id: string;
    provider_round_id: string;
    player_id: string | number;
    game_id: string;
    status: CasinoRoundStatus;
    staked_paise: string;
    won_paise: string;
    refunded_paise: string;
  }>(
    db,
    sql`insert into casino_rounds as r
          (provider_id, provider_round_id, player_id, game_id, status, play_money, started_at)
        select q.provider_id, q.provider_round_id, q.player_id, q.game_id, 'open', q.play_money,
               ${now.toISOString()}::timestamptz
        from unnest(${pgArray(rounds.map((round) => round.providerId))}::text[],
                    ${pgArray(rounds.map((round) => round.providerRoundId))}::text[],
                    ${pgArray(rounds.map((round) => round.playerId))}::bigint[],
                    ${pgArray(rounds.map((round) => round.gameId))}::text[],
                    ${pgArray(rounds.map((round) => String(round.playMoney)))}::boolean[])
          with ordinality as q(provider_id, provider_round_id, player_id, game_id, play_money, n)
        order by q.n
        on conflict (provider_id, provider_round_id, player_id) do update set status = r.status
        returning r.id, r.provider_id, r.provider_round_id, r.player_id, r.game_id, r.status,
                  r.staked_paise::text as staked_paise, r.won_paise::text as won_paise,
                  r.refunded_paise::text as refunded_paise`,
  );
  for (const row of rows) {
    found.set(
      roundKeyOf({
        providerId: row.provider_id,
        providerRoundId: row.provider_round_id,
        playerId: Number(row.player_id),
      }),
      {
        id: Number(row.id),
        gameId: row.game_id,
        status: row.status,
        stakedPaise: BigInt(row.staked_paise),
        wonPaise: BigInt(row.won_paise),
        refundedPaise: BigInt(row.refunded_paise),
      },
    );
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
    // Planned once per connection: rounds are found by primary key only, the rest inserted.
    objectWith(options, { genericPlan: true }),
  );
}
