import { objectWith } from '@spm/core';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
import { migrationsDir } from '../paths.ts';
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
export async function createTestDatabase(
  driver: DatabaseDriver,
  options: { template?: string } = {},
): Promise<TestDatabase> {
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
    await admin.query(
      options.template
        ? `create database "${name}" template "${options.template}"`
        : `create database "${name}"`,
    );
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

/**
 * A migrated empty database, as createTestDatabase then migrate would give, made from a copy
 * instead of running every migration again for each harness (the suite starts about two
 * hundred; PGlite's own boot is most of each): PGlite starts from the data directory of one
 * migrated database (pgliteSnapshot), PostgreSQL copies a template database migrated once per
 * set of migrations. `migrate.test.ts` still runs the migrations themselves on empty databases.
 */
export async function createMigratedTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openPgliteDatabase(null, { loadDataDir: await pgliteSnapshot() });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('The postgres test driver needs DATABASE_URL');
  return createTestDatabase('postgres', { template: await postgresTemplate(baseUrl) });
}

/**
 * The data directory of a migrated in-memory PGlite. Each test file runs in a process of its
 * own, so it is kept on disk, named by the migrations' hash (written under a temporary name
 * and renamed, so no process reads half of it); a process that finds none makes it, and
 * removes the snapshots of other migrations.
 */
async function pgliteSnapshot(): Promise<Blob> {
  const hash = await migrationsHash();
  const file = join(tmpdir(), `spm-pglite-${hash}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // None yet: made below.
  }
  const first = await openPgliteDatabase(null);
  let dump: Blob;
  try {
    await migrate(first);
    dump = await first.dumpDataDir!();
  } finally {
    await first.close();
  }
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  for (const other of await readdir(tmpdir())) {
    if (/^spm-pglite-[0-9a-f]{12}\.tar$/.test(other) && !file.endsWith(other)) {
      await rm(join(tmpdir(), other), { force: true });
    }
  }
  return dump;
}

let postgresTemplateMade: Promise<string> | undefined;

/**
 * The name of a database migrated with exactly these migrations (the name carries their
 * hash, so a changed migration makes a new template), made by the first worker that needs
 * it: built under a name of its own, then renamed into place, so no worker ever copies one
 * half migrated; a worker that loses the race drops its copy.
 */
function postgresTemplate(baseUrl: string): Promise<string> {
  postgresTemplateMade ??= (async () => {
    const name = `spm_tpl_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = await createTestDatabase('postgres');
      await migrate(building.database);
      await building.database.close();
      const buildName = new URL(building.url!).pathname.slice(1);
      try {
        await admin.query(`alter database "${buildName}" rename to "${name}"`);
      } catch (error) {
        await building.dispose();
        // Another worker renamed its copy into place first: that one is as good.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  postgresTemplateMade.catch(() => (postgresTemplateMade = undefined));
  return postgresTemplateMade;
}

/** The first 12 hex digits of the SHA-256 of every migration file, in name order. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const journal = join(migrationsDir, 'meta', '_journal.json');
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  for (const file of [...files.map((f) => join(migrationsDir, f)), journal]) {
    hash.update(file.slice(migrationsDir.length)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 12);
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
  const testDatabase = await createMigratedTestDatabase(driver);
  const { database } = testDatabase;
  let app: App | undefined;
  try {
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
  options: {
    /** Runs before the app is ready, like the harness's own `configure` (test-only routes). */
    configure?: (app: App) => void | Promise<void>;
    /** This node's CRASH_GAME (default: the harness's). */
    runsCrash?: boolean;
  } = {},
): Promise<{ app: App; baseUrl: string }> {
  const { configure, runsCrash = h.config.crash.run } = options;
  const cluster = h.config.cluster;
  if (!cluster) throw new Error('startSiblingNode needs a harness started with clusterNode');
  const app = await buildApp({
    config: objectWith(h.config, {
      port,
      cluster: objectWith(cluster, {
        nodeId,
        advertiseUrl: `http://127.0.0.1:${port}`,
        runsCrash,
      }),
      crash: objectWith(h.config.crash, { run: runsCrash }),
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
