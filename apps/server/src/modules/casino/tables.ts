import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.ts';
import { users } from '../identity/tables.ts';

// Casino (issue 14): providers, the game catalogue, favourites and recent plays, launch
// tokens and game sessions, the rounds and transactions of the seamless wallet, and the
// built-in provider's (SPM Games) table rounds and bets. Money itself lives only in the
// wallet's tables: a casino transaction row points at its wallet operation.

/** A game provider that calls our seamless wallet (docs/casino-provider-api.md). */
export const casinoProviders = pgTable('casino_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** HMAC-SHA256 key of its callbacks. Never sent whole to a screen. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /**
   * Whether a win may credit a round holding no accepted bet (none, or all refunded). Off by
   * default: with it on, whoever holds the secret can credit any player up to the round's
   * maximum win without staking (docs/casino-provider-api.md "Wins without a bet").
   */
  winsWithoutBet: boolean('wins_without_bet').notNull().default(false),
  /** Where an external provider's games open (the launch adds game and token); null for SPM. */
  launchUrl: text('launch_url'),
  createdAt: createdAt(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const CASINO_FAMILY_VALUES = ['live-casino', 'live-show', 'jacktop', 'jetfair', 'spm'];

/** The lobby's games. For SPM Games each game is one table (`tableId`). */
export const casinoGames = pgTable(
  'casino_games',
  {
    id: text('id').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => casinoProviders.id),
    /** The provider's own code for the game. */
    providerGameId: text('provider_game_id').notNull(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    category: text('category').notNull(),
    thumbnail: text('thumbnail').notNull(),
    minBetPaise: bigint('min_bet_paise', { mode: 'bigint' }).notNull(),
    maxBetPaise: bigint('max_bet_paise', { mode: 'bigint' }).notNull(),
    /**
     * Theoretical RTP in hundredths of a percent (9785 = 97.85 %), as an external provider
     * states it. A built-in table shows the range of its bets from core instead (game-rtp.ts).
     */
    rtpBasisPoints: integer('rtp_basis_points').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** SPM Games: the game kind (contract SPM_GAME_KINDS) and its betting window. */
    spmKind: text('spm_kind'),
    bettingSeconds: integer('betting_seconds'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('casino_games_provider_game_key').on(table.providerId, table.providerGameId),
    index('casino_games_family_order_idx').on(table.family, table.sortOrder),
    check(
      'casino_games_family_check',
      sql.raw(`family in (${CASINO_FAMILY_VALUES.map((f) => `'${f}'`).join(', ')})`),
    ),
    check(
      'casino_games_bets_check',
      sql`${table.minBetPaise} > 0 and ${table.maxBetPaise} >= ${table.minBetPaise}`,
    ),
  ],
);

export const casinoFavourites = pgTable(
  'casino_favourites',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: text('game_id')
      .notNull()
      .references(() => casinoGames.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] })],
);

/** The lobby's "last played": one row per player and game, moved by every launch. */
export const casinoRecentPlays = pgTable(
  'casino_recent_plays',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: text('game_id')
      .notNull()
      .references(() => casinoGames.id),
    lastPlayedAt: timestampTz('last_played_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.gameId] }),
    index('casino_recent_plays_player_idx').on(table.playerId, table.lastPlayedAt),
  ],
);

/**
 * A launch: the single-use launch token (stored as its SHA-256) the player's browser takes
 * to the game, and the game session token the provider gets for it and sends with every
 * wallet callback. Bound to one player and one game; play money decided at launch.
 */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    launchTokenHash: text('launch_token_hash').notNull(),
    /** SHA-256 of the game session token; null until the launch token is exchanged. */
    sessionTokenHash: text('session_token_hash'),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: text('game_id')
      .notNull()
      .references(() => casinoGames.id),
    providerId: text('provider_id')
      .notNull()
      .references(() => casinoProviders.id),
    playMoney: boolean('play_money').notNull(),
    launchExpiresAt: timestampTz('launch_expires_at').notNull(),
    exchangedAt: timestampTz('exchanged_at'),
    /** A game session lasts this long after its last use. */
    sessionExpiresAt: timestampTz('session_expires_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('casino_sessions_launch_key').on(table.launchTokenHash),
    uniqueIndex('casino_sessions_session_key').on(table.sessionTokenHash),
    index('casino_sessions_player_idx').on(table.playerId, table.createdAt),
  ],
);

export const CASINO_ROUND_STATUSES = ['open', 'closed', 'rolled_back'] as const;

