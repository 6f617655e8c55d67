import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.ts';
import { staffUsers } from '../identity/tables.ts';

export const CONTENT_VERSION_STATUSES = ['draft', 'published'] as const;

/**
 * Every version of every content page in every language (issue 44 item 1). A page and
 * language has at most one open draft (the latest version, while unpublished); publishing it
 * records who and when, and older published versions stay as history: players get the latest
 * published one. Rows are never deleted.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    /** 1, 2, 3… per slug and language. */
    version: integer('version').notNull(),
    status: text('status', { enum: CONTENT_VERSION_STATUSES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull(),
    publishedBy: bigint('published_by', { mode: 'number' }).references(() => staffUsers.id),
    publishedAt: timestampTz('published_at'),
  },
  (table) => [
    uniqueIndex('content_versions_page_version_key').on(table.slug, table.language, table.version),
    // What players read: the latest published version of a page and language.
    index('content_versions_published_idx')
      .on(table.slug, table.language, table.version)
      .where(sql`${table.status} = 'published'`),
    check(
      'content_versions_published_check',
      sql`(${table.status} = 'published') = (${table.publishedAt} IS NOT NULL AND ${table.publishedBy} IS NOT NULL)`,
    ),
  ],
);
