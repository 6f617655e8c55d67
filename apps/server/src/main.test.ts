import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRootDir } from './paths.ts';
import { makeTempDir } from './test/harness.ts';

const BANNER = 'platform is running';
const BOOT_TIMEOUT_MS = 150_000;
const LOG_FLUSH_WAIT_MS = 3000;

interface Boot {
  child: ChildProcess;
  output: string;
  /** The messages of the JSON log lines, in order. */
  messages: string[];
  port: number;
}

/** Every child a test started, so that one whose boot failed is stopped too. */
const started: ChildProcess[] = [];

/** main.ts from source as a new user's `npm start` runs it: the embedded default, no HOST. */
async function bootMain(dataDir: string): Promise<Boot> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    SIMULATOR: 'off',
    SPM_TABLES: 'off',
    // Its first start hashes a million-link chain: CPU this test does not need.
    CRASH_GAME: 'off',
  };
  for (const key of ['HOST', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'CLUSTER']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within ${BOOT_TIMEOUT_MS} ms:\n${output}`)),
      BOOT_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Demo player')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`main exited with ${code}:\n${output}`));
    });
  });
  // The log is written asynchronously, the banner at once: give the log a moment to catch up.
  for (let waitedMs = 0; waitedMs < LOG_FLUSH_WAIT_MS && !output.includes('"msg":"listening"');) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    waitedMs += 100;
  }
  const messages = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const port = Number(/Listening on: http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  return { child, output, messages, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    // main drains for up to 10 s; past that it is stuck, and a test must not leave it running.
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// What a new user sees from `npm start` (issue 39 item 10): where it listens, and what it
// is doing before the banner.
describe('main on the embedded default', () => {
  let dataDir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ dir: dataDir, remove } = await makeTempDir('spm-main-'));
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map(stop));
    await remove();
  });

  // Two boots of main from source, the first creating PGlite's cluster: a minute or more here.
  it(
    'says what it does before the banner, listens on 127.0.0.1 only and prints it',
    { timeout: 2 * BOOT_TIMEOUT_MS },
    async () => {
      const first = await bootMain(join(dataDir, 'data'));
      // Every step of a first start announced before it runs.
      const steps = [
        'creating the embedded database (first start: this takes up to a minute)',
        'database open; building the app',
        'applying migrations',
        'migrations applied; seeding',
        'seed done',
        'listening',
      ];
      expect(first.messages.filter((message) => steps.includes(message))).toEqual(steps);
      expect(first.output.indexOf(steps[0]!)).toBeLessThan(first.output.indexOf(BANNER));

      expect(first.port).toBeGreaterThan(0);
      expect(first.output).toContain(`Listening on: http://127.0.0.1:${first.port}`);
      expect(first.output).toContain('this machine only');
      expect(await accepts('127.0.0.1', first.port)).toBe(true);
      // No other interface takes connections (the development SMS outbox stays on this machine).
      const outside = Object.values(networkInterfaces())
        .flatMap((entries) => entries ?? [])
        .filter((entry) => entry.family === 'IPv4' && !entry.internal)
        .map((entry) => entry.address);
      for (const address of outside) expect(await accepts(address, first.port)).toBe(false);

      // A later start opens what the first one created.
      await stop(first.child);
      const second = await bootMain(join(dataDir, 'data'));
      expect(second.messages[0]).toBe('opening the embedded database');
    },
  );
});
