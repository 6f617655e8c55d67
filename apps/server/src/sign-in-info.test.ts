import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { formatSignInInfo, listenUrls } from './sign-in-info.ts';

type Interfaces = ReturnType<typeof networkInterfaces>;

const entry = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({
  address,
  family,
  internal,
  netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::',
  mac: '00:00:00:00:00:00',
  cidr: null,
  ...(family === 'IPv6' ? { scopeid: 0 } : {}),
});

const MACHINE = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  eth0: [entry('192.0.2.2', 'IPv4', false), entry('2001:db8::2', 'IPv6', false)],
} as unknown as Interfaces;

const SEED = {
  adminUsername: 'admin',
  adminPassword: null,
  credentialsFile: undefined,
} as unknown as Parameters<typeof formatSignInInfo>[3];

describe('listenUrls', () => {
  it('names the bound address, and every interface for a wildcard bind', () => {
    expect(listenUrls([{ address: '127.0.0.1', family: 'IPv4', port: 8080 }], MACHINE)).toEqual([
      'http://127.0.0.1:8080',
    ]);
    expect(listenUrls([{ address: '0.0.0.0', family: 'IPv4', port: 8080 }], MACHINE)).toEqual([
      'http://127.0.0.1:8080',
      'http://192.0.2.2:8080',
    ]);
    expect(listenUrls([{ address: '::', family: 'IPv6', port: 8080 }], MACHINE)).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://192.0.2.2:8080',
      'http://[2001:db8::2]:8080',
    ]);
    // HOST=localhost: fastify binds both loopback addresses.
    expect(
      listenUrls(
        [
          { address: '127.0.0.1', family: 'IPv4', port: 9000 },
          { address: '::1', family: 'IPv6', port: 9000 },
        ],
        MACHINE,
      ),
    ).toEqual(['http://127.0.0.1:9000', 'http://[::1]:9000']);
  });
});

describe('formatSignInInfo', () => {
  const config = {
    host: '0.0.0.0',
    dataDir: '/srv/data',
    sms: { provider: 'console' },
    apiDocs: 'public',
  } as const;

  it('lists every address, and warns when the console SMS outbox is reachable from elsewhere', () => {
    const banner = formatSignInInfo(config, 8080, 'pglite', SEED, [
      'http://127.0.0.1:8080',
      'http://192.0.2.2:8080',
    ]);
    expect(banner).toContain(
      'Listening on: http://127.0.0.1:8080\n                  http://192.0.2.2:8080',
    );
    expect(banner).toContain('/api/dev/sms-outbox');
    expect(banner).not.toContain('this machine only');
  });

  it('says "this machine only" on loopback, and no warning with a real SMS provider', () => {
    const loopback = formatSignInInfo({ ...config, host: '127.0.0.1' }, 8080, 'pglite', SEED, [
      'http://127.0.0.1:8080',
    ]);
    expect(loopback).toContain('this machine only');
    expect(loopback).toContain('Player app:   http://127.0.0.1:8080/');
    const everywhere = formatSignInInfo(
      {
        ...config,
        sms: { provider: 'http', url: 'https://sms.example', apiKey: 'k', sender: 'S' },
      },
      8080,
      'postgres',
      SEED,
      ['http://192.0.2.2:8080'],
    );
    expect(everywhere).not.toContain('/api/dev/sms-outbox');
  });

  it('points at the API docs only as API_DOCS serves them', () => {
    const shown = (apiDocs: 'public' | 'staff' | 'off') =>
      formatSignInInfo({ ...config, host: '127.0.0.1', apiDocs }, 8080, 'pglite', SEED)
        .split('\n')
        .find((line) => line.includes('API docs:'));
    expect(shown('public')).toBe('    API docs:     http://127.0.0.1:8080/api/docs');
    expect(shown('staff')).toContain('staff token only');
    expect(shown('off')).toBe('    API docs:     off (API_DOCS=off)');
  });
});
