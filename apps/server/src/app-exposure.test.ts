import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleSmsProvider } from './sms/console-sms-provider.ts';
import { drivers, startHarness, type Harness } from './test/harness.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

describe.each(drivers)('what a public site exposes, on %s', (driver) => {
  let production: Harness;
  let development: Harness;

  beforeAll(async () => {
    production = await startHarness(driver, {
      env: { ...PRODUCTION_ENV, METRICS_TOKEN },
      // Even a console provider slipped in some other way must not open the outbox.
      sms: createConsoleSmsProvider(Fastify({ logger: false }).log),
    });
    development = await startHarness(driver);
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
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
});
