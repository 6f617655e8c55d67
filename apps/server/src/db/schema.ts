import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Kept free of workspace imports: drizzle-kit loads this file on its own to diff the schema.
// Money has no column here yet: balances arrive with the ledger (DESIGN 4), as bigint paise.

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Operator-editable settings the player app reads through /api/getAppDetails. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    sortOrder: integer('sort_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('banners_enabled_sort_order_idx').on(table.enabled, table.sortOrder)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_active_created_at_idx').on(table.active, table.createdAt)],
);

export const USER_STATUSES = ['active', 'locked', 'closed'] as const;

/** Players. Staff live in staff_users so a player token can never reach the back office. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    // Sign-in is case-insensitive; uniqueness is enforced on the folded form.
    usernameLower: text('username_lower').notNull().unique('users_username_lower_key'),
    name: text('name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    // National number without country code (SPEC 3); one account per phone.
    mobile: text('mobile').unique('users_mobile_key'),
    countryCode: text('country_code').notNull().default('91'),
    typeId: integer('type_id').notNull().default(3),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(81026),
    agentCode: text('agent_code'),
    source: text('source'),
    trackingId: text('tracking_id'),
    // The request's own address at sign-up, and the one the app looked up (SPEC 7.7).
    registrationIp: text('registration_ip'),
    reportedIp: text('reported_ip'),
    lastLoginAt: timestampTz('last_login_at'),
    // Per-account login throttling: failures counted in a window that starts at the first.
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStartedAt: timestampTz('failed_login_window_started_at'),
    loginLockedUntil: timestampTz('login_locked_until'),
    isDemo: boolean('is_demo').notNull().default(false),
    // Accounts the platform itself runs (the simulator's market maker); never sign in.
    isSystem: boolean('is_system').notNull().default(false),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('users_status_check', sql`${table.status} in ('active', 'locked', 'closed')`),
    // /api/app/demo asks "is there any demo user" on every sign-in dialog open.
    index('users_demo_idx')
      .on(table.id)
      .where(sql`${table.isDemo}`),
    index('users_agent_code_idx').on(table.agentCode),
    // E-mail is optional but, when given, one account per address whatever its case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);

export const SESSION_REVOKE_REASONS = [
  'signout',
  'password_changed',
  'password_reset',
  'account_locked',
] as const;

/**
 * Player sessions (docs/identity.md). The token itself is never stored: only its SHA-256,
 * so a copy of this table opens no account.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull(),
    // Moves forward with activity, never past the absolute expiry.
    idleExpiresAt: timestampTz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestampTz('absolute_expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokeReason: text('revoke_reason', { enum: SESSION_REVOKE_REASONS }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    check(
      'sessions_revoke_reason_check',
      sql`${table.revokeReason} is null or ${table.revokeReason} in ('signout', 'password_changed', 'password_reset', 'account_locked')`,
    ),
  ],
);

export const OTP_PURPOSES = ['register', 'reset', 'withdraw'] as const;
export const OTP_CONSUME_REASONS = ['verified', 'superseded', 'exhausted'] as const;

/**
 * One-time codes sent by SMS, stored hashed. `consumed_at` ends a code for any reason (used,
 * replaced by a newer code, too many wrong tries); rows stay for the hourly send limits.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // National number without country code, as users.mobile.
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestampTz('consumed_at'),
    consumeReason: text('consume_reason', { enum: OTP_CONSUME_REASONS }),
    createdAt: createdAt(),
    ip: text('ip'),
  },
  (table) => [
    check('otp_codes_purpose_check', sql`${table.purpose} in ('register', 'reset', 'withdraw')`),
    // At most one live code per phone and purpose: a new one supersedes the old.
    uniqueIndex('otp_codes_live_key')
      .on(table.phone, table.purpose)
      .where(sql`${table.consumedAt} is null`),
    index('otp_codes_phone_purpose_created_idx').on(table.phone, table.purpose, table.createdAt),
    index('otp_codes_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

/** A phone proven by /mobileVerification, which /register (OTP on) consumes. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['register'] }).notNull(),
    verifiedAt: timestampTz('verified_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    consumedAt: timestampTz('consumed_at'),
  },
  (table) => [
    check('phone_verifications_purpose_check', sql`${table.purpose} in ('register')`),
    index('phone_verifications_phone_idx').on(table.phone, table.purpose),
  ],
);

/**
 * One /forgot-password request, registered phone or not (so limits and answers read the same
 * either way). The browser holds the ticket in an httpOnly cookie; only its hash is here.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketHash: text('ticket_hash').notNull().unique('password_resets_ticket_hash_key'),
    phone: text('phone').notNull(),
    // Null when the phone belongs to no player: no code was sent and none can match.
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestampTz('consumed_at'),
    ip: text('ip'),
  },
  (table) => [
    index('password_resets_phone_created_idx').on(table.phone, table.createdAt),
    index('password_resets_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

/** What the referral programme counts (POST /api/page/visit). */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trackingId: text('tracking_id').notNull(),
    path: text('path').notNull(),
    source: text('source'),
    agentCode: text('agent_code'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('page_visits_tracking_id_idx').on(table.trackingId),
    index('page_visits_agent_code_created_idx').on(table.agentCode, table.createdAt),
  ],
);

