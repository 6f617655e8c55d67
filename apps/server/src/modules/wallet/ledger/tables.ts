import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../../db/columns.ts';
import type { NotificationTranslations } from '@spm/contract';

/*
 * The ledger (DESIGN 4, docs/decisions.md "The ledger in the database"). Money is bigint
 * paise. Postings are written once and never updated or deleted; a correction is a new
 * transaction. Player balances are kept on their account rows (guarded against going below
 * zero); system balances are the sum of their postings.
 */
export const LEDGER_ACCOUNT_OWNERS = ['player', 'system'] as const;

/** Statement types (contract STATEMENT_ENTRY_TYPES) plus kinds that never touch a player. */
export const LEDGER_TRANSACTION_KINDS = [
  'adjustment_credit',
  'adjustment_debit',
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_release',
  'bet_hold',
  'bet_release',
  'bet_settlement',
  'bonus',
  // Bonus coins that became cash (wagering met), and coins taken back (docs/bonus.md).
  'bonus_release',
  'bonus_forfeit',
  'demo_credit',
  // A play-money site's daily points a player claims (issue 42 item 6, docs/play-money.md).
  'play_allowance',
  'system_transfer',
] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    owner: text('owner', { enum: LEDGER_ACCOUNT_OWNERS }).notNull(),
    // No cascade: a player with money history is closed, never deleted. The foreign key to
    // users stays in SQL (0001) but is not declared here: the wallet sits below identity and
    // does not import its tables (docs/decisions.md "The wallet's own player row").
    playerId: bigint('player_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    balancePaise: bigint('balance_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    check('ledger_accounts_owner_check', sql`${table.owner} in ('player', 'system')`),
    check(
      'ledger_accounts_owner_player_check',
      sql`(${table.owner} = 'player') = (${table.playerId} is not null)`,
    ),
    // The database's own backstop behind the guarded UPDATE.
    check(
      'ledger_accounts_balance_check',
      sql`${table.owner} = 'system' or ${table.balancePaise} >= 0`,
    ),
    uniqueIndex('ledger_accounts_player_kind_key').on(table.playerId, table.kind),
    uniqueIndex('ledger_accounts_system_kind_key')
      .on(table.kind)
      .where(sql`${table.playerId} is null`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').unique('ledger_transactions_idempotency_key_key'),
    requestHash: text('request_hash'),
    description: text('description').notNull(),
    reference: text('reference').notNull(),
    // No foreign key to users: see docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }),
    // Foreign key to staff_users in SQL only (see ledgerAccounts.playerId).
    actorStaffId: bigint('actor_staff_id', { mode: 'number' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'ledger_transactions_kind_check',
      sql.raw(`kind in (${LEDGER_TRANSACTION_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
    index('ledger_transactions_player_created_idx').on(table.playerId, table.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key on purpose (docs/decisions.md "No foreign keys between rows written
    // together"): a posting is inserted by the statement that inserts its transaction, joined
    // to it, and ledger transactions are never deleted (the database refuses it).
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    // No foreign key on purpose: its check takes a KEY SHARE lock on the account row, and on
    // the one house account every concurrent posting would queue on that lock (MultiXacts).
    // Accounts are never deleted and postings only ever name ids the service resolved.
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    // Player accounts only: system balances are sums, not row values.
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'bigint' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('ledger_postings_amount_check', sql`${table.amountPaise} <> 0`),
    index('ledger_postings_account_created_idx').on(
      table.accountId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('ledger_postings_transaction_idx').on(table.transactionId),
  ],
);

export const NOTIFICATION_STATUSES = ['success', 'info', 'warning', 'error'] as const;

/** Per-player notifications (the bell); a toast goes out with each one. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Foreign key to users (on delete cascade) in SQL only (see ledgerAccounts.playerId).
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Title and message in other languages, when staff wrote them (a broadcast). */
    translations: jsonb('translations').$type<NotificationTranslations>(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull(),
    readAt: timestampTz('read_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'notifications_status_check',
      sql`${table.status} in ('success', 'info', 'warning', 'error')`,
    ),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
  ],
);

export const MONEY_MODES = ['real', 'play'] as const;
export type MoneyMode = (typeof MONEY_MODES)[number];

/**
 * The wallet's own row per player (docs/decisions.md "The wallet's own player row"; the table
 * keeps its first name, wallet_versions). Every money transaction locks it FIRST, in player id
 * order, before any hold, operation or account row of the player. `version` is raised once by
 * every transaction that moves the player's money, so two commits cannot reach the player's
 * sockets with their versions out of order and the app can drop a stale `update_balance`.
 * `money_mode` decides whether the player plays for points (the play-money counterparty);
 * `excluded_until` / `time_out_until` are read by the limit policies (a permanent
 * self-exclusion is PERMANENT_EXCLUSION_UNTIL); `funding_terms` are the active funding terms
 * (bonus issue, unused yet). Created by identity through openPlayerWallet.
 */
export const walletVersions = pgTable(
  'wallet_versions',
  {
    // No foreign key to users: see docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    moneyMode: text('money_mode', { enum: MONEY_MODES }).notNull().default('real'),
    excludedUntil: timestampTz('excluded_until'),
    timeOutUntil: timestampTz('time_out_until'),
    fundingTerms: jsonb('funding_terms'),
    /** Safer-play limits (core's limitsToJson; null: none), read by the limit policies. */
    limits: jsonb('limits'),
  },
  (table) => [
    check('wallet_versions_money_mode_check', sql`${table.moneyMode} in ('real', 'play')`),
  ],
);

/** The wallet's per-player row under the name the issue gives it. */
export const walletPlayers = walletVersions;

/**
 * Per player and hour, the running totals the limit policies read (docs/decisions.md
 * "Hourly totals of a player's money"), written in the transaction that moves the money: a
 * 30-day window is at most 720 rows.
 */
export const walletPlayerHours = pgTable(
  'wallet_player_hours',
  {
    // No foreign key: a hot row written with the money move (see walletVersions).
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    hour: timestampTz('hour').notNull(),
    depositedPaise: bigint('deposited_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakedPaise: bigint('staked_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wonPaise: bigint('won_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.hour] })],
);

/** Funding parts as stored (jsonb): paise as decimal text, zero parts left out. */
export type StoredParts = { wallet: string; amountPaise: string }[];

/** The products that move money through the wallet API (DESIGN 1). */
export const WALLET_PRODUCTS = ['exchange', 'casino', 'crash', 'sportsbook'] as const;
export const WALLET_OPERATIONS = [
  'stake',
  'release',
  'win',
  'settle',
  'rollback',
  'reverse',
] as const;
/**
 * done: applied. rolled_back: a stake a rollback refunded. cancelled: a marker for a
 * transaction that was rolled back before it arrived, so the late request is refused.
 */
export const WALLET_OPERATION_STATUSES = ['done', 'rolled_back', 'cancelled'] as const;

/**
 * Every wallet API call, unique on (product, external id): what makes a provider's retry
 * answer the first result, what a rollback finds and reverses, and which wallet was used.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    product: text('product', { enum: WALLET_PRODUCTS }).notNull(),
    externalId: text('external_id').notNull(),
    operation: text('operation', { enum: WALLET_OPERATIONS }).notNull(),
    status: text('status', { enum: WALLET_OPERATION_STATUSES }).notNull(),
    // No foreign key to users: see docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    roundId: text('round_id').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The main player wallet the money came from or went to (its first part; cash today). */
    wallet: text('wallet').notNull(),
    /**
     * The money per player wallet (`StoredParts`, docs/decisions.md "Funding parts"): what a
     * stake took from each, what a payout or refund paid into each. Null: all of it cash.
     */
    parts: jsonb('parts').$type<StoredParts>(),
    /** The round's hold moved per wallet (a settlement's settled parts). Null: all cash. */
    holdParts: jsonb('hold_parts').$type<StoredParts>(),
    /** Stake, win, payout or hold moved, as the operation names it. */
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    /** Money that moved into (or out of, negative) the round's hold. */
    holdDeltaPaise: bigint('hold_delta_paise', { mode: 'bigint' }).notNull(),
    /** The rollback's target (its external id), or the operation that undid this one. */
    relatedExternalId: text('related_external_id'),
    // No foreign key: written by the statement that writes its ledger transaction (see
    // ledgerPostings.transactionId).
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'bigint' }),
    walletVersion: bigint('wallet_version', { mode: 'number' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('wallet_operations_product_external_key').on(table.product, table.externalId),
    index('wallet_operations_round_idx').on(table.product, table.playerId, table.roundId),
    check(
      'wallet_operations_product_check',
      sql.raw(`product in (${WALLET_PRODUCTS.map((p) => `'${p}'`).join(', ')})`),
    ),
    check(
      'wallet_operations_operation_check',
      sql.raw(`operation in (${WALLET_OPERATIONS.map((o) => `'${o}'`).join(', ')})`),
    ),
    check(
      'wallet_operations_status_check',
      sql.raw(`status in (${WALLET_OPERATION_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * What the wallet holds for a round of a product (an exchange market, a sportsbook bet):
 * the player's exposure_hold is the sum of these (the exchange keeps the same number in its
 * market_exposures for its reads).
 */
export const walletHolds = pgTable(
  'wallet_holds',
  {
    // No foreign key to users: see docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    product: text('product', { enum: WALLET_PRODUCTS }).notNull(),
    roundId: text('round_id').notNull(),
    heldPaise: bigint('held_paise', { mode: 'bigint' }).notNull(),
    /** The hold per wallet that funded it (`StoredParts`). Null: all of it cash. */
    parts: jsonb('parts').$type<StoredParts>(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.product, table.roundId] }),
    check('wallet_holds_held_check', sql`${table.heldPaise} >= 0`),
  ],
);

/** A round's state in the wallet: open until its product closes it (`closeRound`, `close`). */
export const WALLET_ROUND_STATES = ['open', 'closed'] as const;

/**
 * The rounds a product closed, per player (docs/decisions.md "Rounds in the wallet"): a
 * closed round's stakes stand (a rollback is refused ROUND_CLOSED). A round with no row is
 * open; reversing the payout that closed it opens it again.
 */
export const walletRounds = pgTable(
  'wallet_rounds',
  {
    // No foreign key to users: see docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    product: text('product', { enum: WALLET_PRODUCTS }).notNull(),
    roundId: text('round_id').notNull(),
    state: text('state', { enum: WALLET_ROUND_STATES }).notNull(),
    closedAt: timestampTz('closed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.product, table.roundId] }),
    check('wallet_rounds_state_check', sql`${table.state} in ('open', 'closed')`),
    check(
      'wallet_rounds_closed_at_check',
      sql`(${table.state} = 'closed') = (${table.closedAt} is not null)`,
    ),
  ],
);
