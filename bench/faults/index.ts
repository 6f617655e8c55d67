/**
 * Faults on three nodes (issue 39's "done when"): three server processes (CLUSTER=on) from the
 * sources on a fresh PostgreSQL database beside DATABASE_URL and a PRIVATE redis-server on a
 * free port (never the shared one), steady load from a child process (bench/faults/load.ts:
 * placements on six markets, wallet reads, casino provider bets, round all nodes), and the
 * scenarios of FAULTS, one after another:
 *   pause-N  the owner of the first market SIGSTOPped N seconds, then SIGCONT
 *   redis-N  the private Redis stopped N seconds, then started again
 * Each prints, per node, requests served (2xx), refused (4xx/5xx or a connection error), hung
 * (no answer within 5 s), the longest answer on the nodes not paused, and whether every node
 * still lives; after the run the checks: the ledger sums to zero, each owner's book equals the
 * resting orders, every acknowledged placement is in the orders table.
 * Run: FAULTS=pause-3,pause-30 npm run bench -- faults   (DATABASE_URL, default the local one)
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import {
  bookOf,
  checkInvariants,
  redisTestPrefix,
  restingByPrice,
  startNode,
  waitFor,
  type ClusterNode,
  type PlacementOutcome,
} from '../../apps/server/src/cluster/cluster-test-support.ts';
import {
  insertLaunch,
  insertTestProvider,
  postSigned,
} from '../../apps/server/src/modules/casino/provider-wallet-fixtures.ts';
import { createSession } from '../../apps/server/src/modules/identity/session-service.ts';
import { createMatchOddsMarkets } from '../../apps/server/src/test/exchange.ts';
import { startHarness } from '../../apps/server/src/test/harness.ts';
import { fund, insertPlayer } from '../../apps/server/src/test/wallet.ts';
import type { LoadPlan, LoadResult } from './load.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';

const FAULTS = (process.env.FAULTS ?? 'pause-3,pause-30').split(',').filter(Boolean);
const PLAYERS = 24;
const MARKETS = 6;
const WORKERS = Number(process.env.FAULTS_WORKERS ?? 12);
/** Load before a fault, and after it before the next (recovery counted with the fault). */
const STEADY_MS = 5_000;
const RECOVERY_MS = 8_000;

