/**
 * The fault bench's steady load (bench/faults/index.ts starts it as a child process so its
 * requests do not share the event loop that pauses nodes and reads the database): placements
 * on several markets, wallet reads and casino provider bets, round the three nodes, each
 * answer (or its absence within HUNG_MS) sent to the parent over IPC. Stops on SIGTERM.
 */
import { randomUUID } from 'node:crypto';
import { postSigned } from '../../apps/server/src/modules/casino/provider-wallet-fixtures.ts';

export interface LoadPlan {
  nodes: { nodeId: string; baseUrl: string }[];
  markets: { marketId: string; runnerId: string }[];
  players: { token: string; casino: Record<string, string> }[];
  provider: { providerId: string; secret: string };
  workers: number;
}

export interface LoadResult {
  node: string;
  kind: 'placement' | 'wallet' | 'casino';
  startedAt: number;
  ms: number;
  /** HTTP status; 'hung' when no answer came within HUNG_MS. */
  status: number | 'hung';
  key?: string;
  marketId?: string;
  orderId?: string;
}

const HUNG_MS = 5_000;
const PRICES = [1.98, 2, 2.02];

const plan = JSON.parse(process.env.FAULTS_PLAN ?? '{}') as LoadPlan;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.on('disconnect', () => process.exit(0));

function report(result: LoadResult): void {
  process.send?.(result);
}

async function one(n: number): Promise<void> {
  const node = plan.nodes[n % plan.nodes.length]!;
  const player = plan.players[n % plan.players.length]!;
  const startedAt = Date.now();
  const kind = n % 5 === 3 ? 'wallet' : n % 5 === 4 ? 'casino' : 'placement';
  const base = { node: node.nodeId, kind, startedAt } as const;
  try {
    if (kind === 'wallet') {
      const response = await fetch(`${node.baseUrl}/api/profile`, {
        headers: { authorization: player.token },
        signal: AbortSignal.timeout(HUNG_MS),
      });
      await response.arrayBuffer();
      report({ ...base, ms: Date.now() - startedAt, status: response.status });
      return;
    }
    if (kind === 'casino') {
      const answer = await Promise.race([
        postSigned(node.baseUrl, {
          providerId: plan.provider.providerId,
          secret: plan.provider.secret,
          operation: 'bet',
          body: Object.assign({}, player.casino, {
            requestId: randomUUID(),
            roundId: randomUUID(),
            transactionId: randomUUID(),
            amount: 100,
          }),
        }),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), HUNG_MS)),
      ]);
      report({
        ...base,
        ms: Date.now() - startedAt,
        status: answer === undefined ? 'hung' : answer.status === 'RS_OK' ? 200 : 503,
      });
      return;
    }
    const market = plan.markets[(n >> 1) % plan.markets.length]!;
    const key = randomUUID();
    const response = await fetch(`${node.baseUrl}/api/bet/match/odds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: player.token },
      body: JSON.stringify({
        marketId: market.marketId,
        runnerId: market.runnerId,
        side: n % 2 === 0 ? 'back' : 'lay',
        price: PRICES[n % PRICES.length],
        stake: 10,
        idempotencyKey: key,
      }),
      signal: AbortSignal.timeout(HUNG_MS),
    });
    const answer = (await response.json()) as { data?: { orderId?: string } | null };
    report({
      ...base,
      ms: Date.now() - startedAt,
      status: response.status,
      key,
      marketId: market.marketId,
      orderId: answer.data?.orderId,
    });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    report({ ...base, ms: Date.now() - startedAt, status: timedOut ? 'hung' : 599 });
  }
}

let n = 0;
await Promise.all(
  Array.from({ length: plan.workers }, async () => {
    while (!stopping) {
      await one(n++);
      // Steady, not flat out: two cores host three nodes, PostgreSQL and Redis as well.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }),
);
process.exit(0);
