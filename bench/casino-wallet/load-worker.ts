/**
 * One load process of bench/casino-wallet: `concurrency` lanes, each playing rounds for its
 * own players one after the other, every round a signed bet then a signed win (a lost round
 * half the time: a win of 0 that closes it), over keep-alive HTTP exactly as an external
 * provider calls the seamless wallet. Each callback is timed on its own. Reports latencies
 * and answer counts as one JSON line on stdout when the time is up. Started by index.ts.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

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
const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });

/** The protocol's signature, written out here as a provider would (not the server's code). */
const sign = (timestampMs: number, body: string) =>
  createHmac('sha256', config.secret).update(`${timestampMs}.${body}`).digest('hex');

function send(operation: 'bet' | 'win', payload: unknown): Promise<string> {
  const body = JSON.stringify(payload);
  const timestampMs = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/casino/provider/${config.providerId}/${operation}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-casino-timestamp': String(timestampMs),
          'x-casino-signature': sign(timestampMs, body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(
              (JSON.parse(text) as { status?: string }).status ?? `http ${response.statusCode}`,
            );
          } catch {
            resolve(`http ${response.statusCode}`);
          }
        });
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
const started = performance.now();
const cpuAtStart = process.cpuUsage();
const deadline = started + config.durationMs;

async function timed(operation: 'bet' | 'win', payload: unknown): Promise<string> {
  const begin = performance.now();
  try {
    const status = await send(operation, payload);
    latencies.push(performance.now() - begin);
    count(`${operation} ${status}`);
    return status;
  } catch (error) {
    latencies.push(performance.now() - begin);
    count(`${operation} failed ${(error as Error).message}`);
    return 'failed';
  }
}

async function lane(laneIndex: number): Promise<void> {
  // Lanes never share a player: a player's rounds follow each other, as at a real table.
  const own = config.sessions.filter((_, i) => i % config.concurrency === laneIndex);
  for (let round = 0; performance.now() < deadline; round += 1) {
    const session = own[round % own.length]!;
    const roundId = `${config.name}-l${laneIndex}-r${round}`;
    const base = { ...session, roundId };
    const stake = 1_000 + (round % 10) * 500;
    const bet = await timed('bet', {
      requestId: `${roundId}-bq`,
      ...base,
      transactionId: `${roundId}-bet`,
      amount: stake,
    });
    if (bet !== 'RS_OK') continue;
    await timed('win', {
      requestId: `${roundId}-wq`,
      ...base,
      transactionId: `${roundId}-win`,
      amount: round % 2 === 0 ? stake * 2 : 0,
      referenceTransactionId: `${roundId}-bet`,
      roundClosed: true,
    });
  }
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
agent.destroy();
