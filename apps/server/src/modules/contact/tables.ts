import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/columns.ts';
import { staffUsers, users } from '../identity/tables.ts';

export const CONTACT_SUBJECT_VALUES = [
  'account',
  'deposit',
  'withdrawal',
  'bets',
  'casino',
  'technical',
  'other',
] as const;
export const CONTACT_STATUS_VALUES = ['open', 'answered', 'closed'] as const;

/**
 * A message of the contact form (issue 44 item 1, docs/contact-messages.md): from a player
 * (`player_id`) or from a visitor (name and an email or a mobile), answered and closed by staff.
 * `ip` is the sender's address, for the per-address daily cap.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => users.id),
    name: text('name'),
    email: text('email'),
    // National number (ten digits); the country is India (SPEC 5).
    mobile: text('mobile'),
    subject: text('subject', { enum: CONTACT_SUBJECT_VALUES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: CONTACT_STATUS_VALUES }).notNull().default('open'),
    ip: text('ip').notNull(),
    createdAt: timestampTz('created_at').notNull(),
    answer: text('answer'),
    answeredAt: timestampTz('answered_at'),
    answeredByStaffId: bigint('answered_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    closedAt: timestampTz('closed_at'),
    closedByStaffId: bigint('closed_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
  },
  (table) => [
    check(
      'contact_messages_subject_check',
      sql`${table.subject} in ('account', 'deposit', 'withdrawal', 'bets', 'casino', 'technical', 'other')`,
    ),
    check('contact_messages_status_check', sql`${table.status} in ('open', 'answered', 'closed')`),
    check(
      'contact_messages_sender_check',
      sql`${table.playerId} is not null or (${table.name} is not null and (${table.email} is not null or ${table.mobile} is not null))`,
    ),
    index('contact_messages_status_created_idx').on(table.status, table.createdAt),
    index('contact_messages_player_created_idx').on(table.playerId, table.createdAt),
    index('contact_messages_ip_created_idx').on(table.ip, table.createdAt),
  ],
);
