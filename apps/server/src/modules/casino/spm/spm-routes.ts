import {
  SPM_SESSION_HEADER,
  pageQuerySchema,
  spmPlaceBetBodySchema,
  spmPlaceBetSchema,
  spmSessionBodySchema,
  spmSessionSchema,
  spmTableParamsSchema,
  spmTableRoundsSchema,
  spmTableSchema,
} from '@spm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../../deps.ts';
import { envelopeResponses, ok } from '../../../http/envelope.ts';
import { requireSiteLive } from '../../site/index.ts';
import type { SpmGames } from './spm-games.ts';

/** The game session token the table page sends (SPM Games' own, not the site's sign-in). */
function sessionHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[SPM_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * SPM Games' own API, called by its table page: the session from a launch token, the table,
 * and bets. Authenticated by the game session (header `x-spm-session`), as a provider's game
 * client is; the money moves at the operator through the signed wallet callbacks.
 */
export const spmRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps; games: SpmGames }> = async (
  app,
  { deps, games },
) => {
  const siteLive = requireSiteLive(deps.db);

  app.post(
    '/casino/spm/session',
    {
      onRequest: siteLive,
      schema: {
        tags: ['casino'],
        summary: 'SPM Games: exchange a launch token for a game session (once)',
        body: spmSessionBodySchema,
        response: envelopeResponses(spmSessionSchema),
      },
    },
    async (request) => {
      const session = await games.openSession(request.body.launchToken);
      return ok({
        sessionToken: session.token,
        gameId: session.gameId,
        tableId: session.gameId,
        playMoney: session.playMoney,
      });
    },
  );

  app.get(
    '/casino/spm/tables/:tableId',
    {
      schema: {
        tags: ['casino'],
        summary: 'SPM Games: the table now, my bets of the round and my balance',
        params: spmTableParamsSchema,
        response: envelopeResponses(spmTableSchema),
      },
    },
    async (request) => ok(await games.view(request.params.tableId, sessionHeader(request))),
  );

  app.get(
    '/casino/spm/tables/:tableId/rounds',
    {
      schema: {
        tags: ['casino'],
        summary:
          'SPM Games: the table’s settled rounds, newest first: cards, result, my bets, seeds',
        params: spmTableParamsSchema,
        querystring: pageQuerySchema,
        response: envelopeResponses(spmTableRoundsSchema),
      },
    },
    async (request) =>
      ok(await games.rounds(request.params.tableId, sessionHeader(request), request.query)),
  );

  app.post(
    '/casino/spm/tables/:tableId/bets',
    {
      onRequest: siteLive,
      schema: {
        tags: ['casino'],
        summary: 'SPM Games: bet on a spot of the round taking bets',
        params: spmTableParamsSchema,
        body: spmPlaceBetBodySchema,
        response: envelopeResponses(spmPlaceBetSchema),
      },
    },
    async (request) =>
      ok(await games.bet(request.params.tableId, sessionHeader(request), request.body)),
  );
};
