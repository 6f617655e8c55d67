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
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Kept free of workspace imports: drizzle-kit loads this file on its own to diff the schema.
// Money has no column here yet: balances arrive with the ledger (DESIGN 4), as bigint paise.

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    registrationIp: text('registration_ip'),
    isDemo: boolean('is_demo').notNull().default(false),
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
    totpSecret: text('totp_secret'),
    createdAt: createdAt(),
  },
  (table) => [check('staff_users_role_check', sql`${table.role} in ('admin', 'agent')`)],
);

/**
 * First-run content already seeded. Banners, announcements and demo users are inserted once;
 * the marker keeps an operator's later deletion from being undone by the next boot.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