/** One player's round at one provider: what the per-round limits and the history read. */
export const casinoRounds = pgTable(
  'casino_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys to providers, users, games: docs/decisions.md "No foreign keys from hot rows to master data".
    providerId: text('provider_id').notNull(),
    providerRoundId: text('provider_round_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameId: text('game_id').notNull(),
    status: text('status', { enum: CASINO_ROUND_STATUSES }).notNull(),
    playMoney: boolean('play_money').notNull(),
    /** Accepted bets less refunded ones. */
    stakedPaise: bigint('staked_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wonPaise: bigint('won_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundedPaise: bigint('refunded_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    startedAt: timestampTz('started_at').notNull(),
    closedAt: timestampTz('closed_at'),
  },
  (table) => [
    uniqueIndex('casino_rounds_provider_round_player_key').on(
      table.providerId,
      table.providerRoundId,
      table.playerId,
    ),
    index('casino_rounds_player_idx').on(table.playerId, table.startedAt),
    index('casino_rounds_game_started_idx').on(table.gameId, table.startedAt),
    check(
      'casino_rounds_status_check',
      sql.raw(`status in (${CASINO_ROUND_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

export const CASINO_TRANSACTION_KINDS = ['bet', 'win', 'rollback'] as const;

/**
 * Every provider callback that names a transaction, unique on (provider, transaction id):
 * its first answer is stored whole, so a replay answers it again (refusals included).
 */
export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys to providers, users: docs/decisions.md "No foreign keys from hot rows to master data".
    providerId: text('provider_id').notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    kind: text('kind', { enum: CASINO_TRANSACTION_KINDS }).notNull(),
    /** SHA-256 of the request's fields that matter: the same id with another body is a duplicate. */
    requestHash: text('request_hash').notNull(),
    // No foreign key (docs/decisions.md "No foreign keys between rows written together"): a
    // transaction names the round its database transaction created or locked before writing
    // it, and rounds are never deleted (the database refuses it).
    roundId: bigint('round_id', { mode: 'number' }),
    providerRoundId: text('provider_round_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameId: text('game_id').notNull(),
    /** What the provider asked (paise) and what moved (a capped win credits less). */
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    appliedPaise: bigint('applied_paise', { mode: 'bigint' }).notNull(),
    referenceTransactionId: text('reference_transaction_id'),
    status: text('status').notNull(),
    /** The answer as first sent (contract providerAnswerSchema). */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    walletOperationId: bigint('wallet_operation_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('casino_transactions_provider_tx_key').on(
      table.providerId,
      table.providerTransactionId,
    ),
    index('casino_transactions_round_idx').on(table.roundId),
    index('casino_transactions_player_idx').on(table.playerId, table.createdAt),
    index('casino_transactions_game_created_idx').on(table.gameId, table.createdAt),
  ],
);

export const SPM_ROUND_PHASE_VALUES = ['betting', 'dealing', 'settled'] as const;

/**
 * SPM Games, the built-in provider: its tables' rounds. The server seed is stored from the
 * start (the provider must be able to finish a round after a restart) but only its hash is
 * shown until the round is settled.
 */
export const spmRounds = pgTable(
  'spm_rounds',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id').notNull(),
    number: integer('number').notNull(),
    phase: text('phase', { enum: SPM_ROUND_PHASE_VALUES }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    bettingClosesAt: timestampTz('betting_closes_at').notNull(),
    /** contract SpmRoundOutcome once dealt. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    resultCode: text('result_code'),
    createdAt: createdAt(),
    settledAt: timestampTz('settled_at'),
  },
  (table) => [
    uniqueIndex('spm_rounds_table_number_key').on(table.tableId, table.number),
    check(
      'spm_rounds_phase_check',
      sql.raw(`phase in (${SPM_ROUND_PHASE_VALUES.map((p) => `'${p}'`).join(', ')})`),
    ),
  ],
);

export const SPM_BET_STATUSES = [
  'pending',
  'accepted',
  'won',
  'lost',
  'refunded',
  'refused',
] as const;

/** A player's bet at an SPM table: the provider's side of a bet callback. */
export const spmBets = pgTable(
  'spm_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => spmRounds.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    /**
     * The game session token the bet was placed with, which this round's win and rollback
     * callbacks carry: SPM Games, like any provider, keeps its players' session tokens, so a
     * restart pays owed wins without waiting for the player to come back.
     */
    sessionToken: text('session_token'),
    spot: text('spot').notNull(),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    payoutPaise: bigint('payout_paise', { mode: 'bigint' }),
    status: text('status', { enum: SPM_BET_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The transaction ids SPM Games sent to the operator's wallet. */
    betTransactionId: text('bet_transaction_id').notNull(),
    winTransactionId: text('win_transaction_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('spm_bets_player_key').on(table.playerId, table.idempotencyKey),
    uniqueIndex('spm_bets_bet_transaction_key').on(table.betTransactionId),
    index('spm_bets_round_idx').on(table.roundId),
    check('spm_bets_stake_check', sql`${table.stakePaise} > 0`),
    check(
      'spm_bets_status_check',
      sql.raw(`status in (${SPM_BET_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);
