import {
  limitsPromptBodySchema,
  limitsReportQuerySchema,
  limitsReportSchema,
  limitsReviewBodySchema,
  limitsStateSchema,
  setLimitsBodySchema,
  staffPlayerLimitsSchema,
  staffPlayerParamsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../../deps.ts';
import { currentPlayer } from '../../../http/auth.ts';
import { envelopeResponses, ok } from '../../../http/envelope.ts';
import { requestOrigin } from '../../../http/request-origin.ts';
import { currentStaff, requireStaff } from '../../../http/staff-auth.ts';
import { assertPlayerVisible } from '../../identity/index.ts';
import {
  answerLimitsPrompt,
  getLimitsState,
  getStaffPlayerLimits,
  limitsReport,
  setLimits,
} from './limits-service.ts';

/**
 * Safer play limits (issue 42 items 1, 4, 5; docs/safer-play-limits.md): the player's own
 * under /rg/limits (a session), the staff's read-only view and report under /staff (admin:
 * an agent's scope of players is not modelled here).
 */
export const limitsRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const player = app.requireAuth;
  const admin = requireStaff('admin');

  app.get(
    '/rg/limits',
    {
      onRequest: player,
      schema: {
        tags: ['safer-play'],
        summary: "The player's deposit, loss and stake limits, pending changes and reminders",
        response: envelopeResponses(limitsStateSchema),
      },
    },
    async (request) => ok(await getLimitsState(deps, currentPlayer(request).userId)),
  );

  app.put(
    '/rg/limits',
    {
      onRequest: player,
      schema: {
        tags: ['safer-play'],
        summary: 'Set or remove limits: a decrease holds at once, an increase or removal in 24 h',
        body: setLimitsBodySchema,
        response: envelopeResponses(limitsStateSchema),
      },
    },
    async (request) =>
      ok(
        await setLimits(deps, currentPlayer(request).userId, request.body, requestOrigin(request)),
      ),
  );

  app.post(
    '/rg/limits/prompt',
    {
      onRequest: player,
      schema: {
        tags: ['safer-play'],
        summary: 'The player skipped the limits prompt (registration or first deposit)',
        body: limitsPromptBodySchema,
        response: envelopeResponses(limitsStateSchema),
      },
    },
    async (request) =>
      ok(
        await answerLimitsPrompt(
          deps,
          currentPlayer(request).userId,
          { skip: request.body.place },
          requestOrigin(request),
        ),
      ),
  );

  app.post(
    '/rg/limits/review',
    {
      onRequest: player,
      schema: {
        tags: ['safer-play'],
        summary: 'The player reviewed their limits (the 6-month reminder)',
        body: limitsReviewBodySchema,
        response: envelopeResponses(limitsStateSchema),
      },
    },
    async (request) =>
      ok(
        await answerLimitsPrompt(
          deps,
          currentPlayer(request).userId,
          'review',
          requestOrigin(request),
        ),
      ),
  );

  app.get(
    '/staff/players/:playerId/limits',
    {
      // Agents read their own downline's players (assertPlayerVisible), as the other tabs.
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['safer-play'],
        summary: "A player's limits and the history of their changes (read only)",
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffPlayerLimitsSchema),
      },
    },
    async (request) => {
      const playerId = Number(request.params.playerId);
      await assertPlayerVisible(deps, currentStaff(request), playerId);
      return ok(await getStaffPlayerLimits(deps, playerId));
    },
  );

  app.get(
    '/staff/rg/limits-report',
    {
      onRequest: admin,
      schema: {
        tags: ['safer-play'],
        summary: 'Players at or near (percent used) one of their limits',
        querystring: limitsReportQuerySchema,
        response: envelopeResponses(limitsReportSchema),
      },
    },
    async (request) => ok(await limitsReport(deps, request.query.near)),
  );
};
