/**
 * One load process of bench/casino-wallet: `concurrency` lanes, each playing rounds for its
 * own players one after the other, every round a signed bet then a signed win (a lost round
 * half the time: a win of 0 that closes it), over keep-alive HTTP exactly as an external
 * provider calls the seamless wallet. Each callback is timed on its own. Reports latencies
 * and answer counts as one JSON line on stdout when the time is up. Started by index.ts.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { warmUp } from '../support/load-process.ts';
import { RawHttpConnection } from '../support/raw-http.ts';

export interface WorkerSession {
  token: string;
  user: string;
  gameId: string;
  currency: string;
}

export interface WorkerConfig {
  baseUrl: string;
  providerId: string;
  secret: string;
  sessions: WorkerSession[];
  concurrency: number;
  /** Sent before the timed run and not counted. */
  warmupMs: number;
  durationMs: number;
  /** Makes the round and transaction ids of different workers and runs distinct. */
  name: string;
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

/** The protocol's signature, written out here as a provider would (not the server's code). */
const sign = (timestampMs: number, operation: string, body: string) =>
  createHmac('sha256', config.secret)
    .update(`${timestampMs}.${config.providerId}.${operation}.${body}`)
    .digest('hex');

async function send(
  connection: RawHttpConnection,
  operation: 'bet' | 'win',
  payload: unknown,
): Promise<string> {
  const body = JSON.stringify(payload);
  const timestampMs = Date.now();
  const answer = await connection.post(
    `/api/casino/provider/${config.providerId}/${operation}`,
    {
      'x-casino-timestamp': String(timestampMs),
      'x-casino-signature': sign(timestampMs, operation, body),
    },
    body,
  );
  try {
    return (JSON.parse(answer.body) as { status?: string }).status ?? `http ${answer.status}`;
  } catch {
    return `http ${answer.status}`;
  }
}

let latencies: number[] = [];
let answers: Record<string, number> = {};
const count = (what: string) => (answers[what] = (answers[what] ?? 0) + 1);
let started = performance.now();
let cpuAtStart = process.cpuUsage();
const deadline = started + config.warmupMs + config.durationMs;
const { timed: isTimed } = warmUp(config.warmupMs, () => {
  latencies = [];
  answers = {};
  started = performance.now();
  cpuAtStart = process.cpuUsage();
});

async function timed(
  connection: RawHttpConnection,
  operation: 'bet' | 'win',
  payload: unknown,
): Promise<string> {
  const begin = performance.now();
  // A callback begun in the warm-up is not timed, even when it answers after it.
  const counts = isTimed();
  try {
    const status = await send(connection, operation, payload);
    if (counts) {
      latencies.push(performance.now() - begin);
      count(`${operation} ${status}`);
    }
    return status;
  } catch (error) {
    if (counts) {
      latencies.push(performance.now() - begin);
      count(`${operation} failed ${(error as Error).message}`);
    }
    return 'failed';
  }
}

async function lane(laneIndex: number): Promise<void> {
  // Lanes never share a player: a player's rounds follow each other, as at a real table.
  const own = config.sessions.filter((_, i) => i % config.concurrency === laneIndex);
  const connection = new RawHttpConnection(url.hostname, Number(url.port));
  for (let round = 0; performance.now() < deadline; round += 1) {
    const session = own[round % own.length]!;
    const roundId = `${config.name}-l${laneIndex}-r${round}`;
    const base = { ...session, roundId };
    const stake = 1_000 + (round % 10) * 500;
    const bet = await timed(connection, 'bet', {
      requestId: `${roundId}-bq`,
      ...base,
      transactionId: `${roundId}-bet`,
      amount: stake,
    });
    if (bet !== 'RS_OK') continue;
    await timed(connection, 'win', {
      requestId: `${roundId}-wq`,
      ...base,
      transactionId: `${roundId}-win`,
      amount: round % 2 === 0 ? stake * 2 : 0,
      referenceTransactionId: `${roundId}-bet`,
      roundClosed: true,
    });
  }
  connection.close();
}

await Promise.all(Array.from({ length: config.concurrency }, (_, i) => lane(i)));
const cpuUsed = process.cpuUsage(cpuAtStart);
const report: WorkerReport = {
  latencies,
  answers,
  elapsedSeconds: (performance.now() - started) / 1000,
  cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
