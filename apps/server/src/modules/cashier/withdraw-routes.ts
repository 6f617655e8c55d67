import {
  KYC_BACK_FIELD,
  KYC_FRONT_FIELD,
  bankDetailBodySchema,
  bankDetailDeleteAnswerSchema,
  bankDetailDeleteBodySchema,
  bankDetailPatchBodySchema,
  bankDetailSchema,
  bankDetailsSchema,
  bankParamsSchema,
  gatewaysSchema,
  kycStateSchema,
  staffApproveBodySchema,
  staffDeclineBodySchema,
  staffKycListSchema,
  staffKycQuerySchema,
  staffKycSchema,
  staffRequestParamsSchema,
  staffWithdrawalListSchema,
  staffWithdrawalQuerySchema,
  staffWithdrawalSchema,
  withdrawAnswerSchema,
  withdrawCancelBodySchema,
  withdrawCreateBodySchema,
  withdrawDynamicBodySchema,
  withdrawInfoSchema,
  withdrawListQuerySchema,
  withdrawListSchema,
  withdrawOtpAnswerSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { requireRealMoney } from './real-money-guard.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import {
  createBankDetail,
  deleteBankDetail,
  getBankDetail,
  listBankDetails,
  updateBankDetail,
} from './bank-service.ts';
import { listWithdrawGateways } from './gateway-service.ts';
import { getKycState, submitKyc } from './kyc-service.ts';
import { approveKyc, declineKyc, getStaffKyc, listStaffKyc } from './kyc-staff-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requireSiteLive } from '../site/index.ts';
import { sendWithdrawOtp } from '../identity/index.ts';
import {
  cancelWithdrawal,
  createDynamicWithdrawal,
  createWithdrawal,
  getWithdrawInfo,
  listWithdrawals,
} from './withdraw-service.ts';
import {
  approveWithdrawal,
  declineWithdrawal,
  getStaffWithdrawal,
  listStaffWithdrawals,
} from './withdraw-staff-service.ts';
import { readMultipart, registerMultipart } from '../../uploads/multipart.ts';

/**
 * Cashier withdraw endpoints (issue 6, docs/cashier.md): bank details, withdrawals, KYC and
 * their staff decisions. Reads need a player session; every write also refuses demo accounts
 * (play money never leaves the site). Staff routes take staff tokens only, admin role.
 */
