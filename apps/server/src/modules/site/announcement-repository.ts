import { desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { announcements } from './tables.ts';

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

/** The back office's list: active and inactive, newest first. */
export const STAFF_ANNOUNCEMENTS_LIMIT = 500;

export function listAllAnnouncements(db: DbHandle): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(STAFF_ANNOUNCEMENTS_LIMIT);
}

export async function findAnnouncement(
  db: DbHandle,
  id: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  return row;
}

export async function insertAnnouncement(
  db: DbHandle,
  row: NewAnnouncementRow,
): Promise<AnnouncementRow> {
  const [inserted] = await db.insert(announcements).values(row).returning();
  return inserted!;
}

export async function updateAnnouncement(
  db: DbHandle,
  id: string,
  values: Partial<Pick<NewAnnouncementRow, 'message' | 'translations' | 'active'>>,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set(values)
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(
  db: DbHandle,
  id: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}
