import { FASTPAY_SIGNATURE_HEADER, FASTPAY_TIMESTAMP_HEADER } from '@spm/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAppDetails } from '../site/index.ts';
import { FASTPAY_CALLBACK_ROUTE, fastpaySecret } from './fastpay-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { signCallback } from './payment-gateway.ts';
import {
  renderSimNotFound,
  renderSimPayPage,
  simCallbackBody,
  type SimOutcome,
  type SimulatorGateway,
} from './simulator-gateway.ts';

/** Where the simulator delivers its callbacks: our own callback route, like a real gateway. */
const CALLBACK_URL = `/api${FASTPAY_CALLBACK_ROUTE}`;

// Shapes are checked by findOpen, so a malformed address gets the same 404 as a wrong one.
const paramsSchema = z.object({ txnId: z.string().max(64), token: z.string().max(128) });

/**
 * The simulator's pay page and its two buttons. No sign-in (the browser navigates here from
 * the player app, which keeps its token out of cookies), so the address itself is the key: the
 * payment id and the token signed for the paying player and amount (simPayToken). Without
 * both, or once the payment is confirmed or cancelled, every address answers 404. Plain HTML
 * forms post here; the finished payment's callback goes through app.inject to the real
 * callback route, signed with the real secret.
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

  async function deliver(txnId: string, status: SimOutcome): Promise<void> {
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
    '/gateway-sim/pay/:txnId/:token',
    {
      schema: {
        tags: ['gateway simulator'],
        summary: 'The simulated gateway pay page (HTML)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { txnId, token } = request.params;
      const payment = await simulator.findOpen(txnId, token);
      if (!payment) return html(reply, 404, renderSimNotFound());
      const { BRAND_NAME } = await getAppDetails(deps.db);
      return html(reply, 200, renderSimPayPage(payment, token, BRAND_NAME));
    },
  );

  /**
   * Confirm marks the open payment paid and sends `paid`, once: the token is then used up
   * (a second confirm or a cancel answers 404), and the deposit is credited by the callback.
   */
  app.post(
    '/gateway-sim/pay/:txnId/:token/confirm',
    {
      schema: {
        tags: ['gateway simulator'],
        summary: 'Simulated gateway: the player says they paid (HTML form post)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { txnId, token } = request.params;
      const payment = await simulator.findOpen(txnId, token);
      // finish() changes created -> paid for one caller only: two racing confirms pay once.
      if (!payment || !(await simulator.finish(txnId, 'paid'))) {
        return html(reply, 404, renderSimNotFound());
      }
      await deliver(txnId, 'paid');
      return reply.redirect(payment.returnUrl, 303);
    },
  );

  /**
   * The two ways a payment ends unpaid, told apart end to end (issue 40 item 7): the player's
   * own cancel sends `cancelled`, the testing button sends `failed`.
   */
  const endings: [path: string, outcome: SimOutcome, summary: string][] = [
    ['cancel', 'cancelled', 'Simulated gateway: the player cancels the payment (HTML form post)'],
    ['fail', 'failed', 'Simulated gateway: the payment fails at the gateway (HTML form post)'],
  ];
  for (const [path, outcome, summary] of endings) {
    app.post(
      `/gateway-sim/pay/:txnId/:token/${path}`,
      { schema: { tags: ['gateway simulator'], summary, params: paramsSchema } },
      async (request, reply) => {
        const { txnId, token } = request.params;
        const payment = await simulator.findOpen(txnId, token);
        if (!payment || !(await simulator.finish(txnId, outcome))) {
          return html(reply, 404, renderSimNotFound());
        }
        await deliver(txnId, outcome);
        return reply.redirect(payment.returnUrl, 303);
      },
    );
  }
};
