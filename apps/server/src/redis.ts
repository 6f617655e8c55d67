import { objectWith } from '@spm/core';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Boot waits this long for Redis before going on without it (limits then count in memory). */
export const REDIS_READY_TIMEOUT_MS = 5000;
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
 * The Redis connections of one server process. The command client queues nothing while
 * disconnected, so a Redis outage makes the rate limiter skip at once instead of holding
 * every request.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<RedisClients> {
  const command = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const pub = new Redis(url);
  const sub = pub.duplicate();
  const clients = { command, pub, sub };
  let epoch = 0;
  for (const client of [pub, sub]) client.on('close', () => (epoch += 1));
  for (const [role, client] of Object.entries(clients)) {
    // ioredis retries every few hundred ms while Redis is down: one warning per outage and
    // client, not one per attempt, so the log stays readable.
    let warned = false;
    client.on('error', (error: unknown) => {
      if (warned) return;
      warned = true;
      log.warn({ err: error, role }, 'redis connection error (retrying quietly until it is back)');
    });
    client.on('ready', () => {
      if (warned) log.info({ role }, 'redis connection is back');
      warned = false;
    });
  }
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
