import { playAllowanceClaimSchema, playAllowanceSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireSiteLive } from '../site/index.ts';
import { claimPlayAllowance, getPlayAllowance } from './allowance-service.ts';

/** The daily points of a play-money site (docs/play-money.md). */
export const allowanceRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const siteLive = requireSiteLive(deps.db);

  app.get(
    '/play/allowance',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['play-money'],
        summary: 'The daily points: whether they may be claimed, how many, and from when',
        response: envelopeResponses(playAllowanceSchema),
      },
    },
    async (request) => ok(await getPlayAllowance(deps, currentPlayer(request).userId)),
  );

  app.post(
    '/play/allowance/claim',
    {
      onRequest: [app.requireAuth, siteLive],
      schema: {
        tags: ['play-money'],
        summary:
          "Claim today's points (play-money site, once per day of India time; 409 " +
          'ALLOWANCE_CLAIMED after the first)',
        response: envelopeResponses(playAllowanceClaimSchema),
      },
    },
    async (request) => ok(await claimPlayAllowance(deps, currentPlayer(request).userId)),
  );
};
