import {
  staffBookmakerRatesBodySchema,
  staffEventCreateBodySchema,
  staffEventListSchema,
  staffEventParamsSchema,
  staffEventQuerySchema,
  staffEventSchema,
  staffEventUpdateBodySchema,
  staffFancyLineBodySchema,
  staffMarketBookSchema,
  staffMarketCreateBodySchema,
  staffMarketUpdateBodySchema,
} from '@spm/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import { eventInPath, marketInPath } from './route-owners.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  createStaffEvent,
  createStaffMarket,
  getStaffEvent,
  listStaffEvents,
  setStaffBookmakerRates,
  setStaffFancyLine,
  staffMarketBook,
  updateStaffEvent,
  updateStaffMarket,
} from './staff-sports-service.ts';

const staffMarketSchema = staffEventSchema.shape.markets.element;
/** Ids are bigint serials: longer digit strings are no id of ours (and would overflow). */
const marketParamsSchema = z.object({ marketId: z.string().regex(/^\d{1,18}$/, 'Not an id') });

type App = Parameters<FastifyPluginAsyncZod>[0];
type Admin = ReturnType<typeof requireStaff>;

/**
 * Back office sports administration (issue 7), admin only. Results, voids and corrections
 * stay at POST /staff/markets/{id}/result and /resettle (exchange-routes.ts).
 */
export const staffSportsRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  engine: ExchangeEngine;
}> = async (app, { deps, engine }) => {
  const admin = requireStaff('admin');
  eventRoutes(app, admin, deps, engine);
  marketRoutes(app, admin, deps, engine);
  priceRoutes(app, admin, deps, engine);
};

/** Listing, reading, creating and editing events. */
function eventRoutes(app: App, admin: Admin, deps: ServiceDeps, engine: ExchangeEngine): void {
  app.get(
    '/staff/events',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every event, closed ones too, newest start first, with exposure per market',
        querystring: staffEventQuerySchema,
        response: envelopeResponses(staffEventListSchema),
      },
    },
    async (request) => ok(await listStaffEvents(engine, request.query)),
  );

  app.get(
    '/staff/events/:eventId',
    {
      config: { owner: eventInPath(engine) },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'One event with its markets, limits, exposure and volume',
        params: staffEventParamsSchema,
        response: envelopeResponses(staffEventSchema),
      },
    },
    async (request) => ok(await getStaffEvent(engine, request.params.eventId)),
  );

  app.post(
    '/staff/events',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Create an event (the competition is found by name or created; audited)',
        body: staffEventCreateBodySchema,
        response: envelopeResponses(staffEventSchema),
      },
    },
    async (request) => ok(await createStaffEvent(engine, staffActorOf(request), request.body)),
  );

  app.patch(
    '/staff/events/:eventId',
    {
      config: { owner: eventInPath(engine) },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Edit an event: sides, start, live TV, status (audited)',
        params: staffEventParamsSchema,
        body: staffEventUpdateBodySchema,
        response: envelopeResponses(staffEventSchema),
      },
    },
    async (request) =>
      ok(
        await updateStaffEvent(engine, staffActorOf(request), request.params.eventId, request.body),
      ),
  );
}

/** Creating and editing markets. */
function marketRoutes(app: App, admin: Admin, deps: ServiceDeps, engine: ExchangeEngine): void {
  app.post(
    '/staff/events/:eventId/markets',
    {
      config: { owner: eventInPath(engine) },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Add a match odds, bookmaker or fancy market to an event (audited)',
        params: staffEventParamsSchema,
        body: staffMarketCreateBodySchema,
        response: envelopeResponses(staffMarketSchema),
      },
    },
    async (request) =>
      ok(
        await createStaffMarket(
          engine,
          staffActorOf(request),
          request.params.eventId,
          request.body,
        ),
      ),
  );

  app.patch(
    '/staff/markets/:marketId',
    {
      config: { owner: marketInPath },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Suspend, resume or close a market; in-play flag and limits (audited)',
        params: marketParamsSchema,
        body: staffMarketUpdateBodySchema,
        response: envelopeResponses(staffMarketSchema),
      },
    },
    async (request) =>
      ok(
        await updateStaffMarket(
          engine,
          staffActorOf(request),
          request.params.marketId,
          request.body,
        ),
      ),
  );
}

/** Bookmaker rates and fancy lines set by hand, and who holds what on a market. */
function priceRoutes(app: App, admin: Admin, deps: ServiceDeps, engine: ExchangeEngine): void {
  app.put(
    '/staff/markets/:marketId/rates',
    {
      config: { owner: marketInPath },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Set bookmaker rates by hand (audited)',
        params: marketParamsSchema,
        body: staffBookmakerRatesBodySchema,
        response: envelopeResponses(staffMarketSchema),
      },
    },
    async (request) =>
      ok(
        await setStaffBookmakerRates(
          engine,
          staffActorOf(request),
          request.params.marketId,
          request.body,
        ),
      ),
  );

  app.put(
    '/staff/markets/:marketId/line',
    {
      config: { owner: marketInPath },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Set a fancy line and its rates by hand (audited)',
        params: marketParamsSchema,
        body: staffFancyLineBodySchema,
        response: envelopeResponses(staffMarketSchema),
      },
    },
    async (request) =>
      ok(
        await setStaffFancyLine(
          engine,
          staffActorOf(request),
          request.params.marketId,
          request.body,
        ),
      ),
  );

  app.get(
    '/staff/markets/:marketId/book',
    {
      config: { owner: marketInPath },
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "A market's ladder and each player's exposure and P&L per runner",
        params: marketParamsSchema,
        response: envelopeResponses(staffMarketBookSchema),
      },
    },
    async (request) => ok(await staffMarketBook(engine, request.params.marketId)),
  );
}
