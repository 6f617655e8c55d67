import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { pageQuerySchema, pagedSchema } from './wallet.ts';

/*
 * Content pages (issue 44 item 1): markdown the operator edits in the back office, one
 * version per language, drafts and published versions kept. Players read
 * GET /api/content/{slug}?lang=xx; staff work under /api/staff/content (admin only).
 * docs/content-pages.md.
 */

/** Each page's slug and the player app's route that shows it. */
export const CONTENT_PAGES = {
  contact: '/contactus',
  privacy: '/privacypolicy',
  'responsible-gaming': '/responsiblegame',
  'fair-play': '/fairplay',
  'game-rules': '/gamesrule',
  terms: '/terms',
} as const;
export type ContentSlug = keyof typeof CONTENT_PAGES;
export const CONTENT_SLUGS = Object.keys(CONTENT_PAGES) as [ContentSlug, ...ContentSlug[]];

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Longest title and body a version may hold (a long terms page is about 30,000 characters). */
export const CONTENT_TITLE_MAX_LENGTH = 200;
export const CONTENT_BODY_MAX_LENGTH = 100_000;

export const contentSlugSchema = z.enum(CONTENT_SLUGS, { error: 'Unknown content page' });
export const contentLanguageSchema = z.enum(LANGUAGES, { error: 'Unknown language' });

// ---------------------------------------------------------------------------------------
// Player: GET /api/content/{slug}?lang=xx (public)
// ---------------------------------------------------------------------------------------

export const contentParamsSchema = z.object({ slug: contentSlugSchema });
export const contentQuerySchema = z.object({
  /** The player's language; English when absent. */
  lang: contentLanguageSchema.default('en'),
});

/**
 * The page in the language asked, else English; the operator's latest published version, else
 * the built-in text. `{{KEY}}` tokens of the app settings are already replaced.
 */
export const contentPageSchema = z.object({
  slug: contentSlugSchema,
  /** The language of this text (English when the one asked has none). */
  language: contentLanguageSchema,
  /** `published`: an operator's version; `default`: the text built into the server. */
  source: z.enum(['published', 'default']),
  /** The published version's number in its language; null for the built-in text. */
  version: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  title: z.string(),
  body: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

// ---------------------------------------------------------------------------------------
// Staff (admin): /api/staff/content
// ---------------------------------------------------------------------------------------

/** One version of a page in one language, as the back office shows it. */
export const staffContentVersionSchema = z.object({
  slug: contentSlugSchema,
  language: contentLanguageSchema,
  version: z.number().int(),
  status: z.enum(CONTENT_STATUSES),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** When the draft was last saved. */
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type StaffContentVersion = z.infer<typeof staffContentVersionSchema>;

const versionSummarySchema = z.object({
  version: z.number().int(),
  at: z.string(),
  by: z.string(),
});

/** GET /api/staff/content: every page, each language's live version and open draft. */
export const staffContentPagesSchema = z.object({
  pages: z.array(
    z.object({
      slug: contentSlugSchema,
      /** The player app's route of the page. */
      path: z.string(),
      languages: z.array(
        z.object({
          language: contentLanguageSchema,
          /** The version players see; null: they see the built-in text (or English). */
          published: versionSummarySchema.nullable(),
          /** A draft newer than the published version, not yet published. */
          draft: versionSummarySchema.nullable(),
          /** A built-in text exists in this language. */
          hasDefault: z.boolean(),
        }),
      ),
    }),
  ),
});
export type StaffContentPages = z.infer<typeof staffContentPagesSchema>;

export const staffContentPageParamsSchema = z.object({
  slug: contentSlugSchema,
  language: contentLanguageSchema,
});
export const staffContentVersionParamsSchema = staffContentPageParamsSchema.extend({
  version: z.coerce.number().int().min(1),
});

/** GET /api/staff/content/{slug}/{language}?page&pageSize: the versions, newest first. */
export const staffContentHistoryQuerySchema = pageQuerySchema;
export const staffContentHistorySchema = pagedSchema(staffContentVersionSchema).extend({
  /** The built-in text of this language (tokens left as they are), or null. */
  builtIn: z.object({ title: z.string(), body: z.string() }).nullable(),
});
export type StaffContentHistory = z.infer<typeof staffContentHistorySchema>;

/** A version's text as staff write it. */
export const staffContentTextSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'A title is required')
      .max(CONTENT_TITLE_MAX_LENGTH, `At most ${CONTENT_TITLE_MAX_LENGTH} characters`),
    body: z
      .string()
      .refine((body) => body.trim().length > 0, 'The page needs some text')
      .refine(
        (body) => body.length <= CONTENT_BODY_MAX_LENGTH,
        `At most ${CONTENT_BODY_MAX_LENGTH} characters`,
      ),
  })
  .strict();
export type StaffContentText = z.infer<typeof staffContentTextSchema>;

/**
 * PUT /api/staff/content/{slug}/{language}/draft: saves the page's one open draft (a new
 * version when the latest is published). Audited. Answers the draft.
 */
export const staffContentDraftBodySchema = staffContentTextSchema;

/**
 * POST /api/staff/content/{slug}/{language}/versions/{version}/publish: the draft becomes the
 * version players see (publisher and time recorded; the older published ones stay as history).
 * 409 CONFLICT when that version is already published. Audited.
 */
export const staffContentPublishedSchema = staffContentVersionSchema;

/**
 * POST /api/staff/content/preview: the text as players would get it now (app setting tokens
 * replaced); nothing is stored.
 */
export const staffContentPreviewBodySchema = z
  .object({
    title: z.string().max(CONTENT_TITLE_MAX_LENGTH),
    body: z.string().max(CONTENT_BODY_MAX_LENGTH),
  })
  .strict();
export const staffContentPreviewSchema = z.object({ title: z.string(), body: z.string() });