export const STAFF_ROLES = ['admin', 'agent'] as const;

export const staffUsers = pgTable(
  'staff_users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull().unique('staff_users_username_key'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    // The code players type at sign-up to land under this agent (SPEC 6).
    agentCode: text('agent_code').unique('staff_users_agent_code_key'),
    // Base32 TOTP secret; usable for sign-in only once confirmed by a first valid code.
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestampTz('totp_confirmed_at'),
    // The time step of the last accepted code: older or equal steps are refused (no replay).
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    // Sub-agents: an agent's downline includes its sub-agents' players.
    parentStaffId: bigint('parent_staff_id', { mode: 'number' }).references(
      (): AnyPgColumn => staffUsers.id,
    ),
    disabledAt: timestampTz('disabled_at'),
    // Per-account sign-in throttling, as players' (docs/backoffice.md): password steps counted
    // in a window that starts at the first; reserved before the password is checked.
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStartedAt: timestampTz('failed_login_window_started_at'),
    loginLockedUntil: timestampTz('login_locked_until'),
    createdAt: createdAt(),
  },
  (table) => [check('staff_users_role_check', sql`${table.role} in ('admin', 'agent')`)],
);

/**
 * The password step of a staff sign-in: a short-lived challenge the TOTP step redeems. A
 * member enrolling keeps the new secret here until the first valid code confirms it.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('staff_login_challenges_token_hash_key'),
    pendingTotpSecret: text('pending_totp_secret'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    ip: text('ip'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [index('staff_login_challenges_staff_idx').on(table.staffId)],
);

/**
 * First-run content already seeded. Banners, announcements and demo users are inserted once;
 * the marker keeps an operator's later deletion from being undone by the next boot.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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
  'demo_credit',
  'system_transfer',
] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    owner: text('owner', { enum: LEDGER_ACCOUNT_OWNERS }).notNull(),
    // No cascade: a player with money history is closed, never deleted.
    playerId: bigint('player_id', { mode: 'number' }).references(() => users.id),
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
    playerId: bigint('player_id', { mode: 'number' }).references(() => users.id),
    actorStaffId: bigint('actor_staff_id', { mode: 'number' }).references(() => staffUsers.id),
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
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
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
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
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

/** Staff sessions: apart from players' so neither token opens the other side. Hash only. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('staff_sessions_token_hash_key'),
    createdAt: timestampTz('created_at').notNull(),
    lastSeenAt: timestampTz('last_seen_at').notNull(),
    idleExpiresAt: timestampTz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestampTz('absolute_expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    ip: text('ip'),
  },
  (table) => [index('staff_sessions_staff_id_idx').on(table.staffId)],
);

export const AUDIT_ACTOR_TYPES = ['staff', 'player', 'system'] as const;

/** Who changed what, when (UTC) and from where (DESIGN 6). Append only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('audit_log_actor_type_check', sql`${table.actorType} in ('staff', 'player', 'system')`),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
  ],
);

/*
 * Sports exchange (DESIGN 5, docs/decisions.md "The exchange"). The orders table is the
 * truth; the in-memory books are rebuilt from its unmatched orders at boot.
 */
