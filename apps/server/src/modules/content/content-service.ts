import {
  CONTENT_PAGES,
  CONTENT_SLUGS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type AppDetails,
  type ContentPage,
  type ContentSlug,
  type Language,
  type StaffContentHistory,
  type StaffContentPages,
  type StaffContentText,
  type StaffContentVersion,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { ServiceDeps } from '../../deps.ts';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import { getAppDetails } from '../site/index.ts';
import { builtInText, type ContentText } from './content-defaults.ts';
import {
  findVersionView,
  insertVersion,
  latestPublished,
  lockLatestVersion,
  markPublished,
  pageSummaries,
  updateDraft,
  versionHistory,
  type ContentVersionView,
} from './content-repository.ts';

type ContentDeps = Pick<ServiceDeps, 'db' | 'clock'>;

const TOKEN = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/**
 * `{{KEY}}` of an app setting becomes its current value; any other token stays as written
 * (an operator's typo shows on the page rather than vanishing).
 */
export function fillTokens(text: string, settings: AppDetails): string {
  const values: Record<string, unknown> = settings;
  return text.replace(TOKEN, (token, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : token,
  );
}

function filled(text: ContentText, settings: AppDetails): ContentText {
  return { title: fillTokens(text.title, settings), body: fillTokens(text.body, settings) };
}

/**
 * What a player gets: the latest published version in the language, else the English
 * published one, else the built-in text in the language, else the English built-in one.
 */
export async function playerContent(
  deps: ContentDeps,
  slug: ContentSlug,
  language: Language,
): Promise<ContentPage> {
  const languages = [...new Set([language, DEFAULT_LANGUAGE])];
  const [published, settings] = await Promise.all([
    latestPublished(deps.db, slug, languages),
    getAppDetails(deps.db),
  ]);
  for (const candidate of languages) {
    const row = published.find((version) => version.language === candidate);
    if (row) {
      return {
        slug,
        language: candidate,
        source: 'published',
        version: row.version,
        publishedAt: row.publishedAt?.toISOString() ?? null,
        ...filled(row, settings),
      };
    }
  }
  for (const candidate of languages) {
    const text = builtInText(slug, candidate);
    if (text) {
      const answer = { slug, language: candidate, source: 'default' as const };
      return objectWith(
        answer,
        objectWith({ version: null, publishedAt: null }, filled(text, settings)),
      );
    }
  }
  // Only a server shipped without its defaults folder gets here.
  throw new AppError('NOT_FOUND');
}

const summaryOf = (row: ContentVersionView | undefined, at: 'published' | 'updated') =>
  row
    ? {
        version: row.version,
        at: (at === 'published' ? (row.publishedAt ?? row.updatedAt) : row.updatedAt).toISOString(),
        by: at === 'published' ? (row.publishedByName ?? row.createdByName) : row.createdByName,
      }
    : null;

/** Every page in every language: the version players see and any draft waiting. */
export async function staffContentPages(deps: ContentDeps): Promise<StaffContentPages> {
  const { latest, published } = await pageSummaries(deps.db);
  const find = (rows: ContentVersionView[], slug: string, language: string) =>
    rows.find((row) => row.slug === slug && row.language === language);
  return {
    pages: CONTENT_SLUGS.map((slug) => ({
      slug,
      path: CONTENT_PAGES[slug],
      languages: LANGUAGES.map((language) => {
        const last = find(latest, slug, language);
        return {
          language,
          published: summaryOf(find(published, slug, language), 'published'),
          draft: summaryOf(last?.status === 'draft' ? last : undefined, 'updated'),
          hasDefault: builtInText(slug, language) !== null,
        };
      }),
    })),
  };
}

export function versionView(row: ContentVersionView): StaffContentVersion {
  return {
    slug: row.slug as ContentSlug,
    language: row.language as Language,
    version: row.version,
    status: row.status,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: row.publishedByName,
  };
}

export async function staffContentHistory(
  deps: ContentDeps,
  page: { slug: ContentSlug; language: Language },
  paging: { page: number; pageSize: number },
): Promise<StaffContentHistory> {
  const { items, total } = await versionHistory(deps.db, page.slug, page.language, {
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  return {
    items: items.map(versionView),
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    builtIn: builtInText(page.slug, page.language),
  };
}

/** The audit's record of a version: which one, never the whole text. */
const auditedVersion = (row: { version: number; status: string; title: string; body: string }) => ({
  version: row.version,
  status: row.status,
  title: row.title,
  bodyLength: row.body.length,
});

/**
 * Saves the page's open draft: the latest version when it is a draft, else a new version
 * after the latest. Audited as `content.draft_save`.
 */
export async function saveDraft(
  deps: ContentDeps,
  actor: StaffActor,
  page: { slug: ContentSlug; language: Language },
  text: StaffContentText,
): Promise<StaffContentVersion> {
  const now = deps.clock.now();
  const version = await deps.db
    .transaction(async (tx) => {
      const latest = await lockLatestVersion(tx, page.slug, page.language);
      let saved: { version: number; status: string; title: string; body: string };
      if (latest?.status === 'draft') {
        await updateDraft(tx, latest.id, { updatedAt: now, ...text });
        saved = objectWith(latest, text);
      } else {
        saved = await insertVersion(tx, {
          slug: page.slug,
          language: page.language,
          version: (latest?.version ?? 0) + 1,
          status: 'draft',
          title: text.title,
          body: text.body,
          createdBy: actor.staff.staffId,
          createdAt: now,
          updatedAt: now,
        });
      }
      await insertStaffAudit(tx, actor, now, {
        action: 'content.draft_save',
        targetType: 'content_page',
        targetId: `${page.slug}/${page.language}`,
        before: latest?.status === 'draft' ? auditedVersion(latest) : null,
        after: auditedVersion(saved),
      });
      return saved.version;
    })
    .catch((error: unknown) => {
      // Two first saves of a page never written race for version 1: the second is told to retry.
      if (uniqueViolationConstraint(error) === 'content_versions_page_version_key') {
        throw new AppError('CONFLICT', 'Someone saved this page at the same time. Try again.');
      }
      throw error;
    });
  return readVersion(deps, { version, ...page });
}

async function readVersion(
  deps: ContentDeps,
  target: { slug: ContentSlug; language: Language; version: number },
): Promise<StaffContentVersion> {
  const row = await findVersionView(deps.db, target.slug, target.language, target.version);
  if (!row) throw new AppError('NOT_FOUND');
  return versionView(row);
}

/**
 * Publishes a draft: players get it from now on; the publisher and time are recorded and the
 * versions published before stay as history. 404 for an unknown version, 409 CONFLICT for one
 * already published (or replaced by a newer version). Audited as `content.publish`.
 */
export async function publishVersion(
  deps: ContentDeps,
  actor: StaffActor,
  target: { slug: ContentSlug; language: Language; version: number },
): Promise<StaffContentVersion> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const latest = await lockLatestVersion(tx, target.slug, target.language);
    if (!latest || latest.version < target.version) throw new AppError('NOT_FOUND');
    // Only the latest version can be a draft: an older one was published already.
    if (latest.version !== target.version || latest.status !== 'draft') {
      throw new AppError('CONFLICT', 'This version is already published.');
    }
    await markPublished(tx, latest.id, { staffId: actor.staff.staffId, at: now });
    await insertStaffAudit(tx, actor, now, {
      action: 'content.publish',
      targetType: 'content_page',
      targetId: `${target.slug}/${target.language}`,
      before: auditedVersion(latest),
      after: auditedVersion(objectWith(latest, { status: 'published' })),
    });
  });
  return readVersion(deps, target);
}

/** The text as players would get it now: the app setting tokens replaced. */
export async function previewContent(
  deps: ContentDeps,
  text: { title: string; body: string },
): Promise<ContentText> {
  return filled(text, await getAppDetails(deps.db));
}
