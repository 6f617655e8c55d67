import type { Config } from './config.ts';
import type { DatabaseDriver } from './db/database.ts';
import { BACKOFFICE_PREFIX } from './http/url-prefixes.ts';
import type { SeedResult } from './seed.ts';

/** A wildcard bind address is not somewhere a browser can go. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** The block printed on every boot so whoever started the server knows where to go. */
export function formatSignInInfo(
  config: Pick<Config, 'host' | 'dataDir'>,
  port: number,
  driver: DatabaseDriver,
  seedResult: SeedResult,
): string {
  const base = `http://${browsableHost(config.host)}:${port}`;
  const lines = [
    '',
    '  SPM platform is running',
    `    Player app:   ${base}/`,
    `    Back office:  ${base}${BACKOFFICE_PREFIX}`,
    `    API docs:     ${base}/api/docs`,
    `    Database:     ${driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `    Admin user:   ${seedResult.adminUsername}`,
  ];
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