export const EVENT_STATUSES = ['upcoming', 'in_play', 'closed'] as const;
export const MARKET_TYPES = ['match_odds', 'bookmaker', 'fancy'] as const;
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'voided'] as const;
export const ORDER_SIDES = ['back', 'lay', 'yes', 'no'] as const;

export const competitions = pgTable('competitions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sportId: integer('sport_id').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sportId: integer('sport_id').notNull(),
    competitionId: bigint('competition_id', { mode: 'number' })
      .notNull()
      .references(() => competitions.id),
    name: text('name').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    startTime: timestampTz('start_time').notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('upcoming'),
    liveTvUrl: text('live_tv_url'),
    // Events the built-in simulator runs (prices, suspensions, random results); it never
    // touches the others, which staff run by hand.
    simulated: boolean('simulated').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('events_status_check', sql`${table.status} in ('upcoming', 'in_play', 'closed')`),
    index('events_status_start_idx').on(table.status, table.startTime),
  ],
);

export const markets = pgTable(
  'markets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    type: text('type', { enum: MARKET_TYPES }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: MARKET_STATUSES }).notNull().default('open'),
    inPlay: boolean('in_play').notNull().default(false),
    minStakePaise: bigint('min_stake_paise', { mode: 'bigint' }).notNull(),
    maxStakePaise: bigint('max_stake_paise', { mode: 'bigint' }).notNull(),
    maxProfitPaise: bigint('max_profit_paise', { mode: 'bigint' }).notNull(),
    inPlayDelayMs: integer('in_play_delay_ms').notNull().default(0),
    commissionBps: integer('commission_bps').notNull().default(0),
    line: integer('line'),
    yesRate: integer('yes_rate'),
    noRate: integer('no_rate'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    settledVersion: integer('settled_version').notNull().default(0),
    resultRunnerId: bigint('result_runner_id', { mode: 'number' }),
    resultValue: integer('result_value'),
    resultVoid: boolean('result_void'),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('markets_type_check', sql`${table.type} in ('match_odds', 'bookmaker', 'fancy')`),
    check(
      'markets_status_check',
      sql`${table.status} in ('open', 'suspended', 'closed', 'settled', 'voided')`,
    ),
    index('markets_event_idx').on(table.eventId),
  ],
);

