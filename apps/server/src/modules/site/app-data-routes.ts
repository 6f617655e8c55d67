import {
  announcementsSchema,
  bannersSchema,
  playerAppDetailsSchema,
  type SiteMoneyModeName,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { getAnnouncements, getAppDetails, getBanners } from './app-data-service.ts';

/** Public reads the player app makes before anyone signs in (SPEC 7.2, 7.3). */
export const appDataRoutes: FastifyPluginAsyncZod<{
  db: Db;
  moneyMode: SiteMoneyModeName;
}> = async (app, { db, moneyMode }) => {
  app.get(
    '/getAppDetails',
    {
      schema: {
        tags: ['app'],
        summary:
          'Brand, contact links, OTP/e-mail switches, the organisation status and the money mode',
        response: envelopeResponses(playerAppDetailsSchema),
      },
    },
    async (_request, reply) => {
      // Polled to notice maintenance: no cache anywhere on the way.
      reply.header('cache-control', 'no-store');
      // The money mode is the server's MONEY_MODE, not a setting (issue 42 item 6).
      return ok(objectWith(await getAppDetails(db), { moneyMode }));
    },
  );

  app.get(
    '/getBanners',
    {
      schema: {
        tags: ['app'],
        summary: 'Enabled banners, sorted ascending by order; titles in the accept-language',
        response: envelopeResponses(bannersSchema),
      },
    },
    async (request, reply) => ok(await getBanners(db, requestLanguage(request, reply))),
  );

  app.get(
    '/announcement/display',
    {
      schema: {
        tags: ['app'],
        summary: 'Active announcements, newest first, in the accept-language (else English)',
        response: envelopeResponses(announcementsSchema),
      },
    },
    async (request, reply) => ok(await getAnnouncements(db, requestLanguage(request, reply))),
  );
};
