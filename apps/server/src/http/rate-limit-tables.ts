import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../db/columns.ts';

/**
 * The per-address limits' counters while Redis is away and the nodes share PostgreSQL
 * (http/rate-limit.ts, issue 39 item 2): one row per limit, address and fixed window, counted
 * by one atomic upsert, on the database's clock so every node agrees when a window ends.
 * Ended windows are deleted now and then; the table holds at most the addresses of the last
 * minutes.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestampTz('window_ends_at').notNull(),
});
