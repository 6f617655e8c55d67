import {
  auditListSchema,
  auditQuerySchema,
  dashboardSchema,
  pageQuerySchema,
  staffBetListSchema,
  staffLockAnswerSchema,
  staffLockBodySchema,
  staffPlayerLedgerQuerySchema,
  staffPlayerLedgerSchema,
  staffPlayerListSchema,
  staffPlayerParamsSchema,
  staffPlayerBonusesSchema,
  staffSportsbookBetListSchema,
  staffPlayerReferralsSchema,
  staffPlayerQuerySchema,
  staffPlayerSchema,
  staffPlayerSessionListSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import type { ServiceDeps } from '../../deps.ts';
import { listAudit } from './staff-audit-service.ts';
import { getDashboard } from './staff-dashboard-service.ts';
import {
  getStaffPlayer,
  getStaffPlayerBonuses,
  getStaffPlayerSportsbookBets,
  getStaffPlayerReferrals,
  getStaffPlayerBets,
  getStaffPlayerLedger,
  getStaffPlayerSessions,
  listStaffPlayers,
  setPlayerLock,
} from './staff-player-service.ts';

/**
 * Back office players, dashboard and audit log (issue 7). Agents read their downline only
 * (a player outside it is 404, as an id nobody has); changes and the audit log are admin's.
 */
export const staffPlayersRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/staff/dashboard',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: 'Today, this month, pending queues and the last 30 days (agents: downline)',
        response: envelopeResponses(dashboardSchema),
      },
    },
    async (request) => ok(await getDashboard(deps, currentStaff(request))),
  );

  app.get(
    '/staff/players',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: 'Search players by id, username or phone (agents: downline)',
        querystring: staffPlayerQuerySchema,
        response: envelopeResponses(staffPlayerListSchema),
      },
    },
    async (request) => ok(await listStaffPlayers(deps, currentStaff(request), request.query)),
  );

  app.get(
    '/staff/players/:playerId',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: 'A player with wallet and KYC status (agents: downline)',
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffPlayerSchema),
      },
    },
    async (request) =>
      ok(await getStaffPlayer(deps, currentStaff(request), Number(request.params.playerId))),
  );

  app.get(
    '/staff/players/:playerId/referrals',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: 'Who invited the player and whom they invited (agents: downline)',
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffPlayerReferralsSchema),
      },
    },
    async (request) =>
      ok(
        await getStaffPlayerReferrals(deps, currentStaff(request), Number(request.params.playerId)),
      ),
  );

  app.get(
    '/staff/players/:playerId/bonuses',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's bonus coins and bonuses, newest first (agents: downline)",
        params: staffPlayerParamsSchema,
        response: envelopeResponses(staffPlayerBonusesSchema),
      },
    },
    async (request) =>
      ok(await getStaffPlayerBonuses(deps, currentStaff(request), Number(request.params.playerId))),
  );

  app.get(
    '/staff/players/:playerId/ledger',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's statement between two Indian days (agents: downline)",
        params: staffPlayerParamsSchema,
        querystring: staffPlayerLedgerQuerySchema,
        response: envelopeResponses(staffPlayerLedgerSchema),
      },
    },
    async (request) =>
      ok(
        await getStaffPlayerLedger(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.query,
        ),
      ),
  );

  app.get(
    '/staff/players/:playerId/sportsbook-bets',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's sportsbook bets, newest first (agents: downline)",
        params: staffPlayerParamsSchema,
        querystring: pageQuerySchema,
        response: envelopeResponses(staffSportsbookBetListSchema),
      },
    },
    async (request) =>
      ok(
        await getStaffPlayerSportsbookBets(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.query,
        ),
      ),
  );

  app.get(
    '/staff/players/:playerId/bets',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's bets, newest first (agents: downline)",
        params: staffPlayerParamsSchema,
        querystring: pageQuerySchema,
        response: envelopeResponses(staffBetListSchema),
      },
    },
    async (request) =>
      ok(
        await getStaffPlayerBets(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.query,
        ),
      ),
  );

  app.get(
    '/staff/players/:playerId/sessions',
    {
      onRequest: requireStaff('agent'),
      schema: {
        tags: ['staff'],
        summary: "A player's sessions, newest first (agents: downline)",
        params: staffPlayerParamsSchema,
        querystring: pageQuerySchema,
        response: envelopeResponses(staffPlayerSessionListSchema),
      },
    },
    async (request) =>
      ok(
        await getStaffPlayerSessions(
          deps,
          currentStaff(request),
          Number(request.params.playerId),
          request.query,
        ),
      ),
  );

  for (const [path, lock] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.post(
      `/staff/players/:playerId/${path}`,
      {
        onRequest: requireStaff('admin'),
        schema: {
          tags: ['staff'],
          summary: lock
            ? 'Lock a player: sessions and sockets end (admin, audited)'
            : 'Unlock a player (admin, audited)',
          params: staffPlayerParamsSchema,
          body: staffLockBodySchema,
          response: envelopeResponses(staffLockAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await setPlayerLock(
            deps,
            currentStaff(request),
            Number(request.params.playerId),
            lock,
            request.body.reason,
            request.ip,
          ),
        ),
    );
  }

  app.get(
    '/staff/audit',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first (admin)',
        querystring: auditQuerySchema,
        response: envelopeResponses(auditListSchema),
      },
    },
    async (request) => ok(await listAudit(deps, request.query)),
  );
};
