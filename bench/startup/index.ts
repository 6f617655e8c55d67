// Start-up: how long until the server answers, and how fast it answers right after it says
// it is running (the simulator seeds its markets then). Figures, never pass/fail.
//
//   npm run bench -- startup            the built server (node apps/server/dist/main.js)
//   STARTUP_NPM_START=1 npm run bench -- startup   also times the start commands to their
//                                        first answer: a full build (the former npm start),
//                                        `npm start` with nothing changed and with apps/web stale
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, serverArgs, startServer } from '../support/server.ts';

const PROBE_MS = 5000;
const PROBE_PATHS = ['/api/healthz', '/api/getAppDetails', '/'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Requests one after another for PROBE_MS from "running" on; each one's latency by path. */
async function probe(baseUrl: string): Promise<Map<string, number[]>> {
  const latencies = new Map<string, number[]>(PROBE_PATHS.map((path) => [path, []]));
  const until = performance.now() + PROBE_MS;
  for (let i = 0; performance.now() < until; i++) {
    const path = PROBE_PATHS[i % PROBE_PATHS.length]!;
    const sentAt = performance.now();
    const response = await fetch(baseUrl + path);
    await response.arrayBuffer();
    latencies.get(path)!.push(performance.now() - sentAt);
  }
  return latencies;
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return (
    `${latencies.length} requests, first ${ms(latencies[0] ?? NaN)}, ` +
    `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`
  );
}

async function builtServer(label: string): Promise<void> {
  const server = await startServer();
  try {
    const byPath = await probe(server.baseUrl);
    console.log(
      `${label}: running after ${ms(server.runningAfterMs)}; the next ${PROBE_MS / 1000} s:`,
    );
    console.log(`  all paths: ${summary([...byPath.values()].flat())}`);
    for (const [path, latencies] of byPath) console.log(`  ${path}: ${summary(latencies)}`);
  } finally {
    await server.stop();
  }
}

/** A start command until its first answer (GET /api/healthz after the banner). */
async function npmStart(label: string, command: string[], dataDir: string): Promise<void> {
  const server = await startServer({ command, dataDir });
  try {
    const sentAt = performance.now();
    await (await fetch(`${server.baseUrl}/api/healthz`)).arrayBuffer();
    const answeredAfterMs = server.runningAfterMs + (performance.now() - sentAt);
    console.log(`${label}: first answer after ${ms(answeredAfterMs)}`);
  } finally {
    await server.stop();
  }
}

await builtServer('built server, fresh data dir');
if (process.env.STARTUP_NPM_START === '1') {
  // An existing database, as on every start but the first: the figures are then about the
  // build step, not PGlite creating its files.
  const dataDir = await mkdtemp(join(tmpdir(), 'spm-bench-'));
  await (await startServer({ dataDir })).stop();
  try {
    // What `npm start` did before issue 11: a full build on every start.
    const fullBuild = ['sh', '-c', 'npm run build --silent && node apps/server/dist/main.js'];
    await npmStart('full build then start (the former npm start)', fullBuild, dataDir);
    await npmStart('npm start, nothing changed', ['npm', 'start', '--silent'], dataDir);
    // A missing stamp is what a changed source in apps/web looks like to the build check:
    // only the player app rebuilds.
    await rm(join(repoRoot, 'apps/web/dist/.build-stamp'), { force: true });
    await npmStart('npm start, apps/web changed', ['npm', 'start', '--silent'], dataDir);
    await npmStart('built server alone, same data', [process.execPath, ...serverArgs], dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
