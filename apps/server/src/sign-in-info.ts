import { networkInterfaces } from 'node:os';
import type { ApiDocsMode, Config } from './config.ts';
import type { DatabaseDriver } from './db/database.ts';
import { BACKOFFICE_PREFIX } from './http/url-prefixes.ts';
import type { SeedResult } from './seed.ts';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** A wildcard bind address is not somewhere a browser can go. */
function browsableHost(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === 'localhost';
}

/** One bound socket: what `server.address()` or fastify's `addresses()` report. */
export interface BoundAddress {
  address: string;
  family: string;
  port: number;
}

/**
 * Every URL the server can be reached at: a wildcard bind is every interface of this
 * machine (IPv4 for 0.0.0.0; both families for ::, which takes IPv4 too on a dual-stack
 * host), anything else is the address bound.
 */
export function listenUrls(
  bound: readonly BoundAddress[],
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string[] {
  const urls: string[] = [];
  for (const { address, port } of bound) {
    const hosts = WILDCARD_HOSTS.has(address)
      ? Object.values(interfaces)
          .flatMap((entries) => entries ?? [])
          .filter((entry) => address === '::' || entry.family === 'IPv4')
          .map((entry) => entry.address)
      : [address];
    for (const host of hosts) {
      const shown = host.includes(':') ? `[${host}]` : host;
      urls.push(`http://${shown}:${port}`);
    }
  }
  return [...new Set(urls)];
}

/** The banner's docs line says who may read them (API_DOCS), so it never points at a 404. */
function apiDocsLine(mode: ApiDocsMode, base: string): string {
  if (mode === 'off') return '    API docs:     off (API_DOCS=off)';
  if (mode === 'staff')
    return `    API docs:     ${base}/api/docs (staff token only: API_DOCS=staff)`;
  return `    API docs:     ${base}/api/docs`;
}

/** The block printed on every boot so whoever started the server knows where to go. */
export function formatSignInInfo(
  config: Pick<Config, 'host' | 'dataDir' | 'sms' | 'apiDocs'>,
  port: number,
  driver: DatabaseDriver,
  seedResult: SeedResult,
  urls: readonly string[] = [],
): string {
  const base = `http://${browsableHost(config.host)}:${port}`;
  const lines = ['', '  SPM platform is running'];
  const [firstUrl, ...otherUrls] = urls;
  if (firstUrl !== undefined) {
    lines.push(
      `    Listening on: ${firstUrl}`,
      ...otherUrls.map((url) => `                  ${url}`),
    );
    const onlyHere = urls.every((url) => isLoopback(new URL(url).hostname.replace(/^\[|\]$/g, '')));
    if (onlyHere) {
      lines.push('                  (this machine only; HOST=0.0.0.0 listens on every interface)');
    } else if (config.sms.provider === 'console') {
      lines.push(
        '    Warning: SMS_PROVIDER=console shows every OTP code at /api/dev/sms-outbox to',
        '             anyone who reaches the addresses above',
      );
    }
  }
  lines.push(
    `    Player app:   ${base}/`,
    `    Back office:  ${base}${BACKOFFICE_PREFIX}`,
    apiDocsLine(config.apiDocs, base),
    `    Database:     ${driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `    Admin user:   ${seedResult.adminUsername}`,
  );
  if (seedResult.adminPassword !== null) {
    lines.push(`    Admin password (shown only now): ${seedResult.adminPassword}`);
    if (seedResult.credentialsFile) {
      lines.push(`      also saved to ${seedResult.credentialsFile} (mode 0600)`);
    }
  } else {
    lines.push(
      driver === 'pglite'
        ? '    Admin password: generated at first run (see first-run-credentials.txt in the data dir if kept)'
        : '    Admin password: generated and printed at first run',
    );
  }
  lines.push('    Demo player:  press "Demo Login" in the sign-in dialog of the player app', '');
  return lines.join('\n');
}
