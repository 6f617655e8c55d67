// What the end-to-end tests and the benchmarks share to run the BUILT server from outside, as
// `npm start` does: where it is, a free port, and the embedded default's environment.
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const serverEntry = join(repoRoot, 'apps/server/dist/main.js');
/** node's arguments for the built server, as `npm start` gives them. */
export const serverArgs = [...SERVER_NODE_FLAGS, serverEntry];
export const cliEntry = join(repoRoot, 'apps/server/dist/cli.js');

/** A port of 127.0.0.1 free right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * The embedded default: PGlite in `dataDir`, no PostgreSQL, no Redis (even when this shell
 * has them), warnings only in the log.
 */
export function embeddedServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}
