import { staffBroadcastAnswerSchema, staffBroadcastBodySchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { RESTRICTED_ROOM } from '../../realtime/emitter.ts';
import { emitToast } from '../../realtime/localized.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import { broadcastNotification } from './staff-site-broadcast-service.ts';

/** The operator's broadcast to players (issue 7), admin only. */
export const staffBroadcastRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/staff/notifications',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary:
          "Notify every active player, or one (bell and toast, in each player's language; audited once)",
        body: staffBroadcastBodySchema,
        response: envelopeResponses(staffBroadcastAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await broadcastNotification(
          deps,
          { staff: currentStaff(request), ip: request.ip },
          request.body,
          (toast) => {
            // Not to a player under a time-out or self-exclusion (issue 42 item 3); each
            // socket in its language (one emit per language given).
            emitToast(app.realtime.io.except(RESTRICTED_ROOM), toast);
          },
        ),
      ),
  );
};
