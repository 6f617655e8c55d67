/**
 * The crash game under its players (issue 43, item 8): the built server in its own process
 * with the crash game running, CRASH_BENCH_PLAYERS load players (default 5,000) spread over
 * CRASH_BENCH_PROCESSES player processes (players.ts), each player with a session, every
 * safer-play limit set (none reached) and a socket in the game's room. Every round played,
 * every player bets in the betting window (half of them on both panels), a quarter of the bets
 * with an auto cash-out and the rest cashed out by hand when the flight reaches the player's
 * target. One warm-up round, then CRASH_BENCH_ROUNDS (default 3) measured: cash-out
 * acknowledgement latency (request written → answer read) p50/p95/p99/max, tick delivery
 * latency (flight start + the tick's elapsedMs → client read: the tick carries no server time)
 * p50/p95/p99, bets accepted and refused, the server's CPU and RSS, against the goals
 * (cash-out p99 < 50 ms, tick p95 < 100 ms). Then, the server stopped, it checks the database:
 * the ledger sums to zero, every bet of the rounds played is settled exactly once (stake once,
 * a win once for a cashed-out bet and none for a lost one, no active bet), the bets' payouts
 * equal the wallet's crash wins, every acknowledged cash-out is stored with its payout, every
 * bet reached its player's own room (`crash:mine`) as it is stored, and the room's summaries
 * (`crash:bets`, read by the parent's own socket) stayed bounded and ended each round with its
 * stored counts and totals.
 * Exits non-zero when a check fails (not when a goal is missed: the machine is shared).
 *
 * Run: npm run build && npm run bench -- crash
 *   Embedded PGlite by default, as `npm start` runs; with DATABASE_URL the server runs on a
 *   fresh database created beside the given one (and dropped afterwards). The players,
 *   sessions and limits are written before the server starts (PGlite has one owner at a time),
 *   through the app's own services on the same database.
 *   CRASH_BENCH_PLAYERS (5000), CRASH_BENCH_ROUNDS (3), CRASH_BENCH_PROCESSES (4),
 *   CRASH_BENCH_CONNECTIONS (HTTP connections per player process, 64),
 *   CRASH_BENCH_CONNECTS_PER_SECOND (500, all processes together), CRASH_BENCH_CPU_PROF=<dir>
 *   (the server under node --cpu-prof, its profile written there when it stops).
 *   CRASH_BENCH_SOCKET_NODE=on (needs DATABASE_URL; REDIS_URL or the local Redis): two nodes
 *   of a cluster, the game node flying the rounds and taking every bet and cash-out, and a
 *   socket node holding every player's socket (a load balancer sending `/public/` to the one
 *   and `/api` to the other): the room's writes then run beside the money's requests instead
 *   of between them (docs/crash-bench.md, session 36).
 *   Needs `ulimit -n` above the players (the server holds one descriptor per socket).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  CRASH_CLIENT_EVENTS,
  CRASH_SERVER_EVENTS,
  CRASH_SUMMARY_TOP_BETS,
  REALTIME_PATH,
  type CrashBetsCounts,
  type CrashBetsSummary,
  type CrashJoinAck,
  type CrashRoundState,
  type CrashTick,
} from '@spm/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import {
  executeRows,
  migrate,
  openDatabase,
  type Database,
  type Db,
} from '../../apps/server/src/db/database.ts';
import { createSession } from '../../apps/server/src/modules/identity/session-service.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger/ledger-repository.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { fund, insertPlayer } from '../../apps/server/src/test/wallet.ts';
import { ProtocolClient } from '../fanout/protocol-client.ts';
import { BUCKETS, addSparse, quantileOf } from '../fanout/protocol.ts';
import { setBenchLimits } from '../support/bench-limits.ts';
import { LOAD_NICE, niceAsLoad } from '../support/load-process.ts';
import { repoRoot, serverArgs, startServer, type StartedServer } from '../support/server.ts';
import { percentile } from '../support/sql-meter.ts';
import type {
  FromPlayerProcess,
  LoadPlayer,
  PlayersReady,
  PlayersReport,
  ToPlayerProcess,
} from './protocol.ts';

const PLAYERS = Number(process.env.CRASH_BENCH_PLAYERS ?? 5_000);
const ROUNDS = Number(process.env.CRASH_BENCH_ROUNDS ?? 3);
const WARM_UP_ROUNDS = 1;
const PROCESSES = Number(process.env.CRASH_BENCH_PROCESSES ?? 4);
const CONNECTIONS = Number(process.env.CRASH_BENCH_CONNECTIONS ?? 64);
const CONNECTS_PER_SECOND = Number(process.env.CRASH_BENCH_CONNECTS_PER_SECOND ?? 500);
const CPU_PROF_DIR = process.env.CRASH_BENCH_CPU_PROF;
const SOCKET_NODE = process.env.CRASH_BENCH_SOCKET_NODE === 'on';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Each player's opening balance: ₹10 lakh, far above what a few rounds stake. */
const FUNDING_PAISE = 100_000_000n;
const GOAL_CASH_OUT_P99_MS = 50;
const GOAL_TICK_P95_MS = 100;
const MIB = 1024 * 1024;

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

