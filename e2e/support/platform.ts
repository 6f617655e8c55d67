import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  cliEntry,
  embeddedServerEnv,
  freePort,
  repoRoot,
  serverArgs,
} from '../../scripts/support/built-server.ts';
const BOOT_TIMEOUT_MS = 90_000;

export interface Platform {
  baseUrl: string;
  dataDir: string;
  /** Stops the server, changes an app setting in its database with the operator CLI, starts it again on the same port. */
  setSettingOffline(key: string, value: string): Promise<void>;
  /**
   * Stops the server, starts it on another port over the same data (pages open on `baseUrl`
   * cannot reach it), runs `meanwhile` against that one, stops it and starts the server again
   * on `baseUrl`'s port: what `meanwhile` changes is committed while open pages are cut off.
   */
  restartAfter(meanwhile: (otherBaseUrl: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** The embedded default exactly as `npm start` runs it: PGlite in a data dir, no Postgres, no Redis. */
function platformEnv(
  port: number,
  dataDir: string,
  overrides: Record<string, string>,
): NodeJS.ProcessEnv {
  const env = embeddedServerEnv(port, dataDir);
  // As `npm start`: development, where the console SMS provider and its outbox (which the
  // journeys read codes from) and the gateway simulator exist; production refuses them.
  env.NODE_ENV = 'development';
  // The crash game's hash chain: a million links cost seconds of CPU at every platform's first
  // boot; the journeys play a few rounds (docs/crash-game.md).
  env.CRASH_CHAIN_LENGTH = '10000';
  return { ...env, ...overrides };
}

async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server not ready within ${BOOT_TIMEOUT_MS} ms:\n${output()}`);
}

function startProcess(port: number, dataDir: string, overrides: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: platformEnv(port, dataDir, overrides),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, output: () => log.slice(-4000) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  await exited;
}

/** `overrides`: extra environment for the server, e.g. `{ SIMULATOR_MARKET_MAKER: 'off' }`. */
export async function startPlatform(overrides: Record<string, string> = {}): Promise<Platform> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'spm-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let running = startProcess(port, dataDir, overrides);
  await waitUntilReady(baseUrl, running.child, running.output);

  return {
    baseUrl,
    dataDir,
    async setSettingOffline(key, value) {
      await stopProcess(running.child);
      await promisify(execFile)(process.execPath, [cliEntry, 'set-setting', key, value], {
        cwd: repoRoot,
        env: platformEnv(port, dataDir, overrides),
      });
      running = startProcess(port, dataDir, overrides);
      await waitUntilReady(baseUrl, running.child, running.output);
    },
    async restartAfter(meanwhile) {
      await stopProcess(running.child);
      const otherPort = await freePort();
      const other = startProcess(otherPort, dataDir, overrides);
      const otherBaseUrl = `http://127.0.0.1:${otherPort}`;
      try {
        await waitUntilReady(otherBaseUrl, other.child, other.output);
        await meanwhile(otherBaseUrl);
      } finally {
        await stopProcess(other.child);
      }
      running = startProcess(port, dataDir, overrides);
      await waitUntilReady(baseUrl, running.child, running.output);
    },
    async stop() {
      await stopProcess(running.child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
