import {
  messageAnswerSchema,
  staffChangePasswordBodySchema,
  staffLoginAnswerSchema,
  staffLoginBodySchema,
  staffLoginChallengeSchema,
  staffMeSchema,
  staffTotpBodySchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import type { ServiceDeps } from '../../deps.ts';
import { changeOwnStaffPassword } from './staff-password-service.ts';
import { staffLogin, staffLoginTotp, staffLogout, staffMe } from './staff-service.ts';

/** Staff sign-in, session and own password: staff tokens only, never a player's. */
export const staffRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/staff/login',
    {
      config: { rateLimit: RATE_LIMITS.staffLogin },
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, password step: answers the TOTP challenge',
        body: staffLoginBodySchema,
        response: envelopeResponses(staffLoginChallengeSchema),
      },
    },
    async (request) => ok(await staffLogin(deps, request.body, request.ip)),
  );

  app.post(
    '/staff/login/totp',
    {
      config: { rateLimit: RATE_LIMITS.staffLogin },
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, TOTP step (enrols on the first sign-in): answers the session',
        body: staffTotpBodySchema,
        response: envelopeResponses(staffLoginAnswerSchema),
      },
    },
    async (request) => ok(await staffLoginTotp(deps, request.body, request.ip)),
  );

  app.get(
    '/staff/me',
    {
      onRequest: requireStaff(),
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member',
        response: envelopeResponses(staffMeSchema),
      },
    },
    async (request) => ok(await staffMe(deps, currentStaff(request))),
  );

  app.post(
    '/staff/logout',
    {
      onRequest: requireStaff(),
      schema: {
        tags: ['staff'],
        summary: 'End this staff session',
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) => {
      await staffLogout(deps, currentStaff(request), request.ip);
      return ok({ message: 'Signed out.' });
    },
  );

  app.post(
    '/staff/password',
    {
      onRequest: requireStaff(),
      // Guesses at the current password from a stolen session are few per address.
      config: { rateLimit: RATE_LIMITS.updatePassword },
      schema: {
        tags: ['staff'],
        summary:
          'Change your own password (current password and authenticator code); ends your ' +
          'other sessions (audited)',
        body: staffChangePasswordBodySchema,
        response: envelopeResponses(messageAnswerSchema),
      },
    },
    async (request) => {
      await changeOwnStaffPassword(deps, currentStaff(request), request.body, request.ip);
      return ok({ message: 'Password changed.' });
    },
  );
};
