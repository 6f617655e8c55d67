import {
  bonusClaimCancelSchema,
  bonusClaimParamsSchema,
  bonusClaimPartsQuerySchema,
  bonusClaimPartsSchema,
  bonusClaimRequestSchema,
  bonusClaimSchema,
  bonusClaimsQuerySchema,
  bonusClaimsSchema,
  bonusClaimStatsSchema,
  bonusOffersSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import {
  cancelOwnClaim,
  claimOffer,
  claimStats,
  getClaim,
  listClaimParts,
  listClaims,
  listOffers,
} from './bonus-service.ts';
import { startBonusSweeper } from './bonus-sweeper.ts';

/** SPEC 7.6's `/bonus/claims*` and the offers: the signed-in player's bonuses. */
export const bonusRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  let sweeper: ReturnType<typeof startBonusSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startBonusSweeper(deps);
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });

  const tags = ['bonus'];
  app.get(
    '/bonus/offers',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'The offers open now, and whether the player may claim each',
        response: envelopeResponses(bonusOffersSchema),
      },
    },
    async (request, reply) =>
      ok(await listOffers(deps, currentPlayer(request), requestLanguage(request, reply))),
  );

  app.post(
    '/bonus/claims',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Claim an offer: it waits for the next qualifying deposit',
        body: bonusClaimRequestSchema,
        response: envelopeResponses(bonusClaimSchema),
      },
    },
    async (request, reply) =>
      ok(
        await claimOffer(
          deps,
          currentPlayer(request),
          request.body.offerId,
          requestLanguage(request, reply),
        ),
      ),
  );

  app.get(
    '/bonus/claims',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'The player’s bonuses, newest first',
        querystring: bonusClaimsQuerySchema,
        response: envelopeResponses(bonusClaimsSchema),
      },
    },
    async (request, reply) =>
      ok(
        await listClaims(
          deps,
          currentPlayer(request),
          request.query,
          requestLanguage(request, reply),
        ),
      ),
  );

  app.get(
    '/bonus/claims/stats',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'The coins, the active and pending bonus, and the totals',
        response: envelopeResponses(bonusClaimStatsSchema),
      },
    },
    async (request, reply) =>
      ok(await claimStats(deps, currentPlayer(request), requestLanguage(request, reply))),
  );

  app.get(
    '/bonus/claims/parts',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'What happened to one bonus, a line each, newest first',
        querystring: bonusClaimPartsQuerySchema,
        response: envelopeResponses(bonusClaimPartsSchema),
      },
    },
    async (request) => ok(await listClaimParts(deps, currentPlayer(request), request.query)),
  );

  app.post(
    '/bonus/claims/cancel',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'End a pending bonus, or an active one (its coins left are forfeited)',
        body: bonusClaimCancelSchema,
        response: envelopeResponses(bonusClaimSchema),
      },
    },
    async (request, reply) =>
      ok(
        await cancelOwnClaim(
          deps,
          currentPlayer(request),
          request.body.claimId,
          requestLanguage(request, reply),
        ),
      ),
  );

  app.get(
    '/bonus/claims/:claimId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'One bonus of the player',
        params: bonusClaimParamsSchema,
        response: envelopeResponses(bonusClaimSchema),
      },
    },
    async (request, reply) =>
      ok(
        await getClaim(
          deps,
          currentPlayer(request),
          request.params.claimId,
          requestLanguage(request, reply),
        ),
      ),
  );
};
