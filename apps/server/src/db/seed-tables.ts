import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * First-run content already seeded. Banners, announcements and demo users are inserted once;
 * the marker keeps an operator's later deletion from being undone by the next boot.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
