import {
  appDetailsSchema,
  isBuiltPlayerPath,
  type Announcement,
  type AppDetails,
  type Banner,
  type Language,
  textIn,
} from '@spm/contract';
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

/**
 * A banner players may see: no link, a link elsewhere, or a page of the player app that is
 * built. One leading to a "coming soon" page (or to no page) stays stored and shows by itself
 * once its page is built (issue 40 item 7, docs/backoffice.md "Banners").
 */
export function leadsToRealPage(linkUrl: string | null): boolean {
  return linkUrl === null || !linkUrl.startsWith('/') || isBuiltPlayerPath(linkUrl);
}

/** The banners with their titles in `language` (English where none is given). */
export async function getBanners(db: DbHandle, language: Language): Promise<Banner[]> {
  const rows = await listEnabledBanners(db);
  return rows
    .filter((row) => leadsToRealPage(row.linkUrl))
    .map((row) => ({
      id: row.id,
      title: textIn(row.title, row.titleTranslations, language),
      imageUrl: row.imageUrl,
      linkUrl: row.linkUrl,
      order: row.sortOrder,
    }));
}

/** The announcements in `language` (English where none is given). */
export async function getAnnouncements(db: DbHandle, language: Language): Promise<Announcement[]> {
  const rows = await listActiveAnnouncements(db);
  return rows.map((row) => ({
    id: row.id,
    message: textIn(row.message, row.translations, language),
    createdAt: row.createdAt.toISOString(),
  }));
}
