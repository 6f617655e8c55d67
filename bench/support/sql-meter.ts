// What the server under test sends to PostgreSQL, for the benchmarks that host it in their own
// process: every query a pooled pg client sends is one round trip. With BENCH_SQL=1 each
// statement (its first 60 characters) also gets its count and the time from send to answer,
// which is how a slow step is found before anything is guessed.
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
