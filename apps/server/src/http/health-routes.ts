import { healthSchema, readinessSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import { envelopeResponses, ok } from './envelope.ts';
import type { RateLimitStatus } from './rate-limit.ts';
import { checkReadiness } from '../db/readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; rateLimit: RateLimitStatus }> = async (
  app,
  { db, rateLimit },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness: the process is up (no dependency is checked)',
        response: envelopeResponses(healthSchema),
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Readiness: the database answers (503 SERVICE_UNAVAILABLE otherwise); says where ' +
          'the rate limits count',
        response: envelopeResponses(readinessSchema),
      },
    },
    async () => {
      await checkReadiness(db);
      const rateLimitStore = rateLimit.state();
      return ok({
        status: 'ok' as const,
        rateLimitStore,
        degraded: rateLimitStore.endsWith('-fallback'),
      });
    },
  );
};
