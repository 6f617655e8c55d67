/**
 * Durable exchange placements over HTTP against PostgreSQL (issue 13, item 1). This process
 * hosts the server under test (the real app listening on 127.0.0.1, PostgreSQL) and does
 * nothing else while the load runs; the load comes from LOAD_PROCESSES child processes
 * (load-worker.ts) over keep-alive connections. Six configurations, ~10 s each: 32 and 256
 * requests in flight over 8 and over 200 fresh match-odds markets, then 2,000 placements a
 * second offered on at most 256 connections over 8 and over 200 (an open loop: a closed loop
 * of 256 cannot show p99 under 50 ms below 5,120/s), backs and lays in pairs at one price so
 * about half the orders match. After each it prints placements/s, p50, p99, max
 * and the answers, then checks the ledger sums to zero, every market's book in memory equals
 * its resting orders in the orders table, and every hold equals what the bets require (and
 * the wallet's hold agrees); it exits non-zero if any check fails.
 *
 * Run: npm run bench -- placement   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 * BENCH_MS (timed, per configuration), BENCH_WARMUP_MS (untimed load before it, default 3 s),
 * BENCH_CONFIGS ("32x8,256x200"; "256x8@1500" offers 1,500/s in an open loop), BENCH_PLAYERS
 * tune it. BENCH_DEPTH (default 0) rests that many orders on each market's traded runner
 * before its load, away from the traded price (backs from 3.00 up, lays from 1.69 down), as a
 * busy real market holds: the load's players own them, so every exposure check meets them.
 * BENCH_LIMIT_POLICY=allow registers an always-allowing limit policy on the wallet first (one
 * that reads no totals); =allow-totals one that has the wallet read the players' totals too.
 * BENCH_LIMITS=on gives every load player every deposit, loss and stake limit, none of them
 * reached (issue 42: the wallet reads and judges real limits on every move).
 * BENCH_DETAIL=1 adds what the server process saw (bench/support/server-probe.ts): how long it
 * held each request, how busy its event loop was, and the collector's pauses.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../apps/server/src/db/database.ts';
import { createSession } from '../../apps/server/src/modules/identity/session-service.ts';
import { allowAll, allowAllReadingTotals } from '../../apps/server/src/modules/wallet/index.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger/ledger-repository.ts';
import { createMatchOddsMarkets, type TestMarket } from '../../apps/server/src/test/exchange.ts';
import { startHarness, type Harness } from '../../apps/server/src/test/harness.ts';
import { benchLimitsOn, setBenchLimits } from '../support/bench-limits.ts';
import { fund, insertPlayer } from '../../apps/server/src/test/wallet.ts';
import {
  meterSql,
  percentile,
  printStatements,
  resetSqlMeter,
  sqlRoundTrips,
  startCpuMeter,
  startWalMeter,
  cpuLine,
} from '../support/sql-meter.ts';
import { LOAD_NICE, runLoadProcesses } from '../support/load-process.ts';
import {
  printServerProbe,
  startServerProbe,
  type ServerProbeFigures,
} from '../support/server-probe.ts';
import type { WorkerConfig, WorkerReport } from './load-worker.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// The bench measures placements, not Redis or the simulator.
delete process.env.REDIS_URL;

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_MS ?? 10_000);
/**
 * Load sent before each timed run and not counted: the server's code compiled hot, every
 * player's hold accounts and cached session made, the markets' books in their steady state.
 * An open loop warms up longer, its rate climbing to the full one over the first two thirds:
 * offered 2,000/s from the first moment, the cold server queued ~1 s of placements in its
 * first 3 s and the timed run began draining that queue (p99 over 100 ms in its first second).
 */
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3_000);
const OPEN_LOOP_WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 8_000);
const DETAIL = process.env.BENCH_DETAIL === '1';
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 0);
/** Ladder prices a deep book rests at: never crossed by the load's backs and lays at 2.00. */
const DEPTH_BACK_PRICES = Array.from({ length: 20 }, (_, i) => 3 + i * 0.05);
const DEPTH_LAY_PRICES = Array.from({ length: 20 }, (_, i) => 1.69 - i * 0.01);