/** CPU seconds a process used so far, user and system (clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds each process used between `start()` and each `read()`. */
function cpuMeter(pids: readonly number[]) {
  let atStart = pids.map(() => 0);
  return {
    start: () => (atStart = pids.map(cpuSecondsOf)),
    read: () => pids.map((pid, i) => cpuSecondsOf(pid) - atStart[i]!),
  };
}

/** The soft limit on open files this process (and so its children) has. */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s+/)[3];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** With DATABASE_URL: a fresh database beside it, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const given = process.env.DATABASE_URL;
  if (!given) return undefined;
  const name = `spm_crash_bench_${process.pid}`;
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

/** The server's database opened in this process (the server stopped: PGlite has one owner). */
async function withDatabase<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  use: (database: Database, config: ReturnType<typeof loadConfig>) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(config, { error: () => undefined });
  try {
    return await use(database, config);
  } finally {
    await database.close();
  }
}

/**
 * The load players, written before the server starts: migrated and seeded as the server
 * would, then each player inserted, funded, given a session and (through the app's own
 * safer-play service) every limit, none of them reached by the run.
 */
async function createPlayers(dataDir: string, databaseUrl: string | undefined) {
  return withDatabase(dataDir, databaseUrl, async (database, config) => {
    const { db } = database;
    await migrate(database);
    await seed(db);
    const app = await buildApp({ config, db });
    try {
      await app.ready();
      const deps = app.exchange.deps;
      const players: LoadPlayer[] = [];
      for (let i = 0; i < PLAYERS; i += 1) {
        const playerId = await insertPlayer(db);
        const funded = await fund(deps, playerId, FUNDING_PAISE);
        if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
        const { token } = await createSession(db, deps, playerId, {
          ip: '127.0.0.1',
          userAgent: 'crash-bench',
        });
        players.push({ playerId, token });
      }
      await setBenchLimits(
        deps,
        players.map((p) => p.playerId),
      );
      return players;
    } finally {
      await app.close();
    }
  });
}

