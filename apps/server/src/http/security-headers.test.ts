import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import {
  applySecurityHeaders,
  recordSecurityHeaders,
  securityHeaderOptions,
} from './security-headers.ts';

/** The headers a plain node server answers GET `path` with, `listener` deciding them. */
async function headersOf(listener: RequestListener, path: string): Promise<IncomingHttpHeaders> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    await res.text();
    const headers: IncomingHttpHeaders = {};
    res.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'keep-alive') headers[name] = value;
    });
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers worked out once', () => {
  const options = securityHeaderOptions('https://api.ipify.org');

  it('gives a response exactly the headers helmet itself gives it', async () => {
    const recorded = recordSecurityHeaders(options);
    const middleware = helmet(options);
    for (const path of ['/api/healthz', '/exchange/sports?x=1']) {
      const byHelmet = await headersOf((req, res) => {
        res.setHeader('x-powered-by', 'node');
        middleware(req, res, () => res.end('ok'));
      }, path);
      const replayed = await headersOf((_req, res) => {
        res.setHeader('x-powered-by', 'node');
        applySecurityHeaders(recorded, res);
        res.end('ok');
      }, path);
      expect(replayed).toEqual(byHelmet);
      expect(replayed['x-powered-by']).toBeUndefined();
      expect(replayed['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('records a dozen headers and the removal of x-powered-by', () => {
    const recorded = recordSecurityHeaders(options);
    expect(recorded.set.length).toBeGreaterThanOrEqual(10);
    expect(recorded.remove).toContain('X-Powered-By');
  });
});
