import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../db/columns.ts';

export const AUDIT_ACTOR_TYPES = ['staff', 'player', 'system'] as const;

/** Who changed what, when (UTC) and from where (DESIGN 6). Append only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('audit_log_actor_type_check', sql`${table.actorType} in ('staff', 'player', 'system')`),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
  ],
);
