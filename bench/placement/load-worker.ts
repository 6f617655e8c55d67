/**
 * One load process of bench/placement: a closed loop of `concurrency` requests in flight over
 * keep-alive HTTP connections, backs and lays in pairs at one price on the markets it was
 * given (so about half the orders match). It reports its latencies and answer counts as one
 * JSON line on stdout when the time is up. Started by index.ts, never inside the server.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface WorkerConfig {
  baseUrl: string;
  tokens: string[];
  markets: { marketId: string; runnerId: string }[];
  concurrency: number;
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
const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });

function placeOrder(token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/bet/match/odds',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: token,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const latencies: number[] = [];
const answers: Record<string, number> = {};
const count = (what: string) => (answers[what] = (answers[what] ?? 0) + 1);
let counter = 0;
const started = performance.now();
const cpuAtStart = process.cpuUsage();
const deadline = started + config.durationMs;

async function lane(): Promise<void> {
  while (performance.now() < deadline) {
    const n = counter++;
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
    const begin = performance.now();
    try {
      const { status, text } = await placeOrder(config.tokens[player]!, body);
      latencies.push(performance.now() - begin);
      const parsed = JSON.parse(text) as { data?: { status?: string }; errorCode?: string };
      count(status === 200 ? (parsed.data?.status ?? 'ok') : `${status} ${parsed.errorCode}`);
    } catch (error) {
      latencies.push(performance.now() - begin);
      count(`failed ${(error as Error).message}`);
    }
  }
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
agent.destroy();
