import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../db/columns.ts';

/*
 * Several nodes (docs/decisions.md "Several nodes"). Times are the database's clock
 * (`now()`, `clock_timestamp()`), never a node's, so nodes with skewed clocks agree on who is
 * alive and whose lease has run out.
 */

/** Each running server node: where others forward to, and when it last said it was alive. */
export const clusterNodes = pgTable('cluster_nodes', {
  nodeId: text('node_id').primaryKey(),
  /** The internal base URL others forward a request to (http://10.0.0.5:8080). */
  address: text('address').notNull(),
  /** It runs the market simulator (the feed): simulated markets are owned there. */
  runsFeed: boolean('runs_feed').notNull().default(false),
  /** It runs the crash game (CRASH_GAME): the game's lease is designated among these. */
  runsCrash: boolean('runs_crash').notNull().default(true),
  startedAt: timestampTz('started_at').notNull(),
  heartbeatAt: timestampTz('heartbeat_at').notNull(),
});

/**
 * Who owns each resource (docs/decisions.md "One lease per resource"): an exchange market
 * (`exchange-market:42`), a crash game, a sportsbook event. One row per resource ever owned;
 * `token` (the fencing token) grows by one at every takeover, and a transaction that changes
 * the resource's rows or money first locks this row FOR KEY SHARE and checks the token
 * (resource-lease.ts `holdFences`): a takeover waits for it, and an old owner that lost the
 * lease cannot commit.
 */
export const resourceLeases = pgTable(
  'resource_leases',
  {
    // `kind:id`; no foreign key: a lease is infrastructure, and its kinds live in many tables.
    resource: text('resource').primaryKey(),
    ownerNode: text('owner_node'),
    token: bigint('token', { mode: 'number' }).notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (table) => [index('resource_leases_owner_idx').on(table.ownerNode)],
);
