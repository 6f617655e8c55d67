import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../../db/columns.ts';
import { users } from '../../identity/tables.ts';

/**
 * Every time-out and self-exclusion a player took (issue 42 item 3). Rows are never shortened
 * or deleted; a self-exclusion's return (asked after its end) is the only later change. The
 * wallet's own row carries what money moves enforce (docs/safer-play-exclusion.md).
 */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['time_out', 'self_exclusion'] }).notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    returnRequestedAt: timestampTz('return_requested_at'),
    returnsAt: timestampTz('returns_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('player_exclusions_player_idx').on(table.playerId, table.id),
    check('player_exclusions_kind_check', sql`${table.kind} in ('time_out', 'self_exclusion')`),
    check('player_exclusions_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'player_exclusions_return_kind',
      sql`${table.returnRequestedAt} is null or ${table.kind} = 'self_exclusion'`,
    ),
  ],
);
