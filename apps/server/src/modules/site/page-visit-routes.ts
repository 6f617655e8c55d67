import { pageVisitAnswerSchema, pageVisitBodySchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { recordPageVisit } from './page-visit-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requestOrigin } from '../../http/request-origin.ts';

export const pageVisitRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/page/visit',
    {
      config: { rateLimit: RATE_LIMITS.pageVisit },
      schema: {
        tags: ['app'],
        summary: 'Record a page visit; answers the tracking id (a new one when none was sent)',
        body: pageVisitBodySchema,
        response: envelopeResponses(pageVisitAnswerSchema),
      },
    },
    async (request) => {
      const trackingId = await recordPageVisit(deps, request.body, requestOrigin(request));
      return ok({ trackingId });
    },
  );
};
