// Starting the built server as `npm start` does (PGlite in a temp DATA_DIR, a free port), for
// the benchmarks that measure it from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  embeddedServerEnv,
  freePort,
  repoRoot,
  serverArgs,
  serverEntry,
} from '../../scripts/support/built-server.ts';

export { freePort, repoRoot, serverArgs, serverEntry };
const BOOT_TIMEOUT_MS = 120_000;

export interface StartedServer {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the "is running" banner on stdout. */
  runningAfterMs: number;
  /** What the server printed so far (stdout and stderr): the banner, warnings. */
  output(): string;
  stop(): Promise<void>;
}

/** The environment of `npm start` on the embedded database, minus anything shared. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return { ...embeddedServerEnv(port, dataDir), LOG_FORMAT: 'json' };
}

/**
 * Runs `command` (default: node on the built server) and resolves once it prints that the
 * platform is running. A fresh temp DATA_DIR unless one is given.
 */
export async function startServer(
  options: {
    command?: string[];
    dataDir?: string;
    port?: number;
    /** Set over the embedded default's environment (e.g. DATABASE_URL for PostgreSQL). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'spm-bench-')));
  const [program, ...args] = options.command ?? [process.execPath, ...serverArgs];
  const startedAt = performance.now();
  const child = spawn(program!, args, {
    cwd: repoRoot,
    env: { ...serverEnv(port, dataDir), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const runningAfterMs = await new Promise<number>((resolveRunning, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "is running" within ${BOOT_TIMEOUT_MS} ms:\n${output}`)),
      BOOT_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('platform is running')) {
        clearTimeout(timer);
        resolveRunning(performance.now() - startedAt);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    runningAfterMs,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((done) => child.once('exit', done));
        // The whole group: `npm start` runs node under npm under sh.
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
