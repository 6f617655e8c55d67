import {
  referralChildrenQuerySchema,
  referralChildrenSchema,
  referralCodeSchema,
  referralSourcesSchema,
  referralStatsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentPlayer } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import {
  generateReferralCode,
  listReferralChildren,
  listReferralSources,
  referralStats,
} from './referral-service.ts';

/** SPEC 7.6's `/ref/*`: the signed-in player's own referral programme. */
export const referralRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/ref/generate',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['referral'],
        summary: 'The player’s referral code, made on the first call and the same ever after',
        response: envelopeResponses(referralCodeSchema),
      },
    },
    async (request) => ok(await generateReferralCode(deps, currentPlayer(request))),
  );

  app.get(
    '/ref/stats',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['referral'],
        summary: 'The code, its visits, sign-ups and rewards, and the operator’s terms',
        response: envelopeResponses(referralStatsSchema),
      },
    },
    async (request) => ok(await referralStats(deps, currentPlayer(request))),
  );

  app.get(
    '/ref/children',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['referral'],
        summary: 'The players who signed up with the code, newest first (names masked)',
        querystring: referralChildrenQuerySchema,
        response: envelopeResponses(referralChildrenSchema),
      },
    },
    async (request) => ok(await listReferralChildren(deps, currentPlayer(request), request.query)),
  );

  app.get(
    '/ref/sources',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['referral'],
        summary: 'Visits, sign-ups and rewards per source, the busiest first',
        response: envelopeResponses(referralSourcesSchema),
      },
    },
    async (request) => ok(await listReferralSources(deps, currentPlayer(request))),
  );
};
