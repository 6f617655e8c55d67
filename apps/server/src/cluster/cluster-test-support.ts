import { objectWith } from '@spm/core';
// What the cluster tests share: server nodes as real child processes on loopback ports, and
// the checks that nothing was lost or made twice. Test support only (never imported by main).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from '../../../../scripts/support/built-server.ts';
import { repoRootDir } from '../paths.ts';

const BOOT_TIMEOUT_MS = 60_000;

/** PostgreSQL and Redis both answer: the cluster tests run, else they say why they skip. */
export async function clusterServicesAnswer(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) return false;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.query('select 1');
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

export { freePort };

export interface ClusterNode {
  nodeId: string;
  baseUrl: string;
  child: ChildProcess;
  /** The node's output so far (its log), for a failure's message. */
  output: () => string;
  /** SIGTERM and wait for the exit (no-op once it is gone). */
  stop: () => Promise<void>;
}

/**
 * Starts one server node from the sources (tsx), CLUSTER=on against `databaseUrl` and the
 * shared Redis, and resolves once it serves.
 */
export async function startNode(options: {
  nodeId: string;
  databaseUrl: string;
  redisPrefix: string;
  env?: Record<string, string>;
  /** Extra node flags before the entry (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<ClusterNode> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      resolve(repoRootDir, 'apps/server/src/main.ts'),
    ],
    {
      cwd: repoRootDir,
      env: objectWith(
        objectWith(process.env, {
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: options.redisPrefix,
          CLUSTER: 'on',
          NODE_ID: options.nodeId,
          SIMULATOR: 'off',
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'warn',
          DATA_DIR: resolve(repoRootDir, `node_modules/.cache/spm-cluster-${options.nodeId}`),
          // Loopback peers forward the player's address in X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
        }),
        options.env ?? {},
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  await new Promise<void>((resolveRunning, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.nodeId} did not start:\n${output}`)),
      BOOT_TIMEOUT_MS,
    );
    const check = () => {
      if (output.includes('platform is running')) {
        clearTimeout(timer);
        resolveRunning();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.nodeId} exited with ${code}:\n${output}`));
    });
  });
  return {
    nodeId: options.nodeId,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function redisTestPrefix(): string {
  return `spm-cluster-${randomBytes(6).toString('hex')}:`;
}

export interface PlacementOutcome {
  key: string;
  marketId: string;
  token: string;
  /** 'acked' with the order id, or 'refused' with the error code, after retries. */
  result: { kind: 'acked'; orderId: string } | { kind: 'refused'; code: string };
  /** Each node tried, with status (or network error), when, and the node that served it. */
  tries: { node: string; status: number | 'network'; at: number; servedBy?: string }[];
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * Places one order through `nodes` (first the one given, then the others) until an answer says
 * what became of it: an error of the node or its owner (5xx, network) is retried with the same
 * idempotency key, which replays the first result if the order was in fact taken.
 */
export async function placeUntilKnown(
  nodes: () => ClusterNode[],
  first: number,
  token: string,
  body: { marketId: string; runnerId: string; side: string; price: number; stake: number },
  key: string,
): Promise<PlacementOutcome> {
  const tries: PlacementOutcome['tries'] = [];
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const live = nodes();
    const node = live[(first + attempt) % live.length]!;
    try {
      const response = await fetch(`${node.baseUrl}/api/bet/match/odds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(objectWith(body, { idempotencyKey: key })),
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await response.json()) as {
        data?: { orderId?: string } | null;
        errorCode?: string;
      };
      tries.push({
        node: node.nodeId,
        status: response.status,
        at: Date.now(),
        servedBy: response.headers.get('x-spm-node') ?? undefined,
      });
      if (response.status === 200 && answer.data?.orderId !== undefined) {
        return {
          key,
          marketId: body.marketId,
          token,
          result: { kind: 'acked', orderId: answer.data.orderId },
          tries,
        };
      }
      if (response.status < 500 && response.status !== 429) {
        const code = answer.errorCode ?? String(response.status);
        return { key, marketId: body.marketId, token, result: { kind: 'refused', code }, tries };
      }
    } catch {
      tries.push({ node: node.nodeId, status: 'network', at: Date.now() });
    }
    await sleep(100);
  }
  throw new Error(`no definite answer for ${key}: ${JSON.stringify(tries)}`);
}

/** Everything the fail-over must leave true, read straight from the database. */
export async function checkInvariants(
  client: pg.Client,
  outcomes: PlacementOutcome[],
): Promise<{
  ordersMissing: string[];
  keyMismatches: string[];
  duplicateKeys: number;
  fillsDisagreeing: number;
  overMatched: number;
  postingsSum: bigint;
  unbalancedTransactions: number;
  playerRowsDisagreeing: number;
}> {
  const acked = outcomes.flatMap((o) => (o.result.kind === 'acked' ? [o] : []));
  const ids = acked.map((o) => (o.result.kind === 'acked' ? o.result.orderId : ''));
  const rows = await client.query<{ id: string; idempotency_key: string }>(
    'select id::text, idempotency_key from orders where id = any($1::bigint[])',
    [ids],
  );
  const byId = new Map(rows.rows.map((row) => [row.id, row.idempotency_key]));
  const ordersMissing = ids.filter((id) => !byId.has(id));
  const keyMismatches = acked.flatMap((o) =>
    o.result.kind === 'acked' && byId.has(o.result.orderId) && byId.get(o.result.orderId) !== o.key
      ? [o.key]
      : [],
  );
  const duplicates = await client.query<{ n: string }>(
    `select count(*)::text as n from (select player_id, idempotency_key from orders
       group by player_id, idempotency_key having count(*) > 1) d`,
  );
  // An exchange order's matched stake is the sum of its fills, as taker and as maker.
  const fills = await client.query<{ n: string }>(
    `select count(*)::text as n from orders o
     where o.price_hundredths is not null and o.matched_paise <> coalesce((
       select sum(f.stake_paise) from fills f
       where f.taker_order_id = o.id or f.maker_order_id = o.id), 0)`,
  );
  const over = await client.query<{ n: string }>(
    `select count(*)::text as n from orders
     where matched_paise + cancelled_paise > stake_paise`,
  );
  const ledger = await client.query<{ sum: string; unbalanced: string; disagreeing: string }>(
    `select
       (select coalesce(sum(amount_paise), 0)::text from ledger_postings) as sum,
       (select count(*)::text from (select transaction_id from ledger_postings
          group by transaction_id having sum(amount_paise) <> 0) u) as unbalanced,
       (select count(*)::text from ledger_accounts a where a.owner = 'player' and a.balance_paise
          <> (select coalesce(sum(amount_paise), 0) from ledger_postings p
              where p.account_id = a.id)) as disagreeing`,
  );
  const totals = ledger.rows[0]!;
  return {
    ordersMissing,
    keyMismatches,
    duplicateKeys: Number(duplicates.rows[0]!.n),
    fillsDisagreeing: Number(fills.rows[0]!.n),
    overMatched: Number(over.rows[0]!.n),
    postingsSum: BigInt(totals.sum),
    unbalancedTransactions: Number(totals.unbalanced),
    playerRowsDisagreeing: Number(totals.disagreeing),
  };
}

/** Resting stake per runner and price (points) in the orders table: what the book must show. */
export async function restingByPrice(
  client: pg.Client,
  marketId: string,
): Promise<Record<string, Record<string, number>>> {
  const rows = await client.query<{ runner_id: string; price: number; paise: string }>(
    `select runner_id::text, price_hundredths as price,
            sum(stake_paise - matched_paise - cancelled_paise)::text as paise
     from orders where market_id = $1 and stake_paise - matched_paise - cancelled_paise > 0
     group by runner_id, price_hundredths`,
    [Number(marketId)],
  );
  const book: Record<string, Record<string, number>> = {};
  for (const row of rows.rows) {
    (book[row.runner_id] ??= {})[(row.price / 100).toFixed(2)] = Number(row.paise) / 100;
  }
  return book;
}

/** The same from a node's market view (three levels a side: the tests use three prices). */
export async function bookOf(
  node: ClusterNode,
  eventId: string,
  marketId: string,
): Promise<Record<string, Record<string, number>>> {
  const response = await fetch(`${node.baseUrl}/api/bet/matches/${eventId}`);
  const answer = (await response.json()) as {
    data: {
      markets: {
        id: string;
        runners: {
          id: string;
          availableToBack: { price: number; amount: number }[];
          availableToLay: { price: number; amount: number }[];
        }[];
      }[];
    };
  };
  const market = answer.data.markets.find((m) => m.id === marketId);
  const book: Record<string, Record<string, number>> = {};
  for (const runner of market?.runners ?? []) {
    for (const level of [...runner.availableToBack, ...runner.availableToLay]) {
      const prices = (book[runner.id] ??= {});
      const price = level.price.toFixed(2);
      prices[price] = (prices[price] ?? 0) + level.amount;
    }
  }
  return book;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}
