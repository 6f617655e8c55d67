import {
  exclusionStatusSchema,
  staffExclusionsSchema,
  staffPlayerParamsSchema,
  takeExclusionBodySchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../../deps.ts';
import { currentPlayer, requireRealAccount } from '../../../http/auth.ts';
import { envelopeResponses, ok } from '../../../http/envelope.ts';
import { requestOrigin } from '../../../http/request-origin.ts';
import { currentStaff, requireStaff } from '../../../http/staff-auth.ts';
import { assertPlayerVisible } from '../../identity/index.ts';
import {
  askToReturn,
  getExclusionStatus,
  getStaffExclusions,
  takeExclusion,
} from './exclusion-service.ts';

/**
 * Time-out and self-exclusion (issue 42 item 3): the player's three endpoints under /rg/ and
 * the back office's read. No endpoint shortens or lifts one, for the player or for staff.
 */
export const exclusionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/rg/exclusion',
    {
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['safer-play'],
        summary: 'The time-out or self-exclusion under way, and every one taken',
        response: envelopeResponses(exclusionStatusSchema),
      },
    },
    async (request) => ok(await getExclusionStatus(deps, currentPlayer(request).userId)),
  );

  app.post(
    '/rg/exclusion',
    {
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['safer-play'],
        summary: 'Take a time-out or a self-exclusion: every session ends at once',
        body: takeExclusionBodySchema,
        response: envelopeResponses(exclusionStatusSchema),
      },
    },
    async (request) =>
      ok(await takeExclusion(deps, currentPlayer(request), request.body, requestOrigin(request))),
  );

  app.post(
    '/rg/exclusion/return',
    {
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['safer-play'],
        summary: 'After a self-exclusion ended: ask to return (play reopens 24 hours later)',
        response: envelopeResponses(exclusionStatusSchema),
      },
    },
    async (request) => ok(await askToReturn(deps, currentPlayer(request), requestOrigin(request))),
  );

  app.get(
    '/staff/players/:playerId/exclusions',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's time-outs and self-exclusions with their audit (read-only)",
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffExclusionsSchema),
      },
    },
    async (request) => {
      const playerId = Number(request.params.playerId);
      await assertPlayerVisible(deps, currentStaff(request), playerId);
      return ok(await getStaffExclusions(deps, playerId));
    },
  );
};
