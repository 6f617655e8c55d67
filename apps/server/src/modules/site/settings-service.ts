import type { AppDetails } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { forgetSiteStatus } from './site-status.ts';
import { upsertSetting } from './app-settings-repository.ts';
import type { AppSettingKey } from './app-settings.ts';

/** Stores one already-validated setting (see parseSettingValue). */
export async function setAppSetting<K extends AppSettingKey>(
  db: DbHandle,
  key: K,
  value: AppDetails[K],
): Promise<void> {
  await upsertSetting(db, { key, value });
  if (key === 'organisationStatus') forgetSiteStatus();
}
