import { healthSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import { envelopeResponses, ok } from '../http/envelope.ts';
import { checkReadiness } from '../services/readiness-service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
        summary: 'Readiness: the database answers; 503 SERVICE_UNAVAILABLE otherwise',
        response: envelopeResponses(healthSchema),
      },
    },
    async () => {
      await checkReadiness(db);
      return ok({ status: 'ok' as const });
    },
  );
};
