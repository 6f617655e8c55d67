import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Translations } from '@spm/contract';
import { createdAt } from '../../db/columns.ts';

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
    /** The title in other languages (docs/server-content-languages.md). */
    titleTranslations: jsonb('title_translations').$type<Translations>().notNull().default({}),
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
    /** The message in other languages (docs/server-content-languages.md). */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_active_created_at_idx').on(table.active, table.createdAt)],
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
    // A referral code's visits whatever the link's case (docs/referral.md, /api/ref/stats).
    index('page_visits_agent_code_lower_idx')
      .on(sql`lower(${table.agentCode})`, table.trackingId)
      .where(sql`${table.agentCode} is not null`),
  ],
);
