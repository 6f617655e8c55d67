import { eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { uploads, type UPLOAD_PURPOSES } from './upload-tables.ts';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export async function insertUpload(db: DbHandle, row: NewUploadRow): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: DbHandle, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}
