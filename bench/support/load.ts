// The closed-loop load both request benchmarks drive: a fixed number of workers, each sending
// its next request as soon as the last one answered, until the time is up.
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  /** Milliseconds each timed call took, fastest first. */
  latencies: number[];
  elapsedSeconds: number;
}

/**
 * Runs `concurrency` workers for `durationMs`. Each turn gets the next sequence number and
 * `timed`, which measures only the call it wraps (building the request stays outside).
 */
export async function runLoad(
  concurrency: number,
  durationMs: number,
  turn: (n: number, timed: <T>(call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    const answer = await call();
    latencies.push(performance.now() - begin);
    return answer;
  };
  let counter = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await turn(counter++, timed);
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, elapsedSeconds };
}

/** The throughput and latency lines of a benchmark's report; `what` pads to the report's column. */
export function printLoad(what: string, { latencies, elapsedSeconds }: LoadResult): void {
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  console.log(`${`${what}/s`.padEnd(16)}${(latencies.length / elapsedSeconds).toFixed(0)}`);
  console.log(`latency p50     ${pct(0.5).toFixed(2)} ms`);
  console.log(`latency p99     ${pct(0.99).toFixed(2)} ms`);
  console.log(`latency max     ${latencies.at(-1)!.toFixed(2)} ms`);
}
