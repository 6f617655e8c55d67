/**
 * Content: the pages the operator edits in the back office (contact, privacy, responsible
 * gaming, fair play, game rules, terms), markdown per language with drafts and history
 * (issue 44 item 1, docs/content-pages.md). Calls site (the app settings of `{{KEY}}`).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { contentRoutes, staffContentRoutes } from './content-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const contentModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(contentRoutes, { deps });
  await app.register(staffContentRoutes, { deps });
};
