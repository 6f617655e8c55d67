import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { makeTempDir, startHarness, testConfig, type Harness } from '../test/harness.ts';

// Static hosting does not depend on the driver: PGlite only.
describe('static hosting of the two SPAs', () => {
  let h: Harness;
  let bare: App;
  let removeDir: () => Promise<void>;
  const logLines: string[] = [];
  // Big enough to be worth compressing, as a real chunk is.
  const chunk = `console.log(${JSON.stringify('player '.repeat(400))});`;

  beforeAll(async () => {
    const temp = await makeTempDir('spm-dist-');
    removeDir = temp.remove;
    const web = join(temp.dir, 'web');
    const backoffice = join(temp.dir, 'backoffice');
    await mkdir(join(web, 'assets'), { recursive: true });
    await mkdir(join(backoffice, 'assets'), { recursive: true });
    await writeFile(join(web, 'index.html'), '<html><body>player</body></html>');
    await writeFile(join(web, 'assets', 'index-Ab12Cd34.js'), chunk);
    // What scripts/precompress.mjs writes beside every built text file.
    await writeFile(join(web, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(chunk));
    await writeFile(join(web, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(chunk));
    await writeFile(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The installable app (docs/installable-app.md): vite-plugin-pwa writes both at the root.
    const worker = `self.addEventListener('fetch', () => {}); // ${'shell '.repeat(300)}`;
    await writeFile(join(web, 'sw.js'), worker);
    await writeFile(join(web, 'sw.js.br'), brotliCompressSync(worker));
    await writeFile(join(web, 'sw.js.gz'), gzipSync(worker));
    await writeFile(join(web, 'manifest.webmanifest'), '{"name":"SPM","start_url":"/"}');
    await writeFile(join(backoffice, 'index.html'), '<html><body>backoffice</body></html>');
    await writeFile(join(backoffice, 'assets', 'index-Zz99Yy88.js'), 'console.log("office")');
    h = await startHarness('pglite', {
      env: { WEB_DIST: web, BACKOFFICE_DIST: backoffice, LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
    // Same database, no builds: the "run npm run build" path.
    bare = await buildApp({ config: testConfig(), db: h.db });
    await bare.ready();
  });
  afterAll(async () => {
    await bare?.close();
    await h?.close();
    await removeDir?.();
  });

  it('serves the player index at / with no-cache', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('player');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the player index for client-side routes', async () => {
    for (const url of ['/home', '/exchange/123', '/sign-in?return=%2Fhome']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('player');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  /** A GET that accepts the given content encodings. */
  const getAccepting = (url: string, acceptEncoding: string) =>
    h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('caches hashed assets for a year and revalidates unhashed files', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await h.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed asset only the security headers that act on a subresource', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBeDefined();
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    // Documents and the service worker (a CSP applies to a worker) keep the whole set.
    for (const url of ['/', '/home', '/sw.js', '/backoffice/']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the service worker and the web app manifest with their types, revalidated', async () => {
    // A worker cached for long would keep players on an old version after a deploy.
    const worker = await getAccepting('/sw.js', 'gzip, deflate, br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await h.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/' });
  });

  it('sends the precompressed brotli or gzip copy of an asset, still cached for a year', async () => {
    const br = await getAccepting('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);

    const gzip = await getAccepting('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(chunk);

    const plain = await h.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('compresses API JSON over the threshold, not small answers', async () => {
    const docs = await getAccepting('/api/docs/json', 'br, gzip');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    const health = await getAccepting('/api/healthz', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('logs API requests but not one line per static file or page', async () => {
    logLines.length = 0;
    for (const url of ['/', '/home', '/assets/index-Ab12Cd34.js', '/favicon.svg', '/backoffice/']) {
      await h.app.inject({ method: 'GET', url });
    }
    expect(logLines).toEqual([]);
    await h.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(logLines.some((line) => line.includes('/api/healthz'))).toBe(true);
  });

  it('answers 404 (not the index) for a missing file', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
  });

  it('serves the back office under /backoffice/ with its own fallback', async () => {
    const root = await h.app.inject({ method: 'GET', url: '/backoffice/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('backoffice');
    expect(root.headers['cache-control']).toBe('no-cache');
    const deep = await h.app.inject({ method: 'GET', url: '/backoffice/users/42' });
    expect(deep.body).toContain('backoffice');
    const asset = await h.app.inject({
      method: 'GET',
      url: '/backoffice/assets/index-Zz99Yy88.js',
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bareRoot = await h.app.inject({ method: 'GET', url: '/backoffice' });
    expect(bareRoot.statusCode).toBe(200);
    expect(bareRoot.body).toContain('backoffice');
  });

  it('never answers /api, /metrics or /public paths with an index.html', async () => {
    for (const url of ['/api/home', '/public/socket', '/metrics/extra']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'ROUTE_NOT_FOUND' });
    }
  });

  it('starts without builds and answers pages with 503 naming npm run build', async () => {
    for (const url of ['/', '/home', '/backoffice/']) {
      const res = await bare.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('npm run build');
    }
    const api = await bare.inject({ method: 'GET', url: '/api/healthz' });
    expect(api.statusCode).toBe(200);
  });
});
