import {
  CASHIER_MESSAGES,
  DEPOSIT_PROOF_FIELD,
  depositCreateFieldsSchema,
  depositListQuerySchema,
  depositListSchema,
  depositSchema,
  fastpayAnswerSchema,
  fastpayBodySchema,
  fastpayCallbackAnswerSchema,
  gatewayParamsSchema,
  gatewaySchema,
  gatewaysSchema,
  gatewayUpdateBodySchema,
  staffApproveBodySchema,
  staffDeclineBodySchema,
  staffDepositListSchema,
  staffDepositQuerySchema,
  staffDepositSchema,
  staffRequestParamsSchema,
  uploadParamsSchema,
} from '@spm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { simulatorRoutes } from './simulator-routes.ts';
import { SimulatorGateway } from './simulator-gateway.ts';
import { AppError } from '../../http/app-error.ts';
import { currentPlayer, requireRealAccount } from '../../http/auth.ts';
import { requireRealMoney } from './real-money-guard.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { currentStaff, requireStaff } from '../../http/staff-auth.ts';
import { assertRequestVisible } from '../identity/index.ts';
import { approveDeposit, declineDeposit } from './deposit-decision-service.ts';
import {
  createManualDeposit,
  getStaffDeposit,
  listPlayerDeposits,
  listStaffDeposits,
  startDepositExpirySweeper,
} from './deposit-service.ts';
import {
  FASTPAY_CALLBACK_ROUTE,
  handleFastpayCallback,
  startFastpayDeposit,
} from './fastpay-service.ts';
import {
  gatewayQrImage,
  getDepositGateway,
  listAllGateways,
  listDepositGateways,
  setGatewayQr,
  updateGateway,
} from './gateway-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requireSiteLive } from '../site/index.ts';
import {
  missingFiles,
  parseFormFields,
  readMultipart,
  registerMultipart,
} from '../../uploads/multipart.ts';
import { readUpload } from '../../uploads/upload-store.ts';

/** The file part of POST /api/staff/gateways/{code}/qr. */
export const GATEWAY_QR_FIELD = 'qr';
const CALLBACK_BODY_LIMIT = 16 * 1024;
/** Per address and minute: a player starts a handful of deposits, not hundreds. */
const DEPOSIT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** An image answer: its own type, never sniffed, never cached by shared caches. */
function sendImage(
  reply: FastifyReply,
  image: { bytes: Buffer; mimeType: string },
  cacheControl: string,
) {
  return reply
    .header('content-type', image.mimeType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);
}

