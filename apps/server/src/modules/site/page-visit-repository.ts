import type { DbHandle } from '../../db/database.ts';
import { pageVisits } from './tables.ts';

export type NewPageVisitRow = typeof pageVisits.$inferInsert;

export async function insertPageVisit(db: DbHandle, row: NewPageVisitRow): Promise<void> {
  await db.insert(pageVisits).values(row);
}
