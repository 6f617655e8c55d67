/**
 * One load process of bench/placement: a closed loop of `concurrency` requests in flight over
 * keep-alive HTTP connections (one per lane), backs and lays in pairs at one price on the
 * markets it was given (so about half the orders match). It first sends for `warmupMs`
 * without timing (then prints `warm`), and reports the timed run's latencies and answer counts
 * as one JSON line on stdout when the time is up. Started by index.ts, never inside the server.
 */
import { performance } from 'node:perf_hooks';
import { warmUp } from '../support/load-process.ts';
import { RawHttpConnection } from '../support/raw-http.ts';

export interface WorkerConfig {
  baseUrl: string;
  tokens: string[];
  markets: { marketId: string; runnerId: string }[];
  concurrency: number;
  /** Sent before the timed run and not counted: the server's code warm, players' rows made. */
  warmupMs: number;
  /**
   * Open loop: this process offers this many placements a second, each at its own scheduled
   * time, on at most `concurrency` connections at once; a placement waiting for a free
   * connection is late, and its latency counts from when it was due (as wrk2 measures, so a
   * slow server cannot hide its queue). Absent: a closed loop, each lane sending as soon as
   * its last placement answered.
   */
  ratePerSecond?: number;
  durationMs: number;
  /** Makes the idempotency keys of different workers and runs distinct. */
  name: string;
  /**
   * Where this process starts in the player list: processes that walked the list in step
   * would place for the same players at the same moment, on different markets, and their
   * batches would wait on each other's locks (real players do not move in lockstep).
   */
  playerOffset: number;
}

export interface WorkerReport {
  latencies: number[];
  answers: Record<string, number>;
  elapsedSeconds: number;
  /** CPU this load process spent while it sent (user and system), in milliseconds. */
  cpuMs: number;
}

const config = JSON.parse(process.env.BENCH_WORKER ?? '{}') as WorkerConfig;
const url = new URL(config.baseUrl);

let latencies: number[] = [];
let answers: Record<string, number> = {};
const count = (what: string) => (answers[what] = (answers[what] ?? 0) + 1);
let counter = 0;
let started = performance.now();
let cpuAtStart = process.cpuUsage();
const warmEnd = started + config.warmupMs;
const deadline = warmEnd + config.durationMs;
warmUp(config.warmupMs, () => {
  latencies = [];
  answers = {};
  started = performance.now();
  cpuAtStart = process.cpuUsage();
});

const openLoopStart = performance.now();
/** The open loop's rate climbs from this share of the full rate... */
const RAMP_FROM = 0.1;
/** ...to the full rate over this part of the warm-up, which then goes on at the full rate. */
const RAMP_MS = (config.warmupMs * 2) / 3;
/**
 * When placement n is due in an open loop, after `openLoopStart`: on the ramp the rate is
 * R·(f + (1 − f)·t/T), so n = R·(f·t + (1 − f)·t²/2T), solved for t; after it, R a second
 * (with no warm-up there is no ramp, and n is due at n / R).
 * The full rate on cold code built a queue that the timed run began with (seen as p99 over
 * 100 ms in its first second, and ~1 s latencies in the warm-up): a server is not measured
 * at a steady 2,000/s by offering it 2,000/s before its code is compiled.
 */
function dueOffsetMs(n: number, ratePerSecond: number): number {
  const perMs = ratePerSecond / 1000;
  const rampCount = perMs * RAMP_MS * ((1 + RAMP_FROM) / 2);
  if (n >= rampCount) return RAMP_MS + (n - rampCount) / perMs;
  const a = (perMs * (1 - RAMP_FROM)) / (2 * RAMP_MS);
  const b = perMs * RAMP_FROM;
  return (-b + Math.sqrt(b * b + 4 * a * n)) / (2 * a);
}

/** When placement n is due in an open loop (its latency counts from then); now in a closed one. */
async function dueTime(n: number): Promise<number> {
  if (config.ratePerSecond === undefined) return performance.now();
  const due = openLoopStart + dueOffsetMs(n, config.ratePerSecond);
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return due;
}

async function lane(): Promise<void> {
  const connection = new RawHttpConnection(url.hostname, Number(url.port));
  while (performance.now() < deadline) {
    const n = counter++;
    const begin = await dueTime(n);
    if (begin >= deadline) break;
    // Placements the warm-up could not send in time are dropped, not carried into the timed
    // run as a queue it would measure (an open loop's warm-up debt: the code is still cold).
    if (begin < warmEnd && performance.now() >= warmEnd) continue;
    // Orders 2k and 2k+1: a back and a lay of two players on one market at one price.
    const pair = n >> 1;
    const target = config.markets[pair % config.markets.length]!;
    const player = (config.playerOffset + pair * 7 + (n & 1)) % config.tokens.length;
    const body = JSON.stringify({
      marketId: target.marketId,
      runnerId: target.runnerId,
      side: n % 2 === 0 ? 'back' : 'lay',
      price: 2,
      stake: 10,
      idempotencyKey: `${config.name}-${n}`,
    });
    // A request begun (or due) in the warm-up is not timed, even when it answers after it.
    const timed = begin >= warmEnd;
    try {
      const { status, body: text } = await connection.post(
        '/api/bet/match/odds',
        { authorization: config.tokens[player]! },
        body,
      );
      if (!timed) continue;
      latencies.push(performance.now() - begin);
      const parsed = JSON.parse(text) as { data?: { status?: string }; errorCode?: string };
      count(status === 200 ? (parsed.data?.status ?? 'ok') : `${status} ${parsed.errorCode}`);
    } catch (error) {
      if (!timed) continue;
      latencies.push(performance.now() - begin);
      count(`failed ${(error as Error).message}`);
    }
  }
  connection.close();
}

await Promise.all(Array.from({ length: config.concurrency }, lane));
const cpuUsed = process.cpuUsage(cpuAtStart);
const report: WorkerReport = {
  latencies,
  answers,
  elapsedSeconds: (performance.now() - started) / 1000,
  cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
