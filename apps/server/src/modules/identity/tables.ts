import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.ts';

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
    // The player whose referral code this player signed up with (docs/referral.md).
    referrerId: bigint('referrer_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    source: text('source'),
    trackingId: text('tracking_id'),
    // The request's own address at sign-up, and the one the app looked up (SPEC 7.7).
    registrationIp: text('registration_ip'),
    reportedIp: text('reported_ip'),
    // Regions (issue 42 item 7): the declared Indian state and the 18+ confirmation's time.
    declaredState: text('declared_state'),
    ageConfirmedAt: timestampTz('age_confirmed_at'),
    lastLoginAt: timestampTz('last_login_at'),
    // Per-account login throttling: failures counted in a window that starts at the first.
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStartedAt: timestampTz('failed_login_window_started_at'),
    loginLockedUntil: timestampTz('login_locked_until'),
    isDemo: boolean('is_demo').notNull().default(false),
    // Accounts the platform itself runs (the simulator's market maker); never sign in.
    isSystem: boolean('is_system').notNull().default(false),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    // Consent to WhatsApp/Telegram updates (the registration checkbox, /profile): when last
    // given and when last withdrawn; it holds while given is the later (docs/personal-data.md).
    updatesConsentAt: timestampTz('updates_consent_at'),
    updatesConsentWithdrawnAt: timestampTz('updates_consent_withdrawn_at'),
    // When an erasure request anonymised the account (status is then 'closed').
    erasedAt: timestampTz('erased_at'),
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
    // A referrer's invited players, newest first (/api/ref/children).
    index('users_referrer_created_idx')
      .on(table.referrerId, table.createdAt)
      .where(sql`${table.referrerId} is not null`),
    // E-mail is optional but, when given, one account per address whatever its case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);

export const SESSION_REVOKE_REASONS = [
  'signout',
  'password_changed',
  'password_reset',
  'account_locked',
  // A time-out or self-exclusion (safer play) ends every session at once.
  'excluded',
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
      sql`${table.revokeReason} is null or ${table.revokeReason} in ('signout', 'password_changed', 'password_reset', 'account_locked', 'excluded')`,
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

/**
 * A player's own referral code (docs/referral.md): made on request, one per player, unique
 * whatever its case. A friend who signs up with it gets `users.referrer_id` set to the player.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('referral_codes_code_lower_key').on(sql`lower(${table.code})`)],
);
