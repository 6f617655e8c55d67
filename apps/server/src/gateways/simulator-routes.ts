import { FASTPAY_SIGNATURE_HEADER, FASTPAY_TIMESTAMP_HEADER } from '@spm/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAppDetails } from '../services/app-data-service.ts';
import { FASTPAY_CALLBACK_ROUTE, fastpaySecret } from '../services/fastpay-service.ts';
import type { ServiceDeps } from '../services/service-deps.ts';
import { signCallback } from './payment-gateway.ts';
import {
  renderSimNotFound,
  renderSimPayPage,
  simCallbackBody,
  SIM_TXN_ID_PATTERN,
  type SimulatorGateway,
} from './simulator-gateway.ts';

/** Where the simulator delivers its callbacks: our own callback route, like a real gateway. */
const CALLBACK_URL = `/api${FASTPAY_CALLBACK_ROUTE}`;

const paramsSchema = z.object({ txnId: z.string().regex(SIM_TXN_ID_PATTERN) });

/**
 * The simulator's pay page and its two buttons (no auth: like a real gateway's page, it is
 * reached by its unguessable payment id). Plain HTML forms post here; the finished payment's
 * callback goes through app.inject to the real callback route, signed with the real secret.
 */
export const simulatorRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  simulator: SimulatorGateway;
}> = async (app, { deps, simulator }) => {
  // Browsers post forms url-encoded; the buttons carry no fields, so the body is ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);

  async function deliver(txnId: string, status: 'paid' | 'failed'): Promise<void> {
    const payment = await simulator.find(txnId);
    if (!payment) return;
    const now = deps.clock.now();
    const rawBody = JSON.stringify(simCallbackBody(payment, status, now));
    const timestamp = String(now.getTime());
    const res = await app.inject({
      method: 'POST',
      url: CALLBACK_URL,
      headers: {
        'content-type': 'application/json',
        [FASTPAY_SIGNATURE_HEADER]: signCallback(await fastpaySecret(deps), timestamp, rawBody),
        [FASTPAY_TIMESTAMP_HEADER]: timestamp,
      },
      payload: rawBody,
    });
    if (res.statusCode !== 200) {
      deps.log.warn(
        { txnId, status, answer: res.statusCode, body: res.body },
        'simulated gateway callback was not accepted',
      );
    }
  }

  app.get(
    '/gateway-sim/pay/:txnId',
    {
      schema: {
        tags: ['gateway simulator'],
        summary: 'The simulated gateway pay page (HTML)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const payment = await simulator.find(request.params.txnId);
      if (!payment) return html(reply, 404, renderSimNotFound());
      const { BRAND_NAME } = await getAppDetails(deps.db);
      return html(reply, 200, renderSimPayPage(payment, BRAND_NAME));
    },
  );

  /**
   * Confirm on a created payment marks it paid and sends `paid`; on a paid one it sends
   * `paid` again (harmless: callbacks are idempotent), which is how a lost callback is
   * retried. A cancelled payment stays cancelled.
   */
  app.post(
    '/gateway-sim/pay/:txnId/confirm',
    {
      schema: {
        tags: ['gateway simulator'],
        summary: 'Simulated gateway: the player says they paid',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { txnId } = request.params;
      const payment = await simulator.find(txnId);
      if (!payment) return html(reply, 404, renderSimNotFound());
      if (payment.status === 'created') await simulator.finish(txnId, 'paid');
      const current = await simulator.find(txnId);
      if (current?.status === 'paid') await deliver(txnId, 'paid');
      return reply.redirect(payment.returnUrl, 303);
    },
  );

  app.post(
    '/gateway-sim/pay/:txnId/cancel',
    {
      schema: {
        tags: ['gateway simulator'],
        summary: 'Simulated gateway: the player cancels the payment',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { txnId } = request.params;
      const payment = await simulator.find(txnId);
      if (!payment) return html(reply, 404, renderSimNotFound());
      if (payment.status === 'created' && (await simulator.finish(txnId, 'failed'))) {
        await deliver(txnId, 'failed');
      }
      return reply.redirect(payment.returnUrl, 303);
    },
  );
};
