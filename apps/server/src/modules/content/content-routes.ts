import {
  contentPageSchema,
  contentParamsSchema,
  contentQuerySchema,
  staffContentDraftBodySchema,
  staffContentHistoryQuerySchema,
  staffContentHistorySchema,
  staffContentPageParamsSchema,
  staffContentPagesSchema,
  staffContentPreviewBodySchema,
  staffContentPreviewSchema,
  staffContentPublishedSchema,
  staffContentVersionParamsSchema,
  staffContentVersionSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import {
  playerContent,
  previewContent,
  publishVersion,
  saveDraft,
  staffContentHistory,
  staffContentPages,
} from './content-service.ts';

/** GET /api/content/{slug}: public, the page in the player's language (docs/content-pages.md). */
export const contentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/content/:slug',
    {
      schema: {
        tags: ['app'],
        summary:
          'A content page (contact, privacy, terms…) in a language: the published version, else English, else the built-in text',
        params: contentParamsSchema,
        querystring: contentQuerySchema,
        response: envelopeResponses(contentPageSchema),
      },
    },
    async (request, reply) => {
      // A publish must show at once on every node: no shared cache may keep the old text.
      reply.header('cache-control', 'no-cache');
      return ok(await playerContent(deps, request.params.slug, request.query.lang));
    },
  );
};

/** The back office's content pages (issue 44 item 1), admin only, every write audited. */
export const staffContentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');
  app.get(
    '/staff/content',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every content page and language: the published version and any draft',
        response: envelopeResponses(staffContentPagesSchema),
      },
    },
    async () => ok(await staffContentPages(deps)),
  );

  app.get(
    '/staff/content/:slug/:language',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'The versions of a page in a language, newest first, and its built-in text',
        params: staffContentPageParamsSchema,
        querystring: staffContentHistoryQuerySchema,
        response: envelopeResponses(staffContentHistorySchema),
      },
    },
    async (request) => ok(await staffContentHistory(deps, request.params, request.query)),
  );

  staffContentWrites(app, deps);
};

/** Saving a draft and publishing it: the two writes, each audited. */
function staffContentWrites(
  app: Parameters<typeof staffContentRoutes>[0],
  deps: ServiceDeps,
): void {
  const admin = requireStaff('admin');
  app.put(
    '/staff/content/:slug/:language/draft',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Save the draft of a page in a language (audited)',
        params: staffContentPageParamsSchema,
        body: staffContentDraftBodySchema,
        response: envelopeResponses(staffContentVersionSchema),
      },
    },
    async (request) =>
      ok(await saveDraft(deps, staffActorOf(request), request.params, request.body)),
  );

  app.post(
    '/staff/content/:slug/:language/versions/:version/publish',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Publish a draft: players see it from now on (audited)',
        params: staffContentVersionParamsSchema,
        response: envelopeResponses(staffContentPublishedSchema),
      },
    },
    async (request) => ok(await publishVersion(deps, staffActorOf(request), request.params)),
  );

  app.post(
    '/staff/content/preview',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'A text as players would get it now (setting tokens replaced); nothing stored',
        body: staffContentPreviewBodySchema,
        response: envelopeResponses(staffContentPreviewSchema),
      },
    },
    async (request) => ok(await previewContent(deps, request.body)),
  );
}
