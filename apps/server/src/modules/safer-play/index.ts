/**
 * Safer play (issue 42): limits, reality checks, time-out and self-exclusion. Each part has
 * its folder and plugin; the app registers this module's plugin under the API prefix.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { saferPlaySessions } from './sessions/index.ts';

export const saferPlayModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(saferPlaySessions, { deps });
};
