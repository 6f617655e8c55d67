import { ACCOUNT_MESSAGES, profileSchema, updateProfileBodySchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestOrigin } from '../../http/request-origin.ts';
import { getProfile, updateProfile } from './profile-service.ts';
import type { ServiceDeps } from '../../deps.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['account'],
        summary: "The signed-in player's profile",
        response: envelopeResponses(profileSchema),
      },
    },
    async (request) => ok(await getProfile(deps, currentPlayer(request))),
  );

  app.patch(
    '/profile',
    {
      // Demo accounts are shared by every visitor: nobody may rename them.
      onRequest: [app.requireAuth, requireRealAccount],
      schema: {
        tags: ['account'],
        summary: 'Change name and e-mail',
        body: updateProfileBodySchema,
        response: envelopeResponses(profileSchema),
      },
    },
    async (request) =>
      ok(
        await updateProfile(deps, currentPlayer(request), request.body, requestOrigin(request)),
        ACCOUNT_MESSAGES.profileUpdated,
      ),
  );
};
