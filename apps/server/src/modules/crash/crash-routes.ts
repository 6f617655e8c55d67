import {
  crashBetAnswerSchema,
  crashBetBodySchema,
  crashBetParamsSchema,
  crashCashOutAnswerSchema,
  crashMyBetsSchema,
  crashRoundBetsQuerySchema,
  crashRoundBetsSchema,
  crashRoundDetailSchema,
  crashRoundParamsSchema,
  crashRoundsQuerySchema,
  crashRoundsSchema,
  crashStateSchema,
} from '@spm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResourceOwner } from '../../cluster/resource-lease.ts';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer, playerOrVisitor } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireSiteLive } from '../site/index.ts';
import { CRASH_GAME_KEY, type CrashGame } from './crash-game.ts';
import { crashRoundDetail, crashRoundsPage, myCrashBets } from './crash-history.ts';

/** The game's requests are answered by the node that flies the rounds (several nodes). */
const gameOwner: ResourceOwner = () => CRASH_GAME_KEY;

/**
 * The crash game's HTTP API (packages/contract/src/crash.ts, docs/crash-game.md "API"), its
 * reads: the state and history to anyone (a signed-in player's own bets marked).
 */
export const crashRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps; game: CrashGame }> = async (
  app,
  { deps, game },
) => {
  /** A signed-in player's id (their bets marked `mine`), null for a visitor. */
  const viewerOf = async (request: FastifyRequest): Promise<number | null> =>
    (await playerOrVisitor(app, request))?.userId ?? null;

  app.get(
    '/crash/state',
    {
      config: { owner: gameOwner },
      schema: {
        tags: ['crash'],
        summary:
          'The crash game now: the round, its bets in summary and the asker’s own, the latest crash points, the settings',
        response: envelopeResponses(crashStateSchema),
      },
    },
    async (request) => ok(await game.state(await viewerOf(request))),
  );

  app.get(
    '/crash/rounds',
    {
      schema: {
        tags: ['crash'],
        summary: 'Crashed rounds, newest first, with what proves each (hash, salt, settings)',
        querystring: crashRoundsQuerySchema,
        response: envelopeResponses(crashRoundsSchema),
      },
    },
    async (request) => ok(await crashRoundsPage(deps.db, request.query)),
  );

  app.get(
    '/crash/rounds/current/bets',
    {
      config: { owner: gameOwner },
      schema: {
        tags: ['crash'],
        summary: 'The round now’s bets, a page at a time, in the order taken (names masked)',
        querystring: crashRoundBetsQuerySchema,
        response: envelopeResponses(crashRoundBetsSchema),
      },
    },
    async (request) => ok(await game.currentRoundBets(await viewerOf(request), request.query)),
  );

  app.get(
    '/crash/rounds/:roundId',
    {
      schema: {
        tags: ['crash'],
        summary: 'A crashed round with its bets (names masked)',
        params: crashRoundParamsSchema,
        response: envelopeResponses(crashRoundDetailSchema),
      },
    },
    async (request) =>
      ok(await crashRoundDetail(deps.db, request.params.roundId, await viewerOf(request))),
  );
};

/** The player's own: their bets' history, and bets, withdrawals and cash-outs. */
export const crashPlayerRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  game: CrashGame;
}> = async (app, { deps, game }) => {
  const siteLive = requireSiteLive(deps.db);

  app.get(
    '/crash/my-bets',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['crash'],
        summary: 'The player’s crash bets, newest first, with their rounds’ crash points',
        querystring: crashRoundsQuerySchema,
        response: envelopeResponses(crashMyBetsSchema),
      },
    },
    async (request) => ok(await myCrashBets(deps.db, currentPlayer(request).userId, request.query)),
  );

  app.post(
    '/crash/bets',
    {
      config: { owner: gameOwner },
      onRequest: [app.requireAuth, siteLive],
      schema: {
        tags: ['crash'],
        summary: 'A bet on the round in its betting window, on panel 0 or 1',
        body: crashBetBodySchema,
        response: envelopeResponses(crashBetAnswerSchema),
      },
    },
    async (request) => {
      const player = currentPlayer(request);
      return ok(
        await game.placeBet({ id: player.userId, username: player.username }, request.body),
      );
    },
  );

  app.delete(
    '/crash/bets/:betId',
    {
      config: { owner: gameOwner },
      onRequest: app.requireAuth,
      schema: {
        tags: ['crash'],
        summary: 'Withdraws a bet in the betting window: its stake is refunded',
        params: crashBetParamsSchema,
        response: envelopeResponses(crashBetAnswerSchema),
      },
    },
    async (request) =>
      ok(await game.withdrawBet(currentPlayer(request).userId, request.params.betId)),
  );

  app.post(
    '/crash/bets/:betId/cashout',
    {
      config: { owner: gameOwner },
      // Not behind the site's maintenance switch: a bet in the air may always be cashed out.
      onRequest: app.requireAuth,
      schema: {
        tags: ['crash'],
        summary: 'Cashes a bet out at the server’s multiplier now; answered once paid',
        params: crashBetParamsSchema,
        response: envelopeResponses(crashCashOutAnswerSchema),
      },
    },
    async (request) => ok(await game.cashOut(currentPlayer(request).userId, request.params.betId)),
  );
};
