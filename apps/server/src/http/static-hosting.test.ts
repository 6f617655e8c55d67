import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { makeTempDir, startHarness, testConfig, type Harness } from '../test/harness.ts';

// Static hosting does not depend on the driver: PGlite only.
describe('static hosting of the two SPAs', () => {
  let h: Harness;
  let bare: App;
  let removeDir: () => Promise<void>;

  beforeAll(async () => {
    const temp = await makeTempDir('spm-dist-');
    removeDir = temp.remove;
    const web = join(temp.dir, 'web');
    const backoffice = join(temp.dir, 'backoffice');
    await mkdir(join(web, 'assets'), { recursive: true });
    await mkdir(join(backoffice, 'assets'), { recursive: true });
    await writeFile(join(web, 'index.html'), '<html><body>player</body></html>');
    await writeFile(join(web, 'assets', 'index-Ab12Cd34.js'), 'console.log("player")');
    await writeFile(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(backoffice, 'index.html'), '<html><body>backoffice</body></html>');
    await writeFile(join(backoffice, 'assets', 'index-Zz99Yy88.js'), 'console.log("office")');
    h = await startHarness('pglite', { env: { WEB_DIST: web, BACKOFFICE_DIST: backoffice } });
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

  it('caches hashed assets for a year and revalidates unhashed files', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await h.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
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