const scenarios = FAULTS.map((name) => {
  const match = /^(pause|redis)-(\d+)$/.exec(name);
  if (!match) throw new Error(`unknown fault ${name}: pause-<seconds> or redis-<seconds>`);
  return { name, kind: match[1] as 'pause' | 'redis', seconds: Number(match[2]) };
});
// Bounded: every scenario's time, the boot and the checks; past it everything is stopped.
const budgetMs =
  180_000 + scenarios.reduce((sum, s) => sum + s.seconds * 1000 + STEADY_MS + RECOVERY_MS, 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private Redis on a free port in 6390-6399 (the shared 6379 is other processes'). */
async function freeRedisPort(): Promise<number> {
  for (let port = 6390; port <= 6399; port += 1) {
    const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
    const answered = await new Promise<boolean>((resolve) => {
      let out = '';
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      probe.on('exit', () => resolve(out.includes('PONG')));
    });
    if (!answered) return port;
  }
  throw new Error('no free port for a private redis-server in 6390-6399');
}

function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return waitFor(
    `redis-server on ${port}`,
    async () => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
      const out = await new Promise<string>((resolve) => {
        let text = '';
        probe.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        probe.on('exit', () => resolve(text));
      });
      return out.includes('PONG') ? redis : undefined;
    },
    10_000,
    100,
  );
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

const h = await startHarness('postgres');
const nodes: ClusterNode[] = [];
const client = new pg.Client({ connectionString: h.databaseUrl });
let redis: ChildProcess | undefined;
let load: ChildProcess | undefined;
const guard = setTimeout(() => {
  console.error(`faults: over the ${budgetMs / 1000} s budget, stopping everything`);
  process.exitCode = 1;
  void cleanUp().then(() => process.exit(1));
}, budgetMs);

async function cleanUp(): Promise<void> {
  await stopProcess(load);
  await Promise.all(nodes.map((node) => node.stop()));
  await stopProcess(redis);
  await client.end().catch(() => undefined);
  await h.close().catch(() => undefined);
}

try {
  const engine = h.app.exchange;
  const markets = await createMatchOddsMarkets(engine, MARKETS, 'Faults');
  const provider = await insertTestProvider(h.db);
  const players: { id: number; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await insertPlayer(h.db);
    const funded = await fund(engine.deps, id, 100_000_000n);
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
    const session = await createSession(h.db, { clock: h.clock, config: h.config }, id, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    players.push({ id, token: session.token });
  }
  await h.app.close();
  await client.connect();

  const redisPort = await freeRedisPort();
  redis = await startRedis(redisPort);
  // startNode hands the nodes REDIS_URL: the private one.
  process.env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  const redisPrefix = redisTestPrefix();
  nodes.push(
    ...(await Promise.all(
      ['n1', 'n2', 'n3'].map((nodeId) =>
        startNode({
          nodeId,
          databaseUrl: h.databaseUrl!,
          redisPrefix,
          env: { LOG_LEVEL: 'error' },
        }),
      ),
    )),
  );
  const leases = async () => {
    const rows = await client.query<{ market_id: string; owner_node: string }>(
      `select substr(resource, length('exchange-market:') + 1) as market_id, owner_node
       from resource_leases
       where resource like 'exchange-market:%'
         and expires_at > clock_timestamp() and owner_node is not null`,
    );
    return new Map(rows.rows.map((row) => [row.market_id, row.owner_node]));
  };
  await waitFor(
    'every market leased',
    async () => ((await leases()).size >= MARKETS ? true : undefined),
    30_000,
  );

  const casino = await Promise.all(
    players.map(async (player) => {
      const { launchToken } = await insertLaunch(h.db, {
        providerId: provider.providerId,
        gameId: provider.gameId,
        playerId: player.id,
        now: new Date(),
      });
      const answer = await postSigned(nodes[0]!.baseUrl, {
        providerId: provider.providerId,
        secret: provider.secret,
        operation: 'authenticate',
        body: { requestId: randomUUID(), launchToken },
      });
      if (answer.status !== 'RS_OK') throw new Error(`casino authenticate: ${answer.status}`);
      return {
        token: answer.token!,
        user: String(player.id),
        gameId: provider.gameId,
        currency: answer.currency!,
      };
    }),
  );

  const plan: LoadPlan = {
    nodes: nodes.map((node) => ({ nodeId: node.nodeId, baseUrl: node.baseUrl })),
    markets: markets.map((m) => ({ marketId: m.marketId, runnerId: m.runnerId })),
    players: players.map((player, i) => ({ token: player.token, casino: casino[i]! })),
    provider: { providerId: provider.providerId, secret: provider.secret },
    workers: WORKERS,
  };
  const results: LoadResult[] = [];
  load = fork(new URL('./load.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: Object.assign({}, process.env, { FAULTS_PLAN: JSON.stringify(plan) }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  load.on('message', (message) => results.push(message as LoadResult));

  console.log(
    `nodes 3, players ${PLAYERS}, markets ${MARKETS}, ${WORKERS} load workers, private redis :${redisPort}`,
  );
  await sleep(STEADY_MS);
  for (const scenario of scenarios) {
    const pausedId = (await leases()).get(markets[0]!.marketId);
    const paused = scenario.kind === 'pause' ? nodes.find((n) => n.nodeId === pausedId) : undefined;
    const from = Date.now();
    if (paused) paused.child.kill('SIGSTOP');
    else {
      await stopProcess(redis);
      redis = undefined;
    }
    await sleep(scenario.seconds * 1000);
    if (paused) paused.child.kill('SIGCONT');
    else redis = await startRedis(redisPort);
    const until = Date.now() + RECOVERY_MS;
    await sleep(RECOVERY_MS);
    // Answers still on their way (up to the hung limit) belong to this window.
    await sleep(5_500);
    const window = results.filter((r) => r.startedAt >= from && r.startedAt < until);
    console.log(
      `\n${scenario.name}: ${paused ? `owner ${paused.nodeId} of market ${markets[0]!.marketId} paused` : 'redis stopped'} ${scenario.seconds} s, then ${RECOVERY_MS / 1000} s of recovery`,
    );
    for (const node of nodes) {
      const mine = window.filter((r) => r.node === node.nodeId);
      const served = mine.filter((r) => typeof r.status === 'number' && r.status < 400).length;
      const hung = mine.filter((r) => r.status === 'hung').length;
      const refused = mine.length - served - hung;
      const alive = node.child.exitCode === null && node.child.signalCode === null;
      const byKind = ['placement', 'wallet', 'casino']
        .map((kind) => {
          const of = mine.filter((r) => r.kind === kind);
          return `${kind} ${of.filter((r) => r.status !== 'hung' && (r.status as number) < 400).length}/${of.length}`;
        })
        .join(', ');
      console.log(
        `  ${node.nodeId}${node === paused ? ' (paused)' : ''}: served ${served}, refused ${refused}, hung ${hung}; ${byKind}; longest ${Math.max(0, ...mine.map((r) => r.ms))} ms; alive ${alive ? 'yes' : 'NO'}`,
      );
    }
    const others = window.filter((r) => r.node !== paused?.nodeId);
    console.log(
      `  longest answer on the nodes not paused: ${Math.max(0, ...others.map((r) => r.ms))} ms`,
    );
  }

  await stopProcess(load);
  load = undefined;
  const outcomes: PlacementOutcome[] = results.flatMap((r) =>
    r.kind === 'placement' && r.status === 200 && r.orderId !== undefined
      ? [
          {
            key: r.key!,
            marketId: r.marketId!,
            token: '',
            result: { kind: 'acked' as const, orderId: r.orderId },
            tries: [],
          },
        ]
      : [],
  );
  const invariants = await checkInvariants(client, outcomes);
  let booksAgree = true;
  const owners = await waitFor(
    'every market owned by a live node',
    async () => {
      const current = await leases();
      return markets.every((m) => nodes.some((n) => n.nodeId === current.get(m.marketId)))
        ? current
        : undefined;
    },
    30_000,
  ).catch(() => new Map<string, string>());
  for (const m of markets) {
    const node = nodes.find((n) => n.nodeId === owners.get(m.marketId));
    if (!node || node.child.exitCode !== null) {
      booksAgree = false;
      continue;
    }
    const resting = await restingByPrice(client, m.marketId);
    const shown = await waitFor(
      `the owner's book of market ${m.marketId}`,
      async () => {
        const book = await bookOf(node, m.eventId, m.marketId);
        return isDeepStrictEqual(book, resting) ? book : undefined;
      },
      5_000,
    ).catch(() => undefined);
    booksAgree &&= shown !== undefined;
  }
  const ledgerZero =
    invariants.postingsSum === 0n &&
    invariants.unbalancedTransactions === 0 &&
    invariants.playerRowsDisagreeing === 0;
  const placementsKept =
    invariants.ordersMissing.length === 0 &&
    invariants.keyMismatches.length === 0 &&
    invariants.duplicateKeys === 0;
  console.log(`\nacknowledged placements ${outcomes.length}`);
  console.log(
    `ledger sums to zero: ${ledgerZero ? 'yes' : 'NO'} ${JSON.stringify(invariants, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
  );
  console.log(`books equal resting orders: ${booksAgree ? 'yes' : 'NO'}`);
  console.log(`every acknowledged placement in the database: ${placementsKept ? 'yes' : 'NO'}`);
  console.log(
    `every node alive: ${nodes.every((n) => n.child.exitCode === null && n.child.signalCode === null) ? 'yes' : 'NO'}`,
  );
  if (!ledgerZero || !booksAgree || !placementsKept) process.exitCode = 1;
} finally {
  clearTimeout(guard);
  await cleanUp();
}
