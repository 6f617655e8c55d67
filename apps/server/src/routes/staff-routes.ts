import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentParamsSchema,
  staffLoginAnswerSchema,
  staffLoginBodySchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../http/envelope.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { currentStaff, requireStaff } from '../http/staff-auth.ts';
import { adjustBalance } from '../services/adjustment-service.ts';
import type { ServiceDeps } from '../services/service-deps.ts';
import { staffLogin } from '../services/staff-service.ts';

/** Staff (back office) endpoints: staff tokens only, never a player's. */
export const staffRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/staff/login',
    {
      config: { rateLimit: RATE_LIMITS.staffLogin },
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in',
        body: staffLoginBodySchema,
        response: envelopeResponses(staffLoginAnswerSchema),
      },
    },
    async (request) => ok(await staffLogin(deps, request.body, request.ip)),
  );

  app.post(
    '/staff/players/:playerId/adjustments',
    {
      onRequest: requireStaff(deps, 'admin'),
      schema: {
        tags: ['staff'],
        summary: "Credit or debit a player's cash (admin, audited)",
        params: adjustmentParamsSchema,
        body: adjustmentBodySchema,
        response: envelopeResponses(adjustmentAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await adjustBalance(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.body,
          request.ip,
        ),
      ),
  );
};
