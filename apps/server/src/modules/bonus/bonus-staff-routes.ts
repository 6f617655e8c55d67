import {
  bonusClaimParamsSchema,
  bonusClaimSchema,
  staffBonusOfferInputSchema,
  staffBonusOfferPatchSchema,
  staffBonusOfferSchema,
  staffBonusOffersSchema,
} from '@spm/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import {
  createOffer,
  editOffer,
  listStaffOffers,
  staffCancelClaim,
} from './bonus-staff-service.ts';

const offerParamsSchema = z.object({ offerId: z.coerce.number().int().positive() });

/** The back office's bonus offers and a player's bonus cancelled: admin's, audited. */
export const bonusStaffRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');
  const tags = ['staff'];

  app.get(
    '/staff/bonus/offers',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every bonus offer, newest first, with what it granted',
        response: envelopeResponses(staffBonusOffersSchema),
      },
    },
    async () => ok(await listStaffOffers(deps.db)),
  );

  app.post(
    '/staff/bonus/offers',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Publish a deposit offer',
        body: staffBonusOfferInputSchema,
        response: envelopeResponses(staffBonusOfferSchema),
      },
    },
    async (request) => ok(await createOffer(deps, staffActorOf(request), request.body)),
  );

  app.patch(
    '/staff/bonus/offers/:offerId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change an offer’s terms, or switch it on or off',
        params: offerParamsSchema,
        body: staffBonusOfferPatchSchema,
        response: envelopeResponses(staffBonusOfferSchema),
      },
    },
    async (request) =>
      ok(await editOffer(deps, staffActorOf(request), request.params.offerId, request.body)),
  );

  app.post(
    '/staff/bonus/claims/:claimId/cancel',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'End a player’s pending or active bonus (its coins left are forfeited)',
        params: bonusClaimParamsSchema,
        response: envelopeResponses(bonusClaimSchema),
      },
    },
    async (request) =>
      ok(await staffCancelClaim(deps, staffActorOf(request), request.params.claimId)),
  );
};
