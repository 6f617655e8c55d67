// A redis-server of the test's own, on a port of 6390-6399, that the test may stop and start
// again (the shared one on 6379 serves other test files and must never go away). Test support
// only (never imported by main).
import { spawn, type ChildProcess } from 'node:child_process';

/** Ports kept for private servers; the shared Redis is on 6379. */
const FIRST_PORT = 6390;
const LAST_PORT = 6399;
const START_TIMEOUT_MS = 5000;

export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts the server again on the same port (after `stop`). */
  start: () => Promise<void>;
  /** Stops the server (SIGTERM, waits for the exit); a stopped server is a no-op. */
  stop: () => Promise<void>;
  /**
   * Freezes (SIGSTOP) or thaws (SIGCONT) the running server: its connections stay open and
   * answer nothing, as a frozen host or a network dropping packets would.
   */
  freeze: () => void;
  thaw: () => void;
}

/**
 * Resolves once this server says it accepts connections (not a PING: another test file's
 * server may hold the port), rejects when it exits first (the port is in use).
 */
async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      child.once('error', reject);
      timer = setTimeout(
        () => reject(new Error(`redis-server on ${port} not ready in ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return child;
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await gone;
}

/**
 * A private redis-server on a free port of this worker's half of 6390-6399, tried from a
 * random one: a port this server left while stopped is then unlikely to be the one another
 * file's new server takes before `start` wants it back.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  let lastError: unknown;
  // Each vitest worker has its half of the range (CI runs two): a port this file's server left
  // while stopped can then only be taken by a file of the same worker, which runs after it.
  const worker = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 2;
  const ports = (LAST_PORT - FIRST_PORT + 1) / 2;
  const first = FIRST_PORT + worker * ports;
  const offset = Math.floor(Math.random() * ports);
  for (let tried = 0; tried < ports; tried += 1) {
    const port = first + ((offset + tried) % ports);
    let child: ChildProcess;
    try {
      child = await launch(port);
    } catch (error) {
      lastError = error;
      continue;
    }
    let current: ChildProcess | undefined = child;
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      start: async () => {
        if (current) return;
        current = await launch(port);
      },
      stop: async () => {
        const running = current;
        current = undefined;
        if (running) {
          running.kill('SIGCONT');
          await terminate(running);
        }
      },
      freeze: () => current?.kill('SIGSTOP'),
      thaw: () => current?.kill('SIGCONT'),
    };
  }
  throw new Error(`no free port for a private redis-server in ${FIRST_PORT}-${LAST_PORT}`, {
    cause: lastError,
  });
}
