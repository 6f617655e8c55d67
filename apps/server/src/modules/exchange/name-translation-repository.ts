import {
  NAME_SEARCH_LIMIT,
  type NameTranslationKind,
  type StaffNameTranslation,
  type Translations,
} from '@spm/contract';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { events, markets, nameTranslations, runners } from './tables.ts';

/** `q` as an ILIKE pattern matching it anywhere, its own wildcards taken literally. */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const namesOf = (kind: NameTranslationKind, id: typeof markets.id | typeof runners.id) =>
  and(eq(nameTranslations.kind, kind), eq(nameTranslations.targetId, id));

/** Markets with their event's name and translations, newest first. */
async function marketsWhere(db: DbHandle, where: SQL | undefined): Promise<StaffNameTranslation[]> {
  const rows = await db
    .select({
      id: markets.id,
      name: markets.name,
      event: events.name,
      names: nameTranslations.names,
    })
    .from(markets)
    .innerJoin(events, eq(events.id, markets.eventId))
    .leftJoin(nameTranslations, namesOf('market', markets.id))
    .where(where)
    .orderBy(desc(markets.id))
    .limit(NAME_SEARCH_LIMIT);
  return rows.map((row) => ({
    kind: 'market',
    id: String(row.id),
    name: row.name,
    context: row.event,
    translations: row.names ?? {},
  }));
}

/** Runners with their event's and market's names and translations, newest first. */
async function runnersWhere(db: DbHandle, where: SQL | undefined): Promise<StaffNameTranslation[]> {
  const rows = await db
    .select({
      id: runners.id,
      name: runners.name,
      market: markets.name,
      event: events.name,
      names: nameTranslations.names,
    })
    .from(runners)
    .innerJoin(markets, eq(markets.id, runners.marketId))
    .innerJoin(events, eq(events.id, markets.eventId))
    .leftJoin(nameTranslations, namesOf('runner', runners.id))
    .where(where)
    .orderBy(desc(runners.id))
    .limit(NAME_SEARCH_LIMIT);
  return rows.map((row) => ({
    kind: 'runner',
    id: String(row.id),
    name: row.name,
    context: `${row.event} · ${row.market}`,
    translations: row.names ?? {},
  }));
}

/** Up to NAME_SEARCH_LIMIT markets, then as many runners, matching `q`. */
export async function searchNames(db: DbHandle, q: string): Promise<StaffNameTranslation[]> {
  const pattern = containing(q);
  return [
    ...(await marketsWhere(db, or(ilike(markets.name, pattern), ilike(events.name, pattern)))),
    ...(await runnersWhere(db, or(ilike(runners.name, pattern), ilike(events.name, pattern)))),
  ];
}

/** One market or runner with its translations; undefined when there is no such one. */
export async function findName(
  db: DbHandle,
  kind: NameTranslationKind,
  id: number,
): Promise<StaffNameTranslation | undefined> {
  const [found] =
    kind === 'market'
      ? await marketsWhere(db, eq(markets.id, id))
      : await runnersWhere(db, eq(runners.id, id));
  return found;
}

/** Stores the translations of one name; none left removes its row. */
export async function writeNames(
  db: DbHandle,
  kind: NameTranslationKind,
  id: number,
  names: Translations,
  at: Date,
): Promise<void> {
  if (Object.keys(names).length === 0) {
    await db
      .delete(nameTranslations)
      .where(and(eq(nameTranslations.kind, kind), eq(nameTranslations.targetId, id)));
    return;
  }
  await db
    .insert(nameTranslations)
    .values({ kind, targetId: id, names, updatedAt: at })
    .onConflictDoUpdate({
      target: [nameTranslations.kind, nameTranslations.targetId],
      set: { names, updatedAt: at },
    });
}