const origin = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Cashier deposit endpoints (issue 6, docs/cashier.md). */
export const cashierDepositRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  // The only adapter today; off (production default) means automated gateways are not offered.
  const simulator = deps.config.cashier.gatewaySimulator ? new SimulatorGateway(deps) : undefined;
  const admin = requireStaff('admin');
  // Reads of the queues: agents too, scoped to their downline by the services.
  const anyStaff = requireStaff();
  const siteLive = requireSiteLive(deps.db);
  const realMoney = requireRealMoney(deps.db);

  let sweeper: ReturnType<typeof startDepositExpirySweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startDepositExpirySweeper(deps);
    if (simulator && deps.config.nodeEnv === 'production') {
      deps.log.warn(
        'automated deposits (fastpay) run on the built-in gateway simulator: anyone can mark ' +
          'a payment paid. Disable those gateways or configure a real one on a real-money site.',
      );
    }
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });

  // ------------------------------------------------------------------ gateways (players)
  app.get(
    '/gateways',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['cashier'],
        summary: 'Enabled deposit gateways, in display order',
        response: envelopeResponses(gatewaysSchema),
      },
    },
    async () => ok(await listDepositGateways(deps.db, simulator !== undefined)),
  );

  app.get(
    '/gateways/:code',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['cashier'],
        summary: 'One enabled deposit gateway',
        params: gatewayParamsSchema,
        response: envelopeResponses(gatewaySchema),
      },
    },
    async (request) =>
      ok(await getDepositGateway(deps.db, request.params.code, simulator !== undefined)),
  );

  app.get(
    '/gateways/:code/qr',
    {
      schema: {
        tags: ['cashier'],
        summary: "The gateway's uploaded QR image (public)",
        params: gatewayParamsSchema,
      },
    },
    async (request, reply) =>
      sendImage(reply, await gatewayQrImage(deps, request.params.code), 'no-cache'),
  );

  // ------------------------------------------------------------------ deposits (players)
  app.get(
    '/deposit/get',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['cashier'],
        summary: "The player's deposit requests, newest first",
        querystring: depositListQuerySchema,
        response: envelopeResponses(depositListSchema),
      },
    },
    async (request) =>
      ok(await listPlayerDeposits(deps, currentPlayer(request).userId, request.query)),
  );

  app.post(
    '/deposit/fastpayme',
    {
      onRequest: [app.requireAuth, requireRealAccount, realMoney, siteLive],
      config: { rateLimit: DEPOSIT_RATE_LIMIT },
      schema: {
        tags: ['cashier'],
        summary: 'Start an automated gateway payment (pending until its callback)',
        body: fastpayBodySchema,
        response: envelopeResponses(fastpayAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await startFastpayDeposit(
          deps,
          simulator,
          currentPlayer(request),
          request.body,
          origin(request),
        ),
      ),
  );

  // Multipart routes: their own scope, so no other route accepts multipart bodies.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(scope, {
      maxFileBytes: deps.config.cashier.uploadMaxBytes,
      maxFiles: 1,
    });

    scope.post(
      '/deposit/create',
      {
        onRequest: [scope.requireAuth, requireRealAccount, realMoney, siteLive],
        config: { rateLimit: DEPOSIT_RATE_LIMIT },
        schema: {
          tags: ['cashier'],
          summary: `Manual deposit: multipart fields gateway, amount, reference and a "${DEPOSIT_PROOF_FIELD}" image`,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(depositSchema),
        },
      },
      async (request) => {
        const form = await readMultipart(request, [DEPOSIT_PROOF_FIELD]);
        const fields = parseFormFields(depositCreateFieldsSchema, form.fields);
        const proof = form.files.get(DEPOSIT_PROOF_FIELD);
        if (!proof) {
          throw missingFiles([
            { field: DEPOSIT_PROOF_FIELD, message: CASHIER_MESSAGES.proofRequired },
          ]);
        }
        return ok(
          await createManualDeposit(deps, currentPlayer(request), fields, proof, origin(request)),
        );
      },
    );

    scope.post(
      '/staff/gateways/:code/qr',
      {
        onRequest: admin,
        schema: {
          tags: ['staff'],
          summary: `Upload a gateway's QR image (admin, multipart "${GATEWAY_QR_FIELD}")`,
          consumes: ['multipart/form-data'],
          params: gatewayParamsSchema,
          response: envelopeResponses(gatewaySchema),
        },
      },
      async (request) => {
        const form = await readMultipart(request, [GATEWAY_QR_FIELD]);
        const qr = form.files.get(GATEWAY_QR_FIELD);
        if (!qr) throw missingFiles([{ field: GATEWAY_QR_FIELD, message: 'Upload the QR image.' }]);
        return ok(
          await setGatewayQr(deps, currentStaff(request), request.params.code, qr, request.ip),
        );
      },
    );
  });

  // The gateway's callback: signed over the raw body, so this scope keeps JSON as text.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      FASTPAY_CALLBACK_ROUTE,
      {
        schema: {
          tags: ['cashier'],
          summary:
            'Gateway callback (signed: x-fastpay-signature = hex HMAC-SHA256 of `${x-fastpay-timestamp}.${raw body}`)',
          response: envelopeResponses(fastpayCallbackAnswerSchema),
        },
      },
      async (request) => {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\b/i.test(type) || typeof request.body !== 'string') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the callback as application/json.');
        }
        return ok(
          await handleFastpayCallback(deps, { rawBody: request.body, headers: request.headers }),
        );
      },
    );
  });

  if (simulator) await app.register(simulatorRoutes, { deps, simulator });

  // ------------------------------------------------------------------ staff (admin)
  app.get(
    '/staff/deposits',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: "Deposit requests, newest first (admin: every player's; agent: its downline's)",
        querystring: staffDepositQuerySchema,
        response: envelopeResponses(staffDepositListSchema),
      },
    },
    async (request) => ok(await listStaffDeposits(deps, request.query, currentStaff(request))),
  );

  app.get(
    '/staff/deposits/:id',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: "One deposit request (an agent's only within its downline)",
        params: staffRequestParamsSchema,
        response: envelopeResponses(staffDepositSchema),
      },
    },
    async (request) =>
      ok(await getStaffDeposit(deps, Number(request.params.id), currentStaff(request))),
  );

  app.post(
    '/staff/deposits/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Approve a pending deposit: credits cash (and any gateway bonus), audited',
        params: staffRequestParamsSchema,
        body: staffApproveBodySchema,
        response: envelopeResponses(staffDepositSchema),
      },
    },
    async (request) =>
      ok(
        await approveDeposit(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body,
          request.ip,
        ),
      ),
  );

  app.post(
    '/staff/deposits/:id/decline',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Decline a pending deposit with a reason (no money moves), audited',
        params: staffRequestParamsSchema,
        body: staffDeclineBodySchema,
        response: envelopeResponses(staffDepositSchema),
      },
    },
    async (request) =>
      ok(
        await declineDeposit(
          deps,
          currentStaff(request),
          Number(request.params.id),
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    '/staff/uploads/:id',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['staff'],
        summary: 'An uploaded file (proof, KYC document, QR), staff only',
        params: uploadParamsSchema,
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await readUpload(deps, request.params.id, (playerId) =>
          assertRequestVisible(deps, currentStaff(request), playerId, 'UPLOAD_NOT_FOUND'),
        ),
        'private, no-store',
      ),
  );

  app.get(
    '/staff/gateways',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every gateway, disabled ones too (admin)',
        response: envelopeResponses(gatewaysSchema),
      },
    },
    async () => ok(await listAllGateways(deps.db)),
  );

  app.patch(
    '/staff/gateways/:code',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Change a gateway (admin, audited with before and after)',
        params: gatewayParamsSchema,
        body: gatewayUpdateBodySchema,
        response: envelopeResponses(gatewaySchema),
      },
    },
    async (request) =>
      ok(
        await updateGateway(
          deps,
          currentStaff(request),
          request.params.code,
          request.body,
          request.ip,
        ),
      ),
  );
};
