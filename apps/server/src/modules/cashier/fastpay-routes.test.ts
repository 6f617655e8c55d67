import {
  FASTPAY_CALLBACK_MAX_AGE_MS,
  FASTPAY_SIGNATURE_HEADER,
  FASTPAY_TIMESTAMP_HEADER,
  TRC20_ADDRESS_PATTERN,
  fastpayAnswerSchema,
  type Deposit,
  type FastpayAnswer,
} from '@spm/contract';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../audit/audit-tables.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { signCallback } from './payment-gateway.ts';
import { AppError } from '../../http/app-error.ts';
import { fastpaySecret, startFastpayDeposit } from './fastpay-service.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { call, loginAs, PASSWORD, post, randomIp, registerPlayer } from '../../test/identity.ts';

const MINUTE = 60_000;
const CALLBACK = '/api/deposit/fastpayme/callback';

describe.each(drivers)('automated deposits (fastpay) on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let secret: string;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-fastpay-uploads-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
    secret = await fastpaySecret({ db: h.db, config: h.config });
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  async function newPlayer() {
    const player = await registerPlayer(h);
    return { token: player.token, id: Number(player.user.id), username: player.username };
  }

  const fastpay = (token: string, body: object) =>
    post(h, '/api/deposit/fastpayme', body, { token });

  async function started(token: string, amount = 1000): Promise<FastpayAnswer> {
    const res = await fastpay(token, { gateway: 'm_binance_tron', amount });
    expect(res.statusCode, res.body).toBe(200);
    return fastpayAnswerSchema.parse(res.json().data);
  }

  // The pay address is /api/gateway-sim/pay/{txnId}/{token}.
  const txnOf = (answer: FastpayAnswer) => answer.payUrl.split('/').at(-2)!;

  function callbackBody(answer: FastpayAnswer, overrides: Record<string, unknown> = {}) {
    return {
      txnId: txnOf(answer),
      merchantReference: answer.deposit.id,
      status: 'paid',
      amount: answer.deposit.amount,
      paidAt: h.clock.now().toISOString(),
      ...overrides,
    };
  }

  function sendCallback(
    body: object | string,
    options: { timestamp?: number; signature?: string; tamper?: (raw: string) => string } = {},
  ) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(options.timestamp ?? h.clock.now().getTime());
    const signature = options.signature ?? signCallback(secret, timestamp, raw);
    return h.app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: {
        'content-type': 'application/json',
        [FASTPAY_SIGNATURE_HEADER]: signature,
        [FASTPAY_TIMESTAMP_HEADER]: timestamp,
      },
      payload: options.tamper ? options.tamper(raw) : raw,
      remoteAddress: randomIp(),
    });
  }

  async function depositRow(id: string) {
    const [row] = await executeRows<{ status: string; reason: string | null; bonus_paise: string }>(
      h.db,
      sql`select status, reason, bonus_paise from deposit_requests where id = ${Number(id)}`,
    );
    return row;
  }

  async function ledgerRows(id: string) {
    const [row] = await executeRows<{ transactions: string | number; postings: string | number }>(
      h.db,
      sql`select count(distinct t.id) as transactions, count(p.id) as postings
          from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
          where t.idempotency_key in (${`deposit:${id}`}, ${`deposit-bonus:${id}`})`,
    );
    return { transactions: Number(row?.transactions), postings: Number(row?.postings) };
  }

  const formPost = (url: string) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('starts a payment: pending row, USDT amount, TRC20 address, pay page', async () => {
    const player = await newPlayer();
    const before = h.clock.now().getTime();
    const answer = await started(player.token, 1000);
    expect(answer).toMatchObject({
      payAmount: 11.12,
      currency: 'USDT',
      network: 'TRC20',
      deposit: {
        gateway: 'm_binance_tron',
        gatewayName: 'USDT (TRC20)',
        amount: 1000,
        bonus: 0,
        reference: null,
        status: 'pending',
        automated: true,
      },
    });
    expect(answer.payAddress).toMatch(TRC20_ADDRESS_PATTERN);
    expect(answer.payUrl).toMatch(/^\/api\/gateway-sim\/pay\/SIM[0-9A-F]{24}\/[A-Za-z0-9_-]{43}$/);
    expect(answer.deposit.payUrl).toBe(answer.payUrl);
    expect(Date.parse(answer.deposit.expiresAt) - before).toBe(30 * MINUTE);
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 0, coins: 0 });

    const [row] = await executeRows<{ gateway_txn_id: string; pay_address: string }>(
      h.db,
      sql`select gateway_txn_id, pay_address from deposit_requests where id = ${Number(answer.deposit.id)}`,
    );
    expect(row).toEqual({ gateway_txn_id: txnOf(answer), pay_address: answer.payAddress });
    const [audit] = await executeRows<{ actor_type: string }>(
      h.db,
      sql`select actor_type from audit_log where action = 'deposit.create'
          and target_id = ${answer.deposit.id}`,
    );
    expect(audit?.actor_type).toBe('player');
  });

  it('refuses manual gateways, out-of-limit amounts, demo and anonymous players', async () => {
    const player = await newPlayer();
    const manual = await fastpay(player.token, { gateway: 'm_paytm', amount: 500 });
    expect(manual.statusCode).toBe(400);
    expect(manual.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'gateway' }] },
    });
    const low = await fastpay(player.token, { gateway: 'm_binance_tron', amount: 899.99 });
    expect(low.json().errorCode).toBe('AMOUNT_BELOW_MIN');
    const high = await fastpay(player.token, { gateway: 'm_binance_tron', amount: 900_000.01 });
    expect(high.json().errorCode).toBe('AMOUNT_ABOVE_MAX');
    const unknown = await fastpay(player.token, { gateway: 'm_nope', amount: 1000 });
    expect(unknown.statusCode).toBe(404);
    const decimals = await fastpay(player.token, { gateway: 'm_binance_tron', amount: 1000.001 });
    expect(decimals.statusCode).toBe(400);

    const demo = (await post(h, '/api/login/demo', {})).json().data as { token: string };
    const demoRes = await fastpay(demo.token, { gateway: 'm_binance_tron', amount: 1000 });
    expect(demoRes.statusCode).toBe(403);
    expect(demoRes.json().errorCode).toBe('DEMO_ACCOUNT');
    expect(
      (await post(h, '/api/deposit/fastpayme', { gateway: 'm_binance_tron', amount: 1000 }))
        .statusCode,
    ).toBe(401);

    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from deposit_requests where player_id = ${player.id}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('the simulator flow: pay page, confirm, credited with the 10% bonus, once', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1000);

    const page = await call(h, 'GET', answer.payUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('11.12 USDT');
    expect(page.body).toContain(answer.payAddress!);
    expect(page.body).toContain('TRC20');
    expect(page.body).toContain(`action="${answer.payUrl}/confirm"`);
    expect(page.body).toContain(`action="${answer.payUrl}/cancel"`);
    expect(page.body).not.toContain('<script');

    const confirmed = await formPost(`${answer.payUrl}/confirm`);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/deposit/list');

    expect(await getWallet(h.db, player.id)).toMatchObject({
      balance: 1000,
      cash: 1000,
      coins: 100,
    });
    const items = (
      await call(h, 'GET', '/api/deposit/get', undefined, { token: player.token })
    ).json().data.items as Deposit[];
    expect(items[0]).toMatchObject({
      id: answer.deposit.id,
      status: 'approved',
      amount: 1000,
      bonus: 100,
      payUrl: null,
    });
    const notes = await call(h, 'GET', '/api/notifications', undefined, { token: player.token });
    expect(notes.json().data.items[0]).toMatchObject({
      title: 'Deposit approved',
      message: '1000.00 points and 100.00 bonus coins credited to your account.',
    });
    const [audit] = await executeRows<{ actor_type: string; actor_id: string }>(
      h.db,
      sql`select actor_type, actor_id from audit_log where action = 'deposit.approve'
          and target_id = ${answer.deposit.id}`,
    );
    expect(audit).toEqual({ actor_type: 'system', actor_id: `fastpay:${txnOf(answer)}` });
    const [decided] = await executeRows<{ decided_by_staff_id: number | null }>(
      h.db,
      sql`select decided_by_staff_id from deposit_requests where id = ${Number(answer.deposit.id)}`,
    );
    expect(decided?.decided_by_staff_id).toBeNull();

    // The token is used up: the page, a second confirm and a cancel are all 404.
    const after = await call(h, 'GET', answer.payUrl);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('<form');
    expect((await formPost(`${answer.payUrl}/confirm`)).statusCode).toBe(404);
    expect((await formPost(`${answer.payUrl}/cancel`)).statusCode).toBe(404);
    expect(await ledgerRows(answer.deposit.id)).toEqual({ transactions: 2, postings: 4 });
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 1000, coins: 100 });
    expect((await depositRow(answer.deposit.id))?.status).toBe('approved');
  });

  it('the pay address works only for its own payment, player and token, once', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const aliceAnswer = await started(alice.token, 1000);
    const bobAnswer = await started(bob.token, 1000);
    const aliceTxn = txnOf(aliceAnswer);
    const bobTxn = txnOf(bobAnswer);
    const aliceToken = aliceAnswer.payUrl.split('/').at(-1)!;
    const bobToken = bobAnswer.payUrl.split('/').at(-1)!;
    const forged = `${aliceToken.slice(0, -1)}${aliceToken.endsWith('A') ? 'B' : 'A'}`;
    const strangers = [
      // The old address shape: the payment id alone.
      `/api/gateway-sim/pay/${bobTxn}`,
      // Someone else's token on Bob's payment, a forged one, garbage.
      `/api/gateway-sim/pay/${bobTxn}/${aliceToken}`,
      `/api/gateway-sim/pay/${aliceTxn}/${forged}`,
      `/api/gateway-sim/pay/${bobTxn}/not-a-token`,
      `/api/gateway-sim/pay/SIM000000000000000000000000/${bobToken}`,
    ];
    for (const url of strangers) {
      expect((await call(h, 'GET', url)).statusCode, url).toBe(404);
      expect((await formPost(`${url}/confirm`)).statusCode, url).toBe(404);
      expect((await formPost(`${url}/cancel`)).statusCode, url).toBe(404);
    }
    // Nothing happened to either payment.
    expect((await depositRow(aliceAnswer.deposit.id))?.status).toBe('pending');
    expect((await depositRow(bobAnswer.deposit.id))?.status).toBe('pending');
    expect(await getWallet(h.db, alice.id)).toMatchObject({ cash: 0, coins: 0 });
    // Each player's own address still works.
    expect((await call(h, 'GET', bobAnswer.payUrl)).statusCode).toBe(200);
    expect((await formPost(`${bobAnswer.payUrl}/cancel`)).statusCode).toBe(303);
    expect((await formPost(`${aliceAnswer.payUrl}/confirm`)).statusCode).toBe(303);
    expect((await depositRow(aliceAnswer.deposit.id))?.status).toBe('approved');
    // Reused: the token died with its use.
    expect((await formPost(`${aliceAnswer.payUrl}/confirm`)).statusCode).toBe(404);
    expect(await ledgerRows(aliceAnswer.deposit.id)).toEqual({ transactions: 2, postings: 4 });
  });

  // Issue 40 item 7: the player's own cancel is not "Payment failed at the gateway".
  it('cancel on the pay page ends the request as cancelled, not failed; nothing is credited', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 900);
    const cancelled = await formPost(`${answer.payUrl}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/deposit/list');
    expect(await depositRow(answer.deposit.id)).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled by the player at the gateway',
    });
    const listed = await call(h, 'GET', '/api/deposit/get', undefined, { token: player.token });
    expect(listed.json().data.items[0]).toMatchObject({
      id: answer.deposit.id,
      status: 'cancelled',
      reason: 'Cancelled by the player at the gateway',
    });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, answer.deposit.id));
    expect(audits.map((row) => `${row.actorType} ${row.action}`)).toContain(
      'system deposit.cancel',
    );
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 0, coins: 0 });
    expect((await call(h, 'GET', answer.payUrl)).statusCode).toBe(404);
    // A cancelled payment cannot be confirmed afterwards.
    expect((await formPost(`${answer.payUrl}/confirm`)).statusCode).toBe(404);
    expect((await depositRow(answer.deposit.id))?.status).toBe('cancelled');
    expect(await ledgerRows(answer.deposit.id)).toEqual({ transactions: 0, postings: 0 });
    const unknown = await call(
      h,
      'GET',
      '/api/gateway-sim/pay/SIM000000000000000000000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a payment that fails at the gateway is declined as failed, told from a cancel', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 950);
    const page = await call(h, 'GET', answer.payUrl);
    expect(page.body).toContain(`action="${answer.payUrl}/fail"`);
    const failed = await formPost(`${answer.payUrl}/fail`);
    expect(failed.statusCode).toBe(303);
    expect(await depositRow(answer.deposit.id)).toMatchObject({
      status: 'declined',
      reason: 'Payment failed at the gateway',
    });
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 0, coins: 0 });
    expect((await formPost(`${answer.payUrl}/cancel`)).statusCode).toBe(404);
    expect((await depositRow(answer.deposit.id))?.status).toBe('declined');
  });

  it('a paid callback after the player cancelled credits nothing and leaves a trace', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1100);
    expect((await formPost(`${answer.payUrl}/cancel`)).statusCode).toBe(303);
    const late = await sendCallback(callbackBody(answer));
    expect(late.json().data).toMatchObject({ status: 'cancelled', duplicate: true });
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 0, coins: 0 });
    const traces = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deposit.callback_conflict'));
    expect(traces.map((row) => row.targetId)).toContain(answer.deposit.id);
  });

  it('refuses tampered, unsigned and stale callbacks; nothing changes', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1000);
    const body = callbackBody(answer);
    const now = h.clock.now().getTime();
    const attempts = [
      sendCallback(body, { tamper: (raw) => raw.replace('"amount":1000', '"amount":9000') }),
      sendCallback(body, { signature: 'ab'.repeat(32) }),
      sendCallback(body, { signature: 'not-hex' }),
      sendCallback(body, { timestamp: now - FASTPAY_CALLBACK_MAX_AGE_MS - 1000 }),
      sendCallback(body, { timestamp: now + FASTPAY_CALLBACK_MAX_AGE_MS + 1000 }),
      h.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('SIGNATURE_INVALID');
    }
    // Signed with another secret.
    const timestamp = String(now);
    const foreign = await sendCallback(body, {
      timestamp: now,
      signature: signCallback('another-secret', timestamp, JSON.stringify(body)),
    });
    expect(foreign.statusCode).toBe(401);
    expect((await depositRow(answer.deposit.id))?.status).toBe('pending');
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 0, coins: 0 });
  });

  it('a replayed callback credits nothing and says duplicate', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1800);
    const body = callbackBody(answer);
    const first = await sendCallback(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      depositId: answer.deposit.id,
      status: 'approved',
      duplicate: false,
    });
    const again = await sendCallback(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({
      depositId: answer.deposit.id,
      status: 'approved',
      duplicate: true,
    });
    // A late `failed` for a paid deposit changes nothing either.
    const failed = await sendCallback({ ...body, status: 'failed' });
    expect(failed.json().data).toMatchObject({ status: 'approved', duplicate: true });
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 1800, coins: 180 });
    expect(await ledgerRows(answer.deposit.id)).toEqual({ transactions: 2, postings: 4 });
  });

  it('a paid amount that differs is refused and left pending for staff', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1000);
    const res = await sendCallback(callbackBody(answer, { amount: 999.99 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('CALLBACK_AMOUNT_MISMATCH');
    expect((await depositRow(answer.deposit.id))?.status).toBe('pending');
    expect((await getWallet(h.db, player.id)).cash).toBe(0);
  });

  it('answers 404 for a deposit or transaction it does not know', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 1000);
    for (const body of [
      callbackBody(answer, { txnId: 'SIMFFFFFFFFFFFFFFFFFFFFFFFF' }),
      callbackBody(answer, { merchantReference: '999999999' }),
    ]) {
      const res = await sendCallback(body);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('DEPOSIT_NOT_FOUND');
    }
    const invalid = await sendCallback({ txnId: 'x', status: 'maybe' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorCode).toBe('VALIDATION_FAILED');
    const notJson = await sendCallback('{"txnId":');
    expect(notJson.statusCode).toBe(400);
    expect((await depositRow(answer.deposit.id))?.status).toBe('pending');
  });

  it('expires an unpaid payment, yet credits it when the money arrives later', async () => {
    const player = await newPlayer();
    const answer = await started(player.token, 900);
    h.clock.advance(30 * MINUTE + 1);
    const token = await loginAs(h, player.username, PASSWORD);
    const items = (await call(h, 'GET', '/api/deposit/get', undefined, { token })).json().data
      .items as Deposit[];
    expect(items[0]).toMatchObject({
      id: answer.deposit.id,
      status: 'expired',
      reason: 'Expired: not paid in time',
      payUrl: null,
    });
    const res = await sendCallback(callbackBody(answer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', duplicate: false });
    expect(await getWallet(h.db, player.id)).toMatchObject({ cash: 900, coins: 90 });
    const [audit] = await executeRows<{ before: { status: string } }>(
      h.db,
      sql`select before from audit_log where action = 'deposit.approve'
          and target_id = ${answer.deposit.id}`,
    );
    expect(audit?.before).toEqual({ status: 'expired' });
  });

  it('a gateway that fails to answer leaves no request behind (502)', async () => {
    const player = await newPlayer();
    const failing = {
      name: 'broken',
      createPayment: () => Promise.reject(new Error('connection reset')),
    };
    const deps = {
      db: h.db,
      clock: h.clock,
      config: h.config,
      realtime: h.app.realtime,
      log: h.app.log,
      sms: { name: 'none', send: () => Promise.resolve() },
      // A deposit request asks the player's deposit limits first (issue 42 item 1).
      wallet: h.app.exchange.deps.wallet,
    } as unknown as Parameters<typeof startFastpayDeposit>[0];
    const attempt = startFastpayDeposit(
      deps,
      failing,
      {
        sessionId: 'test',
        userId: player.id,
        username: player.username,
        name: player.username,
        isDemo: false,
        typeId: 3,
        restrictedUntilMs: null,
      },
      { gateway: 'm_binance_tron', amount: 1000 },
      { ip: '127.0.0.1', userAgent: undefined },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'GATEWAY_UNAVAILABLE', statusCode: 502 });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from deposit_requests where player_id = ${player.id}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('keeps the generated secret in the database, out of the public app details', async () => {
    const [row] = await executeRows<{ value: unknown }>(
      h.db,
      sql`select value from app_settings where key = 'internal.fastpaySecret'`,
    );
    expect(row?.value).toBe(secret);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const details = await call(h, 'GET', '/api/getAppDetails');
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(secret);
    expect(Object.keys(details.json().data)).not.toContain('internal.fastpaySecret');
  });
});

describe('automated gateways without an adapter (GATEWAY_SIMULATOR=off, the production default)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('pglite', { env: { GATEWAY_SIMULATOR: 'off' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('hides them from players, refuses payments and serves no simulator pay page', async () => {
    const { token } = await registerPlayer(h);
    const list = await call(h, 'GET', '/api/gateways', undefined, { token });
    const codes = (list.json().data as { code: string }[]).map((gateway) => gateway.code);
    expect(codes).toContain('m_paytm');
    expect(codes).not.toContain('m_binance_tron');
    const one = await call(h, 'GET', '/api/gateways/m_binance_tron', undefined, { token });
    expect(one.json().errorCode).toBe('GATEWAY_NOT_FOUND');
    const pay = await post(
      h,
      '/api/deposit/fastpayme',
      { gateway: 'm_binance_tron', amount: 900 },
      { token },
    );
    expect(pay.statusCode).toBe(409);
    expect(pay.json().errorCode).toBe('GATEWAY_DISABLED');
    const simulator = await call(h, 'GET', '/api/gateway-sim/pay/anything');
    expect(simulator.statusCode).toBe(404);
  });
});
