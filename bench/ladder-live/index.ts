/**
 * How live the simulator's in-play ladders are (issue 40 item 2): the built server on PGlite
 * with the market simulator on, as `npm start` runs it, and a listener in a process of its
 * own (one socket.io client, bench/fanout's protocol client) subscribed to every in-play
 * match-odds market. It prints the best-price changes a player's ladder shows per in-play
 * market per minute (a change: any runner's best back or best lay price differs from the
 * previous snapshot; the stream conflates to 4 snapshots a second, so 240 is the ceiling),
 * the server's CPU over that minute with nothing but the simulator and the listener running,
 * the latency of GET /api/bet/matches right after the banner and while the ladders move,
 * then stops the server and checks its database: the ledger sums to zero, every match-odds
 * book rebuilt from the orders table agrees with the holds and fills (the engine's audit),
 * every hold equals its exposure, and no open market offers a sure win at its best prices.
 *
 * Run: npm run bench -- ladder-live   LADDER_SECONDS (counted window, default 60),
 * LADDER_WARM_UP_SECONDS (5), LADDER_PROBE_SECONDS (latency probes after the window, 15).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Market, SportsEvent } from '@spm/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { executeRows, openDatabase } from '../../apps/server/src/db/database.ts';
import { marketSureWin } from '../../apps/server/src/test/exchange.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger/ledger-repository.ts';
import { testConfig } from '../../apps/server/src/test/harness.ts';
import { startServer } from '../support/server.ts';
import type { ListenerPlan, ListenerReport } from './listener.ts';

const WINDOW_MS = Number(process.env.LADDER_SECONDS ?? 60) * 1000;
const WARM_UP_MS = Number(process.env.LADDER_WARM_UP_SECONDS ?? 5) * 1000;
const PROBE_MS = Number(process.env.LADDER_PROBE_SECONDS ?? 15) * 1000;
const STARTUP_PROBE_MS = 10_000;
const SEED_TIMEOUT_MS = 120_000;

interface Envelope<T> {
  data: T;
  error: boolean;
}

async function api<T>(baseUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || envelope.error) throw new Error(`${path}: ${response.status}`);
  return envelope.data;
}

/** CPU seconds a process used so far (user + system); clock ticks are 1/100 s on Linux. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
function latencyLine(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)} (${sorted.length} requests)`;
}

/** GET /api/bet/matches one after another for `durationMs`; the latency of each. */
async function probe(baseUrl: string, durationMs: number, gapMs: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    const sent = performance.now();
    await (await fetch(`${baseUrl}/api/bet/matches?page=1&pageSize=50`)).arrayBuffer();
    latencies.push(performance.now() - sent);
    await sleep(gapMs);
  }
  return latencies;
}

/** The in-play match-odds markets with prices on every runner, once the simulator has quoted. */
async function inPlayLadders(baseUrl: string): Promise<Market[]> {
  const until = performance.now() + SEED_TIMEOUT_MS;
  for (;;) {
    const page = await api<{ items: SportsEvent[] }>(baseUrl, '/bet/matches?page=1&pageSize=50');
    const ladders = page.items
      .filter((event) => event.status === 'in_play')
      .flatMap((event) => event.markets)
      .filter(
        (m) =>
          m.type === 'match_odds' &&
          m.status === 'open' &&
          m.runners.every((r) => r.availableToBack.length > 0 && r.availableToLay.length > 0),
      );
    if (ladders.length >= 3 || (ladders.length > 0 && performance.now() > until)) return ladders;
    if (performance.now() > until) throw new Error('no in-play ladder within 120 s');
    await sleep(1000);
  }
}

