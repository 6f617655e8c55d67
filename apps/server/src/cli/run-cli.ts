import { ConfigError, loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/database.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { setAppSetting } from '../services/settings-service.ts';
import { APP_SETTING_KEYS, parseSettingValue } from '../settings/app-settings.ts';

/** Exit codes: 0 done, 1 could not run (config, database), 2 the command itself was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const USAGE = [
  'Usage: node apps/server/dist/cli.js <command>',
  '',
  'Commands:',
  '  set-setting <key> <value>   Store an app setting (value: JSON, or plain text)',
  `                              keys: ${APP_SETTING_KEYS.join(', ')}`,
  '',
  'Uses the same database as the server: DATABASE_URL, or PGlite under DATA_DIR.',
  'Example: set-setting organisationStatus maintenance',
].join('\n');

/** Runs one operator command; returns the exit code instead of exiting so tests can call it. */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = defaultIo,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') {
    io.out(USAGE);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command !== 'set-setting') {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const [key, value, ...extra] = rest;
  if (key === undefined || value === undefined || extra.length > 0) {
    io.err(`set-setting takes exactly two arguments: <key> <value>.\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const parsed = parseSettingValue(key, value);
  if (!parsed.ok) {
    io.err(parsed.message);
    return EXIT_USAGE;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return EXIT_FAILURE;
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(error.message);
      return EXIT_FAILURE;
    }
    throw error;
  }
  try {
    // A fresh data dir may never have seen a server boot: the table must exist.
    await migrate(database);
    await setAppSetting(database.db, parsed.key, parsed.value);
    io.out(`${parsed.key} = ${JSON.stringify(parsed.value)}`);
    return EXIT_OK;
  } finally {
    await database.close();
  }
}
