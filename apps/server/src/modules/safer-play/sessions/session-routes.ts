import {
  realityCheckSettingsBodySchema,
  realityCheckSettingsSchema,
  staffPlayerParamsSchema,
  staffRealityCheckSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, requireRealAccount } from '../../../http/auth.ts';
import { envelopeResponses, ok } from '../../../http/envelope.ts';
import { requestOrigin } from '../../../http/request-origin.ts';
import { currentStaff, requireStaff } from '../../../http/staff-auth.ts';
import type { ServiceDeps } from '../../../deps.ts';
import {
  getRealityCheck,
  getStaffRealityCheck,
  putRealityCheck,
} from './session-settings-service.ts';

/** The player's reality check and session time limit, and the staff's read-only view. */
export const sessionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/rg/reality-check',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['safer-play'],
        summary: 'Reality-check interval, session time limit and this session’s times',
        response: envelopeResponses(realityCheckSettingsSchema),
      },
    },
    async (request) => ok(await getRealityCheck(deps, currentPlayer(request))),
  );

  app.put(
    '/rg/reality-check',
    {
      // A demo account is shared by every visitor: one visitor's limit is not another's.
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['safer-play'],
        summary: 'Set the reality-check interval and the session time limit (null: off)',
        body: realityCheckSettingsBodySchema,
        response: envelopeResponses(realityCheckSettingsSchema),
      },
    },
    async (request) =>
      ok(await putRealityCheck(deps, currentPlayer(request), request.body, requestOrigin(request))),
  );

  app.get(
    '/staff/players/:playerId/reality-check',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's reality check and session time limit, with their changes (read only)",
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffRealityCheckSchema),
      },
    },
    async (request) =>
      ok(await getStaffRealityCheck(deps, currentStaff(request), Number(request.params.playerId))),
  );
};
