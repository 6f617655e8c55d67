import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
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

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server (CI sets it). */
export const drivers: DatabaseDriver[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const postgresAvailable = Boolean(process.env.DATABASE_URL);

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
}

export interface Harness {
  driver: DatabaseDriver;
  app: App;
  config: Config;
  database: Database;
  db: Db;
  seedResult: SeedResult;
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
  try {
    await migrate(database);
    const seedResult = await seed(database.db);
    const config = testConfig(options.env);
    const app = await buildApp({ config, db: database.db, logStream: options.logStream });
    await options.configure?.(app);
    await app.ready();
    return {
      driver,
      app,
      config,
      database,
      db: database.db,
      seedResult,
      close: async () => {
        await app.close();
        await testDatabase.dispose();
      },
    };
  } catch (error) {
    await testDatabase.dispose();
    throw error;
  }
}

/** A scratch folder removed by the returned function. */
export async function makeTempDir(
  prefix: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
