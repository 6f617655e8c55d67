import {
  CONTACT_MESSAGES,
  contactMessageBodySchema,
  contactMessageListSchema,
  contactMessageSchema,
  staffContactAnswerBodySchema,
  staffContactListSchema,
  staffContactMessageSchema,
  staffContactParamsSchema,
  staffContactQuerySchema,
} from '@spm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, playerOrVisitor } from '../../http/auth.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requestOrigin } from '../../http/request-origin.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import type { ServiceDeps } from '../../deps.ts';
import { accountSender, listOwnContactMessages, sendContactMessage } from './contact-service.ts';
import {
  answerStaffContactMessage,
  closeStaffContactMessage,
  getStaffContactMessage,
  listStaffContactMessages,
} from './staff-contact-service.ts';

/**
 * The form's burst limit, per player (signed in) or per address (a visitor, a demo account):
 * a few messages in ten minutes is what a person writes; the daily cap is the service's.
 */
export const CONTACT_RATE_LIMIT = {
  max: 5,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest): string => {
    const player = accountSender(request.auth);
    return player ? `player:${player.userId}` : `ip:${request.ip}`;
  },
} as const;

export const contactRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  /**
   * The form is open to visitors; a token makes the sender its player. A token that no longer
   * works is a visitor (the app's session check signs it out), as on the casino lobby.
   * Runs before the rate limit, which counts per player when there is one.
   */
  const senderOf = async (request: FastifyRequest): Promise<void> => {
    request.auth = await playerOrVisitor(app, request);
  };

  app.post(
    '/contact/messages',
    {
      onRequest: senderOf,
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        summary: 'Write to the operator: a player, or a visitor with a name and an email or mobile',
        body: contactMessageBodySchema,
        response: envelopeResponses(contactMessageSchema),
      },
    },
    async (request) =>
      ok(
        await sendContactMessage(deps, request.auth, request.body, requestOrigin(request)),
        CONTACT_MESSAGES.sent,
      ),
  );

  app.get(
    '/contact/messages',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['contact'],
        summary: "The signed-in player's messages with the operator's answers, newest first",
        response: envelopeResponses(contactMessageListSchema),
      },
    },
    async (request) => ok(await listOwnContactMessages(deps, currentPlayer(request).userId)),
  );

  staffContactRoutes(app, deps);
};

/** The back office's inbox: admins read, answer and close (answers and closes audited). */
function staffContactRoutes(app: Parameters<typeof contactRoutes>[0], deps: ServiceDeps): void {
  app.get(
    '/staff/contact/messages',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Contact messages, open ones first (the longest waiting on top), paged',
        querystring: staffContactQuerySchema,
        response: envelopeResponses(staffContactListSchema),
      },
    },
    async (request) => ok(await listStaffContactMessages(deps, request.query)),
  );

  app.get(
    '/staff/contact/messages/:id',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'One contact message with its sender and answer',
        params: staffContactParamsSchema,
        response: envelopeResponses(staffContactMessageSchema),
      },
    },
    async (request) => ok(await getStaffContactMessage(deps, Number(request.params.id))),
  );

  app.post(
    '/staff/contact/messages/:id/answer',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary:
          'Answer an open message (a player is notified; a visitor is replied to by email or phone)',
        params: staffContactParamsSchema,
        body: staffContactAnswerBodySchema,
        response: envelopeResponses(staffContactMessageSchema),
      },
    },
    async (request) =>
      ok(
        await answerStaffContactMessage(
          deps,
          staffActorOf(request),
          Number(request.params.id),
          request.body.answer,
        ),
        CONTACT_MESSAGES.answered,
      ),
  );

  app.post(
    '/staff/contact/messages/:id/close',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'Close an open or answered message',
        params: staffContactParamsSchema,
        response: envelopeResponses(staffContactMessageSchema),
      },
    },
    async (request) =>
      ok(
        await closeStaffContactMessage(deps, staffActorOf(request), Number(request.params.id)),
        CONTACT_MESSAGES.closed,
      ),
  );
}
