import {
  dataExportSchema,
  dataRequestBodySchema,
  dataRequestListSchema,
  dataRequestSchema,
  errorEnvelopeSchema,
  PRIVACY_MESSAGES,
  staffDataRequestDecisionSchema,
  staffDataRequestListSchema,
  staffDataRequestParamsSchema,
  staffDataRequestQuerySchema,
  staffDataRequestSchema,
  updatesConsentBodySchema,
  updatesConsentSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestOrigin } from '../../http/request-origin.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import type { ServiceDeps } from '../../deps.ts';
import { buildDataExport } from './export-service.ts';
import {
  changeUpdatesConsent,
  createDataRequest,
  getUpdatesConsent,
  listOwnRequests,
} from './privacy-service.ts';
import { decideStaffDataRequest, listStaffDataRequests } from './staff-privacy-service.ts';

/** An export reads every table the player has rows in: a few a minute is plenty. */
const EXPORT_RATE_LIMIT = { max: 5, timeWindow: 60_000 } as const;

export const privacyRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  // Demo accounts are shared by every visitor: their data is nobody's to download or erase.
  const player = [app.requireAuth, requireRealAccount];

  app.get(
    '/privacy/export',
    {
      onRequest: player,
      config: { rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags: ['privacy'],
        summary: "The signed-in player's personal data, as a JSON file to download",
        response: { 200: dataExportSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const data = await buildDataExport(deps, currentPlayer(request).userId);
      const day = data.generatedAt.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="personal-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/privacy/consent',
    {
      onRequest: player,
      schema: {
        tags: ['privacy'],
        summary: 'The consent to WhatsApp/Telegram updates, with its times',
        response: envelopeResponses(updatesConsentSchema),
      },
    },
    async (request) => ok(await getUpdatesConsent(deps, currentPlayer(request).userId)),
  );

  app.put(
    '/privacy/consent',
    {
      onRequest: player,
      schema: {
        tags: ['privacy'],
        summary: 'Give or withdraw the consent to updates (audited)',
        body: updatesConsentBodySchema,
        response: envelopeResponses(updatesConsentSchema),
      },
    },
    async (request) =>
      ok(
        await changeUpdatesConsent(
          deps,
          currentPlayer(request).userId,
          request.body,
          requestOrigin(request),
        ),
        PRIVACY_MESSAGES.consentSaved,
      ),
  );

  app.get(
    '/privacy/requests',
    {
      onRequest: player,
      schema: {
        tags: ['privacy'],
        summary: "The player's correction and erasure requests, newest first",
        response: envelopeResponses(dataRequestListSchema),
      },
    },
    async (request) => ok(await listOwnRequests(deps, currentPlayer(request).userId)),
  );

  app.post(
    '/privacy/requests',
    {
      onRequest: player,
      schema: {
        tags: ['privacy'],
        summary: 'Ask for a correction or for the erasure of the account',
        body: dataRequestBodySchema,
        response: envelopeResponses(dataRequestSchema),
      },
    },
    async (request) =>
      ok(
        await createDataRequest(
          deps,
          currentPlayer(request).userId,
          request.body,
          requestOrigin(request),
        ),
        PRIVACY_MESSAGES.requestCreated,
      ),
  );

  app.get(
    '/staff/privacy/requests',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Data requests with their deadlines, open ones first',
        querystring: staffDataRequestQuerySchema,
        response: envelopeResponses(staffDataRequestListSchema),
      },
    },
    async (request) => ok(await listStaffDataRequests(deps, request.query)),
  );

  app.post(
    '/staff/privacy/requests/:id/decision',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Mark a data request done (an erasure anonymises the account) or refused',
        params: staffDataRequestParamsSchema,
        body: staffDataRequestDecisionSchema,
        response: envelopeResponses(staffDataRequestSchema),
      },
    },
    async (request) =>
      ok(
        await decideStaffDataRequest(
          deps,
          staffActorOf(request),
          Number(request.params.id),
          request.body,
        ),
        PRIVACY_MESSAGES.requestDecided,
      ),
  );
};
