import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
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
 * process), or `memory-fallback` (REDIS_URL set but Redis not answering: each process counts
 * on its own until it is back, so the limits loosen by the number of processes but never
 * vanish). /api/readyz reports it.
 */
export type RateLimitStoreState = 'redis' | 'memory' | 'memory-fallback';

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

interface StoreShared {
  redis: Redis | undefined;
  memory: MemoryCounters;
  /** Called with true when a count went to memory although Redis is configured. */
  onFallback: (fallingBack: boolean, cause?: unknown) => void;
}

/**
 * Redis while it answers, this process's memory otherwise: a Redis outage must not switch the
 * limits off (they guard sign-in and SMS spending). The Redis client queues nothing while
 * disconnected, so a count falls back at once instead of waiting.
 */
function fallbackStoreClass(shared: StoreShared, rootKey: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(private readonly key: string = rootKey) {}

    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      const fullKey = this.key + key;
      const memory = (cause?: unknown) => {
        if (shared.redis) shared.onFallback(true, cause);
        callback(null, shared.memory.incr(fullKey, timeWindowMs));
      };
      const redis = shared.redis;
      if (!redis || redis.status !== 'ready') {
        memory();
        return;
      }
      redis.eval(REDIS_INCR_LUA, 1, fullKey, timeWindowMs).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          shared.onFallback(false);
          callback(null, { current, ttl });
        },
        (error: unknown) => memory(error),
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

/**
 * @fastify/rate-limit, on for the routes that name a limit in `config.rateLimit` only.
 * With Redis the counters are shared by every server process; while Redis does not answer,
 * each process counts in memory (fail closed) and says so once in the log and in /api/readyz.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redis: Redis | undefined; prefix: string; log: FastifyBaseLogger },
): Promise<RateLimitStatus> {
  let fallingBack = false;
  const shared: StoreShared = {
    redis: options.redis,
    memory: new MemoryCounters(),
    onFallback: (now, cause) => {
      if (now === fallingBack) return;
      fallingBack = now;
      if (now) {
        options.log.warn(
          { err: cause },
          'redis unavailable: rate limits fall back to this process (memory) until it is back',
        );
      } else {
        options.log.info('redis is back: rate limits are shared again');
      }
    },
  };
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
      return fallingBack || options.redis.status !== 'ready' ? 'memory-fallback' : 'redis';
    },
  };
}