function forkPlayers(): ChildProcess {
  const child = fork(join(import.meta.dirname, 'players.ts'), {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  niceAsLoad(child);
  return child;
}

function nextMessage<T extends FromPlayerProcess>(
  child: ChildProcess,
  kind: T['kind'],
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromPlayerProcess) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`player process exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (label: string) => label.padEnd(18);
const met = (ok: boolean, measured: number) =>
  measured === 0 ? 'NOT measured (nothing to time)' : ok ? 'met' : 'NOT met';

/** A socket of the parent's own in the room: it picks the first round and watches them. */
async function watchRounds(baseUrl: string, token: string) {
  const socket = new ProtocolClient(baseUrl, REALTIME_PATH, { token });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error as Error));
  });
  const listeners: ((round: CrashRoundState) => void)[] = [];
  socket.on(CRASH_SERVER_EVENTS.round, (round) => {
    for (const listener of listeners) listener(round as CrashRoundState);
  });
  // The room's summaries: the newest of each round, and the longest list any of them carried.
  const summaries = new Map<number, CrashBetsSummary>();
  let longestTop = 0;
  const onSummary = (summary: CrashBetsSummary | CrashBetsCounts) => {
    const id = Number(summary.roundId);
    const have = summaries.get(id);
    if (have && Date.parse(summary.at) < Date.parse(have.at)) return;
    // A tick's counts alone keep the biggest bets last sent.
    const whole = 'top' in summary ? summary : Object.assign({}, summary, { top: have?.top ?? [] });
    longestTop = Math.max(longestTop, whole.top.length);
    summaries.set(id, whole);
  };
  socket.on(CRASH_SERVER_EVENTS.bets, (payload) => onSummary(payload as CrashBetsSummary));
  // In flight the summary rides on the tick, or its counts alone.
  socket.on(CRASH_SERVER_EVENTS.tick, (payload) => {
    const { summary, counts } = payload as CrashTick;
    const told = summary ?? counts;
    if (told) onSummary(told);
  });
  const ack = (await socket.emitWithAck(CRASH_CLIENT_EVENTS.join, {}, 60_000)) as CrashJoinAck;
  if ('errorCode' in ack) throw new Error(`crash:join: ${ack.errorCode}`);
  return {
    current: ack.round,
    onRound: (listener: (round: CrashRoundState) => void) => listeners.push(listener),
    summaries,
    longestTop: () => longestTop,
    close: () => socket.disconnect(),
  };
}

/**
 * The first round every player process sees open: the next one (the processes are told to
 * play before it opens; the current one's betting event may be past).
 */
function firstPlayableRound(round: CrashRoundState): number {
  return Number(round.roundId) + 1;
}

/** A round's figures as the game publishes them (crash-game.ts publishCashOutLatency). */
interface ServerRoundLatency {
  roundId: number;
  cashOuts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  batches: number;
  batchP50Ms: number;
  batchP99Ms: number;
}

/** The last crashed round's figures as the game publishes them on /metrics (crash/index.ts). */
async function publishedLatency(baseUrl: string): Promise<ServerRoundLatency | undefined> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (line: string) => {
    const found = new RegExp(`^${line.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text);
    return found ? Number(found[1]) : undefined;
  };
  const roundId = value('crash_round_id');
  if (roundId === undefined) return undefined;
  return {
    roundId,
    cashOuts: value('crash_round_cash_outs') ?? 0,
    p50Ms: value('crash_round_cash_out_ack_milliseconds{stat="p50"}') ?? 0,
    p99Ms: value('crash_round_cash_out_ack_milliseconds{stat="p99"}') ?? 0,
    maxMs: value('crash_round_cash_out_ack_milliseconds{stat="max"}') ?? 0,
    batches: value('crash_round_cash_out_batches') ?? 0,
    batchP50Ms: value('crash_round_cash_out_batch_milliseconds{stat="p50"}') ?? 0,
    batchP99Ms: value('crash_round_cash_out_batch_milliseconds{stat="p99"}') ?? 0,
  };
}

interface CheckInput {
  firstRoundId: number;
  lastRoundId: number;
  reports: PlayersReport[];
  /** The room's newest summary of each round, as the parent's socket read it. */
  summaries: ReadonlyMap<number, CrashBetsSummary>;
  longestTop: number;
}

