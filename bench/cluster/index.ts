/**
 * Placements on three nodes (CLUSTER=on, issue 13 item 4): three server processes from the
 * sources (tsx) on loopback ports sharing a fresh PostgreSQL database and Redis, 100 funded
 * players, backs and lays around 2.00 over 8 match-odds markets, 32 requests in flight from
 * this process. Two rounds: every request sent to its market's owner, then every request sent
 * to a node that does not own the market (forwarded, one hop). Prints placements/s and
 * latency of each, then checks the ledger sums to zero and each owner's book equals the
 * resting orders.
 * Run: npm run bench -- cluster   (DATABASE_URL and REDIS_URL, or the local defaults)
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  bookOf,
  redisTestPrefix,
  restingByPrice,
  startNode,
  waitFor,
  type ClusterNode,
} from '../../apps/server/src/cluster/cluster-test-support.ts';
import { rendezvousOwner } from '../../apps/server/src/cluster/market-ownership.ts';
import { createSession } from '../../apps/server/src/modules/identity/session-service.ts';
import { createMatchOddsMarkets } from '../../apps/server/src/test/exchange.ts';
import { startHarness } from '../../apps/server/src/test/harness.ts';
import { fund, insertPlayer } from '../../apps/server/src/test/wallet.ts';
import { printLoad, runLoad } from '../support/load.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';

const PLAYERS = 100;
const MARKETS = 8;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_MS ?? 8_000);
/** Three prices: the book view shows three levels a side, so it can be compared whole. */
const PRICES = [1.98, 2, 2.02];

const h = await startHarness('postgres');
const nodes: ClusterNode[] = [];
const client = new pg.Client({ connectionString: h.databaseUrl });
try {
  const engine = h.app.exchange;
  const markets = await createMatchOddsMarkets(engine, MARKETS, 'Bench');
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await insertPlayer(h.db);
    const funded = await fund(engine.deps, id, 100_000_000n);
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
    const session = await createSession(h.db, { clock: h.clock, config: h.config }, id, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    tokens.push(session.token);
  }
  // The harness app is no node; the database stays.
  await h.app.close();
  await client.connect();

  const redisPrefix = redisTestPrefix();
  nodes.push(
    ...(await Promise.all(
      ['n1', 'n2', 'n3'].map((nodeId) =>
        startNode({
          nodeId,
          databaseUrl: h.databaseUrl!,
          redisPrefix,
          env: { LOG_LEVEL: 'error' },
          // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the nodes (written
          // when they stop).
          nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
        }),
      ),
    )),
  );
  const ids = nodes.map((n) => n.nodeId);
  const ownerOf = new Map<string, ClusterNode>();
  await waitFor(
    'every market leased by its node',
    async () => {
      const leases = await client.query<{ market_id: string; owner_node: string }>(
        `select substr(resource, length('exchange-market:') + 1) as market_id, owner_node
         from resource_leases
         where resource like 'exchange-market:%'
           and expires_at > clock_timestamp() and owner_node is not null`,
      );
      const owners = new Map(leases.rows.map((row) => [row.market_id, row.owner_node]));
      for (const m of markets) {
        if (owners.get(m.marketId) !== rendezvousOwner(m.eventId, ids)) return undefined;
        ownerOf.set(
          m.marketId,
          nodes.find((n) => n.nodeId === owners.get(m.marketId))!,
        );
      }
      return true;
    },
    30_000,
  );

  async function round(
    what: string,
    pick: (marketId: string, n: number) => ClusterNode,
    durationMs = DURATION_MS,
  ) {
    const statuses = new Map<string, number>();
    const load = await runLoad(CONCURRENCY, durationMs, async (n, timed) => {
      const pair = n >> 1;
      const target = markets[pair % MARKETS]!;
      const node = pick(target.marketId, n);
      const body = {
        marketId: target.marketId,
        runnerId: target.runnerId,
        side: n % 2 === 0 ? 'back' : 'lay',
        price: PRICES[pair % PRICES.length],
        stake: 10,
        idempotencyKey: randomUUID(),
      };
      const response = await timed(() =>
        fetch(`${node.baseUrl}/api/bet/match/odds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: tokens[n % PLAYERS]! },
          body: JSON.stringify(body),
        }),
      );
      const answer = (await response.json()) as { data?: { status?: string } };
      const key = response.ok ? (answer.data?.status ?? 'ok') : `http ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    });
    if (what === '') return;
    console.log(
      `\n${what}: ${load.latencies.length} ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    printLoad('placements', load);
  }

  console.log(
    `nodes 3, players ${PLAYERS}, markets ${MARKETS}, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s a round`,
  );
  // Unmeasured: the nodes' first requests compile their code paths (tsx) and warm the caches.
  await round('', (marketId, n) => nodes[n % nodes.length]!, 3_000);
  // BENCH_ROUNDS=owner or =forwarded runs one round only (to profile one path).
  const rounds = process.env.BENCH_ROUNDS ?? 'owner,forwarded';
  if (rounds.includes('owner')) {
    await round('sent to the owner', (marketId) => ownerOf.get(marketId)!);
  }
  if (rounds.includes('forwarded')) {
    await round('sent to another node (forwarded)', (marketId, n) => {
      const others = nodes.filter((node) => node !== ownerOf.get(marketId));
      return others[n % others.length]!;
    });
  }

  const ledger = await client.query<{ sum: string; unbalanced: string }>(
    `select (select coalesce(sum(amount_paise), 0)::text from ledger_postings) as sum,
            (select count(*)::text from (select transaction_id from ledger_postings
               group by transaction_id having sum(amount_paise) <> 0) u) as unbalanced`,
  );
  const balanced = ledger.rows[0]!.sum === '0' && ledger.rows[0]!.unbalanced === '0';
  let booksAgree = true;
  for (const m of markets) {
    const shown = await bookOf(ownerOf.get(m.marketId)!, m.eventId, m.marketId);
    const resting = await restingByPrice(client, m.marketId);
    booksAgree &&= JSON.stringify(shown) === JSON.stringify(resting);
  }
  console.log(`\nledger sums to zero: ${balanced ? 'yes' : 'NO'}`);
  console.log(`book equals resting orders: ${booksAgree ? 'yes' : 'NO'}`);
  if (!balanced || !booksAgree) process.exitCode = 1;
} finally {
  await Promise.all(nodes.map((node) => node.stop()));
  await client.end().catch(() => undefined);
  await h.close().catch(() => undefined);
}
