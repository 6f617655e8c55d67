/**
 * Privacy: a player's personal data across every module (issue 42 item 8,
 * docs/personal-data.md): the export, the consent to updates, correction and erasure requests
 * and the back office's list of them. It reads the other modules' tables for reports and their
 * entries for the rest; money only through the wallet's. None imports it.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { privacyRoutes } from './privacy-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const privacyModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(privacyRoutes, { deps });
};