/** Everything that must agree once the server stopped; each disagreement as a line. */
async function check(
  db: Db,
  { firstRoundId, lastRoundId, reports, summaries, longestTop }: CheckInput,
) {
  const problems: string[] = [];
  const totals = await ledgerTotals(db);
  if (totals.postingsSum !== 0n || totals.unbalancedTransactions !== 0) {
    problems.push(
      `ledger: postings sum ${totals.postingsSum}, ${totals.unbalancedTransactions} unbalanced`,
    );
  }
  if (totals.playerRowsDisagreeing !== 0) {
    problems.push(`ledger: ${totals.playerRowsDisagreeing} player balances disagree with postings`);
  }
  // Every bet of the rounds played: settled, its stake taken once, a win once if cashed out
  // and none if lost.
  const bets = await executeRows<{
    id: string;
    status: string;
    settled: boolean;
    stakes: string;
    wins: string;
  }>(
    db,
    sql`select b.id, b.status, b.settled_at is not null as settled,
          (select count(*) from wallet_operations w where w.product = 'crash'
             and w.external_id = 'crash:bet:' || b.id and w.status = 'done')::text as stakes,
          (select count(*) from wallet_operations w where w.product = 'crash'
             and w.external_id = 'crash:win:' || b.id)::text as wins
        from crash_bets b where b.round_id between ${firstRoundId} and ${lastRoundId}`,
  );
  const placed = new Set(reports.flatMap((r) => r.betIds));
  const stored = new Set(bets.map((b) => b.id));
  const missing = [...placed].filter((id) => !stored.has(id)).length;
  if (missing > 0) problems.push(`${missing} accepted bets not stored`);
  const unknown = [...stored].filter((id) => !placed.has(id)).length;
  if (unknown > 0) problems.push(`${unknown} stored bets no player was told were accepted`);
  const open = bets.filter((b) => b.status === 'active' || !b.settled).length;
  if (open > 0) problems.push(`${open} bets of the rounds played left unsettled`);
  const badStakes = bets.filter((b) => b.stakes !== '1').length;
  if (badStakes > 0) problems.push(`${badStakes} bets whose stake was not taken exactly once`);
  const badWins = bets.filter(
    (b) =>
      (b.status === 'cashed_out' && b.wins !== '1') ||
      (b.status !== 'cashed_out' && b.wins !== '0'),
  ).length;
  if (badWins > 0) problems.push(`${badWins} bets not paid exactly once (or paid when lost)`);
  const [sums] = await executeRows<{ payouts: string; wins: string }>(
    db,
    sql`select
          (select coalesce(sum(payout_paise), 0) from crash_bets
             where status = 'cashed_out')::text as payouts,
          (select coalesce(sum(amount_paise), 0) from wallet_operations
             where product = 'crash' and operation = 'win' and status = 'done')::text as wins`,
  );
  if (sums?.payouts !== sums?.wins) {
    problems.push(`payouts ${sums?.payouts} paise but the wallet's crash wins ${sums?.wins}`);
  }
  const rounds = await executeRows<{ id: number }>(
    db,
    sql`select r.id from crash_rounds r
        left join (select round_id, sum(stake_paise) as staked,
                          coalesce(sum(payout_paise), 0) as paid
                   from crash_bets group by round_id) b on b.round_id = r.id
        where r.id between ${firstRoundId} and ${lastRoundId}
          and (r.phase <> 'crashed' or r.total_stake_paise <> coalesce(b.staked, 0)
               or r.total_payout_paise <> coalesce(b.paid, 0))`,
  );
  if (rounds.length > 0) {
    problems.push(`rounds ${rounds.map((r) => r.id).join(', ')}: not crashed or totals disagree`);
  }
  const payouts = new Map(
    (
      await executeRows<{ id: string; payout: string | null; status: string }>(
        db,
        sql`select id, payout_paise::text as payout, status from crash_bets
            where round_id between ${firstRoundId} and ${lastRoundId}`,
      )
    ).map((row) => [row.id, row]),
  );
  const wrongAcks = reports
    .flatMap((r) => r.acked)
    .filter(({ betId, payout }) => {
      const row = payouts.get(betId);
      return row?.status !== 'cashed_out' || row.payout !== String(Math.round(payout * 100));
    }).length;
  if (wrongAcks > 0) problems.push(`${wrongAcks} acknowledged cash-outs stored otherwise`);
  // Each player's own room: every bet accepted heard of, last as it is stored.
  const heard = new Map(reports.flatMap((r) => r.mine).map((seen) => [seen.betId, seen]));
  const unheard = [...placed].filter((id) => !heard.has(id)).length;
  if (unheard > 0) problems.push(`${unheard} accepted bets never reached their player's room`);
  const misheard = [...heard.values()].filter(({ betId, status, payout }) => {
    const row = payouts.get(betId);
    if (!row || row.status !== status) return true;
    return status === 'cashed_out' && row.payout !== String(Math.round((payout ?? 0) * 100));
  }).length;
  if (misheard > 0) problems.push(`${misheard} bets last heard in their player's room otherwise`);
  // The room's summaries: bounded, and each round's newest one as the round is stored.
  if (longestTop > CRASH_SUMMARY_TOP_BETS) {
    problems.push(`a summary listed ${longestTop} bets (more than ${CRASH_SUMMARY_TOP_BETS})`);
  }
  const storedRounds = await executeRows<{
    round_id: number;
    bets: number;
    cashed_out: number;
    staked: string;
    paid: string;
  }>(
    db,
    sql`select round_id, count(*)::int as bets,
          count(*) filter (where status = 'cashed_out')::int as cashed_out,
          sum(stake_paise)::text as staked, coalesce(sum(payout_paise), 0)::text as paid
        from crash_bets where round_id between ${firstRoundId} and ${lastRoundId}
          and status <> 'refunded'
        group by round_id`,
  );
  for (const row of storedRounds) {
    const summary = summaries.get(row.round_id);
    const told = summary
      ? [
          summary.bets,
          summary.cashedOut,
          String(Math.round(summary.totalStake * 100)),
          String(Math.round(summary.totalPayout * 100)),
        ]
      : null;
    const truth = [row.bets, row.cashed_out, row.staked, row.paid];
    if (JSON.stringify(told) !== JSON.stringify(truth)) {
      problems.push(
        `round ${row.round_id}: the room's last summary ${JSON.stringify(told)}, stored ${JSON.stringify(truth)} (bets, cashed out, staked and paid in paise)`,
      );
    }
  }
  return { problems, bets: bets.length };
}

