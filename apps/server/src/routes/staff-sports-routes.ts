import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExchangeEngine } from '../services/exchange-engine.ts';
import type { ServiceDeps } from '../services/service-deps.ts';

/** Back office sports administration (issue 7). */
export const staffSportsRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  engine: ExchangeEngine;
}> = async (_app, _options) => {};
