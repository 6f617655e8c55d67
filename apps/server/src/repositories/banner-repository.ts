import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { banners } from '../db/schema.ts';

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
