import { objectWith } from '@spm/core';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** Boot waits this long for Redis before going on without it (limits then count in memory). */
export const REDIS_READY_TIMEOUT_MS = 5000;
/**
 * The command client's (rate-limit counters') wait for an answer. A Redis that keeps its
 * connections but answers nothing (a frozen host, a network that drops packets) is not
 * `ready`-less, so without a bound every limited request would wait for TCP to give up; past
 * this the count falls back to PostgreSQL like an outage.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** A stop gives a connected client this long to QUIT politely before cutting it. */
export const REDIS_QUIT_TIMEOUT_MS = 1000;

/**
 * Ends one client within REDIS_QUIT_TIMEOUT_MS. A client that is not connected would queue
 * QUIT behind its reconnect attempts (the adapter's clients keep an offline queue) and hold
 * the stop until the shutdown timer killed the process: cut it at once instead.
 */
async function closeClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REDIS_QUIT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([
    client.quit().catch(() => 'failed' as const),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (outcome !== 'OK') client.disconnect();
}

export interface RedisClients {
  /** Rate-limit counters. */
  command: Redis;
  /** The socket.io adapter's publisher and subscriber (a subscriber can do nothing else). */
  pub: Redis;
  sub: Redis;
  /**
   * Whether messages between nodes are getting through: a number while the adapter's
   * publisher and subscriber are both connected, raised every time either lost its
   * connection (what was published meanwhile may never arrive), undefined while one is down.
   */
  linkEpoch: () => number | undefined;
  close: () => Promise<void>;
}

/**
 * What ioredis rejects a command with while Redis is away: the offline queue given up after
 * `maxRetriesPerRequest` reconnections (MaxRetriesPerRequestError), a client that queues
 * nothing, a closed connection, a command timeout.
 */
const CONNECTION_ERROR_MESSAGES = [
  'Reached the max retries per request limit',
  "Stream isn't writeable",
  'Connection is closed.',
  'Command timed out',
];

/** A Redis client's rejection for want of a connection (not a reply Redis gave). */
export function isRedisConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return CONNECTION_ERROR_MESSAGES.some((message) => error.message.startsWith(message));
}

export type RedisRole = 'command' | 'pub' | 'sub' | 'cluster-pub' | 'cluster-sub';

/** Spreads the reconnection attempts of many nodes after an outage. */
const RECONNECT_JITTER_MS = 200;

/**
 * ioredis' own backoff (50 ms doubling, plus jitter) capped at REDIS_RECONNECT_MAX_DELAY_MS:
 * the cap is how soon a node notices Redis is back, and, as ioredis fails a queued command
 * after 20 attempts, how long such a command waits.
 */
export function reconnectDelayMs(attempt: number, maxDelayMs: number): number {
  const backoffMs = Math.min(50 * 2 ** Math.min(attempt - 1, 20), maxDelayMs);
  return backoffMs + Math.floor(Math.random() * Math.min(RECONNECT_JITTER_MS, maxDelayMs));
}

/**
 * One client of a role, watched: its connection errors logged once per outage (ioredis retries
 * every few seconds, one line per attempt would drown the log), its recovery logged with the
 * number of commands that failed meanwhile, and every command's failure handled. The socket.io
 * adapter publishes without looking at the answer; a publish failed by an outage was an
 * unhandled rejection that killed the process (issue 39 item 1). Catching here, at the one
 * method every command goes through, covers the adapter, our own calls and any added later; a
 * caller that awaits its command still gets the rejection.
 */
export function createRedisClient(
  url: string,
  role: RedisRole,
  settings: { reconnectMaxDelayMs: number; log: FastifyBaseLogger },
  options: RedisOptions = {},
): Redis {
  const { log, reconnectMaxDelayMs } = settings;
  const client = new Redis(
    url,
    objectWith(options, {
      retryStrategy: (attempt: number) => reconnectDelayMs(attempt, reconnectMaxDelayMs),
    }),
  );
  let down = false;
  let failedCommands = 0;
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const reply = send(command, stream);
    Promise.resolve(reply).catch(() => (failedCommands += 1));
    return reply;
  };
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error, role }, 'redis connection error (retrying quietly until it is back)');
  });
  client.on('ready', () => {
    if (down) log.info({ role, failedCommands }, 'redis connection is back');
    down = false;
    failedCommands = 0;
  });
  return client;
}

/**
 * A subscriber's options: its commands are its subscriptions, so they wait for Redis however
 * long it is away (no retry limit) instead of failing after a few seconds and leaving the
 * node deaf once Redis is back. A subscription made before an outage is renewed by ioredis
 * itself (`autoResubscribe`).
 */
export const SUBSCRIBER_OPTIONS = { maxRetriesPerRequest: null } as const;

/**
 * The Redis connections of one server process, none of which can stop it (issue 39 item 1,
 * docs/decisions.md). The command client queues nothing while disconnected, so a Redis outage
 * makes the rate limiter fall back at once instead of holding every request. The publisher
 * queues nothing either: a broadcast while Redis is away reaches this node's sockets only
 * (the link epoch tells the session caches so), instead of piling up in memory for a long
 * outage and failing, or arriving late, all together.
 */
export async function openRedis(
  url: string,
  settings: { reconnectMaxDelayMs: number; log: FastifyBaseLogger },
): Promise<RedisClients> {
  const { log } = settings;
  const command = createRedisClient(url, 'command', settings, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const pub = createRedisClient(url, 'pub', settings, { enableOfflineQueue: false });
  const sub = createRedisClient(url, 'sub', settings, SUBSCRIBER_OPTIONS);
  const clients = { command, pub, sub };
  let epoch = 0;
  for (const client of [pub, sub]) client.on('close', () => (epoch += 1));
  // Not events.once: it rejects on the first 'error', while ioredis keeps retrying.
  const ready = Promise.all(
    Object.values(clients).map(
      (client) => new Promise<void>((resolve) => client.once('ready', () => resolve())),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REDIS_READY_TIMEOUT_MS);
  });
  const outcome = await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  if (outcome === 'timeout') {
    log.warn({ timeoutMs: REDIS_READY_TIMEOUT_MS }, 'redis not ready yet; going on without it');
  }
  return objectWith(clients, {
    linkEpoch: () => (pub.status === 'ready' && sub.status === 'ready' ? epoch : undefined),
    close: async () => {
      await Promise.allSettled(Object.values(clients).map((client) => closeClient(client)));
    },
  });
}