/** Rests DEPTH orders on each market's traded runner, from the players the load uses. */
async function restDepth(h: Harness, targets: Target[], players: number[]): Promise<void> {
  const orders = targets.flatMap((target, m) =>
    Array.from({ length: DEPTH }, (_, i) => ({ target, n: m * DEPTH + i })),
  );
  // A few hundred at a time: they gather into batches as real bets do.
  for (let start = 0; start < orders.length; start += 256) {
    await Promise.all(
      orders.slice(start, start + 256).map(({ target, n }) => {
        const back = n % 2 === 0;
        const prices = back ? DEPTH_BACK_PRICES : DEPTH_LAY_PRICES;
        return h.app.exchange.placeExchange(players[n % players.length]!, {
          marketId: target.marketId,
          runnerId: target.runnerId,
          side: back ? 'back' : 'lay',
          price: Number(prices[(n >> 1) % prices.length]!.toFixed(2)),
          stake: 2,
          idempotencyKey: `depth-${target.marketId}-${n}`,
        });
      }),
    );
  }
}
/**
 * "32x8": 32 in flight over 8 markets, a closed loop (each lane sends when its last answered).
 * "256x8@1500": an open loop offering 1,500 placements a second on at most 256 connections,
 * latency counted from when each was due.
 */
const CONFIGS = (process.env.BENCH_CONFIGS ?? '32x8,32x200,256x8,256x200,256x8@2000,256x200@2000')
  .split(',')
  .map((c) => {
    const [shape, rate] = c.split('@');
    const [inFlight, markets] = shape!.split('x').map(Number);
    return {
      inFlight: inFlight!,
      markets: markets!,
      ratePerSecond: rate === undefined ? undefined : Number(rate),
    };
  });

type Target = TestMarket;

/** What disagrees after a run: the markets' audits, wallet holds, the ledger. */
async function check(h: Harness, targets: Target[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { marketId } of targets) problems.push(...(await h.app.exchange.audit(marketId)));
  const holds = await executeRows<{ player_id: string; market_id: string }>(
    h.db,
    sql`select e.player_id, e.market_id from market_exposures e
        left join wallet_holds w on w.player_id = e.player_id and w.product = 'exchange'
          and w.round_id = 'market:' || e.market_id
        where e.exposure_paise <> coalesce(w.held_paise, 0)`,
  );
  for (const row of holds) {
    problems.push(`player ${row.player_id} market ${row.market_id}: wallet hold disagrees`);
  }
  const totals = await ledgerTotals(h.db);
  if (totals.postingsSum !== 0n || totals.unbalancedTransactions !== 0) {
    problems.push(
      `ledger: postings sum ${totals.postingsSum}, ${totals.unbalancedTransactions} unbalanced`,
    );
  }
  if (totals.playerRowsDisagreeing !== 0) {
    problems.push(`ledger: ${totals.playerRowsDisagreeing} player balances disagree with postings`);
  }
  return problems;
}

meterSql();
const pct = percentile;

const h = await startHarness('postgres', { listen: true });
// BENCH_LIMIT_POLICY=allow registers a limit policy that always allows on the app's one
// wallet (issue 41): what asking the policies costs the placements, nothing refused.
if (process.env.BENCH_LIMIT_POLICY === 'allow') h.app.exchange.deps.wallet.addLimitPolicy(allowAll);
if (process.env.BENCH_LIMIT_POLICY === 'allow-totals') {
  h.app.exchange.deps.wallet.addLimitPolicy(allowAllReadingTotals);
}
const walQuery = async (text: string) =>
  (await executeRows<{ value: string }>(h.db, sql.raw(`${text} as value`)))[0]!.value;
