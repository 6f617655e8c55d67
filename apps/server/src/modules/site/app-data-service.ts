import { appDetailsSchema, type Announcement, type AppDetails, type Banner } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { listActiveAnnouncements } from './announcement-repository.ts';
import { listSettings } from './app-settings-repository.ts';
import { listEnabledBanners } from './banner-repository.ts';
import { DEFAULT_APP_SETTINGS, isAppSettingKey } from './app-settings.ts';

/**
 * Read from the table on every call, with no cache: the player app polls this to notice
 * maintenance, and an operator's change must show on the next poll from any server node.
 */
export async function getAppDetails(db: DbHandle): Promise<AppDetails> {
  const rows = await listSettings(db);
  const merged: Record<string, unknown> = { ...DEFAULT_APP_SETTINGS };
  for (const row of rows) {
    if (isAppSettingKey(row.key)) merged[row.key] = row.value;
  }
  const result = appDetailsSchema.safeParse(merged);
  if (!result.success) {
    // Only a hand-edited row gets here (the CLI validates); refuse rather than guess,
    // since a wrong organisationStatus could open a site that is meant to be closed.
    throw new AppError('INTERNAL', undefined, { cause: result.error });
  }
  return result.data;
}

export async function getBanners(db: DbHandle): Promise<Banner[]> {
  const rows = await listEnabledBanners(db);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    order: row.sortOrder,
  }));
}

export async function getAnnouncements(db: DbHandle): Promise<Announcement[]> {
  const rows = await listActiveAnnouncements(db);
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}
