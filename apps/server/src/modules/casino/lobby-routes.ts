import {
  casinoFavouriteSchema,
  casinoGameParamsSchema,
  casinoGamesQuerySchema,
  casinoGamesSchema,
  casinoHistorySchema,
  casinoLaunchBodySchema,
  casinoLaunchSchema,
  pageQuerySchema,
} from '@spm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer, playerOrVisitor } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireSiteLive } from '../site/index.ts';
import {
  casinoHistory,
  casinoLobby,
  launchCasinoGame,
  toggleCasinoFavourite,
} from './lobby-service.ts';

/** The casino lobby, favourites, launch and the player's casino history (issue 14). */
export const lobbyRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // The lobby is open to visitors; a signed-in player's token adds favourites and last played.
  const viewer = (request: FastifyRequest) => playerOrVisitor(app, request);

  app.get(
    '/casino/games',
    {
      schema: {
        tags: ['casino'],
        summary:
          'The lobby: enabled games with the family, category, provider, search and list filters',
        querystring: casinoGamesQuerySchema,
        response: envelopeResponses(casinoGamesSchema),
      },
    },
    async (request) => ok(await casinoLobby(deps, await viewer(request), request.query)),
  );

  app.post(
    '/casino/games/:gameId/favourite',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['casino'],
        summary: 'Toggles a game among the player’s favourites',
        params: casinoGameParamsSchema,
        response: envelopeResponses(casinoFavouriteSchema),
      },
    },
    async (request) =>
      ok(await toggleCasinoFavourite(deps, currentPlayer(request).userId, request.params.gameId)),
  );

  app.post(
    '/casino/launch',
    {
      onRequest: [app.requireAuth, requireSiteLive(deps.db)],
      schema: {
        tags: ['casino'],
        summary: 'A single-use launch address for a game (play money for points-only players)',
        body: casinoLaunchBodySchema,
        response: envelopeResponses(casinoLaunchSchema),
      },
    },
    async (request) =>
      ok(await launchCasinoGame(deps, currentPlayer(request), request.body.gameId)),
  );

  app.get(
    '/casino/rounds',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['casino'],
        summary: 'The player’s casino rounds at every provider, newest first',
        querystring: pageQuerySchema,
        response: envelopeResponses(casinoHistorySchema),
      },
    },
    async (request) =>
      ok(
        await casinoHistory(
          deps,
          currentPlayer(request).userId,
          request.query.page,
          request.query.pageSize,
        ),
      ),
  );
};
