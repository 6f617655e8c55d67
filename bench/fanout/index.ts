/**
 * Realtime fan-out (issue 13, item 7): the built server in its own process, 10,000 socket.io
 * clients (websocket only) in separate client processes, 200 on each of 50 bookmaker markets,
 * and a driver process that changes every market's rates 4 times a second through the staff
 * API. Prints how many clients connected, the updates broadcast, messages received against
 * those expected (every subscriber got every broadcast of its market, in version order, and
 * ends on the market's final version), delivery latency (server emit → client handler, from
 * the `sentAt` stamp of market:update) p50/p95/p99/max, the server's RSS and the CPU of every
 * process. Exits non-zero when a delivery was lost or a client could not connect.
 *
 * Run: npm run build && npm run bench -- fanout
 *   Embedded PGlite by default, as `npm start` runs; with DATABASE_URL the server runs on a
 *   fresh database created beside the given one (and dropped afterwards).
 *   FANOUT_CLIENTS (10000), FANOUT_MARKETS (50), FANOUT_PROCESSES (5), FANOUT_SECONDS (30,
 *   measured, after FANOUT_WARM_UP_SECONDS (5) of the same changes whose deliveries are checked
 *   but not measured),
 *   FANOUT_CONNECTS_PER_SECOND (500, all processes together), FANOUT_CPU_PROF=<dir> (run the
 *   server under node --cpu-prof, profile written there on exit), FANOUT_CLIENT (`protocol`, the
 *   bench's own socket.io protocol client on ws, protocol-client.ts; or `socket.io-client`).
 *   Needs `ulimit -n` above the clients (the server holds one descriptor per socket).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signInStaff } from '../../e2e/support/staff.ts';
import { LOAD_NICE, niceAsLoad } from '../support/load-process.ts';
import { repoRoot, serverArgs, startServer, type StartedServer } from '../support/server.ts';
import {
  BUCKETS,
  FANOUT_CLIENTS,
  addSparse,
  quantileOf,
  type BenchMarket,
  type ClientReport,
  type ClientsReady,
  type DriverPlan,
  type DriverReport,
  type DriverWarmed,
  type FanoutClient,
  type ToClientProcess,
} from './protocol.ts';

const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 10_000);
const MARKETS = Number(process.env.FANOUT_MARKETS ?? 50);
const PROCESSES = Number(process.env.FANOUT_PROCESSES ?? 5);
const DURATION_MS = Number(process.env.FANOUT_SECONDS ?? 30) * 1000;
const CONNECTS_PER_SECOND = Number(process.env.FANOUT_CONNECTS_PER_SECOND ?? 500);
const CPU_PROF_DIR = process.env.FANOUT_CPU_PROF;
const CLIENT = (process.env.FANOUT_CLIENT ?? 'protocol') as FanoutClient;
if (!FANOUT_CLIENTS.includes(CLIENT)) {
  throw new Error(`FANOUT_CLIENT must be one of ${FANOUT_CLIENTS.join(', ')}`);
}
const WARM_UP_MS = Number(process.env.FANOUT_WARM_UP_SECONDS ?? 5) * 1000;
const CHANGES_PER_SECOND = 4;
const MARKETS_PER_EVENT = 5;
const RUNNERS = ['Home', 'The Draw', 'Away'];
/** Sessions the clients share (POST /login/demo allows 10 a minute from one address). */
const SESSIONS = 8;
/** After the last change: the stream's trailing edge (250 ms) plus delivery. */
const DRAIN_MS = 2_000;
const MIB = 1024 * 1024;
const BOOT_QUIET_MS = 5_000;

interface Envelope<T> {
  data: T;
  error: boolean;
  message?: string;
}

/**
 * The server's own metrics (GET /metrics, answered on loopback): prom-client's event-loop
 * delay (reset by each scrape, so the second scrape covers the run alone), the GC time and the
 * staff rates PUT's duration inside the server (cumulative: taken as a difference).
 */
async function scrapeMetrics(baseUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.length === 0) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

/** Sum of the series whose name and labels start with `prefix` and contain every `parts`. */
function metricSum(values: Map<string, number>, prefix: string, ...parts: string[]): number {
  let sum = 0;
  for (const [key, value] of values) {
    if (key.startsWith(prefix) && parts.every((part) => key.includes(part))) sum += value;
  }
  return sum;
}

