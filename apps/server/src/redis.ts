import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Boot waits this long for Redis before going on without it (limits then fail open). */
export const REDIS_READY_TIMEOUT_MS = 5000;

export interface RedisClients {
  /** Rate-limit counters. */
  command: Redis;
  /** The socket.io adapter's publisher and subscriber (a subscriber can do nothing else). */
  pub: Redis;
  sub: Redis;
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
  for (const [role, client] of Object.entries(clients)) {
    client.on('error', (error: unknown) =>
      log.warn({ err: error, role }, 'redis connection error'),
    );
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
  return {
    ...clients,
    close: async () => {
      await Promise.allSettled(
        Object.values(clients).map((client) => client.quit().catch(() => client.disconnect())),
      );
    },
  };
}
