import { smsOutboxQuerySchema, smsOutboxSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../http/envelope.ts';
import type { ConsoleSmsProvider } from './console-sms-provider.ts';

/**
 * Development helpers. Registered only with the console SMS provider, whose messages never
 * leave the machine: the outbox is how a developer, or an end-to-end test, reads a code.
 */
export const devRoutes: FastifyPluginAsyncZod<{ sms: ConsoleSmsProvider }> = async (
  app,
  { sms },
) => {
  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages of the console SMS provider, newest first (at most 100)',
        querystring: smsOutboxQuerySchema,
        response: envelopeResponses(smsOutboxSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(sms.outbox(request.query.to));
    },
  );
};