let failed = false;
try {
  const tokens: string[] = [];
  const playerIds: number[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await insertPlayer(h.db);
    playerIds.push(id);
    const funded = await fund(h.app.exchange.deps, id, 1_000_000_000n);
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
    const session = await createSession(h.db, { clock: h.clock, config: h.config }, id, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    tokens.push(session.token);
  }
  if (benchLimitsOn) await setBenchLimits(h.app.exchange.deps, playerIds);
  let batches = 0;
  let batched = 0;
  let groups = 0;
  h.app.exchange.onBatch = (_marketId, size) => {
    batches += 1;
    batched += size;
  };
  h.app.exchange.onGroup = () => {
    groups += 1;
  };
  console.log(
    `server: this process (PostgreSQL, ${PLAYERS} players); load: ${LOAD_PROCESSES} child processes at nice ${LOAD_NICE}; ${WARMUP_MS / 1000} s warm-up (an open loop ${OPEN_LOOP_WARMUP_MS / 1000} s, its rate climbing), then ${DURATION_MS / 1000} s timed per configuration`,
  );
  for (const [index, { inFlight, markets, ratePerSecond }] of CONFIGS.entries()) {
    const warmupMs = ratePerSecond === undefined ? WARMUP_MS : OPEN_LOOP_WARMUP_MS;
    const targets = await createMatchOddsMarkets(h.app.exchange, markets, `Bench ${index}`);
    if (DEPTH > 0) await restDepth(h, targets, playerIds);
    let cpuUsed = startCpuMeter();
    // A holder, not a variable: the run's callback sets it, and a closure's assignments are
    // invisible to the checks after it.
    const probe: { stop: (() => ServerProbeFigures) | null } = { stop: null };
    const wal: { written: (() => Promise<number>) | null } = { written: null };
    const startTimedRun = () => {
      batches = 0;
      batched = 0;
      groups = 0;
      resetSqlMeter();
      cpuUsed = startCpuMeter();
      if (DETAIL) {
        probe.stop?.();
        probe.stop = startServerProbe(h.app.server);
        wal.written = startWalMeter(walQuery);
      }
    };
    startTimedRun();
    const reports = await runLoadProcesses<WorkerConfig, WorkerReport>(
      join(import.meta.dirname, 'load-worker.ts'),
      Array.from({ length: LOAD_PROCESSES }, (_, w) => ({
        baseUrl: h.baseUrl!,
        tokens,
        // Each process covers every market, starting at a different one.
        markets: targets.map((_, i) => targets[(i + w * 3) % targets.length]!),
        concurrency: Math.ceil(inFlight / LOAD_PROCESSES),
        ...(ratePerSecond === undefined ? {} : { ratePerSecond: ratePerSecond / LOAD_PROCESSES }),
        warmupMs,
        durationMs: DURATION_MS,
        name: `c${index}w${w}-${Date.now()}`,
        playerOffset: Math.floor((w * PLAYERS) / LOAD_PROCESSES),
      })),
      startTimedRun,
    );
    const trips = sqlRoundTrips();
    const cpu = cpuUsed();
    const probed = probe.stop?.();
    const walBytes = await wal.written?.();
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const elapsed = Math.max(...reports.map((r) => r.elapsedSeconds));
    const answers: Record<string, number> = {};
    for (const r of reports) {
      for (const [what, n] of Object.entries(r.answers)) answers[what] = (answers[what] ?? 0) + n;
    }
    const problems = await check(h, targets);
    failed ||= problems.length > 0;
    const shape =
      ratePerSecond === undefined
        ? `${inFlight} in flight`
        : `${ratePerSecond}/s offered on at most ${inFlight} connections`;
    const depth = DEPTH > 0 ? `, ${DEPTH} orders resting on each before the load` : '';
    console.log(`\n-- ${shape}, ${markets} markets${depth}, ${elapsed.toFixed(1)} s`);
    console.log(`placements/s    ${(latencies.length / elapsed).toFixed(0)}`);
    console.log(`latency p50     ${pct(latencies, 0.5).toFixed(2)} ms`);
    console.log(`latency p99     ${pct(latencies, 0.99).toFixed(2)} ms`);
    console.log(`latency max     ${(latencies.at(-1) ?? 0).toFixed(2)} ms`);
    console.log(`answers         ${latencies.length} ${JSON.stringify(answers)}`);
    console.log(
      `batches         ${batches}, mean size ${(batched / Math.max(1, batches)).toFixed(1)}; ${groups} group transactions, ${(batches / Math.max(1, groups)).toFixed(1)} markets each`,
    );
    console.log(
      `SQL queries     ${(trips / Math.max(1, batches)).toFixed(1)} per batch, ${(trips / Math.max(1, latencies.length)).toFixed(1)} per placement (all of this process; pipelined ones are not each a wait)`,
    );
    console.log(
      `CPU             ${cpuLine({ ...cpu, loadMs: reports.reduce((sum, r) => sum + r.cpuMs, 0) }, latencies.length, 'placement')}`,
    );
    if (probed) printServerProbe(probed);
    if (walBytes !== undefined) {
      console.log(
        `WAL             ${(walBytes / Math.max(1, latencies.length) / 1024).toFixed(2)} KiB per placement (PostgreSQL's whole write-ahead log over the timed run)`,
      );
    }
    console.log(
      `checks          ${problems.length === 0 ? 'ledger sums to zero, books equal orders, holds equal exposure' : 'FAILED'}`,
    );
    for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
    printStatements(latencies.length, 'placement');
  }
} finally {
  await h.close();
}
if (failed) process.exitCode = 1;
