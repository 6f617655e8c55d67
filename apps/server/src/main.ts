import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp, prettyLogStream, type App } from './app.ts';
import { ConfigError, loadConfig, moneyModeBootLine, type Config } from './config.ts';
import { migrate, openDatabase, type Database } from './db/database.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { CREDENTIALS_FILE_NAME, seed, type SeedResult } from './seed.ts';
import { formatSignInInfo, listenUrls } from './sign-in-info.ts';
import { MarketSimulator } from './modules/exchange/index.ts';
import { isRedisConnectionError } from './redis.ts';

/** Past this a stuck connection or query is not worth waiting for: exit non-zero. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * A Redis command failed for want of Redis never stops a node (issue 39 item 1): every client
 * handles its own failures (redis.ts), this is the net under a path that slipped by. Any other
 * unhandled rejection keeps Node's rule (exit non-zero), logged first.
 */
function onUnhandledRejection(reason: unknown, app: App | undefined): void {
  if (isRedisConnectionError(reason)) {
    app?.log.warn({ err: reason }, 'redis command failed while redis is away; serving on');
    return;
  }
  if (app) app.log.fatal({ err: reason }, 'unhandled rejection');
  else process.stderr.write(`unhandled rejection: ${String(reason)}\n`);
  process.exit(1);
}

/** Says which database opens, and that a first embedded start takes a while. */
function logDatabaseOpening(config: Config, bootLog: pino.Logger): void {
  if (config.databaseUrl) {
    bootLog.info({ driver: 'postgres' }, 'opening the database');
    return;
  }
  const dir = join(config.dataDir, 'pglite');
  bootLog.info(
    { driver: 'pglite', dir },
    existsSync(join(dir, 'PG_VERSION'))
      ? 'opening the embedded database'
      : 'creating the embedded database (first start: this takes up to a minute)',
  );
}

/**
 * What the boot steps share with the handlers they install: the app once it exists (the pool
 * may report a dropped idle connection at any time, before it does), how to stop the market
 * feed, and whether a shutdown has begun (a start that fails then is not worth an error).
 */
interface BootState {
  app?: App;
  stopFeed?: () => void;
  stopping: boolean;
}

/** Seconds since `startedAt`, as the boot lines print them. */
type Elapsed = () => string;

async function openDatabaseOrExit(config: Config, state: BootState): Promise<Database> {
  try {
    return await openDatabase(config, {
      error: (object, message) => state.app?.log.error(object, message),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function installShutdown(app: App, database: Database, state: BootState): void {
  const shutdown = async (signal: NodeJS.Signals) => {
    if (state.stopping) return;
    state.stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      state.stopFeed?.();
      // Stops accepting, lets in-flight requests finish, then the DB goes.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

async function migrateAndSeed(
  app: App,
  database: Database,
  config: Config,
  elapsed: Elapsed,
): Promise<SeedResult> {
  const moneyMode = moneyModeBootLine(config);
  app.log[moneyMode.level]({ moneyMode: config.moneyMode }, moneyMode.message);
  app.log.info({ driver: database.driver, after: elapsed() }, 'applying migrations');
  await migrate(database);
  app.log.info({ after: elapsed() }, 'migrations applied; seeding');
  const seedResult = await seed(database.db, {
    credentialsFile:
      database.driver === 'pglite' ? join(config.dataDir, CREDENTIALS_FILE_NAME) : undefined,
  });
  app.log.info(
    {
      insertedSettings: seedResult.insertedSettings,
      seededBanners: seedResult.seededBanners,
      seededAnnouncements: seedResult.seededAnnouncements,
      seededDemoUsers: seedResult.seededDemoUsers,
      createdAdmin: seedResult.adminPassword !== null,
      after: elapsed(),
    },
    'seed done',
  );
  return seedResult;
}

async function listenAndPrintSignInInfo(
  app: App,
  database: Database,
  config: Config,
  seedResult: SeedResult,
  elapsed: Elapsed,
): Promise<void> {
  await app.listen({ port: config.port, host: config.host });
  // A socket path (a string) is not something a browser reaches; TCP sockets only.
  const addresses = app
    .addresses()
    .filter((address): address is AddressInfo => typeof address === 'object');
  const port = addresses[0]?.port ?? config.port;
  const urls = listenUrls(addresses);
  app.log.info({ urls, after: elapsed() }, 'listening');
  process.stdout.write(`${formatSignInInfo(config, port, database.driver, seedResult, urls)}\n`);
}

/** Starts `work` once the banner is out; its failure is logged unless a shutdown began. */
function startAfterBanner(
  app: App,
  state: BootState,
  work: () => Promise<void>,
  what: string,
): void {
  setImmediate(() => {
    work().then(
      () => app.log.info(`${what} started`),
      (error: unknown) => {
        if (!state.stopping) app.log.error({ err: error }, `${what} failed to start`);
      },
    );
  });
}

function startBackgroundWork(app: App, config: Config, state: BootState): void {
  if (config.simulator) {
    const simulator = new MarketSimulator(
      app.exchange,
      Math.random,
      undefined,
      config.simulatorMarketMaker,
    );
    state.stopFeed = () => simulator.stop();
    // The site is up without the feed; the simulator seeds its events and quotes after the
    // banner, yielding between transactions, so the first requests are answered at once.
    startAfterBanner(app, state, () => simulator.start(), 'market simulator');
  }
  if (config.spm.run) {
    // SPM Games' tables finish what a stop left and then sleep until a player looks; they
    // stop with the app (its preClose), before the database goes.
    startAfterBanner(app, state, () => app.spmGames.start(), 'SPM Games tables');
  }
  if (config.crash.run) {
    // The crash game builds its hash chain at first start (off the request path, in slices),
    // recovers the round a stop left, and flies rounds; with several nodes only the holder
    // of its lease does. It stops with the app (its preClose).
    startAfterBanner(app, state, () => app.crash.start(), 'crash game');
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The app's logger exists only once the database is open, and a first start spends most of
  // its time before that (PGlite creates its cluster: about 25 s of 45 on 2 busy cores), so
  // the steps up to it log through one of their own, on the same stream, so that a terminal
  // never sits silent between the build and the banner.
  const logStream = config.logFormat === 'pretty' ? await prettyLogStream() : undefined;
  const bootLog = pino({ level: config.logLevel }, logStream);
  const startedAt = performance.now();
  const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
  const state: BootState = { stopping: false };
  process.on('unhandledRejection', (reason) => onUnhandledRejection(reason, state.app));
  logDatabaseOpening(config, bootLog);
  const database = await openDatabaseOrExit(config, state);
  bootLog.info({ after: elapsed() }, 'database open; building the app');
  const app = await buildApp(
    logStream ? { config, db: database.db, logStream } : { config, db: database.db },
  );
  state.app = app;
  installShutdown(app, database, state);

  try {
    const seedResult = await migrateAndSeed(app, database, config, elapsed);
    await listenAndPrintSignInInfo(app, database, config, seedResult, elapsed);
    startBackgroundWork(app, config, state);
  } catch (error) {
    app.log.fatal({ err: error }, 'startup failed');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
