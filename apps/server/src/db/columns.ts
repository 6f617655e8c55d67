import { timestamp } from 'drizzle-orm/pg-core';

// Column shapes every module's tables share. Imports drizzle only: drizzle-kit loads the
// table files on their own to diff the schema.

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
