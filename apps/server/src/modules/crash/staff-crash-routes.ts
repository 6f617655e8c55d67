import {
  staffCrashReportQuerySchema,
  staffCrashReportSchema,
  staffCrashRoundDetailSchema,
  staffCrashRoundParamsSchema,
  staffCrashRoundsQuerySchema,
  staffCrashRoundsSchema,
  staffCrashSettingsBodySchema,
  staffCrashSettingsChangeSchema,
  staffCrashSettingsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import {
  changeStaffCrashSettings,
  pauseStaffCrash,
  staffCrashReport,
  staffCrashRoundDetail,
  staffCrashRoundsPage,
  staffCrashSettings,
} from './staff-crash-service.ts';

/**
 * The back office's crash game (issue 43 item 6) under /staff/crash, admin only like every
 * staff route outside an agent's own players (docs/backoffice.md "Roles"): the settings move
 * every player's odds, the rounds name every player, the report is the house's revenue
 * (docs/crash-backoffice.md).
 */
export const staffCrashRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');

  app.get(
    '/staff/crash/settings',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "The crash game's settings and whether it is paused",
        response: envelopeResponses(staffCrashSettingsSchema),
      },
    },
    async () => ok(await staffCrashSettings(deps)),
  );

  app.put(
    '/staff/crash/settings',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Change the crash settings; they apply from the next round committed (audited)',
        body: staffCrashSettingsBodySchema,
        response: envelopeResponses(staffCrashSettingsChangeSchema),
      },
    },
    async (request) =>
      ok(await changeStaffCrashSettings(deps, staffActorOf(request), request.body)),
  );

  for (const [path, paused] of [
    ['/staff/crash/pause', true],
    ['/staff/crash/resume', false],
  ] as const) {
    app.post(
      path,
      {
        onRequest: admin,
        schema: {
          tags: ['staff'],
          summary: paused
            ? 'Pause the game: the round under way ends, no new round starts (audited)'
            : 'Resume the game: the next round opens (audited)',
          response: envelopeResponses(staffCrashSettingsSchema),
        },
      },
      async (request) => ok(await pauseStaffCrash(deps, staffActorOf(request), paused)),
    );
  }

  app.get(
    '/staff/crash/rounds',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Crashed rounds, newest first, by Indian day range, incidents only if asked',
        querystring: staffCrashRoundsQuerySchema,
        response: envelopeResponses(staffCrashRoundsSchema),
      },
    },
    async (request) => ok(await staffCrashRoundsPage(deps, request.query)),
  );

  app.get(
    '/staff/crash/rounds/:roundId',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'A crash round with its settings and every bet',
        params: staffCrashRoundParamsSchema,
        response: envelopeResponses(staffCrashRoundDetailSchema),
      },
    },
    async (request) => ok(await staffCrashRoundDetail(deps, Number(request.params.roundId))),
  );

  app.get(
    '/staff/crash/report',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Crash rounds, bets, stake, payout, GGR and RTP per Indian day, with totals',
        querystring: staffCrashReportQuerySchema,
        response: envelopeResponses(staffCrashReportSchema),
      },
    },
    async (request) => ok(await staffCrashReport(deps, request.query)),
  );
};
