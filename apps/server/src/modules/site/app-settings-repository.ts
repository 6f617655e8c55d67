import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { appSettings } from './tables.ts';

export interface SettingRow {
  key: string;
  value: unknown;
}

export function listSettings(db: DbHandle): Promise<SettingRow[]> {
  return db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
}

/** One row's stored value (any key, also those that are not app details), or undefined. */
export async function findSetting(db: DbHandle, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value;
}

/** Inserts the rows whose key is absent; existing (operator-set) values are kept. */
export async function insertMissingSettings(db: DbHandle, rows: SettingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(appSettings)
    .values(rows)
    .onConflictDoNothing({ target: appSettings.key })
    .returning({ key: appSettings.key });
  return inserted.length;
}

export async function upsertSetting(db: DbHandle, row: SettingRow): Promise<void> {
  await db
    .insert(appSettings)
    .values(row)
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: row.value, updatedAt: sql`now()` },
    });
}
