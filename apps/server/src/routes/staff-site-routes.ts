import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../services/service-deps.ts';

/** Back office site settings, banners, announcements and broadcasts (issue 7). */
export const staffSiteRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  _app,
  _options,
) => {};
