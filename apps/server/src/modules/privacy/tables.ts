import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/columns.ts';
import { staffUsers, users } from '../identity/tables.ts';

export const DATA_REQUEST_KIND_VALUES = ['correction', 'erasure'] as const;
export const DATA_REQUEST_STATUS_VALUES = ['open', 'done', 'refused'] as const;

/**
 * A player's correction or erasure request (DPDP Act 2023 ss. 12-13), answered by staff before
 * `due_at` (docs/personal-data.md "Deadlines"). One open request of each kind per player.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: DATA_REQUEST_KIND_VALUES }).notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUS_VALUES }).notNull().default('open'),
    // What the player asks to correct (erased with the account on an erasure).
    details: text('details'),
    createdAt: timestampTz('created_at').notNull(),
    dueAt: timestampTz('due_at').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    note: text('note'),
  },
  (table) => [
    check('data_requests_kind_check', sql`${table.kind} in ('correction', 'erasure')`),
    check('data_requests_status_check', sql`${table.status} in ('open', 'done', 'refused')`),
    uniqueIndex('data_requests_open_key')
      .on(table.playerId, table.kind)
      .where(sql`${table.status} = 'open'`),
    index('data_requests_status_due_idx').on(table.status, table.dueAt),
  ],
);