/** With CRASH_BENCH_SOCKET_NODE=on, each node's part of a cluster on this run's Redis keys. */
function clusterEnv(nodeId: string): NodeJS.ProcessEnv {
  if (!SOCKET_NODE) return {};
  return {
    CLUSTER: 'on',
    NODE_ID: nodeId,
    REDIS_URL,
    REDIS_PREFIX: `spm-crash-bench-${process.pid}:`,
  };
}

async function main(): Promise<number> {
  const limit = openFileLimit();
  if (limit < PLAYERS + 1_000) {
    console.error(`open-file limit ${limit} is below ${PLAYERS} players + 1,000: raise ulimit -n`);
    return 1;
  }
  if (SOCKET_NODE && !process.env.DATABASE_URL) {
    console.error('CRASH_BENCH_SOCKET_NODE=on runs two nodes: it needs DATABASE_URL');
    return 1;
  }
  const postgres = await freshPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'spm-crash-bench-'));
  const children: ChildProcess[] = [];
  let server: StartedServer | undefined;
  let socketNode: StartedServer | undefined;
  try {
    const seedStartedAt = performance.now();
    const players = await createPlayers(dataDir, postgres?.url);
    console.log(
      `players           ${PLAYERS} (session, funded, every limit set) in ${((performance.now() - seedStartedAt) / 1000).toFixed(0)} s`,
    );
    server = await startServer({
      dataDir,
      command: [
        process.execPath,
        ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []),
        ...serverArgs,
      ],
      // The market simulator would share the cores with what is measured.
      env: {
        SIMULATOR: 'off',
        CRASH_GAME: 'on',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...clusterEnv('game'),
      },
    });
    const serverPid = server.child.pid!;
    if (SOCKET_NODE) {
      // Started second, so the game node holds the game's lease; this one flies no rounds.
      socketNode = await startServer({
        env: {
          SIMULATOR: 'off',
          CRASH_GAME: 'off',
          DATABASE_URL: postgres!.url,
          ...clusterEnv('sockets'),
        },
      });
    }
    const socketUrl = (socketNode ?? server).baseUrl;
    const share = Math.ceil(PLAYERS / PROCESSES);
    for (let p = 0; p < PROCESSES; p += 1) children.push(forkPlayers());
    const connectStartedAt = performance.now();
    const ready = await Promise.all(
      children.map((child, p) => {
        const answer = nextMessage<PlayersReady>(child, 'ready');
        const plan: ToPlayerProcess = {
          kind: 'plan',
          baseUrl: server!.baseUrl,
          socketUrl,
          players: players.slice(p * share, (p + 1) * share),
          connections: CONNECTIONS,
          connectsPerSecond: CONNECTS_PER_SECOND / PROCESSES,
        };
        child.send(plan);
        return answer;
      }),
    );
    const connected = ready.reduce((sum, r) => sum + r.connected, 0);
    const failedToConnect = ready.reduce((sum, r) => sum + r.failed, 0);
    console.log(
      `sockets           ${connected} in the room in ${((performance.now() - connectStartedAt) / 1000).toFixed(0)} s over ${PROCESSES} player processes at nice ${LOAD_NICE}${failedToConnect ? `; ${failedToConnect} failed: ${ready.find((r) => r.firstError)?.firstError}` : ''}`,
    );
    if (failedToConnect > 0) return 1;

    // The game's chain is built at the first start before any round opens: wait for a round.
    const watcher = await watchRounds(socketUrl, players[0]!.token);
    let current = watcher.current;
    while (current.phase === 'paused' || current.roundId === '') {
      await sleep(500);
      current = (await watchRounds(socketUrl, players[0]!.token)).current;
    }
    const firstRoundId = firstPlayableRound(current);
    const firstMeasured = firstRoundId + WARM_UP_ROUNDS;
    const lastRoundId = firstMeasured + ROUNDS - 1;
    const crashPoints = new Map<number, number>();
    /** Each round's crash as the server's time stamped its round event. */
    const crashedAts = new Map<number, number>();
    const crashedAtOf = (id: number) => crashedAts.get(id) ?? Number.POSITIVE_INFINITY;
    const socketPid = socketNode?.child.pid;
    const cpu = cpuMeter(socketPid === undefined ? [serverPid] : [serverPid, socketPid]);
    /** CPU seconds over the measured rounds: the server (the game node), then the socket node. */
    let cpuSeconds: number[] = [];
    let measureStartedAt = 0;
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      if (measureStartedAt > 0) peakRss = Math.max(peakRss, memoryOf(serverPid).rss);
    }, 500);
    let measuredSeconds = 0;
    const baseUrl = server.baseUrl;
    const scrapes: Promise<ServerRoundLatency | undefined>[] = [];
    watcher.onRound((round) => {
      const id = Number(round.roundId);
      if (id === firstMeasured && round.phase === 'betting' && measureStartedAt === 0) {
        measureStartedAt = performance.now();
        cpu.start();
      }
      if (round.phase === 'crashed' && round.crashPoint !== null) {
        crashPoints.set(id, round.crashPoint);
        crashedAts.set(id, Date.parse(round.serverTime));
        if (id >= firstMeasured && id <= lastRoundId) scrapes.push(publishedLatency(baseUrl));
        if (id === lastRoundId) {
          cpuSeconds = cpu.read();
          measuredSeconds = (performance.now() - measureStartedAt) / 1000;
        }
      }
    });
    console.log(
      `rounds            ${firstRoundId} (warm-up), ${firstMeasured}–${lastRoundId} measured`,
    );
    const results = children.map((child) => nextMessage<PlayersReport>(child, 'result'));
    for (const child of children) {
      child.send({
        kind: 'play',
        firstRoundId,
        warmUpRounds: WARM_UP_ROUNDS,
        measuredRounds: ROUNDS,
      } satisfies ToPlayerProcess);
    }
    const reports = await Promise.all(results);
    clearInterval(rssTimer);
    // The last round's summary after its crash's settlements (within the summaries' interval).
    const crashedAt = Date.now();
    while (
      Date.parse(watcher.summaries.get(lastRoundId)?.at ?? '') <= crashedAtOf(lastRoundId) &&
      Date.now() - crashedAt < 2_000
    ) {
      await sleep(50);
    }
    watcher.close();
    const memory = memoryOf(serverPid);
    if (cpuSeconds.length === 0) {
      cpuSeconds = cpu.read();
      measuredSeconds = (performance.now() - measureStartedAt) / 1000;
    }

    const sum = (pick: (r: PlayersReport) => Record<string, number>) => {
      const total: Record<string, number> = {};
      for (const r of reports) {
        for (const [what, n] of Object.entries(pick(r))) total[what] = (total[what] ?? 0) + n;
      }
      return total;
    };
    const bets = sum((r) => r.bets);
    const cashOuts = sum((r) => r.cashOuts);
    const cashOutMs = reports
      .flatMap((r) => r.rounds.flatMap((round) => round.cashOutMs))
      .sort((a, b) => a - b);
    const betMs = reports.flatMap((r) => r.betMs).sort((a, b) => a - b);
    const ticks = new Uint32Array(BUCKETS);
    for (const r of reports) addSparse(ticks, r.tickBuckets);
    const tickCount = reports.reduce((s, r) => s + r.ticks, 0);
    const cashOutP99 = percentile(cashOutMs, 0.99);
    const tickP95 = quantileOf(ticks, 0.95);
    const accepted = bets.accepted ?? 0;
    const refused = Object.entries(bets).filter(([what]) => what !== 'accepted');

    console.log(
      `${pad('size')}${PLAYERS} players, ${ROUNDS} measured rounds (+${WARM_UP_ROUNDS} warm-up)`,
    );
    for (let id = firstMeasured; id <= lastRoundId; id += 1) {
      const own = reports
        .flatMap((r) => r.rounds.filter((round) => round.roundId === id))
        .flatMap((round) => round.cashOutMs)
        .sort((a, b) => a - b);
      const roundBets: Record<string, number> = {};
      for (const r of reports) {
        for (const round of r.rounds.filter((seen) => seen.roundId === id)) {
          for (const [what, n] of Object.entries(round.bets)) {
            roundBets[what] = (roundBets[what] ?? 0) + n;
          }
        }
      }
      console.log(
        `${pad(`round ${id}`)}crash ${crashPoints.get(id)?.toFixed(2) ?? '?'}x, bets ${JSON.stringify(roundBets)}, ${own.length} manual cash-outs, p50 ${ms(percentile(own, 0.5))}, p99 ${ms(percentile(own, 0.99))}, max ${ms(own.at(-1) ?? 0)}`,
      );
    }
    console.log(
      `${pad('cash-out ack')}p50 ${ms(percentile(cashOutMs, 0.5))}, p95 ${ms(percentile(cashOutMs, 0.95))}, p99 ${ms(cashOutP99)}, max ${ms(cashOutMs.at(-1) ?? 0)} (${cashOutMs.length} requests, written → answer read)`,
    );
    console.log(
      `${pad('tick delivery')}p50 ${ms(quantileOf(ticks, 0.5))}, p95 ${ms(tickP95)}, p99 ${ms(quantileOf(ticks, 0.99))} (${tickCount} deliveries; flight start + elapsedMs → read: the tick has no server time)`,
    );
    console.log(
      `${pad('bets')}${accepted} accepted, ${refused.length === 0 ? 'none refused' : `refused ${JSON.stringify(Object.fromEntries(refused))}`}; answer p50 ${ms(percentile(betMs, 0.5))}, p99 ${ms(percentile(betMs, 0.99))} (every round played)`,
    );
    const waitedMs = reports.flatMap((r) => r.waitedMs).sort((a, b) => a - b);
    console.log(
      `${pad('connection wait')}p50 ${ms(percentile(waitedMs, 0.5))}, p99 ${ms(percentile(waitedMs, 0.99))}, max ${ms(waitedMs.at(-1) ?? 0)} (bets and cash-outs waiting for one of ${PROCESSES} × ${CONNECTIONS} connections; not in their latency)`,
    );
    console.log(
      `${pad('cash-outs')}${JSON.stringify(cashOuts)}; ${reports.reduce((s, r) => s + r.targetsNotReached, 0)} manual targets above the crash (nothing sent)`,
    );
    console.log(
      `${pad(socketNode ? 'game node' : 'server')}CPU ${((cpuSeconds[0]! / measuredSeconds) * 100).toFixed(0)} % of one core over ${measuredSeconds.toFixed(0)} s of measured rounds; RSS ${mib(memory.rss)} at the end, peak ${mib(Math.max(peakRss, memory.hwm))}`,
    );
    if (socketPid !== undefined) {
      const socketMemory = memoryOf(socketPid);
      console.log(
        `${pad('socket node')}CPU ${((cpuSeconds[1]! / measuredSeconds) * 100).toFixed(0)} % of one core; RSS ${mib(socketMemory.rss)} at the end, peak ${mib(socketMemory.hwm)} (every player's socket; the game node holds none)`,
      );
    }
    console.log(
      `${pad('player processes')}CPU ${reports.map((r) => `${((r.cpuMs / 1000 / measuredSeconds) * 100).toFixed(0)} %`).join(', ')}; event-loop delay p99 ${reports.map((r) => ms(r.eventLoopDelayP99Ms)).join(', ')}; ${reports.reduce((s, r) => s + r.disconnects, 0)} disconnects`,
    );
    // The game's own figure a round (request arrived → paid, the server's wall time).
    const published = new Map(
      (await Promise.all(scrapes)).filter((r) => r !== undefined).map((r) => [r.roundId, r]),
    );
    for (let id = firstMeasured; id <= lastRoundId; id += 1) {
      const own = published.get(id);
      console.log(
        `${pad(`server round ${id}`)}${own ? `${own.cashOuts} manual cash-outs, p50 ${ms(own.p50Ms)}, p99 ${ms(own.p99Ms)}, max ${ms(own.maxMs)} (published by the game on /metrics: arrived → paid); ${own.batches} batches, transaction p50 ${ms(own.batchP50Ms)}, p99 ${ms(own.batchP99Ms)}` : 'not published on /metrics'}`,
      );
    }
    console.log(
      `${pad('goals')}cash-out ack p99 < ${GOAL_CASH_OUT_P99_MS} ms: ${met(cashOutP99 < GOAL_CASH_OUT_P99_MS, cashOutMs.length)}; tick delivery p95 < ${GOAL_TICK_P95_MS} ms: ${met(tickP95 < GOAL_TICK_P95_MS, tickCount)} (a shared, noisy machine: compare runs)`,
    );

    const logged = [server, ...(socketNode ? [socketNode] : [])]
      .flatMap((node) => node.output().split('\n'))
      .filter((line) => /"level":(40|50|60)/.test(line))
      .map((line) => /"msg":"([^"]{0,160})/.exec(line)?.[1] ?? line.slice(0, 160));
    const distinct = [...new Set(logged)].slice(0, 5);
    console.log(`${pad('server log')}${logged.length} warnings or errors`);
    for (const message of distinct) console.log(`  ${message}`);
    await socketNode?.stop();
    socketNode = undefined;
    await server.stop();
    server = undefined;
    const { problems, bets: stored } = await withDatabase(dataDir, postgres?.url, (database) =>
      check(database.db, {
        firstRoundId,
        lastRoundId,
        reports,
        summaries: watcher.summaries,
        longestTop: watcher.longestTop(),
      }),
    );
    if (reports.some((r) => r.disconnects > 0)) problems.push('sockets dropped during the run');
    console.log(
      `${pad('checks')}${problems.length > 0 ? 'FAILED' : `ledger sums to zero; ${stored} bets of rounds ${firstRoundId}–${lastRoundId} each settled once (stake once, a win once when cashed out); payouts equal the wallet's crash wins; every acknowledged cash-out stored as paid; every bet heard in its player's room as stored; the room's summaries bounded and exact`}`,
    );
    for (const problem of problems) console.log(`  ${problem}`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await socketNode?.stop();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

process.exitCode = await main();
