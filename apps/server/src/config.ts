import { resolve } from 'node:path';
import { z } from 'zod';
import { repoRootDir } from './paths.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

/** Fastify's trustProxy: off, on, a hop count, or a list of trusted addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const postgresUrlSchema = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrlSchema,
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  WEB_DIST: z.string().min(1).optional(),
  BACKOFFICE_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be true, false, a hop count or a comma-separated list of addresses',
    })
    .optional(),
});

const SECRET_KEYS = new Set(['DATABASE_URL', 'REDIS_URL']);

export interface Config {
  port: number;
  host: string;
  /** Set: PostgreSQL through `pg`. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Absolute. PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** Recorded now; the Redis adapter and cross-node pub/sub use it later. */
  redisUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: (typeof NODE_ENVS)[number];
  /** Absolute paths of the built SPAs. */
  webDistDir: string;
  backofficeDistDir: string;
  trustProxy: TrustProxy;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the environment once at boot. Throws ConfigError naming every bad
 * key, so the operator sees `PORT: ...` instead of a crash deep inside a listener.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Config {
  // An empty variable (`PORT=`) means "not set": the shell makes those easily and
  // z.coerce would otherwise turn '' into port 0.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = issue.path.join('.') || '(environment)';
      // URLs may carry passwords; echo only values that cannot.
      const shown = SECRET_KEYS.has(key) ? '' : ` (got ${JSON.stringify(present[key] ?? null)})`;
      return `  ${key}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: resolve(cwd, parsed.DATA_DIR),
    redisUrl: parsed.REDIS_URL,
    logLevel: parsed.LOG_LEVEL,
    nodeEnv: parsed.NODE_ENV,
    webDistDir: parsed.WEB_DIST
      ? resolve(cwd, parsed.WEB_DIST)
      : resolve(repoRootDir, 'apps/web/dist'),
    backofficeDistDir: parsed.BACKOFFICE_DIST
      ? resolve(cwd, parsed.BACKOFFICE_DIST)
      : resolve(repoRootDir, 'apps/backoffice/dist'),
    trustProxy: parsed.TRUST_PROXY === undefined ? false : parseTrustProxy(parsed.TRUST_PROXY),
  };
}
