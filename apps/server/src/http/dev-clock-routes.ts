import { devClockAdvanceBodySchema, devClockSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdjustableClock } from '../clock.ts';
import { envelopeResponses, ok } from './envelope.ts';

/**
 * Development only (DEV_CLOCK=adjustable, refused with NODE_ENV=production): moves the server
 * clock forward, so a developer or the end-to-end test sees a reality check or an expiry
 * without waiting for it. Next to the SMS outbox's dev route, under /api/dev.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: AdjustableClock }> = async (
  app,
  { clock },
) => {
  const answer = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  app.get(
    '/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary: 'The server clock and how far it was moved',
        response: envelopeResponses(devClockSchema),
      },
    },
    async () => ok(answer()),
  );
  app.post(
    '/dev/clock/advance',
    {
      schema: {
        tags: ['dev'],
        summary: 'Move the server clock forward; timers it reaches fire at once',
        body: devClockAdvanceBodySchema,
        response: envelopeResponses(devClockSchema),
      },
    },
    async (request) => {
      clock.advance(request.body.minutes * 60_000);
      return ok(answer());
    },
  );
};
