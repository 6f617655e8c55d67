import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { LIMIT_CHANGE_KINDS } from '@spm/contract';
import { timestampTz } from '../../../db/columns.ts';

/*
 * Safer play limits (migration 0028, docs/safer-play-limits.md). The limits themselves live
 * on the wallet's player row (wallet_versions.limits), read under its lock by every money
 * transaction; these are safer play's own: the history of every change and the prompt/review.
 */

/** Every change of a player's limits, as asked (append only; the audit log has it too). */
export const saferPlayLimitChanges = pgTable(
  'safer_play_limit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    /** The limit (`deposit-24h`, …); null for a skip or a review. */
    name: text('name'),
    change: text('change', { enum: LIMIT_CHANGE_KINDS }).notNull(),
    fromPaise: bigint('from_paise', { mode: 'bigint' }),
    toPaise: bigint('to_paise', { mode: 'bigint' }),
    requestedAt: timestampTz('requested_at').notNull(),
    effectiveAt: timestampTz('effective_at').notNull(),
  },
  (table) => [
    check(
      'safer_play_limit_changes_change_check',
      sql`${table.change} in ('set', 'decrease', 'increase', 'removal', 'cancel', 'skip', 'review')`,
    ),
    index('safer_play_limit_changes_player_idx').on(table.playerId, table.id),
  ],
);

/** When the player answered the limits prompt and last reviewed their limits. */
export const saferPlayLimitPlayers = pgTable('safer_play_limit_players', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  /** The prompt after registration / at the first deposit was answered (set or skipped). */
  promptedAt: timestampTz('prompted_at'),
  depositPromptedAt: timestampTz('deposit_prompted_at'),
  reviewedAt: timestampTz('reviewed_at'),
});
