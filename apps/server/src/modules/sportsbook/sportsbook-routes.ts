import {
  BETBY_METHODS,
  sportsbookBetsQuerySchema,
  sportsbookBetsSchema,
  sportsbookLaunchSchema,
  type BetbyMethod,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer, playerOrVisitor } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { handleBetbyCall } from './betby-operator-service.ts';
import type { SportsbookKeys } from './sportsbook-keys.ts';
import {
  launchSportsbook,
  playerSportsbookBets,
  type SportsbookSetup,
} from './sportsbook-service.ts';

/** Betby's calls are small; anything bigger is not one. */
const BODY_LIMIT_BYTES = 32 * 1024;

interface SportsbookRouteOptions {
  deps: ServiceDeps;
  setup: SportsbookSetup;
  keys: () => Promise<SportsbookKeys>;
}

/**
 * POST /betby/:method: the operator API Betby calls (docs/sportsbook.md). Its own scope, so
 * every error, even one fastify raises before the handler (a body too big, not JSON), is
 * answered in Betby's shape (HTTP 400, `{ code, message }`), never the app's envelope.
 */
export const betbyOperatorRoutes: FastifyPluginAsyncZod<SportsbookRouteOptions> = async (
  app,
  { deps, setup, keys },
) => {
  const service = { deps, keys, brandId: setup.brandId };
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === undefined || status >= 500) {
      request.log.error({ err: error }, 'betby operator call failed');
      // Betby retries what got no good answer; a 500 says "try again", not "refused".
      return reply.code(500).send({ code: 2004, message: 'Internal error; try again.' });
    }
    return reply.code(400).send({ code: 2004, message: 'Bad request.' });
  });
  app.post(
    '/betby/:method',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['sportsbook'],
        summary:
          "Betby's calls: ping, bet_make, bet_commit, bet_settlement, bet_win, bet_lost, bet_refund, bet_discard, bet_rollback (provider protocol: Betby's { code, message } errors)",
        params: z.object({ method: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const method = request.params.method;
      if (!(BETBY_METHODS as readonly string[]).includes(method)) {
        return reply.code(404).send({ code: 2004, message: 'No such method.' });
      }
      const answer = await handleBetbyCall(service, method as BetbyMethod, request.body);
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );
};

/** The player's side: how the page starts the renderer, and the player's bets. */
export const sportsbookPlayerRoutes: FastifyPluginAsyncZod<SportsbookRouteOptions> = async (
  app,
  { deps, setup, keys },
) => {
  const tags = ['sportsbook'];

  app.get(
    '/sportsbook/launch',
    {
      schema: {
        tags,
        summary:
          "How the page starts the sportsbook's renderer: brand, script and the player's token",
        response: envelopeResponses(sportsbookLaunchSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await launchSportsbook(
          deps,
          setup,
          keys,
          await playerOrVisitor(app, request),
          requestLanguage(request, reply),
        ),
      );
    },
  );

  app.get(
    '/sportsbook/bets',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The player's sportsbook bets: open, or settled, newest first",
        querystring: sportsbookBetsQuerySchema,
        response: envelopeResponses(sportsbookBetsSchema),
      },
    },
    async (request) => ok(await playerSportsbookBets(deps, currentPlayer(request), request.query)),
  );
};
