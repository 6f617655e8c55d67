import { objectWith } from '@spm/core';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { createManualClock, type ManualClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import {
  migrate,
  openPgliteDatabase,
  openPostgresDatabase,
  type Database,
  type DatabaseDriver,
  type Db,
} from '../db/database.ts';
import { seed, type SeedResult } from '../seed.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server (CI sets it). */
export const drivers: DatabaseDriver[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const postgresAvailable = Boolean(process.env.DATABASE_URL);

/** Redis too when REDIS_URL is set: rate limits and the socket.io adapter then use it. */
export const redisUrl = process.env.REDIS_URL || undefined;

/**
 * Redis settings for one harness: its own key prefix, so parallel test files and repeated
 * runs never share counters or channels.
 */
function redisEnv(): Record<string, string> {
  if (!redisUrl) return {};
  return { REDIS_URL: redisUrl, REDIS_PREFIX: `spm-test-${randomBytes(6).toString('hex')}:` };
}

/** A folder that never holds a build, so static hosting is deterministic unless a test opts in. */
const NO_DIST = join(tmpdir(), 'spm-test-no-dist');

/** Config for tests: quiet, no built SPAs, never the developer's ./data. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'spm-test-unused-data'),
    WEB_DIST: NO_DIST,
    BACKOFFICE_DIST: NO_DIST,
    ...env,
  });
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of the fresh database, for a second connection. */
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose: () => Promise<void>;
}

function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * An empty database: in-memory PGlite, or a new `t_<random>` database on the server named
 * by DATABASE_URL, so parallel test files never see each other's rows.
 */
export async function createTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openPgliteDatabase(null);
    return { database, url: undefined, dispose: () => database.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('The postgres test driver needs DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(baseUrl, name);
  const database = openPostgresDatabase(url);
  return {
    database,
    url,
    dispose: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface HarnessOptions {
  /** Extra environment for the test config (e.g. WEB_DIST). */
  env?: Record<string, string>;
  /** Runs before the app is ready: the place for test-only routes. */
  configure?: (app: App) => void | Promise<void>;
  logStream?: { write: (line: string) => void };
  /** Listen on a free port of 127.0.0.1 (socket.io tests); `baseUrl` then names it. */
  listen?: boolean;
  /** Replaces the SMS provider the config names. */
  sms?: SmsProvider;
  /**
   * PostgreSQL and Redis only: the app is one node of a cluster (CLUSTER=on) with this id,
   * listening on this fixed port of 127.0.0.1 (others forward to it there).
   */
  clusterNode?: { nodeId: string; port: number; leaseMs?: number };
}

/** The settings of a cluster node on the fresh database. */
function clusterEnv(
  node: HarnessOptions['clusterNode'],
  databaseUrl: string | undefined,
): Record<string, string> {
  if (!node) return {};
  if (!databaseUrl || !redisUrl) throw new Error('A cluster node needs PostgreSQL and Redis');
  return {
    CLUSTER: 'on',
    NODE_ID: node.nodeId,
    PORT: String(node.port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    CLUSTER_LEASE_MS: String(node.leaseMs ?? 1500),
  };
}

export interface Harness {
  driver: DatabaseDriver;
  app: App;
  config: Config;
  database: Database;
  db: Db;
  seedResult: SeedResult;
  /** The clock the services read; tests move it to reach expiries. */
  clock: ManualClock;
  /** http://127.0.0.1:<port> when started with `listen`. */
  baseUrl: string | undefined;
  /** PostgreSQL only: the fresh database's URL, for other processes (the cluster tests). */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
}

/**
 * A migrated, seeded database and the app on top of it. Start one per test file and
 * driver (PGlite takes seconds to boot): `describe.each(drivers)` with beforeAll/afterAll.
 */
export async function startHarness(
  driver: DatabaseDriver,
  options: HarnessOptions = {},
): Promise<Harness> {
  const testDatabase = await createTestDatabase(driver);
  const { database } = testDatabase;
  let app: App | undefined;
  try {
    await migrate(database);
    const seedResult = await seed(database.db);
    const config = testConfig({
      ...redisEnv(),
      ...clusterEnv(options.clusterNode, testDatabase.url),
      ...options.env,
    });
    const clock = createManualClock();
    const built = await buildApp({
      config,
      db: database.db,
      logStream: options.logStream,
      clock,
      ...(options.sms ? { sms: options.sms } : {}),
    });
    app = built;
    await options.configure?.(built);
    await built.ready();
    const baseUrl = options.clusterNode
      ? await listenOn(built, options.clusterNode.port)
      : options.listen
        ? await listenOnFreePort(built)
        : undefined;
    return {
      driver,
      app: built,
      config,
      database,
      db: database.db,
      seedResult,
      clock,
      baseUrl,
      databaseUrl: testDatabase.url,
      close: async () => {
        await built.close();
        await testDatabase.dispose();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await testDatabase.dispose();
    throw error;
  }
}

/** Listens on a free port of 127.0.0.1; answers http://127.0.0.1:<port>. */
export function listenOnFreePort(app: App): Promise<string> {
  return listenOn(app, 0);
}

/** Listens on `port` of 127.0.0.1 (0: any free one); answers http://127.0.0.1:<port>. */
export async function listenOn(app: App, port: number): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The app has no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Another node of a cluster harness (one started with `clusterNode`) in this process: the same
 * database, Redis, key prefix and clock, its own node id and port, listening on loopback. Close
 * its app before the harness.
 */
export async function startSiblingNode(
  h: Harness,
  nodeId: string,
  port: number,
  /** Runs before the app is ready, like the harness's own `configure` (test-only routes). */
  configure?: (app: App) => void | Promise<void>,
): Promise<{ app: App; baseUrl: string }> {
  const cluster = h.config.cluster;
  if (!cluster) throw new Error('startSiblingNode needs a harness started with clusterNode');
  const app = await buildApp({
    config: objectWith(h.config, {
      port,
      cluster: objectWith(cluster, { nodeId, advertiseUrl: `http://127.0.0.1:${port}` }),
    }),
    db: h.db,
    clock: h.clock,
  });
  await configure?.(app);
  return { app, baseUrl: await listenOn(app, port) };
}

/** A scratch folder removed by the returned function. */
export async function makeTempDir(
  prefix: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The database's own message for a statement it refused (drizzle wraps it as the cause of a
 * "Failed query" error), or 'done' when the statement ran.
 */
export function databaseRefusal(statement: Promise<unknown>): Promise<string> {
  return statement.then(
    () => 'done',
    (error: unknown) => {
      const cause = error instanceof Error ? error.cause : undefined;
      return cause instanceof Error ? cause.message : String(error);
    },
  );
}
