import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../../db/columns.ts';
import { users } from '../../identity/tables.ts';

/**
 * A player's reality-check interval and session time limit, in minutes (null: off); one row
 * per player who ever set them (migration 0029). Every change is also in audit_log.
 */
export const rgSessionSettings = pgTable(
  'rg_session_settings',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    realityCheckMinutes: integer('reality_check_minutes'),
    sessionLimitMinutes: integer('session_limit_minutes'),
    updatedAt: timestampTz('updated_at').notNull(),
  },
  (table) => [
    check(
      'rg_session_settings_reality_check_check',
      sql`${table.realityCheckMinutes} is null or ${table.realityCheckMinutes} between 15 and 120`,
    ),
    check(
      'rg_session_settings_session_limit_check',
      sql`${table.sessionLimitMinutes} is null or ${table.sessionLimitMinutes} between 15 and 1440`,
    ),
  ],
);
