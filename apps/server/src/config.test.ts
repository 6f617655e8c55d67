import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { repoRootDir } from './paths.ts';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({}, '/srv/somewhere');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: '/srv/somewhere/data',
      logLevel: 'info',
      nodeEnv: 'development',
      trustProxy: false,
    });
  });

  it('finds the SPA builds from the repo root whatever the cwd', () => {
    for (const cwd of ['/', tmpdir(), '/work']) {
      const config = loadConfig({}, cwd);
      expect(config.webDistDir).toBe(join(repoRootDir, 'apps/web/dist'));
      expect(config.backofficeDistDir).toBe(join(repoRootDir, 'apps/backoffice/dist'));
    }
    const explicit = loadConfig({ WEB_DIST: 'build/web' }, '/opt/spm');
    expect(explicit.webDistDir).toBe(resolve('/opt/spm', 'build/web'));
  });

  it('rejects a bad PORT with a message naming the key', () => {
    for (const PORT of ['abc', '70000', '-1', '80.5']) {
      expect(() => loadConfig({ PORT })).toThrow(ConfigError);
      expect(() => loadConfig({ PORT })).toThrow(/PORT/);
    }
  });

  it('names every bad key and never echoes a database password', () => {
    let message = '';
    try {
      loadConfig({
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://user:s3cret@host/db',
        NODE_ENV: 'staging',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/NODE_ENV/);
    expect(message).not.toContain('s3cret');
  });

  it('reads PostgreSQL and Redis URLs and treats empty values as unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(8080);
  });

  it('parses TRUST_PROXY as a flag, a hop count or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
