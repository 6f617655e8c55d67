import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentParamsSchema,
  staffAccountSchema,
  staffAccountsSchema,
  staffCreateBodySchema,
  staffUserParamsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import { adjustBalance } from './adjustment-service.ts';
import {
  changeStaffAccount,
  createStaffAccount,
  listStaffAccounts,
} from './staff-account-service.ts';

/** Staff accounts and balance adjustments: the admin's part of the back office. */
export const staffAccountRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/staff/users',
    {
      onRequest: requireStaff('admin'),
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
      onRequest: requireStaff('admin'),
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
        onRequest: requireStaff('admin'),
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
      onRequest: requireStaff('admin'),
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
