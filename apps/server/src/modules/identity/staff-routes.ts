import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentParamsSchema,
  messageAnswerSchema,
  staffChangePasswordBodySchema,
  staffAccountSchema,
  staffAccountsSchema,
  staffCreateBodySchema,
  staffLoginAnswerSchema,
  staffLoginBodySchema,
  staffLoginChallengeSchema,
  staffMeSchema,
  staffTotpBodySchema,
  staffUserParamsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import { adjustBalance } from '../backoffice/adjustment-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  changeStaffAccount,
  createStaffAccount,
  listStaffAccounts,
} from '../backoffice/staff-account-service.ts';
import { changeOwnStaffPassword } from './staff-password-service.ts';
import { staffLogin, staffLoginTotp, staffLogout, staffMe } from './staff-service.ts';

/** Staff (back office) endpoints: staff tokens only, never a player's. */
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
      onRequest: requireStaff(deps),
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
      onRequest: requireStaff(deps),
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
      onRequest: requireStaff(deps),
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

  app.get(
    '/staff/users',
    {
      onRequest: requireStaff(deps, 'admin'),
      schema: {
        tags: ['staff'],
        summary: 'Staff accounts (admin)',
        response: envelopeResponses(staffAccountsSchema),
      },
    },
    async () => ok(await listStaffAccounts(deps)),
  );

  app.post(
    '/staff/users',
    {
      onRequest: requireStaff(deps, 'admin'),
      schema: {
        tags: ['staff'],
        summary: 'Create a staff account (admin, audited)',
        body: staffCreateBodySchema,
        response: envelopeResponses(staffAccountSchema),
      },
    },
    async (request) =>
      ok(await createStaffAccount(deps, currentStaff(request), request.body, request.ip)),
  );

  const changes = [
    ['reset-totp', 'reset_totp', 'Make the member set up TOTP again at the next sign-in'],
    ['disable', 'disable', 'Disable a staff account and end its sessions'],
    ['enable', 'enable', 'Enable a staff account'],
  ] as const;
  for (const [path, change, summary] of changes) {
    app.post(
      `/staff/users/:id/${path}`,
      {
        onRequest: requireStaff(deps, 'admin'),
        schema: {
          tags: ['staff'],
          summary: `${summary} (admin, audited)`,
          params: staffUserParamsSchema,
          response: envelopeResponses(staffAccountSchema),
        },
      },
      async (request) =>
        ok(
          await changeStaffAccount(
            deps,
            currentStaff(request),
            Number(request.params.id),
            change,
            request.ip,
          ),
        ),
    );
  }

  app.post(
    '/staff/players/:playerId/adjustments',
    {
      onRequest: requireStaff(deps, 'admin'),
      schema: {
        tags: ['staff'],
        summary: "Credit or debit a player's cash (admin, audited)",
        params: adjustmentParamsSchema,
        body: adjustmentBodySchema,
        response: envelopeResponses(adjustmentAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await adjustBalance(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.body,
          request.ip,
        ),
      ),
  );
};
