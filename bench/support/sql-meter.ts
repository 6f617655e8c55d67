// What the server under test sends to PostgreSQL, for the benchmarks that host it in their own
// process: every query a pooled pg client sends (a round trip, unless the pipelined connection
// sent it behind another: a transaction's BEGIN and a COMMIT sent behind its last statement
// are not waited for on their own). With BENCH_SQL=1 each
// statement (its first 60 characters) also gets its count and the time from send to answer,
// which is how a slow step is found before anything is guessed.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

interface StatementFigures {
  count: number;
  totalMs: number;
  maxMs: number;
}

let roundTrips = 0;
const byStatement = process.env.BENCH_SQL ? new Map<string, StatementFigures>() : null;

function statementKey(first: unknown): string {
  const text =
    typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
  return text.replace(/\s+/g, ' ').trim().slice(0, 60);
}

/** Wraps `pg.Client.prototype.query` once; call before the server opens its pool. */
export function meterSql(): void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    roundTrips += 1;
    if (!byStatement) return (query as (...a: unknown[]) => unknown).apply(this, args);
    const key = statementKey(args[0]);
    const begin = performance.now();
    const done = () => {
      const ms = performance.now() - begin;
      const figures = byStatement.get(key) ?? { count: 0, totalMs: 0, maxMs: 0 };
      figures.count += 1;
      figures.totalMs += ms;
      figures.maxMs = Math.max(figures.maxMs, ms);
      byStatement.set(key, figures);
    };
    // pg-pool's own query passes a callback (and answers nothing); clients answer a promise.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...r: unknown[]) => unknown)(...results);
      };
    }
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) answer.then(done, done);
    return answer;
  } as typeof query;
}

/** Round trips since the last reset. */
export function sqlRoundTrips(): number {
  return roundTrips;
}

export function resetSqlMeter(): void {
  roundTrips = 0;
  byStatement?.clear();
}

/** BENCH_SQL=1: the busiest statements, per `unit` (a placement, a callback), with their mean and max time. */
export function printStatements(units: number, unit: string, top = 20): void {
  if (!byStatement) return;
  const rows = [...byStatement].sort((a, b) => b[1].totalMs - a[1].totalMs).slice(0, top);
  console.log(`statements (BENCH_SQL), by total time:`);
  for (const [text, { count, totalMs, maxMs }] of rows) {
    const perUnit = (count / Math.max(1, units)).toFixed(2).padStart(6);
    const mean = (totalMs / count).toFixed(2).padStart(7);
    console.log(
      `  ${perUnit}/${unit}  mean ${mean} ms  max ${maxMs.toFixed(1).padStart(7)} ms  ${text}`,
    );
  }
}

/** The value at fraction `p` of an ascending list (0 when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** CPU seconds of every process named `postgres` on this machine (0 where /proc is absent). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      // Fields after "pid (comm)": state is the 3rd field; utime and stime the 14th and 15th,
      // cutime and cstime (children that ended) the 16th and 17th: a backend that closes
      // during a run moves its time into the postmaster's, instead of out of the sum.
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every platform Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU spent by this process (the server under test) and by PostgreSQL from now on: work per
 * unit is steadier than throughput on a shared machine, so a change is compared by it too.
 */
export function startCpuMeter(): () => CpuUsed {
  const server = process.cpuUsage();
  const postgres = postgresCpuSeconds();
  return () => {
    const used = process.cpuUsage(server);
    return {
      serverMs: (used.user + used.system) / 1000,
      serverSystemMs: used.system / 1000,
      postgresMs: (postgresCpuSeconds() - postgres) * 1000,
    };
  };
}

/**
 * Bytes of WAL PostgreSQL wrote from now until the answer's call: every row, index entry,
 * row lock and commit record leaves some, so per placement it counts the database's work
 * without the machine's noise. The WAL is the whole server's: nothing else may write meanwhile.
 */
export function startWalMeter(query: (text: string) => Promise<string>): () => Promise<number> {
  const start = query('select pg_current_wal_lsn()::text');
  return async () =>
    Number(await query(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '${await start}')::text`));
}

export interface CpuUsed {
  serverMs: number;
  /** The load processes' CPU, when they report it. */
  loadMs?: number;
  /** The part of serverMs spent in the kernel (sockets, mostly). */
  serverSystemMs: number;
  postgresMs: number;
}

/** The CPU line of a run: milliseconds of CPU per unit, the server's and PostgreSQL's. */
export function cpuLine(used: CpuUsed, units: number, unit: string): string {
  const per = (ms: number) => (ms / Math.max(1, units)).toFixed(2);
  const load = used.loadMs === undefined ? '' : `, load ${per(used.loadMs)} ms`;
  return `server ${per(used.serverMs)} ms (${per(used.serverSystemMs)} in the kernel), PostgreSQL ${per(used.postgresMs)} ms${load} per ${unit}`;
}