/** The stopped server's database, opened here: what disagrees (empty when all is well). */
async function check(dataDir: string): Promise<{ problems: string[]; audited: number }> {
  const config = testConfig({ DATA_DIR: dataDir, SIMULATOR: 'off' });
  const database = await openDatabase(config);
  const app = await buildApp({ config, db: database.db });
  const problems: string[] = [];
  let audited = 0;
  try {
    await app.ready();
    const totals = await ledgerTotals(database.db);
    if (totals.postingsSum !== 0n || totals.unbalancedTransactions !== 0) {
      problems.push(
        `ledger: postings sum ${totals.postingsSum}, ${totals.unbalancedTransactions} unbalanced`,
      );
    }
    if (totals.playerRowsDisagreeing !== 0) {
      problems.push(
        `ledger: ${totals.playerRowsDisagreeing} player balances disagree with postings`,
      );
    }
    const holds = await executeRows<{ player_id: string; market_id: string }>(
      database.db,
      sql`select e.player_id, e.market_id from market_exposures e
          left join wallet_holds w on w.player_id = e.player_id and w.product = 'exchange'
            and w.round_id = 'market:' || e.market_id
          where e.exposure_paise <> coalesce(w.held_paise, 0)`,
    );
    for (const row of holds)
      problems.push(`player ${row.player_id} market ${row.market_id}: hold disagrees`);
    for (const market of app.exchange.markets.values()) {
      if (market.status === 'settled' || market.status === 'voided') continue;
      if (market.type === 'match_odds') {
        audited += 1;
        problems.push(...(await app.exchange.audit(market.id)));
      }
      if (market.status !== 'open') continue;
      const verdict = marketSureWin(market);
      if (verdict.sureWin)
        problems.push(`market ${market.id} (${market.type}) offers a sure win: ${verdict.how}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
  return { problems, audited };
}

const dataDir = await mkdtemp(join(tmpdir(), 'spm-ladder-live-'));
let failed = false;
try {
  const server = await startServer({ dataDir, env: { SIMULATOR: 'on' } });
  const pid = server.child.pid!;
  let report: ListenerReport | undefined;
  let cpuShare = NaN;
  let startup: number[] = [];
  let moving: number[] = [];
  let ladders: Market[] = [];
  try {
    console.log(`server running after ${ms(server.runningAfterMs)} (PGlite, SIMULATOR=on)`);
    startup = await probe(server.baseUrl, STARTUP_PROBE_MS, 100);
    ladders = await inPlayLadders(server.baseUrl);
    const { token } = await api<{ token: string }>(server.baseUrl, '/login/demo', {});
    const listener = fork(join(import.meta.dirname, 'listener.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const messages: { kind: string; report?: ListenerReport }[] = [];
    const next = (kind: string) =>
      new Promise<{ kind: string; report?: ListenerReport }>((resolve) => {
        const found = messages.find((m) => m.kind === kind);
        if (found) return resolve(found);
        listener.on('message', (m: { kind: string }) => m.kind === kind && resolve(m));
      });
    listener.on('message', (m: { kind: string }) => messages.push(m));
    listener.send({
      baseUrl: server.baseUrl,
      token,
      marketIds: ladders.map((m) => m.id),
    } satisfies ListenerPlan);
    await next('ready');
    await sleep(WARM_UP_MS);
    listener.send({ kind: 'count' });
    const cpuBefore = cpuSecondsOf(pid);
    const startedAt = performance.now();
    await sleep(WINDOW_MS);
    cpuShare = (cpuSecondsOf(pid) - cpuBefore) / ((performance.now() - startedAt) / 1000);
    listener.send({ kind: 'stop' });
    report = (await next('report')).report;
    moving = await probe(server.baseUrl, PROBE_MS, 250);
  } finally {
    await server.stop();
  }
  const minutes = WINDOW_MS / 60_000;
  const perMarket = ladders.map((m) => {
    const tally = report?.markets[m.id] ?? { updates: 0, changes: 0, suspendedUpdates: 0 };
    return {
      market: m,
      perMinute: tally.changes / minutes,
      updatesPerMinute: tally.updates / minutes,
      suspended: tally.suspendedUpdates,
    };
  });
  console.log(
    `in-play match-odds markets followed: ${ladders.length}, counted for ${WINDOW_MS / 1000} s after a ${WARM_UP_MS / 1000} s warm-up`,
  );
  for (const { market, perMinute, updatesPerMinute, suspended } of perMarket) {
    console.log(
      `  market ${market.id.padStart(4)} (${market.runners.map((r) => r.name).join(' v ')}): ${perMinute.toFixed(0)} best-price changes/min, ${updatesPerMinute.toFixed(0)} updates/min, ${suspended} while suspended`,
    );
  }
  const rates = perMarket.map((p) => p.perMinute);
  const mean = rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
  console.log(
    `price changes per minute per in-play market: mean ${mean.toFixed(0)}, min ${Math.min(...rates).toFixed(0)}, max ${Math.max(...rates).toFixed(0)} (${(mean / 60).toFixed(1)} a second)`,
  );
  console.log(
    `server CPU over the window (simulator + one listener, no requests): ${(cpuShare * 100).toFixed(1)} % of one core`,
  );
  console.log(
    `GET /api/bet/matches for ${STARTUP_PROBE_MS / 1000} s right after the banner: ${latencyLine(startup)}`,
  );
  console.log(`GET /api/bet/matches every 250 ms while the ladders move: ${latencyLine(moving)}`);
  const { problems, audited } = await check(dataDir);
  console.log(
    `checks          ${problems.length === 0 ? `ledger sums to zero, ${audited} match-odds books equal their orders and holds, holds equal exposure, no open market offers a sure win` : 'FAILED'}`,
  );
  for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
  failed = problems.length > 0 || ladders.length === 0;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
