import { playerDashboardSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { ExchangeEngine } from '../exchange/index.ts';
import { playerDashboard } from './dashboard-service.ts';

/** GET /dashboard: the signed-in player's account at a glance (demo players included). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  engine: ExchangeEngine;
}> = async (app, { deps, engine }) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['dashboard'],
        summary:
          'Wallet, open bets of every product, safer-play limits and session, last movements',
        response: envelopeResponses(playerDashboardSchema),
      },
    },
    async (request, reply) =>
      ok(
        await playerDashboard(
          deps,
          engine,
          currentPlayer(request),
          requestLanguage(request, reply),
        ),
      ),
  );
};
