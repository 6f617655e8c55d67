/**
 * The casino's seamless wallet over HTTP against PostgreSQL (issue 14, item 8). This process
 * hosts the server under test (the real app listening on 127.0.0.1, PostgreSQL) and does
 * nothing else while the load runs; the load comes from LOAD_PROCESSES child processes
 * (load-worker.ts), each playing rounds for its own players: a signed bet, then a signed win
 * (a lost round half the time, a win of 0), one callback after the other per player, many
 * players at once. It prints callbacks/s, p50, p99 and max over every callback, whether the
 * goal (2,000 callbacks/s, p99 under 50 ms) was met, and then checks that the ledger sums to
 * zero, that every accepted casino transaction has its wallet operation with the same amount
 * (and no wallet operation is without one), that every round's totals equal its
 * transactions, and that each player's cash equals the funding less bets plus wins. It exits
 * non-zero if a check fails (not when the goal is missed: the machine is shared and noisy).
 *
 * Run: npm run bench -- casino-wallet   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 * BENCH_LIMIT_POLICY=allow registers an always-allowing limit policy on the wallet first (one
 * that reads no totals); =allow-totals one that has the wallet read the players' totals too.
 * BENCH_LIMITS=on gives every load player every deposit, loss and stake limit, none of them
 * reached (issue 42: the wallet reads and judges real limits on every move).
 * BENCH_MS (timed), BENCH_WARMUP_MS (untimed load before it, default 3 s), BENCH_IN_FLIGHT (default 64), BENCH_PLAYERS (default 1000), BENCH_LOAD_PROCESSES tune it.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../apps/server/src/db/database.ts';
import {
  callbackBatchStats,
  callProviderWallet,
} from '../../apps/server/src/modules/casino/index.ts';
import {
  insertLaunch,
  insertTestProvider,
} from '../../apps/server/src/modules/casino/provider-wallet-fixtures.ts';
import { allowAll, allowAllReadingTotals } from '../../apps/server/src/modules/wallet/index.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger/ledger-repository.ts';
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
  cpuLine,
} from '../support/sql-meter.ts';
import { LOAD_NICE, runLoadProcesses } from '../support/load-process.ts';
import type { WorkerConfig, WorkerReport, WorkerSession } from './load-worker.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// The bench measures the wallet callbacks, not Redis.
delete process.env.REDIS_URL;

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_MS ?? 15_000);
/** Callbacks sent before the timed run and not counted (the server's code warm). */
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const FUNDING_PAISE = 100_000_000n;
const GOAL_PER_SECOND = 2_000;
const GOAL_P99_MS = 50;

/** Everything that must agree after the run; each disagreement as a line. */
async function check(h: Harness, providerId: string, players: number[]): Promise<string[]> {
  const problems: string[] = [];
  const totals = await ledgerTotals(h.db);
  if (totals.postingsSum !== 0n || totals.unbalancedTransactions !== 0) {
    problems.push(
      `ledger: postings sum ${totals.postingsSum}, ${totals.unbalancedTransactions} unbalanced`,
    );
  }
  if (totals.playerRowsDisagreeing !== 0) {
    problems.push(`ledger: ${totals.playerRowsDisagreeing} player balances disagree with postings`);
  }
  const [wallet] = await executeRows<Record<string, string>>(
    h.db,
    sql`select
          (select count(*) from casino_transactions c
             left join wallet_operations w on w.id = c.wallet_operation_id
             where c.provider_id = ${providerId} and c.status = 'RS_OK'
               and (w.id is null or w.amount_paise <> c.applied_paise
                    or w.external_id <> c.provider_id || ':' || c.provider_transaction_id))::text
            as unmatched,
          (select count(*) from wallet_operations w where w.product = 'casino'
             and not exists (select 1 from casino_transactions c
               where c.wallet_operation_id = w.id))::text as orphans`,
  );
  if (wallet?.unmatched !== '0') {
    problems.push(`${wallet?.unmatched} accepted transactions without their wallet operation`);
  }
  if (wallet?.orphans !== '0')
    problems.push(`${wallet?.orphans} wallet operations without a casino transaction`);
  const rounds = await executeRows<{ id: string }>(
    h.db,
    sql`select r.id::text as id from casino_rounds r
        left join (
          select round_id,
                 sum(case when kind = 'bet' then applied_paise else 0 end)
                   - sum(case when kind = 'rollback' then applied_paise else 0 end) as staked,
                 sum(case when kind = 'win' then applied_paise else 0 end) as won,
                 sum(case when kind = 'rollback' then applied_paise else 0 end) as refunded
          from casino_transactions where status = 'RS_OK' group by round_id
        ) t on t.round_id = r.id
        where r.provider_id = ${providerId}
          and (r.staked_paise <> coalesce(t.staked, 0) or r.won_paise <> coalesce(t.won, 0)
               or r.refunded_paise <> coalesce(t.refunded, 0))`,
  );
  if (rounds.length > 0) problems.push(`${rounds.length} rounds whose totals disagree`);
  const cash = await executeRows<{ player_id: string }>(
    h.db,
    sql`select a.player_id::text as player_id from ledger_accounts a
        left join (
          select player_id,
                 sum(case when kind = 'bet' then -applied_paise else applied_paise end) as net
          from casino_transactions where status = 'RS_OK' group by player_id
        ) t on t.player_id = a.player_id
        where a.kind = 'cash' and a.player_id = any(${`{${players.join(',')}}`}::bigint[])
          and a.balance_paise <> ${FUNDING_PAISE} + coalesce(t.net, 0)`,
  );
  if (cash.length > 0)
    problems.push(`${cash.length} players whose cash disagrees with their bets and wins`);
  const [negative] = await executeRows<{ n: string }>(
    h.db,
    sql`select count(*)::text as n from ledger_accounts where owner = 'player' and balance_paise < 0`,
  );
  if (negative?.n !== '0') problems.push(`${negative?.n} negative player balances`);
  return problems;
}

