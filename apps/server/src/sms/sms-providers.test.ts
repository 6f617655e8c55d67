import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { post, randomPhone, registerBody, setOtpFlow } from '../test/identity.ts';
import { createConsoleSmsProvider, OUTBOX_LIMIT } from './console-sms-provider.ts';
import { createHttpSmsProvider } from './http-sms-provider.ts';
import { SmsSendError } from './sms-provider.ts';

const API_KEY = 'sms-key-do-not-log';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; sender: string; text: string };
}

/** A stand-in SMS gateway: answers 200, 500, or never, as told. */
async function startGateway() {
  const received: Received[] = [];
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hang' };
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as Received['body'];
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      if (state.mode === 'hang') return;
      response.statusCode = state.mode === 'ok' ? 200 : 500;
      response.end(state.mode === 'ok' ? '{"ok":true}' : 'gateway broke');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return {
    url,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Gateway = Awaited<ReturnType<typeof startGateway>>;

/** fastify's own pino, silent: the providers only need somewhere to log. */
const silentLog = Fastify({ logger: { level: 'silent' } }).log;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('HTTP SMS provider', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('POSTs {to, sender, text} as JSON with the key as a bearer token', async () => {
    gateway.state.mode = 'ok';
    const provider = createHttpSmsProvider(
      { url: gateway.url, apiKey: API_KEY, sender: 'SPMSMS' },
      silentLog,
    );
    await provider.send('+919876543210', 'hello 123456', { code: '123456', purpose: 'register' });
    expect(gateway.received.at(-1)).toEqual({
      authorization: `Bearer ${API_KEY}`,
      contentType: 'application/json',
      body: { to: '+919876543210', sender: 'SPMSMS', text: 'hello 123456' },
    });
  });

  it('rejects a non-2xx answer and a gateway that does not answer in time', async () => {
    const provider = createHttpSmsProvider(
      { url: gateway.url, apiKey: API_KEY, sender: 'SPMSMS', timeoutMs: 200 },
      silentLog,
    );
    gateway.state.mode = 'fail';
    await expect(
      provider.send('+919876543210', 'x', { code: '1', purpose: 'register' }),
    ).rejects.toBeInstanceOf(SmsSendError);
    gateway.state.mode = 'hang';
    const started = Date.now();
    await expect(
      provider.send('+919876543210', 'x', { code: '1', purpose: 'register' }),
    ).rejects.toBeInstanceOf(SmsSendError);
    expect(Date.now() - started).toBeLessThan(3000);
    const unreachable = createHttpSmsProvider(
      { url: 'http://127.0.0.1:1/none', apiKey: API_KEY, sender: 'S' },
      silentLog,
    );
    await expect(
      unreachable.send('+919876543210', 'x', { code: '1', purpose: 'register' }),
    ).rejects.toBeInstanceOf(SmsSendError);
  });
});

describe('console SMS provider', () => {
  it(`keeps the newest ${OUTBOX_LIMIT} messages, newest first, filterable by number`, async () => {
    const provider = createConsoleSmsProvider(silentLog);
    for (let i = 0; i < OUTBOX_LIMIT + 5; i += 1) {
      const to = i % 2 === 0 ? '+919000000001' : '+919000000002';
      await provider.send(to, `code ${i}`, {
        code: String(i).padStart(6, '0'),
        purpose: 'register',
      });
    }
    const all = provider.outbox();
    expect(all).toHaveLength(OUTBOX_LIMIT);
    expect(all[0]?.text).toBe(`code ${OUTBOX_LIMIT + 4}`);
    expect(all.at(-1)?.text).toBe('code 5');
    for (const form of ['9000000001', '919000000001', '+919000000001']) {
      expect(provider.outbox(form).every((entry) => entry.to === '+919000000001')).toBe(true);
      expect(provider.outbox(form)).toHaveLength(OUTBOX_LIMIT / 2);
    }
    expect(provider.outbox('9000000003')).toEqual([]);
  });
});

describe.each(drivers)('identity with SMS_PROVIDER=http on %s', (driver) => {
  let gateway: Gateway;
  let h: Harness;
  const logLines: string[] = [];

  beforeAll(async () => {
    gateway = await startGateway();
    h = await startHarness(driver, {
      env: {
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: gateway.url,
        SMS_HTTP_API_KEY: API_KEY,
        SMS_HTTP_SENDER: 'SPMSMS',
      },
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => {
    await h?.close();
    await gateway?.close();
  });

  const sendOtp = (mobile: string) =>
    post(h, '/api/sendOtpToMobile', { mobile, country_code: '91' });
  const verify = (mobile: string, otp: string) =>
    post(h, '/api/mobileVerification', { mobile, country_code: '91', otp });

  it('has no dev outbox route', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('ROUTE_NOT_FOUND');
  });

  it('sends the code through the gateway', async () => {
    gateway.state.mode = 'ok';
    const phone = randomPhone();
    expect((await sendOtp(phone)).statusCode).toBe(200);
    const sent = gateway.received.at(-1);
    expect(sent?.body).toMatchObject({ to: `+91${phone}`, sender: 'SPMSMS' });
    expect(sent?.authorization).toBe(`Bearer ${API_KEY}`);
    expect((await verify(phone, codeIn(sent?.body.text ?? ''))).statusCode).toBe(200);
  });

  it('answers 503 when the gateway fails, spending no budget and keeping the previous code', async () => {
    gateway.state.mode = 'ok';
    const phone = randomPhone();
    await sendOtp(phone);
    const firstCode = codeIn(gateway.received.at(-1)?.body.text ?? '');
    h.clock.advance(31_000);

    gateway.state.mode = 'fail';
    const failed = await sendOtp(phone);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ error: true, errorCode: 'SERVICE_UNAVAILABLE' });
    expect(logLines.join('\n')).toContain('sms gateway refused the message');
    expect(logLines.join('\n')).not.toContain(API_KEY);

    // Failures are not sends: four more fail, then five real sends still fit the hour.
    for (let i = 0; i < 4; i += 1) expect((await sendOtp(phone)).statusCode).toBe(503);
    expect((await verify(phone, firstCode)).statusCode).toBe(200);

    gateway.state.mode = 'ok';
    const other = randomPhone();
    for (let i = 0; i < 5; i += 1) {
      gateway.state.mode = 'fail';
      expect((await sendOtp(other)).statusCode).toBe(503);
      gateway.state.mode = 'ok';
      expect((await sendOtp(other)).statusCode).toBe(200);
      h.clock.advance(31_000);
    }
    expect((await sendOtp(other)).json().errorCode).toBe('RATE_LIMITED');
  });

  it('answers 503 for a reset the gateway could not send, and lets it be retried at once', async () => {
    await setOtpFlow(h, false);
    const body = registerBody();
    try {
      expect((await post(h, '/api/register', body)).statusCode).toBe(200);
    } finally {
      await setOtpFlow(h, true);
    }
    gateway.state.mode = 'fail';
    const failed = await post(h, '/api/forgot-password', { phone: body.mobile, countryCode: '91' });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['set-cookie']).toBeUndefined();
    gateway.state.mode = 'ok';
    const retried = await post(h, '/api/forgot-password', {
      phone: body.mobile,
      countryCode: '91',
    });
    expect(retried.statusCode).toBe(200);
    expect(gateway.received.at(-1)?.body.to).toBe(`+91${body.mobile}`);
  });
});
