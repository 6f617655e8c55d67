/**
 * Contact: the /contactus form's messages from players and visitors, answered and closed by
 * staff in the back office (issue 44 item 1, docs/contact-messages.md). It reads identity's
 * tables for names and notifies players through the wallet's entry. Privacy imports it (a
 * player's messages in the data export, deleted at erasure).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { contactRoutes } from './contact-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const contactModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(contactRoutes, { deps });
};

export {
  deletePlayerContactMessages,
  playerContactMessages,
  type ContactMessageRow,
} from './contact-repository.ts';
