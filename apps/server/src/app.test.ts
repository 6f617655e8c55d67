import { errorCodes } from '@spm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './http/envelope.ts';
import { drivers, redisUrl, startHarness, type Harness } from './test/harness.ts';

const SECRET_DETAIL = 'password=hunter2 at db-host-17';

describe.each(drivers)('app shell on %s', (driver) => {
  let h: Harness;
  const logLines: string[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, {
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => logLines.push(line) },
      configure: (app) => {
        // Test-only routes: one with a strict body, one that fails like a bug would.
        app.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({ username: z.string().min(4), age: z.number().int() }),
            },
          },
          async (request) => ok(request.body),
        );
        app.get('/api/test/boom', async () => {
          throw new Error(SECRET_DETAIL);
        });
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('wraps success in {data, error:false}', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ data: { status: 'ok' }, error: false });
  });

  it('answers a failed validation with 400 VALIDATION_FAILED naming the field', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { username: 'ab', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ data: { issues: expect.any(Array) }, error: true });
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    const fields = body.data.issues.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'age']));
    for (const issue of body.data.issues) expect(issue.message).toEqual(expect.any(String));
    expect(body.message).toContain(body.data.issues[0].field);
  });

  it('accepts the same route with a valid body', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { username: 'abcd', age: 30 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { username: 'abcd', age: 30 }, error: false });
  });

  it('answers malformed JSON with 400 BAD_REQUEST in the envelope', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: true, errorCode: 'BAD_REQUEST' });
  });

  it('answers unknown /api routes with 404 ROUTE_NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/login/nowhere'],
      ['GET', '/api'],
    ] as const) {
      const res = await h.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        data: null,
        error: true,
        message: 'This address does not exist.',
        errorCode: 'ROUTE_NOT_FOUND',
      });
    }
  });

  it('hides internal errors from the client and logs them', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      data: null,
      error: true,
      message: 'Something went wrong',
      errorCode: 'INTERNAL',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toMatch(/\.ts:\d+/);
    const logged = logLines.join('\n');
    expect(logged).toContain(SECRET_DETAIL);
    expect(logged).toContain('"stack"');
  });

  it('uses only catalogue codes on the error side', async () => {
    const res = await h.app.inject({ method: 'DELETE', url: '/api/healthz' });
    expect(errorCodes).toContain(res.json().errorCode);
  });

  it('sets security headers with a same-origin CSP', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://api.ipify.org");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers /api/healthz and /api/readyz', async () => {
    const health = await h.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.json()).toEqual({ data: { status: 'ok' }, error: false });
    const ready = await h.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      data: { status: 'ok', rateLimitStore: redisUrl ? 'redis' : 'memory', degraded: false },
      error: false,
    });
  });

  it('exposes Prometheus metrics with the request histogram', async () => {
    await h.app.inject({ method: 'GET', url: '/api/healthz' });
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/healthz",status_code="200"\} \d+/,
    );
  });

  it('publishes OpenAPI at /api/docs generated from the contract schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/healthz',
        '/api/readyz',
        '/api/getAppDetails',
        '/api/getBanners',
        '/api/announcement/display',
        '/api/app/demo',
      ]),
    );
    const appDetails = doc.paths['/api/getAppDetails'].get.responses['200'];
    const dataSchema = appDetails.content['application/json'].schema.properties.data;
    expect(dataSchema.properties.organisationStatus.enum).toEqual([
      'maintenance',
      'live',
      'suspended',
    ]);
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
  });

  it('serves the logo and banner images under /api/media/', async () => {
    const logo = await h.app.inject({ method: 'GET', url: '/api/media/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    const banner = await h.app.inject({ method: 'GET', url: '/api/media/banners/aviator.svg' });
    expect(banner.statusCode).toBe(200);
    const missing = await h.app.inject({ method: 'GET', url: '/api/media/nope.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(true);
  });

  // Last: it closes the database under the app.
  it('answers /api/readyz with 503 SERVICE_UNAVAILABLE once the database is gone', async () => {
    await h.database.close();
    const res = await h.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      data: null,
      error: true,
      message: 'The service is not ready.',
      errorCode: 'SERVICE_UNAVAILABLE',
    });
    const health = await h.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