export const runners = pgTable(
  'runners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    backRate: integer('back_rate'),
    layRate: integer('lay_rate'),
  },
  (table) => [index('runners_market_idx').on(table.marketId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    runnerId: bigint('runner_id', { mode: 'number' }).references(() => runners.id),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    // Exchange: the limit price in hundredths; bookmaker and fancy: the rate per 100.
    priceHundredths: integer('price_hundredths'),
    rate: integer('rate'),
    line: integer('line'),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    matchedPaise: bigint('matched_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cancelledPaise: bigint('cancelled_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    // The first answer, replayed as is for the same key.
    answer: jsonb('answer').$type<unknown>(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    profitLossPaise: bigint('profit_loss_paise', { mode: 'bigint' }),
    settledAt: timestampTz('settled_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('orders_side_check', sql`${table.side} in ('back', 'lay', 'yes', 'no')`),
    check(
      'orders_amounts_check',
      sql`${table.stakePaise} > 0 and ${table.matchedPaise} >= 0 and ${table.cancelledPaise} >= 0 and ${table.matchedPaise} + ${table.cancelledPaise} <= ${table.stakePaise}`,
    ),
    uniqueIndex('orders_player_idempotency_key').on(table.playerId, table.idempotencyKey),
    index('orders_market_status_idx').on(table.marketId, table.status),
    index('orders_player_created_idx').on(table.playerId, table.createdAt),
  ],
);

export const fills = pgTable(
  'fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    runnerId: bigint('runner_id', { mode: 'number' })
      .notNull()
      .references(() => runners.id),
    takerOrderId: bigint('taker_order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    makerOrderId: bigint('maker_order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    takerPlayerId: bigint('taker_player_id', { mode: 'number' }).notNull(),
    makerPlayerId: bigint('maker_player_id', { mode: 'number' }).notNull(),
    takerSide: text('taker_side').notNull(),
    priceHundredths: integer('price_hundredths').notNull(),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [index('fills_market_idx').on(table.marketId)],
);

/** What the wallet holds for one player in one market; the exposure_hold account is their sum. */
export const marketExposures = pgTable(
  'market_exposures',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    exposurePaise: bigint('exposure_paise', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('market_exposures_player_market_key').on(table.playerId, table.marketId),
    index('market_exposures_market_idx').on(table.marketId),
  ],
);

/** One row per settlement of a market; a correction adds the next version. */
export const settlements = pgTable(
  'settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    version: integer('version').notNull(),
    result: jsonb('result').$type<unknown>().notNull(),
    // Per player: the postings written, so a correction can reverse them exactly.
    playerPostings: jsonb('player_postings').$type<unknown>().notNull(),
    actorStaffId: bigint('actor_staff_id', { mode: 'number' }),
    reversedAt: timestampTz('reversed_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [uniqueIndex('settlements_market_version_key').on(table.marketId, table.version)],
);

/*
 * The cashier (issue 6, docs/cashier.md): gateways, uploads, deposits, bank details,
 * withdrawals and KYC. Money only moves through the ledger; these rows are the requests and
 * their decisions. A decision is a conditional UPDATE `where status = 'pending'`, so of two
 * staff clicking at once exactly one changes the row (and posts to the ledger).
 */
export const GATEWAY_ADAPTERS = ['manual', 'fastpay'] as const;

export const paymentGateways = pgTable('payment_gateways', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  currency: text('currency').notNull().default('INR'),
  // Paise of points one unit of the currency is worth (100 for INR, 9000 for USDT at 90).
  unitPricePaise: bigint('unit_price_paise', { mode: 'bigint' }).notNull(),
  minDepositPaise: bigint('min_deposit_paise', { mode: 'bigint' }).notNull(),
  maxDepositPaise: bigint('max_deposit_paise', { mode: 'bigint' }).notNull(),
  presetsPaise: jsonb('presets_paise').$type<string[]>().notNull(),
  instructions: text('instructions').notNull().default(''),
  payTo: jsonb('pay_to').$type<Record<string, string | null>>().notNull(),
  // The uploaded QR image (uploads.id), served publicly at /api/gateways/{code}/qr.
  qrUploadId: uuid('qr_upload_id'),
  adapter: text('adapter', { enum: GATEWAY_ADAPTERS }).notNull().default('manual'),
  // Basis points: 1000 = 10 %.
  depositBonusBps: integer('deposit_bonus_bps').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  withdrawEnabled: boolean('withdraw_enabled').notNull().default(false),
  minWithdrawPaise: bigint('min_withdraw_paise', { mode: 'bigint' }).notNull(),
  maxWithdrawPaise: bigint('max_withdraw_paise', { mode: 'bigint' }).notNull(),
  withdrawExtraBps: integer('withdraw_extra_bps').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const UPLOAD_PURPOSES = [
  'deposit_proof',
  'kyc_front',
  'kyc_back',
  'gateway_qr',
  'banner',
] as const;

/** Files stored under generated names in UPLOAD_DIR (outside the web root); staff-only reads. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for staff uploads (gateway QR).
    playerId: bigint('player_id', { mode: 'number' }).references(() => users.id),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    storedName: text('stored_name').notNull().unique('uploads_stored_name_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [index('uploads_player_idx').on(table.playerId)],
);

export const DEPOSIT_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;

export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gatewayCode: text('gateway_code')
      .notNull()
      .references(() => paymentGateways.code),
    automated: boolean('automated').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    bonusPaise: bigint('bonus_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    // The player's UTR / transaction reference (manual deposits), stored upper-cased.
    reference: text('reference'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    expiresAt: timestampTz('expires_at').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    // Automated deposits: the gateway's ids and where to pay.
    gatewayTxnId: text('gateway_txn_id'),
    payUrl: text('pay_url'),
    payAddress: text('pay_address'),
    network: text('network'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'deposit_requests_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined', 'expired')`,
    ),
    check('deposit_requests_amount_check', sql`${table.amountPaise} > 0`),
    // A reference is used once, whoever used it; an expired request gives its reference back.
    uniqueIndex('deposit_requests_reference_key')
      .on(table.reference)
      .where(sql`${table.reference} is not null and ${table.status} <> 'expired'`),
    uniqueIndex('deposit_requests_gateway_txn_key').on(table.gatewayCode, table.gatewayTxnId),
    index('deposit_requests_player_created_idx').on(table.playerId, table.createdAt),
    index('deposit_requests_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const BANK_DETAIL_TYPES = ['bank', 'card', 'upi'] as const;

/** SPEC 3 bank fields. Soft-deleted: withdrawals keep a snapshot, the row stays for audit. */
export const bankDetails = pgTable(
  'bank_details',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: BANK_DETAIL_TYPES }).notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    iban: text('iban'),
    ifscCode: text('ifsc_code'),
    bankName: text('bank_name'),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: timestampTz('updated_at').notNull(),
    deletedAt: timestampTz('deleted_at'),
  },
  (table) => [
    check('bank_details_type_check', sql`${table.type} in ('bank', 'card', 'upi')`),
    index('bank_details_player_idx').on(table.playerId),
  ],
);

export const WITHDRAW_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export const WITHDRAW_DESTINATION_TYPES = ['bank', 'card', 'upi', 'crypto'] as const;

export const withdrawRequests = pgTable(
  'withdraw_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    extraPaise: bigint('extra_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    destinationType: text('destination_type', { enum: WITHDRAW_DESTINATION_TYPES }).notNull(),
    bankDetailId: bigint('bank_detail_id', { mode: 'number' }).references(() => bankDetails.id),
    gatewayCode: text('gateway_code').references(() => paymentGateways.code),
    // What the destination was when requested (later edits do not change where money goes).
    destination: jsonb('destination').$type<Record<string, string | null>>().notNull(),
    status: text('status', { enum: WITHDRAW_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'withdraw_requests_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined', 'cancelled')`,
    ),
    check('withdraw_requests_amount_check', sql`${table.amountPaise} > 0`),
    uniqueIndex('withdraw_requests_player_key').on(table.playerId, table.idempotencyKey),
    index('withdraw_requests_player_created_idx').on(table.playerId, table.createdAt),
    index('withdraw_requests_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const KYC_STATUSES = ['pending', 'approved', 'declined'] as const;

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    docType: integer('doc_type').notNull(),
    docId: text('doc_id'),
    frontUploadId: uuid('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    backUploadId: uuid('back_upload_id').references(() => uploads.id),
    status: text('status', { enum: KYC_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'kyc_submissions_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined')`,
    ),
    check('kyc_submissions_doc_type_check', sql`${table.docType} in (0, 2, 3, 4)`),
    // One submission under review at a time.
    uniqueIndex('kyc_submissions_pending_key')
      .on(table.playerId)
      .where(sql`${table.status} = 'pending'`),
    index('kyc_submissions_player_created_idx').on(table.playerId, table.createdAt),
    index('kyc_submissions_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const SIM_PAYMENT_STATUSES = ['created', 'paid', 'failed'] as const;

/**
 * The built-in gateway simulator's own book (it stands in for the external gateway in the
 * embedded default): payments it was asked to create, paid or failed on its pay page.
 */
export const gatewaySimPayments = pgTable('gateway_sim_payments', {
  txnId: text('txn_id').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
  payAmount: text('pay_amount').notNull(),
  currency: text('currency').notNull(),
  payAddress: text('pay_address'),
  network: text('network'),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: SIM_PAYMENT_STATUSES }).notNull().default('created'),
  createdAt: timestampTz('created_at').notNull(),
});
