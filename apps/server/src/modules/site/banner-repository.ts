import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { banners } from './tables.ts';

export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;

/** Enabled banners in display order; ties keep insertion order so the carousel is stable. */
export function listEnabledBanners(db: DbHandle): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id));
}

export async function insertBanners(db: DbHandle, rows: NewBannerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(banners).values(rows);
}

/** The back office's list: every banner, disabled too, in display order. */
export const STAFF_BANNERS_LIMIT = 500;

export function listAllBanners(db: DbHandle): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .orderBy(asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id))
    .limit(STAFF_BANNERS_LIMIT);
}

export async function findBanner(db: DbHandle, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).limit(1);
  return row;
}

export async function insertBanner(db: DbHandle, row: NewBannerRow): Promise<BannerRow> {
  const [inserted] = await db.insert(banners).values(row).returning();
  return inserted!;
}

export async function updateBanner(
  db: DbHandle,
  id: string,
  values: Partial<
    Pick<NewBannerRow, 'title' | 'titleTranslations' | 'linkUrl' | 'sortOrder' | 'enabled'>
  >,
): Promise<BannerRow | undefined> {
  const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(db: DbHandle, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}
