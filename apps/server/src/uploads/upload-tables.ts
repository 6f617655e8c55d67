import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from '../db/columns.ts';
import { users } from '../modules/identity/tables.ts';

export const UPLOAD_PURPOSES = [
  'deposit_proof',
  'kyc_front',
  'kyc_back',
  'gateway_qr',
  'banner',
] as const;

/** Files stored under generated names in UPLOAD_DIR (outside the web root); staff-only reads. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for staff uploads (gateway QR).
    playerId: bigint('player_id', { mode: 'number' }).references(() => users.id),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    storedName: text('stored_name').notNull().unique('uploads_stored_name_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [index('uploads_player_idx').on(table.playerId)],
);
