import {
  staffCasinoGameParamsSchema,
  staffCasinoGameSchema,
  staffCasinoGamesSchema,
  staffCasinoGameUpdateBodySchema,
  staffCasinoGgrQuerySchema,
  staffCasinoGgrSchema,
  staffCasinoProviderCreateBodySchema,
  staffCasinoProviderParamsSchema,
  staffCasinoProviderSchema,
  staffCasinoProviderSecretSchema,
  staffCasinoProvidersSchema,
  staffCasinoProviderUpdateBodySchema,
  staffCasinoRoundsQuerySchema,
  staffCasinoRoundsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { currentStaff, requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import {
  createStaffCasinoProvider,
  listStaffCasinoGames,
  listStaffCasinoProviders,
  rotateStaffCasinoProviderSecret,
  searchStaffCasinoRounds,
  staffCasinoGgr,
  updateStaffCasinoGame,
  updateStaffCasinoProvider,
} from './staff-casino-service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Hook = ReturnType<typeof requireStaff>;

/**
 * The back office's casino (issue 14, item 6) under /staff/casino. The catalogue, the
 * providers (and their secrets) and the GGR report are admin's; rounds may be looked up by
 * agents too, for their downline's players only (docs/backoffice.md, Casino).
 */
export const staffCasinoRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');
  gameRoutes(app, admin, deps);
  providerRoutes(app, admin, deps);
  reportRoutes(app, admin, requireStaff('agent'), deps);
};

function gameRoutes(app: App, admin: Hook, deps: ServiceDeps): void {
  app.get(
    '/staff/casino/games',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every casino game, disabled ones too, in lobby order',
        response: envelopeResponses(staffCasinoGamesSchema),
      },
    },
    async () => ok(await listStaffCasinoGames(deps)),
  );

  app.patch(
    '/staff/casino/games/:gameId',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Enable, order, tag a game or change its limits and texts (audited)',
        params: staffCasinoGameParamsSchema,
        body: staffCasinoGameUpdateBodySchema,
        response: envelopeResponses(staffCasinoGameSchema),
      },
    },
    async (request) =>
      ok(
        await updateStaffCasinoGame(
          deps,
          staffActorOf(request),
          request.params.gameId,
          request.body,
        ),
      ),
  );
}

function providerRoutes(app: App, admin: Hook, deps: ServiceDeps): void {
  app.get(
    '/staff/casino/providers',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every game provider (secrets shown by their last 4 characters only)',
        response: envelopeResponses(staffCasinoProvidersSchema),
      },
    },
    async () => ok(await listStaffCasinoProviders(deps)),
  );

  app.post(
    '/staff/casino/providers',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Add an external provider; answers its new secret this once (audited)',
        body: staffCasinoProviderCreateBodySchema,
        response: envelopeResponses(staffCasinoProviderSecretSchema),
      },
    },
    async (request) =>
      ok(await createStaffCasinoProvider(deps, staffActorOf(request), request.body)),
  );

  app.post(
    '/staff/casino/providers/:providerId/rotate-secret',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "Replace a provider's secret; answers the new one this once (audited)",
        params: staffCasinoProviderParamsSchema,
        response: envelopeResponses(staffCasinoProviderSecretSchema),
      },
    },
    async (request) =>
      ok(
        await rotateStaffCasinoProviderSecret(
          deps,
          staffActorOf(request),
          request.params.providerId,
        ),
      ),
  );

  app.patch(
    '/staff/casino/providers/:providerId',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Enable or disable a provider, or edit its name and launch address (audited)',
        params: staffCasinoProviderParamsSchema,
        body: staffCasinoProviderUpdateBodySchema,
        response: envelopeResponses(staffCasinoProviderSchema),
      },
    },
    async (request) =>
      ok(
        await updateStaffCasinoProvider(
          deps,
          staffActorOf(request),
          request.params.providerId,
          request.body,
        ),
      ),
  );
}

function reportRoutes(app: App, admin: Hook, agent: Hook, deps: ServiceDeps): void {
  app.get(
    '/staff/casino/rounds',
    {
      onRequest: agent,
      schema: {
        tags: ['staff'],
        summary: 'Rounds by provider round id, round id or player, with their transactions',
        querystring: staffCasinoRoundsQuerySchema,
        response: envelopeResponses(staffCasinoRoundsSchema),
      },
    },
    async (request) =>
      ok(await searchStaffCasinoRounds(deps, currentStaff(request), request.query)),
  );

  app.get(
    '/staff/casino/ggr',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Casino gross gaming revenue by game, provider or Indian day (real money)',
        querystring: staffCasinoGgrQuerySchema,
        response: envelopeResponses(staffCasinoGgrSchema),
      },
    },
    async (request) => ok(await staffCasinoGgr(deps, request.query)),
  );
}
