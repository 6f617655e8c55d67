// What the server process itself saw during a timed run, for the benchmarks that host the
// server in their own process (BENCH_DETAIL=1). The load processes time each request from when
// it was due to when its answer arrived; this splits that time: how long the server held the
// request (read to answer written), how busy its event loop was, and what the garbage
// collector took. A p99 far above the server side's is spent outside the server (the load
// process waiting for a core, the kernel); one that matches it is the server's own.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { percentile } from './sql-meter.ts';

export interface ServerProbeFigures {
  /** Request read to answer written, in ms, sorted. */
  heldMs: number[];
  /** Share of the wall time the event loop was running callbacks (0 to 1). */
  eventLoopBusy: number;
  /** Pauses by the collector's kind: how many, and their total and longest in ms. */
  gc: Map<string, { count: number; totalMs: number; maxMs: number }>;
}

const GC_KIND_NAMES = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MINOR, 'scavenge'],
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'mark-compact'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental mark'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weak callbacks'],
]);

/** Starts watching `server`; the answer stops it and gives what it saw. */
export function startServerProbe(server: Server): () => ServerProbeFigures {
  const heldMs: number[] = [];
  // First among the listeners: the request is read, nothing of the app has run on it yet.
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    const readAt = performance.now();
    response.once('finish', () => heldMs.push(performance.now() - readAt));
  };
  server.prependListener('request', onRequest);
  const gc = new Map<string, { count: number; totalMs: number; maxMs: number }>();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A gc entry's detail names its kind (@types/node leaves `detail` off PerformanceEntry).
      const { kind } = (entry as unknown as { detail: { kind: number } }).detail;
      const name = GC_KIND_NAMES.get(kind) ?? `kind ${kind}`;
      const figures = gc.get(name) ?? { count: 0, totalMs: 0, maxMs: 0 };
      figures.count += 1;
      figures.totalMs += entry.duration;
      figures.maxMs = Math.max(figures.maxMs, entry.duration);
      gc.set(name, figures);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loopAtStart = performance.eventLoopUtilization();
  return () => {
    server.off('request', onRequest);
    observer.disconnect();
    return {
      // A copy: an answer still being written after the stop cannot reorder what is printed.
      heldMs: [...heldMs].sort((a, b) => a - b),
      eventLoopBusy: performance.eventLoopUtilization(loopAtStart).utilization,
      gc,
    };
  };
}

/** The probe's lines, under a run's own figures. */
export function printServerProbe(figures: ServerProbeFigures): void {
  const { heldMs } = figures;
  console.log(
    `server side     p50 ${percentile(heldMs, 0.5).toFixed(2)} ms, p99 ${percentile(heldMs, 0.99).toFixed(2)} ms, max ${(heldMs.at(-1) ?? 0).toFixed(2)} ms (request read to answer written, ${heldMs.length} requests)`,
  );
  const pauses = [...figures.gc]
    .map(
      ([name, { count, totalMs, maxMs }]) =>
        `${name} ${count} × ${(totalMs / count).toFixed(1)} ms (longest ${maxMs.toFixed(1)})`,
    )
    .join(', ');
  console.log(
    `event loop      busy ${(figures.eventLoopBusy * 100).toFixed(0)} %; GC pauses: ${pauses || 'none'}`,
  );
}
