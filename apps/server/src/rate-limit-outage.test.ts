import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { openPostgresDatabase, type Database } from './db/database.ts';
import { RATE_LIMITS } from './http/rate-limit.ts';
import { seed } from './seed.ts';
import {
  createMigratedTestDatabase,
  postgresAvailable,
  testConfig,
  type TestDatabase,
} from './test/harness.ts';
import { randomIp } from './test/identity.ts';
import { startPrivateRedis, type PrivateRedis } from './test/private-redis.ts';

/** The sign-in endpoints limited per address, with a body each refuses (nothing is signed in). */
const LIMITED = [
  {
    url: '/api/login',
    body: { username: 'nobody-here', password: 'wrong-password' },
    max: RATE_LIMITS.login.max,
  },
  {
    url: '/api/staff/login',
    body: { username: 'nobody-here', password: 'wrong-password' },
    max: RATE_LIMITS.staffLogin.max,
  },
  {
    url: '/api/sendOtpToMobile',
    body: { mobile: 'bad', country_code: '91' },
    max: RATE_LIMITS.sendOtp.max,
  },
];

const WAIT_MS = 15_000;

/** The promise's value, or a failure naming the wait when it takes longer. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe.skipIf(!postgresAvailable)(
  'shared limits while Redis is away (two nodes, one PostgreSQL)',
  () => {
    let redis: PrivateRedis;
    let testDatabase: TestDatabase;
    const connections: Database[] = [];
    const nodes: App[] = [];

    beforeAll(async () => {
      redis = await startPrivateRedis();
      testDatabase = await createMigratedTestDatabase('postgres');
      await seed(testDatabase.database.db);
      const env = {
        DATABASE_URL: testDatabase.url!,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `spm-limits-${randomBytes(6).toString('hex')}:`,
        REDIS_RECONNECT_MAX_DELAY_MS: '200',
      };
      // Two nodes as main.ts makes them: each its own pool on the same database.
      for (let i = 0; i < 2; i += 1) {
        const database = openPostgresDatabase(testDatabase.url!);
        connections.push(database);
        nodes.push(await buildApp({ config: testConfig(env), db: database.db }));
      }
      await Promise.all(nodes.map((node) => node.ready()));
    });
    afterAll(async () => {
      for (const node of nodes) await node.close();
      for (const database of connections) await database.close();
      await testDatabase?.dispose();
      await redis?.stop();
    });

    /** Requests from one address, alternating between the nodes, until one is limited. */
    async function answeredBeforeLimited(
      url: string,
      body: object,
      max: number,
      answerWithinMs = WAIT_MS,
    ): Promise<number> {
      const ip = randomIp();
      for (let sent = 0; sent <= max * 2; sent += 1) {
        const node = nodes[sent % nodes.length]!;
        const res = await within(
          answerWithinMs,
          node.inject({ method: 'POST', url, payload: body, remoteAddress: ip }),
        );
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ error: true, errorCode: 'RATE_LIMITED' });
          // Limited on every node, not only the one that counted last.
          const other = nodes[(sent + 1) % nodes.length]!;
          const again = await other.inject({
            method: 'POST',
            url,
            payload: body,
            remoteAddress: ip,
          });
          expect(again.statusCode).toBe(429);
          return sent;
        }
      }
      throw new Error(`${url}: never limited`);
    }

    async function readiness(node: App): Promise<unknown> {
      return (await node.inject({ method: 'GET', url: '/api/readyz' })).json();
    }

    async function limitsEverywhere(): Promise<number[]> {
      const answered: number[] = [];
      for (const { url, body, max } of LIMITED)
        answered.push(await answeredBeforeLimited(url, body, max));
      return answered;
    }

    it('limits one address over both nodes at the same total with Redis up, down and back', async () => {
      const maxima = LIMITED.map(({ max }) => max);
      expect(await limitsEverywhere()).toEqual(maxima);

      await redis.stop();
      expect(await limitsEverywhere()).toEqual(maxima);
      for (const node of nodes) {
        expect(await readiness(node)).toEqual({
          data: { status: 'ok', rateLimitStore: 'postgres-fallback', degraded: true },
          error: false,
        });
      }

      await redis.start();
      // Every node says so once its command client is back, before any request counts there.
      const deadline = Date.now() + WAIT_MS;
      for (const node of nodes) {
        for (;;) {
          const ready = (await readiness(node)) as { data: { rateLimitStore: string } };
          if (ready.data.rateLimitStore === 'redis') break;
          if (Date.now() > deadline) throw new Error('the limits never went back to Redis');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(await limitsEverywhere()).toEqual(maxima);
    }, 90_000);

    it('limits one address over both nodes at the same total while Redis answers nothing', async () => {
      const maxima = LIMITED.map(({ max }) => max);
      redis.freeze();
      try {
        // Each limited request answers promptly (the command times out and PostgreSQL counts)
        // instead of waiting for TCP to give up on a Redis that keeps its connections.
        const started = performance.now();
        const answered: number[] = [];
        for (const { url, body, max } of LIMITED) {
          answered.push(await answeredBeforeLimited(url, body, max, 3_000));
        }
        expect(answered).toEqual(maxima);
        expect(performance.now() - started).toBeLessThan(60_000);
      } finally {
        redis.thaw();
      }
    }, 90_000);
  },
);
