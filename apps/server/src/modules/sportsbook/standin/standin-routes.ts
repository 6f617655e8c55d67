import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeStandInBet, type StandInContext } from './standin-bets.ts';
import { standInEvents } from './standin-catalogue.ts';
import {
  standInBetAcceptedSchema,
  standInBetBodySchema,
  standInEventsSchema,
  standInLanguageQuerySchema,
  standInRefusalSchema,
  type StandInRefusal,
} from './standin-schemas.ts';

/** Where the stand-in's routes live under the API prefix. */
export const STAND_IN_PREFIX = '/sportsbook/stand-in';
/** The script changes only with a deploy; a short cache still spares every page view a fetch. */
const SCRIPT_CACHE = 'public, max-age=300';
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The stand-in's routes, in a scope of their own: they answer as Betby's API would, so every
 * error (a body that does not validate, one too big) comes back as `{ code, message }`, never
 * the platform's envelope, and the renderer reads one shape.
 */
export const standInRoutes: FastifyPluginAsyncZod<{
  context: StandInContext;
  script: string;
}> = async (app, { context, script }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.validation !== undefined || (status >= 400 && status < 500)) {
      const body: StandInRefusal = {
        code: 'INVALID',
        message: error.validation !== undefined ? 'The request is not valid.' : error.message,
      };
      return reply.code(status >= 400 && status < 500 ? status : 400).send(body);
    }
    request.log.error({ err: error }, 'stand-in sportsbook request failed');
    const body: StandInRefusal = { code: 'UNAVAILABLE', message: 'Internal error; try again.' };
    return reply.code(500).send(body);
  });

  const tags = ['sportsbook'];

  app.get(
    '/bt-renderer.js',
    {
      schema: {
        tags,
        summary: "The stand-in's renderer script, Betby's BTRenderer interface (provider protocol)",
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', SCRIPT_CACHE)
        .send(script),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary:
          "The stand-in's events: the exchange's open match-odds markets at fixed prices (provider protocol)",
        querystring: standInLanguageQuerySchema,
        response: { 200: standInEventsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return standInEvents(context.catalogue, request.query.lang);
    },
  );

  app.post(
    '/bets',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Place a bet at the stand-in (provider protocol; Bearer: the player’s sportsbook token)',
        body: standInBetBodySchema,
        response: {
          200: standInBetAcceptedSchema,
          '4xx': standInRefusalSchema,
          '5xx': standInRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await placeStandInBet(context, request.headers.authorization, request.body);
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );
};