meterSql();
const pct = percentile;

const h = await startHarness('postgres', { listen: true });
// BENCH_LIMIT_POLICY=allow registers a limit policy that always allows on the app's one
// wallet (issue 41): what asking the policies costs the callbacks, nothing refused.
if (process.env.BENCH_LIMIT_POLICY === 'allow') h.app.exchange.deps.wallet.addLimitPolicy(allowAll);
if (process.env.BENCH_LIMIT_POLICY === 'allow-totals') {
  h.app.exchange.deps.wallet.addLimitPolicy(allowAllReadingTotals);
}
let failed = false;
try {
  const provider = await insertTestProvider(h.db, { minBetPaise: 100n, maxBetPaise: 750_000n });
  const deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
  const players: number[] = [];
  const sessions: WorkerSession[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const playerId = await insertPlayer(h.db);
    const funded = await fund(deps, playerId, FUNDING_PAISE);
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
    const { launchToken } = await insertLaunch(h.db, { ...provider, playerId, now: h.clock.now() });
    const answer = await callProviderWallet(h.app, {
      ...provider,
      operation: 'authenticate',
      body: { requestId: `auth-${i}`, launchToken },
      timestampMs: h.clock.now().getTime(),
    });
    if (answer.status !== 'RS_OK') throw new Error(`authenticate: ${answer.status}`);
    players.push(playerId);
    sessions.push({
      token: answer.token!,
      user: answer.user!,
      gameId: answer.gameId!,
      currency: answer.currency!,
    });
  }
  if (benchLimitsOn) await setBenchLimits(h.app.exchange.deps, players);
  // The harness's clock stands still; the workers sign with the real time, well within the
  // 5-minute window of a run this long.
  console.log(
    `server: this process (PostgreSQL, ${PLAYERS} players); load: ${LOAD_PROCESSES} child processes at nice ${LOAD_NICE}, ${IN_FLIGHT} callbacks in flight; ${WARMUP_MS / 1000} s warm-up, then ${DURATION_MS / 1000} s timed`,
  );
  let cpuUsed = startCpuMeter();
  let batchesBefore = { ...callbackBatchStats };
  const startTimedRun = () => {
    resetSqlMeter();
    cpuUsed = startCpuMeter();
    batchesBefore = { ...callbackBatchStats };
  };
  startTimedRun();
  const share = Math.ceil(PLAYERS / LOAD_PROCESSES);
  const reports = await runLoadProcesses<WorkerConfig, WorkerReport>(
    join(import.meta.dirname, 'load-worker.ts'),
    Array.from({ length: LOAD_PROCESSES }, (_, w) => ({
      baseUrl: h.baseUrl!,
      providerId: provider.providerId,
      secret: provider.secret,
      sessions: sessions.slice(w * share, (w + 1) * share),
      concurrency: Math.ceil(IN_FLIGHT / LOAD_PROCESSES),
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
      name: `w${w}-${Date.now()}`,
    })),
    startTimedRun,
  );
  const trips = sqlRoundTrips();
  const cpu = cpuUsed();
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const elapsed = Math.max(...reports.map((r) => r.elapsedSeconds));
  const answers: Record<string, number> = {};
  for (const r of reports) {
    for (const [what, n] of Object.entries(r.answers)) answers[what] = (answers[what] ?? 0) + n;
  }
  const perSecond = latencies.length / elapsed;
  const p99 = pct(latencies, 0.99);
  console.log(`callbacks/s     ${perSecond.toFixed(0)}`);
  console.log(`latency p50     ${pct(latencies, 0.5).toFixed(2)} ms`);
  console.log(`latency p99     ${p99.toFixed(2)} ms`);
  console.log(`latency max     ${(latencies.at(-1) ?? 0).toFixed(2)} ms`);
  console.log(`answers         ${latencies.length} ${JSON.stringify(answers)}`);
  const batches = callbackBatchStats.batches - batchesBefore.batches;
  const batched = callbackBatchStats.callbacks - batchesBefore.callbacks;
  console.log(
    `batches         ${batches}, mean size ${(batched / Math.max(1, batches)).toFixed(1)}, ${callbackBatchStats.fallbacks - batchesBefore.fallbacks} fell back to one by one`,
  );
  console.log(
    `SQL queries     ${(trips / Math.max(1, latencies.length)).toFixed(1)} per callback (all of this process; pipelined ones are not each a wait)`,
  );
  console.log(
    `CPU             ${cpuLine({ ...cpu, loadMs: reports.reduce((sum, r) => sum + r.cpuMs, 0) }, latencies.length, 'callback')}`,
  );
  printStatements(latencies.length, 'callback');
  console.log(
    `goal            ${GOAL_PER_SECOND}/s and p99 < ${GOAL_P99_MS} ms: ${
      perSecond >= GOAL_PER_SECOND && p99 < GOAL_P99_MS ? 'met' : 'NOT met'
    } (a shared, noisy machine: compare runs, not one figure)`,
  );
  const unexpected = Object.keys(answers).filter((what) => !what.endsWith('RS_OK'));
  const problems = await check(h, provider.providerId, players);
  if (unexpected.length > 0) problems.push(`answers other than RS_OK: ${unexpected.join(', ')}`);
  failed = problems.length > 0;
  console.log(
    `checks          ${failed ? 'FAILED' : 'ledger sums to zero; casino transactions, rounds and cash agree with the wallet'}`,
  );
  for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
} finally {
  await h.close();
}
if (failed) process.exitCode = 1;
