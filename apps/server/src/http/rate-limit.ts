import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { executeRows, type Db } from '../db/database.ts';
import { AppError } from './app-error.ts';

/**
 * Per-address limits of the identity endpoints, per minute. Login's 20 is docs/identity.md;
 * the rest keep one address from hammering an endpoint whose own limits (OTP budgets, the
 * per-account login lock) live in the database.
 */
export const RATE_LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  demoLogin: { max: 10, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  sendOtp: { max: 10, timeWindow: 60_000 },
  verifyOtp: { max: 20, timeWindow: 60_000 },
  forgotPassword: { max: 10, timeWindow: 60_000 },
  resetPassword: { max: 20, timeWindow: 60_000 },
  updatePassword: { max: 10, timeWindow: 60_000 },
  pageVisit: { max: 60, timeWindow: 60_000 },
  staffLogin: { max: 10, timeWindow: 60_000 },
} as const;

/**
 * Where the counters live now: `redis` (shared by every process), `memory` (no REDIS_URL: one
 * process), `postgres-fallback` (REDIS_URL set but Redis not answering, DATABASE_URL set: the
 * nodes count together in PostgreSQL until it is back, the limits unchanged), or
 * `memory-fallback` (Redis not answering on the embedded database, one process by design; or
 * PostgreSQL not answering either: each process counts on its own, so the limits loosen by the
 * number of processes but never vanish). /api/readyz reports it.
 */
export type RateLimitStoreState = 'redis' | 'memory' | 'postgres-fallback' | 'memory-fallback';

export interface RateLimitStatus {
  readonly state: () => RateLimitStoreState;
}

/** Counters one process keeps; pruned of ended windows when it grows past this many keys. */
const MEMORY_PRUNE_AT_KEYS = 10_000;

/** INCR with the window set on the first hit; answers [count, ms left]. */
const REDIS_INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Ended windows are deleted at most this often, by the node counting at the time. */
const POSTGRES_PRUNE_EVERY_MS = 60_000;

/**
 * The same fixed window as REDIS_INCR_LUA in one statement: a new key or an ended window
 * starts at 1, otherwise the count grows by one; the row lock of the upsert orders nodes that
 * count the same key at once. Answers [count, ms left] on the database's clock.
 */
