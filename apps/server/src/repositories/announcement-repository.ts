import { desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { announcements } from '../db/schema.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;

/** The ticker shows few lines; the cap keeps a forgotten backlog from bloating every page. */
export const ANNOUNCEMENTS_LIMIT = 50;

export function listActiveAnnouncements(db: DbHandle): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(eq(announcements.active, true))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(ANNOUNCEMENTS_LIMIT);
}

export async function insertAnnouncements(db: DbHandle, rows: NewAnnouncementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(announcements).values(rows);
}
