import type { DbHandle } from './database.ts';
import { seedMarks } from './schema.ts';

/**
 * True when this call recorded the mark, i.e. the named content has never been seeded.
 * Run inside the transaction that inserts the content: a concurrent booter blocks on the
 * key until that commits, then sees the conflict and seeds nothing.
 */
export async function claimSeedMark(db: DbHandle, name: string): Promise<boolean> {
  const rows = await db
    .insert(seedMarks)
    .values({ name })
    .onConflictDoNothing({ target: seedMarks.name })
    .returning({ name: seedMarks.name });
  return rows.length > 0;
}
