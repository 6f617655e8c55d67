import { createInterface } from 'node:readline';
import { staffPasswordSchema } from '@spm/contract';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/database.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { setAppSetting, APP_SETTING_KEYS, parseSettingValue } from '../modules/site/index.ts';
import { setStaffPasswordOffline } from '../modules/identity/index.ts';

/** Exit codes: 0 done, 1 could not run (config, database), 2 the command itself was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The first line of standard input (a secret is never taken as an argument). */
  readLine?: () => Promise<string>;
}

/** One line from stdin, piped or typed; empty when stdin ends first. */
function readStdinLine(): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) resolve('');
    });
  });
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readLine: readStdinLine,
};

const USAGE = [
  'Usage: node apps/server/dist/cli.js <command>',
  '',
  'Commands:',
  '  set-setting <key> <value>   Store an app setting (value: JSON, or plain text)',
  `                              keys: ${APP_SETTING_KEYS.join(', ')}`,
  '  set-staff-password <username>',
  "                              Set a staff member's password, read from the first line of",
  '                              standard input (at least 12 characters); ends their sessions',
  '                              and lifts a sign-in lock',
  '',
  'Uses the same database as the server: DATABASE_URL, or PGlite under DATA_DIR (stop the',
  'server first on PGlite).',
  'Examples: set-setting organisationStatus maintenance',
  '          printf \'%s\\n\' "$NEW_PASSWORD" | node apps/server/dist/cli.js set-staff-password admin',
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
  if (command === 'set-setting') return setSetting(rest, env, io);
  if (command === 'set-staff-password') return setStaffPassword(rest, env, io);
  io.err(`Unknown command "${command}".\n\n${USAGE}`);
  return EXIT_USAGE;
}

async function setSetting(
  rest: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
): Promise<number> {
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
  return withDatabase(env, io, async (database) => {
    await setAppSetting(database.db, parsed.key, parsed.value);
    io.out(`${parsed.key} = ${JSON.stringify(parsed.value)}`);
    return EXIT_OK;
  });
}

/**
 * The way back in for an operator whose admin password is lost or locked (and the way the
 * first-run password is changed without the back office). The password comes from stdin so
 * it never lands in the shell history or the process list.
 */
async function setStaffPassword(
  rest: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
): Promise<number> {
  const [username, ...extra] = rest;
  if (username === undefined || extra.length > 0) {
    io.err(
      'set-staff-password takes exactly one argument, <username>; the new password is read ' +
        `from standard input.\n\n${USAGE}`,
    );
    return EXIT_USAGE;
  }
  const line = (await (io.readLine ?? readStdinLine)()).replace(/\r$/, '');
  const password = staffPasswordSchema.safeParse(line);
  if (!password.success) {
    io.err(`New password: ${password.error.issues[0]?.message ?? 'not valid'}.`);
    return EXIT_USAGE;
  }
  return withDatabase(env, io, async (database) => {
    const outcome = await setStaffPasswordOffline(
      { db: database.db, clock: systemClock },
      username,
      password.data,
    );
    if (!outcome.ok) {
      io.err(`No staff member named "${username}".`);
      return EXIT_USAGE;
    }
    io.out(
      `Password of ${username} changed; ${outcome.sessionsEnded} session(s) ended. ` +
        'Their authenticator (TOTP) is unchanged.',
    );
    return EXIT_OK;
  });
}

/** Opens the server's database (migrated: a fresh data dir may never have seen a boot). */
async function withDatabase(
  env: NodeJS.ProcessEnv,
  io: CliIo,
  run: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<number>,
): Promise<number> {
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
    // A fresh data dir may never have seen a server boot: the tables must exist.
    await migrate(database);
    return await run(database);
  } finally {
    await database.close();
  }
}
