import {
  betsQuerySchema,
  betsSchema,
  cancelOrderBodySchema,
  eventParamsSchema,
  eventPnlSchema,
  eventSchema,
  marketParamsSchema,
  marketResultBodySchema,
  matchesQuerySchema,
  matchesSchema,
  matchSettingsQuerySchema,
  matchSettingsSchema,
  orderAnswerSchema,
  placeBookmakerBodySchema,
  placeFancyBodySchema,
  placeMatchOddsBodySchema,
  sessionBoardSchema,
  settlementAnswerSchema,
} from '@spm/contract';
import { objectWith, paiseToPoints } from '@spm/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import { eventPnl, listBets } from './bets-service.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import { eventInPath, marketInBody, marketInPath, marketOfOrderInBody } from './route-owners.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requireSiteLive } from '../site/index.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Sports catalogue, betting and the staff result endpoints (SPEC 7.5, DESIGN 5). */
export const exchangeRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  engine: ExchangeEngine;
}> = async (app, { deps, engine }) => {
  catalogueRoutes(app, engine);
  sessionBoardRoute(app, engine);
  placementRoutes(app, deps, engine);
  playerBetRoutes(app, engine);
  resultRoutes(app, deps, engine);
};

/** The session board: every open fancy market of the live and upcoming events. Public. */
function sessionBoardRoute(app: App, engine: ExchangeEngine): void {
  app.get(
    '/bet/sessions',
    {
      schema: {
        tags: ['sports'],
        summary: 'The session board: open fancy markets of in-play and upcoming events, by event',
        response: envelopeResponses(sessionBoardSchema),
      },
    },
    async (request, reply) => ok(engine.sessionBoard(requestLanguage(request, reply))),
  );
}

/** Events, markets and their settings: public. */
function catalogueRoutes(app: App, engine: ExchangeEngine): void {
  app.get(
    '/bet/matches',
    {
      schema: {
        tags: ['sports'],
        summary: 'Open events, in play first, with their markets and best prices',
        querystring: matchesQuerySchema,
        response: envelopeResponses(matchesSchema),
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      const page = engine.listEvents(request.query);
      const items = page.items.map((event) => engine.names.localizeEvent(event, language));
      return ok(objectWith(page, { items }));
    },
  );

  app.get(
    '/bet/matches/:eventId',
    {
      config: { owner: eventInPath(engine) },
      schema: {
        tags: ['sports'],
        summary: 'One event with all its markets',
        params: eventParamsSchema,
        response: envelopeResponses(eventSchema),
      },
    },
    async (request, reply) => {
      const event = engine.eventView(await engine.getEvent(request.params.eventId));
      return ok(engine.names.localizeEvent(event, requestLanguage(request, reply)));
    },
  );

  app.get(
    '/sports/match/settings',
    {
      schema: {
        tags: ['sports'],
        summary: 'Per market stake limits, in-play delay and commission',
        querystring: matchSettingsQuerySchema,
        response: envelopeResponses(matchSettingsSchema),
      },
    },
    async (request) => {
      const event = await engine.getEvent(request.query.eventId);
      return ok(
        event.marketIds.flatMap((id) => {
          const m = engine.markets.get(id);
          return m
            ? [
                {
                  marketId: m.id,
                  minStake: paiseToPoints(m.minStakePaise),
                  maxStake: paiseToPoints(m.maxStakePaise),
                  maxProfit: paiseToPoints(m.maxProfitPaise),
                  inPlayDelayMs: m.inPlayDelayMs,
                  commissionPercent: m.commissionBps / 100,
                },
              ]
            : [];
        }),
      );
    },
  );
}

/** Placing and cancelling bets: signed-in players, while the site is live. */
function placementRoutes(app: App, deps: ServiceDeps, engine: ExchangeEngine): void {
  const siteLive = requireSiteLive(deps.db);
  app.post(
    '/bet/match/odds',
    {
      config: { owner: marketInBody },
      // Peer to peer: a demo player's play money must never meet a real player's cash.
      onRequest: [app.requireAuth, requireRealAccount, siteLive],
      schema: {
        tags: ['sports'],
        summary: 'Place an exchange back or lay order at a ladder price',
        body: placeMatchOddsBodySchema,
        response: envelopeResponses(orderAnswerSchema),
      },
    },
    async (request) => ok(await engine.placeExchange(currentPlayer(request).userId, request.body)),
  );

  app.post(
    '/bet/match/odds/cancel',
    {
      config: { owner: marketOfOrderInBody(engine) },
      onRequest: app.requireAuth,
      schema: {
        tags: ['sports'],
        summary: 'Cancel the unmatched remainder of an order, or part of it',
        body: cancelOrderBodySchema,
        response: envelopeResponses(orderAnswerSchema),
      },
    },
    async (request) => ok(await engine.cancel(currentPlayer(request).userId, request.body)),
  );

  app.post(
    '/bet/bookmaker/odds',
    {
      config: { owner: marketInBody },
      onRequest: [app.requireAuth, siteLive],
      schema: {
        tags: ['sports'],
        summary: 'Bet against the house at the shown bookmaker rate or better',
        body: placeBookmakerBodySchema,
        response: envelopeResponses(orderAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await engine.placeHouse(currentPlayer(request).userId, {
          kind: 'bookmaker',
          ...request.body,
        }),
      ),
  );

  app.post(
    '/bet/fancy/odds',
    {
      config: { owner: marketInBody },
      onRequest: [app.requireAuth, siteLive],
      schema: {
        tags: ['sports'],
        summary: 'Yes or no on a fancy line at the shown rate or better',
        body: placeFancyBodySchema,
        response: envelopeResponses(orderAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await engine.placeHouse(currentPlayer(request).userId, { kind: 'fancy', ...request.body }),
      ),
  );
}

/** A player's own bets and P&L. */
function playerBetRoutes(app: App, engine: ExchangeEngine): void {
  app.get(
    '/bets',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['sports'],
        summary: "The player's bets, newest first",
        querystring: betsQuerySchema,
        response: envelopeResponses(betsSchema),
      },
    },
    async (request, reply) =>
      ok(
        await listBets(
          engine,
          currentPlayer(request).userId,
          request.query,
          requestLanguage(request, reply),
        ),
      ),
  );

  app.get(
    '/bet/pnl/:eventId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['sports'],
        summary: "The player's P&L per runner and exposure per market of an event",
        params: eventParamsSchema,
        response: envelopeResponses(eventPnlSchema),
      },
    },
    async (request) =>
      ok(await eventPnl(engine, currentPlayer(request).userId, request.params.eventId)),
  );
}

/** Settling and correcting results: admin staff, audited. */
function resultRoutes(app: App, deps: ServiceDeps, engine: ExchangeEngine): void {
  app.post(
    '/staff/markets/:marketId/result',
    {
      config: { owner: marketInPath },
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Settle a market with its winner, fancy value, or void (admin, audited)',
        params: marketParamsSchema,
        body: marketResultBodySchema,
        response: envelopeResponses(settlementAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await engine.settle(request.params.marketId, request.body, {
          staffId: currentStaff(request).staffId,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/staff/markets/:marketId/resettle',
    {
      config: { owner: marketInPath },
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Correct a settled result: reverse and settle again (admin, audited)',
        params: marketParamsSchema,
        body: marketResultBodySchema,
        response: envelopeResponses(settlementAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await engine.resettle(request.params.marketId, request.body, {
          staffId: currentStaff(request).staffId,
          ip: request.ip,
        }),
      ),
  );
}
