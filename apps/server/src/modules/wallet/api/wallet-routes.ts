import {
  exposureAmountSchema,
  markNotificationsReadAnswerSchema,
  markNotificationsReadBodySchema,
  notificationsSchema,
  pageQuerySchema,
  statementParamsSchema,
  statementSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer } from '../../../http/auth.ts';
import { envelopeResponses, ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/language.ts';
import { getNotifications, readNotifications } from '../events/notification-service.ts';
import type { ServiceDeps } from '../../../deps.ts';
import { getExposureAmount, getStatement } from './wallet-service.ts';

/** Wallet reads and notifications of the signed-in player (demo players included). */
export const walletRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.get(
    '/bet/exposure/amount',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'What open bets hold, in points',
        response: envelopeResponses(exposureAmountSchema),
      },
    },
    async (request) => ok(await getExposureAmount(deps, currentPlayer(request).userId)),
  );

  app.get(
    '/getAccountstatement/:from/:to',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Account statement between two Indian dates, inclusive, newest first',
        params: statementParamsSchema,
        querystring: pageQuerySchema,
        response: envelopeResponses(statementSchema),
      },
    },
    async (request) =>
      ok(await getStatement(deps, currentPlayer(request).userId, request.params, request.query)),
  );

  app.get(
    '/notifications',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary:
          "The player's notifications, newest first, with the unread count; in the accept-language",
        querystring: pageQuerySchema,
        response: envelopeResponses(notificationsSchema),
      },
    },
    async (request, reply) =>
      ok(
        await getNotifications(
          deps,
          currentPlayer(request).userId,
          { page: request.query.page, pageSize: request.query.pageSize },
          requestLanguage(request, reply),
        ),
      ),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications (or all) read',
        body: markNotificationsReadBodySchema,
        response: envelopeResponses(markNotificationsReadAnswerSchema),
      },
    },
    async (request) =>
      ok(await readNotifications(deps, currentPlayer(request).userId, request.body.ids)),
  );
};
