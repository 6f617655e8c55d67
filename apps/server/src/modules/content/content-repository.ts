import { objectWith } from '@spm/core';
import { and, count, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database.ts';
import { staffUsers } from '../identity/tables.ts';
import { contentVersions } from './tables.ts';

export type ContentVersionRow = typeof contentVersions.$inferSelect;
export type NewContentVersionRow = typeof contentVersions.$inferInsert;

/** A version with the usernames of who wrote and who published it. */
export interface ContentVersionView extends ContentVersionRow {
  createdByName: string;
  publishedByName: string | null;
}

const creator = alias(staffUsers, 'content_creator');
const publisher = alias(staffUsers, 'content_publisher');

const viewColumns = {
  row: contentVersions,
  createdByName: creator.username,
  publishedByName: publisher.username,
};

type ViewRecord = { row: ContentVersionRow; createdByName: string; publishedByName: string | null };
const toView = (record: ViewRecord): ContentVersionView =>
  objectWith(record.row, {
    createdByName: record.createdByName,
    publishedByName: record.publishedByName,
  });

function selectViews(db: DbHandle) {
  return db
    .select(viewColumns)
    .from(contentVersions)
    .innerJoin(creator, eq(creator.id, contentVersions.createdBy))
    .leftJoin(publisher, eq(publisher.id, contentVersions.publishedBy));
}

/** The latest published version of each of the languages given, for one page. */
export async function latestPublished(
  db: DbHandle,
  slug: string,
  languages: readonly string[],
): Promise<ContentVersionRow[]> {
  return db
    .selectDistinctOn([contentVersions.language])
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.slug, slug),
        inArray(contentVersions.language, [...languages]),
        eq(contentVersions.status, 'published'),
      ),
    )
    .orderBy(contentVersions.language, desc(contentVersions.version));
}

/**
 * Per page and language: the latest version (`latest`) and the latest published one
 * (`published`): what the pages grid shows. The bodies are left out.
 */
export async function pageSummaries(
  db: DbHandle,
): Promise<{ latest: ContentVersionView[]; published: ContentVersionView[] }> {
  const { body, ...summary } = getTableColumns(contentVersions);
  void body; // the grid shows no text
  const query = (onlyPublished: boolean) =>
    db
      .selectDistinctOn(
        [contentVersions.slug, contentVersions.language],
        objectWith(summary, {
          createdByName: creator.username,
          publishedByName: publisher.username,
        }),
      )
      .from(contentVersions)
      .innerJoin(creator, eq(creator.id, contentVersions.createdBy))
      .leftJoin(publisher, eq(publisher.id, contentVersions.publishedBy))
      .where(onlyPublished ? eq(contentVersions.status, 'published') : undefined)
      .orderBy(contentVersions.slug, contentVersions.language, desc(contentVersions.version));
  const [latest, published] = await Promise.all([query(false), query(true)]);
  const withBody = (row: Omit<ContentVersionView, 'body'>) => ({ body: '', ...row });
  return { latest: latest.map(withBody), published: published.map(withBody) };
}

/** The versions of one page and language, newest first, a page of them, and how many in all. */
export async function versionHistory(
  db: DbHandle,
  slug: string,
  language: string,
  paging: { limit: number; offset: number },
): Promise<{ items: ContentVersionView[]; total: number }> {
  const where = and(eq(contentVersions.slug, slug), eq(contentVersions.language, language));
  const rows = await selectViews(db)
    .where(where)
    .orderBy(desc(contentVersions.version))
    .limit(paging.limit)
    .offset(paging.offset);
  const [counted] = await db.select({ total: count() }).from(contentVersions).where(where);
  return { items: rows.map(toView), total: counted?.total ?? 0 };
}

export async function findVersionView(
  db: DbHandle,
  slug: string,
  language: string,
  version: number,
): Promise<ContentVersionView | undefined> {
  const [row] = await selectViews(db).where(
    and(
      eq(contentVersions.slug, slug),
      eq(contentVersions.language, language),
      eq(contentVersions.version, version),
    ),
  );
  return row ? toView(row) : undefined;
}

/**
 * The latest version of a page and language, locked until the transaction ends, so two saves
 * or a save and a publish of the same page take turns. Undefined for a page never written:
 * the unique (slug, language, version) key then stops a second first version.
 */
export async function lockLatestVersion(
  tx: DbHandle,
  slug: string,
  language: string,
): Promise<ContentVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.slug, slug), eq(contentVersions.language, language)))
    .orderBy(desc(contentVersions.version))
    .limit(1)
    .for('update');
  return row;
}

export async function insertVersion(
  tx: DbHandle,
  row: NewContentVersionRow,
): Promise<ContentVersionRow> {
  const [inserted] = await tx.insert(contentVersions).values(row).returning();
  if (!inserted) throw new Error('content version insert returned nothing');
  return inserted;
}

export async function updateDraft(
  tx: DbHandle,
  id: number,
  change: { title: string; body: string; updatedAt: Date },
): Promise<void> {
  await tx
    .update(contentVersions)
    .set(change)
    .where(and(eq(contentVersions.id, id), eq(contentVersions.status, 'draft')));
}

export async function markPublished(
  tx: DbHandle,
  id: number,
  by: { staffId: number; at: Date },
): Promise<void> {
  await tx
    .update(contentVersions)
    .set({ status: 'published', publishedBy: by.staffId, publishedAt: by.at })
    .where(eq(contentVersions.id, id));
}