async function postgresIncr(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await executeRows<{ current: number; ttl: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, count, window_ends_at)
        values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.window_ends_at <= now() then 1 else c.count + 1 end,
          window_ends_at = case when c.window_ends_at <= now()
            then excluded.window_ends_at else c.window_ends_at end
        returning c.count as current,
          greatest(0, ceil(extract(epoch from c.window_ends_at - now()) * 1000))::int as ttl`,
  );
  if (!row) throw new Error('rate limit upsert answered no row');
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

/** Fixed windows in a Map, the same shape as the Redis counters. */
class MemoryCounters {
  private readonly windows = new Map<string, { count: number; endsAtMs: number }>();

  incr(key: string, timeWindowMs: number): { current: number; ttl: number } {
    const nowMs = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAtMs <= nowMs) {
      if (this.windows.size >= MEMORY_PRUNE_AT_KEYS) this.prune(nowMs);
      window = { count: 0, endsAtMs: nowMs + timeWindowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAtMs - nowMs };
  }

  private prune(nowMs: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAtMs <= nowMs) this.windows.delete(key);
    }
    // Still full of live windows (a flood of addresses): forget the oldest half rather than
    // grow without bound.
    if (this.windows.size >= MEMORY_PRUNE_AT_KEYS) {
      let drop = Math.floor(this.windows.size / 2);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}

type CountedIn = 'redis' | 'postgres' | 'memory';

interface StoreShared {
  redis: Redis | undefined;
  /** Set with DATABASE_URL: the store the nodes share while Redis is away. */
  postgres: Db | undefined;
  memory: MemoryCounters;
  /** Where a count went (only while Redis is configured), and why when not there. */
  onCounted: (where: CountedIn, cause?: unknown) => void;
}

/**
 * Redis while it answers; while it does not, PostgreSQL when the nodes share one, else this
 * process's memory: a Redis outage must neither switch the limits off (they guard sign-in and
 * SMS spending) nor multiply them by the number of nodes (issue 39 item 2). The Redis client
 * queues nothing while disconnected, so a count falls back at once instead of waiting.
 */
function fallbackStoreClass(shared: StoreShared, rootKey: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(private readonly key: string = rootKey) {}

    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      const fullKey = this.key + key;
      const memory = (cause?: unknown) => {
        if (shared.redis) shared.onCounted('memory', cause);
        callback(null, shared.memory.incr(fullKey, timeWindowMs));
      };
      const fallBack = (cause?: unknown) => {
        const postgres = shared.postgres;
        if (!postgres) {
          memory(cause);
          return;
        }
        postgresIncr(postgres, fullKey, timeWindowMs).then(
          (result) => {
            shared.onCounted('postgres', cause);
            callback(null, result);
          },
          (error: unknown) => memory(error),
        );
      };
      const redis = shared.redis;
      if (!redis) {
        memory();
        return;
      }
      if (redis.status !== 'ready') {
        fallBack(new Error(`redis connection is ${redis.status}`));
        return;
      }
      redis.eval(REDIS_INCR_LUA, 1, fullKey, timeWindowMs).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          shared.onCounted('redis');
          callback(null, { current, ttl });
        },
        (error: unknown) => fallBack(error),
      );
    }

    /**
     * One key space per route, as the plugin's own stores do: at run time it passes its merged
     * options with `routeInfo` (the route), not what its typings say.
     */
    child(params: object): FastifyRateLimitStore {
      const route: { method?: unknown; url?: unknown } =
        'routeInfo' in params && typeof params.routeInfo === 'object' && params.routeInfo !== null
          ? params.routeInfo
          : {};
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method);
      return new FallbackStore(`${this.key}${method}${String(route.url)}-`);
    }
  }
  // The plugin constructs the root store with its options; the key prefix is ours.
  return class extends FallbackStore {
    constructor() {
      super(rootKey);
    }
  };
}

const FALLBACK_MESSAGES: Record<CountedIn, string> = {
  redis: 'redis is back: rate limits are shared again',
  postgres:
    'redis unavailable: rate limits fall back to postgresql (shared by every node) until it is back',
  memory: 'redis unavailable: rate limits fall back to this process (memory) until it is back',
};

/**
 * @fastify/rate-limit, on for the routes that name a limit in `config.rateLimit` only.
 * With Redis the counters are shared by every server process; while Redis does not answer,
 * they are counted in PostgreSQL when `postgres` is given (DATABASE_URL: several nodes may
 * share it), else in this process's memory (the embedded database has one process), and the
 * log says so once per change and /api/readyz while it lasts.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: {
    redis: Redis | undefined;
    postgres: Db | undefined;
    prefix: string;
    log: FastifyBaseLogger;
  },
): Promise<RateLimitStatus> {
  let countedIn: CountedIn = 'redis';
  let prunedAtMs = 0;
  const prune = (postgres: Db) => {
    const nowMs = Date.now();
    if (nowMs - prunedAtMs < POSTGRES_PRUNE_EVERY_MS) return;
    prunedAtMs = nowMs;
    postgres
      .execute(sql`delete from rate_limit_counters where window_ends_at < now()`)
      .catch((error: unknown) => options.log.warn({ err: error }, 'rate limit prune failed'));
  };
  const shared: StoreShared = {
    redis: options.redis,
    postgres: options.postgres,
    memory: new MemoryCounters(),
    onCounted: (where, cause) => {
      if (where === 'postgres' && options.postgres) prune(options.postgres);
      if (where === countedIn) return;
      countedIn = where;
      if (where === 'redis') options.log.info(FALLBACK_MESSAGES.redis);
      else options.log.warn({ err: cause }, FALLBACK_MESSAGES[where]);
    },
  };
  // Redis answering again is news on every node, not only on the next to count a request:
  // the log and /api/readyz say so at once.
  options.redis?.on('ready', () => shared.onCounted('redis'));
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    // The store never fails (memory takes over), so nothing is ever skipped.
    skipOnError: false,
    store: fallbackStoreClass(shared, `${options.prefix}rate-limit:`),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  return {
    state: () => {
      if (!options.redis) return 'memory';
      // Not ready counts as falling back even before a request noticed it.
      const where = options.redis.status === 'ready' ? countedIn : fallbackOf(countedIn);
      if (where === 'redis') return 'redis';
      return where === 'postgres' ? 'postgres-fallback' : 'memory-fallback';
    },
  };
  function fallbackOf(last: CountedIn): CountedIn {
    if (last !== 'redis') return last;
    return options.postgres ? 'postgres' : 'memory';
  }
}
