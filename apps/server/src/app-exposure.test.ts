import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleSmsProvider } from './sms/console-sms-provider.ts';
import { drivers, startHarness, type Harness } from './test/harness.ts';
import { post, registerBody, setOtpFlow } from './test/identity.ts';
import { adminToken } from './test/staff.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

describe.each(drivers)('what a public site exposes, on %s', (driver) => {
  let production: Harness;
  let development: Harness;
  let docsOff: Harness;

  beforeAll(async () => {
    production = await startHarness(driver, {
      env: { ...PRODUCTION_ENV, METRICS_TOKEN },
      // Even a console provider slipped in some other way must not open the outbox.
      sms: createConsoleSmsProvider(Fastify({ logger: false }).log),
    });
    development = await startHarness(driver);
    docsOff = await startHarness(driver, { env: { ...PRODUCTION_ENV, API_DOCS: 'off' } });
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
    await docsOff?.close();
  });

  it('never answers the SMS outbox in production, keeps it in development', async () => {
    const prod = await production.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(prod.statusCode).toBe(404);
    expect(prod.json()).toMatchObject({ error: true, errorCode: 'ROUTE_NOT_FOUND' });
    const dev = await development.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(dev.statusCode).toBe(200);
  });

  it('answers /metrics from loopback, or with the bearer token, and to nobody else', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    const stranger = await production.app.inject({ method: 'GET', url: '/metrics', ...remote });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('http_request_duration_seconds');
    const wrong = await production.app.inject({
      method: 'GET',
      url: '/metrics',
      ...remote,
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(404);
    const withToken = await production.app.inject({
      method: 'GET',
      url: '/metrics',
      ...remote,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds');
    const loopback = await production.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
    });
    expect(loopback.statusCode).toBe(200);
    // A proxy on this machine forwards the world from loopback: not local.
    const proxied = await production.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    // Without a token configured, only loopback.
    const noTokenSite = await development.app.inject({
      method: 'GET',
      url: '/metrics',
      ...remote,
      headers: { authorization: 'Bearer ' },
    });
    expect(noTokenSite.statusCode).toBe(404);
  });

  it('serves /api/docs and its JSON to staff only in production, to anyone elsewhere, to nobody when off', async () => {
    // The UI's own scripts and styles (/api/docs/static/*) say nothing about this API; the
    // page and the description do.
    const docsUrls = ['/api/docs', '/api/docs/json', '/api/docs/yaml'];
    const get = (h: Harness, url: string, token?: string) =>
      h.app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.9',
        ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
      });
    // Production has no SMS outbox to read a code from: sign-up without the OTP step.
    await setOtpFlow(production, false);
    const staff = await adminToken(production);
    // A real-money site in production blocks India until the operator says otherwise
    // (docs/regions.md); this operator allows it, as a licensed one would.
    const allowed = await production.app.inject({
      method: 'PUT',
      url: '/api/staff/settings/regions',
      headers: { authorization: `Bearer ${staff}` },
      payload: {
        allowedCountries: [],
        blockedCountries: [],
        blockedStates: [],
        blockUnknownAddress: false,
      },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const registered = await post(production, '/api/register', registerBody());
    expect(registered.statusCode).toBe(200);
    const player = (registered.json() as { data: { token: string } }).data;
    for (const url of docsUrls) {
      for (const token of [undefined, player.token, 'not-a-token']) {
        const stranger = await get(production, url, token);
        expect(stranger.statusCode, `${url} with ${token ?? 'no token'}`).toBe(404);
        expect(stranger.json()).toMatchObject({ error: true, errorCode: 'ROUTE_NOT_FOUND' });
        expect(stranger.body).not.toContain('openapi');
      }
      expect((await get(production, url, staff)).statusCode, url).toBe(200);
      expect((await get(development, url)).statusCode, url).toBe(200);
      const off = await get(docsOff, url, await adminToken(docsOff));
      expect(off.statusCode, url).toBe(404);
    }
    const described = (await get(production, '/api/docs/json', staff)).json() as {
      openapi: string;
    };
    expect(described.openapi).toMatch(/^3\./);
  });
});