async function api<T>(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: options.token } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || envelope.error) {
    throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}

/** The soft limit on open files this process (and so its children) has. */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s+/)[3];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

/** CPU seconds a process used so far, user and system; clock ticks are 1/100 s on Linux. */
function cpuSecondsOf(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised name; utime and stime are the 14th and 15th overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** With DATABASE_URL: a fresh database beside it, so the bench owns its admin and markets. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const given = process.env.DATABASE_URL;
  if (!given) return undefined;
  const name = `spm_fanout_${process.pid}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: given });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Staff-created events with bookmaker markets (no simulator touches them), 3 runners each. */
async function seedMarkets(
  baseUrl: string,
  staffToken: string,
): Promise<{
  markets: BenchMarket[];
  eventIds: string[];
}> {
  const markets: BenchMarket[] = [];
  const eventIds: string[] = [];
  for (let e = 0; markets.length < MARKETS; e += 1) {
    const event = await api<{ id: string }>(baseUrl, '/staff/events', {
      token: staffToken,
      body: {
        sportId: 1,
        competitionName: 'Fan-out Bench League',
        homeTeam: `Home ${e}`,
        awayTeam: `Away ${e}`,
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    eventIds.push(event.id);
    for (let m = 0; m < MARKETS_PER_EVENT && markets.length < MARKETS; m += 1) {
      const market = await api<{ id: string; runners: { id: string }[] }>(
        baseUrl,
        `/staff/events/${event.id}/markets`,
        {
          token: staffToken,
          body: {
            type: 'bookmaker',
            name: `Bookmaker ${m + 1}`,
            runners: RUNNERS,
            minStake: 10,
            maxStake: 10_000,
            maxProfit: 100_000,
            inPlayDelayMs: 0,
          },
        },
      );
      markets.push({ marketId: market.id, runnerIds: market.runners.map((r) => r.id) });
    }
  }
  return { markets, eventIds };
}

/** The clients and the driver stand for players and staff elsewhere: niced as load (LOAD_NICE). */
function forkChild(file: string): ChildProcess {
  const child = fork(join(import.meta.dirname, file), {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  niceAsLoad(child);
  return child;
}

function nextMessage<T extends { kind: string }>(child: ChildProcess, kind: T['kind']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (label: string) => label.padEnd(16);

async function main(): Promise<number> {
  const limit = openFileLimit();
  if (limit < CLIENTS + 1_000) {
    console.error(
      `open-file limit ${limit} is below ${CLIENTS} clients + 1,000: run \`ulimit -n 65536\` first`,
    );
    return 1;
  }
  const postgres = await freshPostgres();
  const server: StartedServer = await startServer({
    command: [
      process.execPath,
      ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []),
      ...serverArgs,
    ],
    // The market simulator's live ladders would share the cores with the delivery measured.
    env: { SIMULATOR: 'off', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  });
  const children: ChildProcess[] = [];
  try {
    const serverPid = server.child.pid!;
    let peakRss = 0;
    const sampleRss = () => (peakRss = Math.max(peakRss, memoryOf(serverPid).rss));
    const sampler = setInterval(sampleRss, 250);
    const idle = memoryOf(serverPid);

    // The simulator seeds its events and quotes right after the banner: let it finish first.
    await sleep(BOOT_QUIET_MS);
    const banner = server.output();
    const username = /Admin user:\s+(\S+)/.exec(banner)?.[1];
    const password = /Admin password \(shown only now\):\s+(\S+)/.exec(banner)?.[1];
    if (!username || !password) throw new Error(`no first-run admin in the banner:\n${banner}`);
    const staffToken = await signInStaff(server.baseUrl, { username, password });
    const { markets, eventIds } = await seedMarkets(server.baseUrl, staffToken);
    const tokens: string[] = [];
    for (let s = 0; s < SESSIONS; s += 1) {
      tokens.push(
        (await api<{ token: string }>(server.baseUrl, '/login/demo', { body: {} })).token,
      );
    }

    // Clients: each process its share, ramping its part of the connect rate.
    const connectStart = performance.now();
    const perProcess = Math.ceil(CLIENTS / PROCESSES);
    const readies: Promise<ClientsReady>[] = [];
    for (let p = 0; p < PROCESSES; p += 1) {
      const firstClient = p * perProcess;
      const clients = Math.min(perProcess, CLIENTS - firstClient);
      if (clients <= 0) break;
      const child = forkChild('clients.ts');
      children.push(child);
      readies.push(nextMessage<ClientsReady>(child, 'ready'));
      const plan: ToClientProcess = {
        kind: 'plan',
        baseUrl: server.baseUrl,
        tokens,
        markets,
        firstClient,
        clients,
        connectsPerSecond: CONNECTS_PER_SECOND / PROCESSES,
        client: CLIENT,
      };
      child.send(plan);
    }
    const clientProcesses = [...children];
    const ready = await Promise.all(readies);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = ready.reduce((sum, r) => sum + r.connected, 0);
    const connectError = ready.find((r) => r.firstError)?.firstError ?? null;
    // Loaded while the connections settle, so its start-up is not in the measured window.
    const driver = forkChild('driver.ts');
    children.push(driver);
    await sleep(2_000);
    const whenConnected = memoryOf(serverPid);

    // The run: the driver moves every market, first for a warm-up that is not measured (its
    // deliveries are checked all the same), then for the measured window, in which the
    // clients and the server are measured.
    const warmed = nextMessage<DriverWarmed>(driver, 'warmed');
    const driven = nextMessage<DriverReport>(driver, 'driven');
    driver.send({
      kind: 'drive',
      baseUrl: server.baseUrl,
      staffToken,
      markets,
      changesPerSecond: CHANGES_PER_SECOND,
      warmUpMs: WARM_UP_MS,
      durationMs: DURATION_MS,
    } satisfies DriverPlan);
    await warmed;
    const metricsBefore = await scrapeMetrics(server.baseUrl);
    const cpuBefore = cpuSecondsOf(serverPid);
    const runStart = performance.now();
    for (const child of clientProcesses) child.send({ kind: 'measure' } satisfies ToClientProcess);
    const driverReport = await driven;
    const metricsAfter = await scrapeMetrics(server.baseUrl);
    await sleep(DRAIN_MS);
    const runWallSeconds = (performance.now() - runStart) / 1000;
    const cpuAfter = cpuSecondsOf(serverPid);
    const serverCpu = {
      user: cpuAfter.user - cpuBefore.user,
      system: cpuAfter.system - cpuBefore.system,
    };

    const finalVersion = new Map<string, number>();
    for (const eventId of eventIds) {
      const event = await api<{ markets: { id: string; version: number }[] }>(
        server.baseUrl,
        `/staff/events/${eventId}`,
        { token: staffToken },
      );
      for (const market of event.markets) finalVersion.set(market.id, market.version);
    }
    const reports = await Promise.all(
      clientProcesses.map((child) => {
        const result = nextMessage<ClientReport>(child, 'result');
        child.send({ kind: 'report' } satisfies ToClientProcess);
        return result;
      }),
    );
    clearInterval(sampler);
    sampleRss();
    const atEnd = memoryOf(serverPid);

    // Correctness: what any subscriber of a market received is what the stream broadcast;
    // each subscriber must have got all of it, in order, and end on the final version.
    let broadcasts = 0;
    /** Broadcasts of the measured window (first received after the warm-up). */
    let measuredBroadcasts = 0;
    /** Per broadcast, its fastest delivery: how late the stream's write reached anyone. */
    const firstDeliveries: number[] = [];
    let expected = 0;
    let received = 0;
    let outOfOrder = 0;
    let notAtFinal = 0;
    let finalNotBroadcast = 0;
    for (const market of markets) {
      const seen = reports.flatMap((r) => r.markets.filter((m) => m.marketId === market.marketId));
      const fastest = new Map<number, number>();
      const warmUp = new Set(seen.flatMap((part) => part.warmUpVersions));
      for (const part of seen) {
        part.versions.forEach((version, k) => {
          const latencyMs = part.firstLatencies[k]!;
          fastest.set(version, Math.min(latencyMs, fastest.get(version) ?? latencyMs));
        });
      }
      for (const [version, latencyMs] of fastest) {
        if (!warmUp.has(version)) firstDeliveries.push(latencyMs);
      }
      const versions = new Set(fastest.keys());
      const subscribers = seen.reduce((sum, m) => sum + m.subscribers, 0);
      const final = finalVersion.get(market.marketId);
      broadcasts += versions.size;
      for (const version of versions) if (!warmUp.has(version)) measuredBroadcasts += 1;
      expected += versions.size * subscribers;
      received += seen.reduce((sum, m) => sum + m.received - m.outOfOrder, 0);
      outOfOrder += seen.reduce((sum, m) => sum + m.outOfOrder, 0);
      notAtFinal += seen.reduce(
        (sum, m) => sum + m.lastVersions.filter((v) => v !== final).length,
        0,
      );
      if (final === undefined || !versions.has(final)) finalNotBroadcast += 1;
    }
    const lost = expected - received;
    const latency = new Uint32Array(BUCKETS);
    for (const report of reports) addSparse(latency, report.latencyBuckets);
    /** Deliveries in the measured window: what the latency figures count. */
    const measuredDeliveries = latency.reduce((sum, n) => sum + n, 0);
    const negative = reports.reduce((sum, r) => sum + r.negativeLatencies, 0);
    const disconnects = reports.reduce((sum, r) => sum + r.disconnects, 0);
    const runSeconds = DURATION_MS / 1000;
    const pct = (q: number) => quantileOf(latency, q);
    const driverLatency = (q: number) =>
      driverReport.latencies[
        Math.min(driverReport.latencies.length - 1, Math.floor(q * driverReport.latencies.length))
      ] ?? Number.NaN;

    const changeRate = driverReport.changes / runSeconds / (markets.length * CHANGES_PER_SECOND);
    const p95 = pct(0.95);
    const peak = Math.max(peakRss, atEnd.hwm);
    const clientPercent = reports.reduce((sum, r) => sum + r.cpuPercent, 0);
    const [load1, load5] = loadavg();
    console.log(
      `${pad('machine')}${availableParallelism()} cores, load ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min), node ${process.version}`,
    );
    console.log(
      `${pad('server')}pid ${serverPid}, ${postgres ? 'PostgreSQL (fresh database)' : 'embedded PGlite'}, one node`,
    );
    console.log(
      `${pad('clients')}${connected} connected of ${CLIENTS} (${clientProcesses.length} processes at nice ${LOAD_NICE}, websocket, ${CLIENT === 'protocol' ? 'socket.io protocol on ws' : 'socket.io-client'}), ${connectSeconds.toFixed(1)} s to connect and subscribe${connectError ? `; first failure: ${connectError}` : ''}`,
    );
    console.log(
      `${pad('markets')}${markets.length} × ${Math.round(CLIENTS / markets.length)} subscribers, ${CHANGES_PER_SECOND} changes/s each for ${runSeconds} s after a ${WARM_UP_MS / 1000} s warm-up (its deliveries checked, not measured)`,
    );
    console.log(
      `${pad('changes made')}${driverReport.changes} (${(driverReport.changes / runSeconds).toFixed(0)}/s; failed ${driverReport.failures}, skipped (server behind) ${driverReport.skipped}; PUT p50 ${ms(driverLatency(0.5))}, p99 ${ms(driverLatency(0.99))})${driverReport.firstFailure ? `; first failure: ${driverReport.firstFailure}` : ''}`,
    );
    console.log(
      `${pad('updates sent')}${measuredBroadcasts} market:update broadcasts (${(measuredBroadcasts / runSeconds).toFixed(0)}/s over ${markets.length} markets; ${broadcasts} with the warm-up's)`,
    );
    console.log(
      `${pad('messages')}received ${received} of ${expected} expected (warm-up included): lost ${lost}, out of order ${outOfOrder}, clients not on the final version ${notAtFinal}, final versions never broadcast ${finalNotBroadcast}, disconnects ${disconnects}`,
    );
    console.log(`${pad('deliveries/s')}${(measuredDeliveries / runSeconds).toFixed(0)}`);
    console.log(
      `${pad('latency')}p50 ${ms(pct(0.5))}  p95 ${ms(p95)}  p99 ${ms(pct(0.99))}  max ${ms(pct(1))}${negative ? `  (${negative} read below 0, counted as 0)` : ''}`,
    );
    firstDeliveries.sort((a, b) => a - b);
    const firstAt = (q: number) =>
      firstDeliveries[
        Math.min(firstDeliveries.length - 1, Math.floor(q * firstDeliveries.length))
      ] ?? Number.NaN;
    console.log(
      `${pad('first delivery')}p50 ${ms(firstAt(0.5))}  p95 ${ms(firstAt(0.95))}  max ${ms(firstAt(1))} (each broadcast's fastest subscriber: near the latency above, the whole broadcast was late; far below it, the delay is spread over the sockets written after it and the clients)`,
    );
    console.log(
      `${pad('server RSS')}idle ${mib(idle.rss)}, ${connected} connected ${mib(whenConnected.rss)}, peak ${mib(peak)} (VmHWM ${mib(atEnd.hwm)}), at the end ${mib(atEnd.rss)}`,
    );
    const percentOfCore = (seconds: number) => `${((seconds / runWallSeconds) * 100).toFixed(0)} %`;
    console.log(
      `${pad('server CPU')}${percentOfCore(serverCpu.user + serverCpu.system)} of one core during the run (user ${percentOfCore(serverCpu.user)}, system ${percentOfCore(serverCpu.system)}); ${(((serverCpu.user + serverCpu.system) / Math.max(1, measuredDeliveries)) * 1e6).toFixed(1)} µs per delivery, the staff API's changes included`,
    );
    console.log(
      `${pad('client CPU')}${reports.map((r) => `${r.cpuPercent.toFixed(0)} %`).join(', ')} of one core per process (together ${clientPercent.toFixed(0)} %, ${(((clientPercent / 100) * runWallSeconds * 1e6) / Math.max(1, measuredDeliveries)).toFixed(1)} µs per delivery); event-loop delay p99 ${reports.map((r) => ms(r.eventLoopDelayP99Ms)).join(', ')}`,
    );
    console.log(`${pad('driver CPU')}${driverReport.cpuPercent.toFixed(0)} % of one core`);
    const grew = (prefix: string, ...parts: string[]) =>
      metricSum(metricsAfter, prefix, ...parts) - metricSum(metricsBefore, prefix, ...parts);
    const rates = '/staff/markets/:marketId/rates';
    const putSeconds = grew('http_request_duration_seconds_sum', 'PUT', rates);
    const puts = grew('http_request_duration_seconds_count', 'PUT', rates);
    console.log(
      `${pad('server loop')}event-loop delay mean ${ms(metricSum(metricsAfter, 'nodejs_eventloop_lag_mean_seconds') * 1000)}, p99 ${ms(metricSum(metricsAfter, 'nodejs_eventloop_lag_p99_seconds') * 1000)}; GC ${ms(grew('nodejs_gc_duration_seconds_sum') * 1000)} in all; a rates PUT ${ms((putSeconds / Math.max(1, puts)) * 1000)} inside the server on average (its /metrics)`,
    );

    console.log(
      `${pad('goal')}p95 under 100 ms: ${p95 < 100 ? 'met' : 'MISSED'}; RSS under 2 GiB: ${peak < 2 * 1024 * MIB ? 'met' : 'MISSED'}; changes at ${(changeRate * 100).toFixed(0)} % of the ${markets.length * CHANGES_PER_SECOND}/s wanted${changeRate < 0.9 ? ' (the server answered the staff API no faster: see its CPU and the load on the machine)' : ''}`,
    );
    const ok =
      connected === CLIENTS &&
      lost === 0 &&
      outOfOrder === 0 &&
      notAtFinal === 0 &&
      finalNotBroadcast === 0 &&
      disconnects === 0 &&
      driverReport.failures === 0 &&
      broadcasts > 0;
    console.log(`${pad('correct')}${ok ? 'yes' : 'NO'}`);
    return ok ? 0 : 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await server.stop();
    await postgres?.drop();
  }
}

process.exitCode = await main();