export const cashierWithdrawRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  // Scoped to this plugin: only POST /kyc reads multipart here (a front and a back side).
  await registerMultipart(app, { maxFileBytes: deps.config.cashier.uploadMaxBytes, maxFiles: 2 });

  const player = app.requireAuth;
  const realPlayer = [app.requireAuth, requireRealAccount];
  const admin = requireStaff('admin');
  // Reads of the queues: agents too, scoped to their downline by the services.
  const anyStaff = requireStaff();
  const siteLive = requireSiteLive(deps.db);
  const realMoney = requireRealMoney(deps.db);

  // --- Bank details (SPEC 7.4) ------------------------------------------------------------

  app.get(
    '/bank',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: "The player's saved bank details, newest first",
        response: envelopeResponses(bankDetailsSchema),
      },
    },
    async (request) => ok(await listBankDetails(deps, currentPlayer(request).userId)),
  );

  app.get(
    '/bank/:id',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: 'One saved bank detail of the player',
        params: bankParamsSchema,
        response: envelopeResponses(bankDetailSchema),
      },
    },
    async (request) =>
      ok(await getBankDetail(deps, currentPlayer(request).userId, Number(request.params.id))),
  );

  app.post(
    '/bank',
    {
      onRequest: realPlayer,
      schema: {
        tags: ['cashier'],
        summary: 'Save a bank account, card or UPI id',
        body: bankDetailBodySchema,
        response: envelopeResponses(bankDetailSchema),
      },
    },
    async (request) =>
      ok(await createBankDetail(deps, currentPlayer(request).userId, request.body, request.ip)),
  );

  app.patch(
    '/bank',
    {
      onRequest: realPlayer,
      schema: {
        tags: ['cashier'],
        summary: 'Replace a saved bank detail (its type stays)',
        body: bankDetailPatchBodySchema,
        response: envelopeResponses(bankDetailSchema),
      },
    },
    async (request) =>
      ok(
        await updateBankDetail(
          deps,
          currentPlayer(request).userId,
          Number(request.body.id),
          request.body.detail,
          request.ip,
        ),
      ),
  );

  app.delete(
    '/bank',
    {
      onRequest: realPlayer,
      schema: {
        tags: ['cashier'],
        summary: 'Delete a saved bank detail',
        body: bankDetailDeleteBodySchema,
        response: envelopeResponses(bankDetailDeleteAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await deleteBankDetail(
          deps,
          currentPlayer(request).userId,
          Number(request.body.id),
          request.ip,
        ),
      ),
  );

  // --- Withdrawals ------------------------------------------------------------------------

  app.get(
    '/withdraw/info',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: 'Withdrawable amount, limits, KYC status and pending requests',
        response: envelopeResponses(withdrawInfoSchema),
      },
    },
    async (request) => ok(await getWithdrawInfo(deps, currentPlayer(request).userId)),
  );

  app.get(
    '/withdraw/gateways',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: 'Gateways that pay withdrawals out (POST /withdrawRequest/dynamic)',
        response: envelopeResponses(gatewaysSchema),
      },
    },
    async () => ok(await listWithdrawGateways(deps.db)),
  );

  app.post(
    '/withdraw/request/otp',
    {
      onRequest: [...realPlayer, realMoney, siteLive],
      config: { rateLimit: RATE_LIMITS.sendOtp },
      schema: {
        tags: ['cashier'],
        summary: "Send a withdrawal code to the player's registered mobile",
        response: envelopeResponses(withdrawOtpAnswerSchema),
      },
    },
    async (request) => {
      const answer = await sendWithdrawOtp(deps, currentPlayer(request).userId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return ok(answer, answer.message);
    },
  );

  app.post(
    '/withdrawRequest/create',
    {
      onRequest: [...realPlayer, realMoney, siteLive],
      schema: {
        tags: ['cashier'],
        summary: 'Request a withdrawal to a saved bank detail (holds the amount)',
        body: withdrawCreateBodySchema,
        response: envelopeResponses(withdrawAnswerSchema),
      },
    },
    async (request) =>
      ok(await createWithdrawal(deps, currentPlayer(request).userId, request.body, request.ip)),
  );

  app.post(
    '/withdrawRequest/dynamic',
    {
      onRequest: [...realPlayer, realMoney, siteLive],
      schema: {
        tags: ['cashier'],
        summary: 'Request a withdrawal to a gateway address (USDT)',
        body: withdrawDynamicBodySchema,
        response: envelopeResponses(withdrawAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await createDynamicWithdrawal(
          deps,
          currentPlayer(request).userId,
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    '/withdrawRequest/get',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: "The player's withdrawal requests, newest first",
        querystring: withdrawListQuerySchema,
        response: envelopeResponses(withdrawListSchema),
      },
    },
    async (request) =>
      ok(await listWithdrawals(deps, currentPlayer(request).userId, request.query)),
  );

  app.post(
    '/withdrawRequest/cancel',
    {
      onRequest: realPlayer,
      schema: {
        tags: ['cashier'],
        summary: 'Cancel an own pending withdrawal (the amount returns to the balance)',
        body: withdrawCancelBodySchema,
        response: envelopeResponses(withdrawAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await cancelWithdrawal(
          deps,
          currentPlayer(request).userId,
          Number(request.body.id),
          request.ip,
        ),
      ),
  );

  // --- KYC --------------------------------------------------------------------------------

  app.get(
    '/kyc',
    {
      onRequest: player,
      schema: {
        tags: ['cashier'],
        summary: "The player's KYC status and recent submissions",
        response: envelopeResponses(kycStateSchema),
      },
    },
    async (request) => ok(await getKycState(deps, currentPlayer(request).userId)),
  );

  app.post(
    '/kyc',
    {
      onRequest: realPlayer,
      schema: {
        tags: ['cashier'],
        summary: 'Submit a KYC document (multipart: docType, docId, front, back)',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(kycStateSchema),
      },
    },
    async (request) => {
      const form = await readMultipart(request, [KYC_FRONT_FIELD, KYC_BACK_FIELD]);
      return ok(await submitKyc(deps, currentPlayer(request).userId, form, request.ip));
    },
  );

  // --- Staff (admin) ----------------------------------------------------------------------

  app.get(
    '/staff/withdrawals',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: 'Withdrawal requests with full destinations, newest first',
        querystring: staffWithdrawalQuerySchema,
        response: envelopeResponses(staffWithdrawalListSchema),
      },
    },
    async (request) => ok(await listStaffWithdrawals(deps, request.query, currentStaff(request))),
  );

  app.get(
    '/staff/withdrawals/:id',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: 'One withdrawal request',
        params: staffRequestParamsSchema,
        response: envelopeResponses(staffWithdrawalSchema),
      },
    },
    async (request) =>
      ok(await getStaffWithdrawal(deps, Number(request.params.id), currentStaff(request))),
  );

  app.post(
    '/staff/withdrawals/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Approve a pending withdrawal: the hold is paid out (audited)',
        params: staffRequestParamsSchema,
        body: staffApproveBodySchema,
        response: envelopeResponses(staffWithdrawalSchema),
      },
    },
    async (request) =>
      ok(
        await approveWithdrawal(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body.note,
          request.ip,
        ),
      ),
  );

  app.post(
    '/staff/withdrawals/:id/decline',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Decline a pending withdrawal: the hold returns to the balance (audited)',
        params: staffRequestParamsSchema,
        body: staffDeclineBodySchema,
        response: envelopeResponses(staffWithdrawalSchema),
      },
    },
    async (request) =>
      ok(
        await declineWithdrawal(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body.reason,
          request.ip,
        ),
      ),
  );

  app.get(
    '/staff/kyc',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: 'KYC submissions for review, newest first',
        querystring: staffKycQuerySchema,
        response: envelopeResponses(staffKycListSchema),
      },
    },
    async (request) => ok(await listStaffKyc(deps, request.query, currentStaff(request))),
  );

  app.get(
    '/staff/kyc/:id',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: 'One KYC submission, unmasked, with its upload ids',
        params: staffRequestParamsSchema,
        response: envelopeResponses(staffKycSchema),
      },
    },
    async (request) =>
      ok(await getStaffKyc(deps, Number(request.params.id), currentStaff(request))),
  );

  app.post(
    '/staff/kyc/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Approve a pending KYC submission (audited)',
        params: staffRequestParamsSchema,
        body: staffApproveBodySchema,
        response: envelopeResponses(staffKycSchema),
      },
    },
    async (request) =>
      ok(
        await approveKyc(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body.note,
          request.ip,
        ),
      ),
  );

  app.post(
    '/staff/kyc/:id/decline',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Decline a pending KYC submission with a reason (audited)',
        params: staffRequestParamsSchema,
        body: staffDeclineBodySchema,
        response: envelopeResponses(staffKycSchema),
      },
    },
    async (request) =>
      ok(
        await declineKyc(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body.reason,
          request.ip,
        ),
      ),
  );
};
