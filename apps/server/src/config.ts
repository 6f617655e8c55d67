import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CRASH_BETTING_MS, CRASH_PAUSE_MS, CRASH_TICK_MS } from '@spm/contract';
import { repoRootDir } from './paths.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_FORMATS = ['json', 'pretty'] as const;

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

/** A whole number from the environment within [min, max], defaulting to `fallback`. */
const intKey = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Who may read /api/docs and its JSON: anyone, staff only (a staff token), or nobody. */
export const API_DOCS_MODES = ['public', 'staff', 'off'] as const;
export type ApiDocsMode = (typeof API_DOCS_MODES)[number];

export const SMS_PROVIDERS = ['console', 'http'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * What the site's players play for (issue 41 item 8): real money, or points only (a social
 * site where real-money play is not allowed). A new non-demo player's wallet takes this mode;
 * demo players always play for points.
 */
export const MONEY_MODES = ['real', 'play'] as const;
export type SiteMoneyMode = (typeof MONEY_MODES)[number];

const SMS_HTTP_KEYS = ['SMS_HTTP_URL', 'SMS_HTTP_API_KEY', 'SMS_HTTP_SENDER'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    // This machine only unless asked: the embedded default serves the development SMS outbox
    // (every code, to anyone who reaches it), so reaching it from elsewhere is a choice.
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: postgresUrlSchema,
    DATA_DIR: z.string().min(1).default('./data'),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    NODE_ENV: z.enum(NODE_ENVS).default('development'),
    LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
    WEB_DIST: z.string().min(1).optional(),
    BACKOFFICE_DIST: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, {
        error: 'must be true, false, a hop count or a comma-separated list of addresses',
      })
      .optional(),
    IP_LOOKUP_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
      .default('https://api.ipify.org'),
    // Regions (issue 42 item 7, docs/regions.md): the operator's IP-ranges file, and its layout.
    GEOIP_FILE: z.string().min(1).optional(),
    GEOIP_FORMAT: z
      .enum(['ranges', 'dbip-city'], { error: 'must be ranges or dbip-city' })
      .default('ranges'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be 1-64 letters, digits or : _ . -' })
      .default('spm:'),
    REDIS_RECONNECT_MAX_DELAY_MS: intKey(50, 60_000, 5000),
    SESSION_IDLE_MINUTES: intKey(1, 10_080, 60),
    SESSION_ABSOLUTE_HOURS: intKey(1, 720, 24),
    SMS_PROVIDER: z.enum(SMS_PROVIDERS).default('console'),
    SMS_HTTP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    SMS_HTTP_API_KEY: z.string().min(1).max(512).optional(),
    SMS_HTTP_SENDER: z.string().min(1).max(32).optional(),
    OTP_TTL_MINUTES: intKey(1, 60, 10),
    OTP_MAX_ATTEMPTS: intKey(1, 20, 5),
    OTP_RESEND_COOLDOWN_SECONDS: intKey(0, 3600, 30),
    OTP_MAX_PER_PHONE_PER_HOUR: intKey(1, 100, 5),
    OTP_MAX_PER_IP_PER_HOUR: intKey(1, 100_000, 20),
    LOGIN_MAX_FAILURES: intKey(1, 100, 5),
    LOGIN_LOCK_MINUTES: intKey(1, 1440, 15),
    // Unset: on, but off with CLUSTER=on (one node of a cluster runs the feed: set it there).
    SIMULATOR: z.enum(['on', 'off']).optional(),
    SIMULATOR_MARKET_MAKER: z.enum(['on', 'off']).default('on'),
    DEPOSIT_EXPIRY_MINUTES: intKey(5, 43_200, 1440),
    GATEWAY_PAYMENT_EXPIRY_MINUTES: intKey(1, 1440, 30),
    WITHDRAW_MIN_POINTS: intKey(1, 10_000_000, 100),
    WITHDRAW_MAX_POINTS: intKey(1, 100_000_000, 200_000),
    WITHDRAW_MAX_PENDING: intKey(1, 100, 3),
    DEPOSIT_MAX_PENDING: intKey(1, 100, 5),
    KYC_REQUIRED_ABOVE_POINTS: intKey(0, 100_000_000, 10_000),
    UPLOAD_MAX_BYTES: intKey(1024, 50 * 1024 * 1024, 5 * 1024 * 1024),
    UPLOAD_DIR: z.string().min(1).optional(),
    GATEWAY_SIMULATOR: z.enum(['on', 'off']).optional(),
    FASTPAY_SECRET: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
    // Unset: public, but staff with NODE_ENV=production (the OpenAPI text maps every route).
    API_DOCS: z.enum(API_DOCS_MODES).optional(),
    CLUSTER: z.enum(['on', 'off']).default('off'),
    NODE_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'must be 1-64 letters, digits or _ . -' })
      .optional(),
    CLUSTER_ADVERTISE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional(),
    CLUSTER_LEASE_MS: intKey(300, 60_000, 1500),
    // SPM Games tables (docs/decisions.md "SPM Games tables"). Unset: on, but off with
    // CLUSTER=on (the tables run in one process: set it on one node).
    SPM_TABLES: z.enum(['on', 'off']).optional(),
    SPM_BETTING_SECONDS_OVERRIDE: z.coerce.number().int().min(1).max(600).optional(),
    SPM_DEAL_STEP_MS: intKey(50, 10_000, 800),
    SPM_SETTLED_PAUSE_MS: intKey(0, 60_000, 5000),
    // The crash game (issue 43, docs/crash-game.md). Unset: on; with CLUSTER=on every node
    // runs it and the lease 'crash-game:main' decides which one flies the rounds.
    CRASH_GAME: z.enum(['on', 'off']).optional(),
    CRASH_CHAIN_LENGTH: intKey(10, 100_000_000, 1_000_000),
    CRASH_BETTING_MS: intKey(1000, 120_000, CRASH_BETTING_MS),
    CRASH_TICK_MS: intKey(20, 5_000, CRASH_TICK_MS),
    CRASH_PAUSE_MS: intKey(0, 120_000, CRASH_PAUSE_MS),
    // Unset: real (the embedded default, logged at boot), but production refuses to start.
    MONEY_MODE: z.enum(MONEY_MODES, { error: 'must be real or play' }).optional(),
    PLAY_ALLOWANCE_POINTS: intKey(1, 1_000_000, 1000),
    // Development only: a server clock moved by POST /api/dev/clock/advance (safer play's
    // reality check on time in the end-to-end test, docs/safer-play-sessions.md).
    DEV_CLOCK: z.enum(['adjustable', 'system']).default('system'),
    // The sportsbook (docs/sportsbook.md): Betby's brand, its renderer script and the public
    // key its calls are signed with. All three or none: none runs the platform's stand-in.
    BETBY_BRAND_ID: z.string().min(1).max(100).optional(),
    BETBY_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
    BETBY_PUBLIC_KEY: z
      .string()
      .includes('PUBLIC KEY', { error: 'must be a PEM public key' })
      .optional(),
    // The operator's ES256 key signing the players' tokens (PEM, PKCS #8); unset: one the
    // platform makes and keeps (sportsbook_keys), whose public half Betby is given.
    BETBY_OPERATOR_KEY: z
      .string()
      .includes('PRIVATE KEY', { error: 'must be a PEM private key' })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.CLUSTER === 'on') {
      for (const key of ['DATABASE_URL', 'REDIS_URL'] as const) {
        if (env[key] === undefined) {
          context.addIssue({ code: 'custom', path: [key], message: 'required when CLUSTER=on' });
        }
      }
      if (env.PORT === 0 && env.CLUSTER_ADVERTISE_URL === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['PORT'],
          message: 'a fixed port (or CLUSTER_ADVERTISE_URL) is needed when CLUSTER=on',
        });
      }
    }
    // Real or points is the operator's legal choice (real money for licensed markets only):
    // a production site never falls into real money by default (issue 42 item 6).
    if (env.NODE_ENV === 'production' && env.MONEY_MODE === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['MONEY_MODE'],
        message:
          'required when NODE_ENV=production: play (points only) or real (licensed markets ' +
          'only); see README "Licensing and the two money modes"',
      });
    }
    // The console provider shows every code at /api/dev/sms-outbox to anyone: on a public
    // site that is a password reset for any phone number, so production refuses to boot.
    if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'console') {
      context.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message:
          'console shows every code to anyone; set SMS_PROVIDER=http (with SMS_HTTP_URL, ' +
          'SMS_HTTP_API_KEY and SMS_HTTP_SENDER) when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_CLOCK === 'adjustable') {
      context.addIssue({
        code: 'custom',
        path: ['DEV_CLOCK'],
        message:
          'anyone could move the server clock (expiries, limits); not with NODE_ENV=production',
      });
    }
    const betbyKeys = ['BETBY_BRAND_ID', 'BETBY_SCRIPT_URL', 'BETBY_PUBLIC_KEY'] as const;
    if (betbyKeys.some((key) => env[key] !== undefined)) {
      for (const key of betbyKeys.filter((name) => env[name] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'BETBY_BRAND_ID, BETBY_SCRIPT_URL and BETBY_PUBLIC_KEY go together',
        });
      }
    }
    if (env.SMS_PROVIDER !== 'http') return;
    for (const key of SMS_HTTP_KEYS) {
      if (env[key] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'required when SMS_PROVIDER=http',
        });
      }
    }
  });

const SECRET_KEYS = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SMS_HTTP_API_KEY',
  'FASTPAY_SECRET',
  'METRICS_TOKEN',
]);

export type SmsConfig =
  { provider: 'console' } | { provider: 'http'; url: string; apiKey: string; sender: string };

export interface SessionConfig {
  idleMinutes: number;
  absoluteHours: number;
}

export interface OtpConfig {
  ttlMinutes: number;
  /** Wrong tries a code survives; the last one kills it. */
  maxAttempts: number;
  resendCooldownSeconds: number;
  maxPerPhonePerHour: number;
  maxPerIpPerHour: number;
}

export interface LoginConfig {
  /** Failures within `lockMinutes` that lock the account... */
  maxFailures: number;
  /** ...for this long; also the length of the window the failures are counted in. */
  lockMinutes: number;
}

/** Cashier limits (issue 6, docs/cashier.md). Points are whole points. */
export interface CashierConfig {
  /** A manual deposit nobody decided on expires after this; its reference is free again. */
  depositExpiryMinutes: number;
  /** An automated payment not paid within this expires. */
  gatewayPaymentExpiryMinutes: number;
  withdrawMinPoints: number;
  withdrawMaxPoints: number;
  withdrawMaxPending: number;
  depositMaxPending: number;
  /** A withdrawal above this needs approved KYC. */
  kycRequiredAbovePoints: number;
  uploadMaxBytes: number;
  /** Absolute. Uploaded files, outside the web root (default `<dataDir>/uploads`). */
  uploadDir: string;
  /**
   * HMAC secret of the automated gateway's callbacks. Unset: one is generated at first boot
   * and kept in the database (app_settings `internal.fastpaySecret`), for the simulator.
   */
  fastpaySecret: string | undefined;
  /**
   * The built-in payment gateway simulator behind automated gateways. Anyone can mark its
   * payments paid, so it defaults to off when NODE_ENV=production; off, automated gateways
   * are hidden from players until a real adapter is configured.
   */
  gatewaySimulator: boolean;
}

/** The crash game's loop (issue 43, docs/crash-game.md). */
export interface CrashGameConfig {
  /** main.ts starts the game (tests start it when they ask). */
  run: boolean;
  /** Rounds of the hash chain made at first start (docs/crash-fairness.md). */
  chainLength: number;
  bettingMs: number;
  tickMs: number;
  /** The pause after a crash before the next round's betting opens. */
  pauseMs: number;
}

/** SPM Games, the built-in casino provider: its tables' timing (docs/decisions.md "SPM Games tables"). */
export interface SpmTablesConfig {
  /** main.ts starts the tables (tests and benches start their own). */
  run: boolean;
  /** Set: every table's betting window is this many seconds instead of its own (e2e runs). */
  bettingSecondsOverride: number | undefined;
  /** The wait between two reveal steps (one card, or the wheel's stop). */
  dealStepMs: number;
  /** How long a settled round stays on the table before the next one opens. */
  settledPauseMs: number;
}

/** Several nodes sharing PostgreSQL and Redis (docs/decisions.md "Several nodes"). */
export interface ClusterConfig {
  /** Unique among live nodes; a restarted node may reuse it (its old leases are expired). */
  nodeId: string;
  /** The base URL other nodes forward requests to. */
  advertiseUrl: string;
  /** A lease not renewed within this is taken over; renewed every third of it. */
  leaseMs: number;
  /** This node runs the market simulator: the simulated markets are owned here while it lives. */
  runsFeed: boolean;
  /** This node runs the crash game (CRASH_GAME): only such nodes are designated its lease. */
  runsCrash: boolean;
}

/**
 * The sportsbook (docs/sportsbook.md). `betby` unset: the platform's stand-in renders the book
 * and signs its calls with a key of its own. PEM values may carry `\\n` for new lines (one
 * line in an environment file).
 */
export interface SportsbookConfig {
  betby: { brandId: string; scriptUrl: string; publicKeyPem: string } | undefined;
  operatorKeyPem: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  /** Set: PostgreSQL through `pg`. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Absolute. PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** Set: rate limits live in Redis and socket.io uses the Redis adapter (several nodes). */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several sites (or test runs) share one Redis. */
  redisPrefix: string;
  /**
   * The longest wait between two attempts to reach Redis again (the waits double from 50 ms up
   * to this). Also how long a client keeps a command queued: ioredis fails it after 20
   * attempts, about 70 s at the default 5 s.
   */
  redisReconnectMaxDelayMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: (typeof NODE_ENVS)[number];
  /**
   * `pretty`: one readable line per entry (pino-pretty) for a developer at a terminal;
   * `json`: one JSON object per line for log collectors. LOG_FORMAT wins; unset, pretty
   * only outside production with stdout on a terminal.
   */
  logFormat: (typeof LOG_FORMATS)[number];
  /** Absolute paths of the built SPAs. */
  webDistDir: string;
  backofficeDistDir: string;
  trustProxy: TrustProxy;
  /** The public-address lookup the player app calls at registration (SPEC 7.7); allowed by the CSP. */
  ipLookupOrigin: string;
  session: SessionConfig;
  sms: SmsConfig;
  otp: OtpConfig;
  login: LoginConfig;
  cashier: CashierConfig;
  sportsbook: SportsbookConfig;
  /** The built-in market simulator (main.ts starts it; tests start their own). */
  simulator: boolean;
  /**
   * Off: the simulator still runs events, rates and lines, but its market maker places no
   * orders and it suspends nothing at random, so only players' orders meet on the exchange.
   */
  simulatorMarketMaker: boolean;
  /**
   * Bearer token a scraper sends for GET /metrics from another machine. Unset: /metrics
   * answers only direct loopback requests (the figures name routes and load).
   */
  metricsToken: string | undefined;
  /** API_DOCS: who may read /api/docs (public, staff, off). */
  apiDocs: ApiDocsMode;
  /** Set (CLUSTER=on, with DATABASE_URL and REDIS_URL): market ownership and forwarding. */
  cluster: ClusterConfig | undefined;
  spm: SpmTablesConfig;
  crash: CrashGameConfig;
  /** MONEY_MODE: the money mode a new non-demo player's wallet opens with (real by default). */
  moneyMode: SiteMoneyMode;
  /** False: MONEY_MODE was not set and the embedded default (real) applies; main.ts says so. */
  moneyModeExplicit: boolean;
  /** PLAY_ALLOWANCE_POINTS: the daily points a play-mode player may claim (docs/play-money.md). */
  playAllowancePoints: number;
  /** GEOIP_FILE / GEOIP_FORMAT: where client addresses are placed; unset, that check is off. */
  geoip: { file: string | undefined; format: 'ranges' | 'dbip-city' };
  /** DEV_CLOCK=adjustable (never in production): the server clock can be moved forward. */
  devClockAdjustable: boolean;
}

/** A wildcard listen address is no address to reach: peers on this machine use loopback. */
function advertisedHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The environment after validation, defaults filled in. */
type ParsedEnv = z.infer<typeof envSchema>;

/** Validates the environment; throws ConfigError naming every bad key. */
function parseEnvironment(env: NodeJS.ProcessEnv): ParsedEnv {
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
  return result.data;
}

function smsConfig(parsed: ParsedEnv): SmsConfig {
  return parsed.SMS_PROVIDER === 'http'
    ? {
        provider: 'http',
        // Present: the refinement above refuses http without them.
        url: parsed.SMS_HTTP_URL ?? '',
        apiKey: parsed.SMS_HTTP_API_KEY ?? '',
        sender: parsed.SMS_HTTP_SENDER ?? '',
      }
    : { provider: 'console' };
}

function clusterConfig(parsed: ParsedEnv): ClusterConfig | undefined {
  return parsed.CLUSTER === 'on'
    ? {
        nodeId: parsed.NODE_ID ?? `${hostname()}-${process.pid}`,
        advertiseUrl: (
          parsed.CLUSTER_ADVERTISE_URL ?? `http://${advertisedHost(parsed.HOST)}:${parsed.PORT}`
        ).replace(/\/+$/, ''),
        leaseMs: parsed.CLUSTER_LEASE_MS,
        runsFeed: parsed.SIMULATOR === 'on',
        runsCrash: parsed.CRASH_GAME !== 'off',
      }
    : undefined;
}

function spmTablesConfig(parsed: ParsedEnv): SpmTablesConfig {
  return {
    run: (parsed.SPM_TABLES ?? (parsed.CLUSTER === 'on' ? 'off' : 'on')) === 'on',
    bettingSecondsOverride: parsed.SPM_BETTING_SECONDS_OVERRIDE,
    dealStepMs: parsed.SPM_DEAL_STEP_MS,
    settledPauseMs: parsed.SPM_SETTLED_PAUSE_MS,
  };
}

function otpConfig(parsed: ParsedEnv): OtpConfig {
  return {
    ttlMinutes: parsed.OTP_TTL_MINUTES,
    maxAttempts: parsed.OTP_MAX_ATTEMPTS,
    resendCooldownSeconds: parsed.OTP_RESEND_COOLDOWN_SECONDS,
    maxPerPhonePerHour: parsed.OTP_MAX_PER_PHONE_PER_HOUR,
    maxPerIpPerHour: parsed.OTP_MAX_PER_IP_PER_HOUR,
  };
}

function cashierConfig(parsed: ParsedEnv, cwd: string): CashierConfig {
  return {
    depositExpiryMinutes: parsed.DEPOSIT_EXPIRY_MINUTES,
    gatewayPaymentExpiryMinutes: parsed.GATEWAY_PAYMENT_EXPIRY_MINUTES,
    withdrawMinPoints: parsed.WITHDRAW_MIN_POINTS,
    withdrawMaxPoints: parsed.WITHDRAW_MAX_POINTS,
    withdrawMaxPending: parsed.WITHDRAW_MAX_PENDING,
    depositMaxPending: parsed.DEPOSIT_MAX_PENDING,
    kycRequiredAbovePoints: parsed.KYC_REQUIRED_ABOVE_POINTS,
    uploadMaxBytes: parsed.UPLOAD_MAX_BYTES,
    uploadDir: parsed.UPLOAD_DIR
      ? resolve(cwd, parsed.UPLOAD_DIR)
      : resolve(cwd, parsed.DATA_DIR, 'uploads'),
    fastpaySecret: parsed.FASTPAY_SECRET,
    gatewaySimulator:
      (parsed.GATEWAY_SIMULATOR ?? (parsed.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
  };
}

/**
 * Reads and validates the environment once at boot. Throws ConfigError naming every bad
 * key, so the operator sees `PORT: ...` instead of a crash deep inside a listener.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = parseEnvironment(env);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: resolve(cwd, parsed.DATA_DIR),
    redisUrl: parsed.REDIS_URL,
    logLevel: parsed.LOG_LEVEL,
    nodeEnv: parsed.NODE_ENV,
    logFormat:
      parsed.LOG_FORMAT ??
      (parsed.NODE_ENV !== 'production' && stdoutIsTerminal ? 'pretty' : 'json'),
    webDistDir: parsed.WEB_DIST
      ? resolve(cwd, parsed.WEB_DIST)
      : resolve(repoRootDir, 'apps/web/dist'),
    backofficeDistDir: parsed.BACKOFFICE_DIST
      ? resolve(cwd, parsed.BACKOFFICE_DIST)
      : resolve(repoRootDir, 'apps/backoffice/dist'),
    trustProxy: parsed.TRUST_PROXY === undefined ? false : parseTrustProxy(parsed.TRUST_PROXY),
    redisPrefix: parsed.REDIS_PREFIX,
    redisReconnectMaxDelayMs: parsed.REDIS_RECONNECT_MAX_DELAY_MS,
    ipLookupOrigin: new URL(parsed.IP_LOOKUP_ORIGIN).origin,
    session: {
      idleMinutes: parsed.SESSION_IDLE_MINUTES,
      absoluteHours: parsed.SESSION_ABSOLUTE_HOURS,
    },
    sms: smsConfig(parsed),
    simulator: (parsed.SIMULATOR ?? (parsed.CLUSTER === 'on' ? 'off' : 'on')) === 'on',
    simulatorMarketMaker: parsed.SIMULATOR_MARKET_MAKER === 'on',
    metricsToken: parsed.METRICS_TOKEN,
    apiDocs: parsed.API_DOCS ?? (parsed.NODE_ENV === 'production' ? 'staff' : 'public'),
    cluster: clusterConfig(parsed),
    moneyMode: parsed.MONEY_MODE ?? 'real',
    moneyModeExplicit: parsed.MONEY_MODE !== undefined,
    playAllowancePoints: parsed.PLAY_ALLOWANCE_POINTS,
    geoip: { file: parsed.GEOIP_FILE, format: parsed.GEOIP_FORMAT },
    devClockAdjustable: parsed.DEV_CLOCK === 'adjustable',
    spm: spmTablesConfig(parsed),
    crash: {
      run: parsed.CRASH_GAME !== 'off',
      chainLength: parsed.CRASH_CHAIN_LENGTH,
      bettingMs: parsed.CRASH_BETTING_MS,
      tickMs: parsed.CRASH_TICK_MS,
      pauseMs: parsed.CRASH_PAUSE_MS,
    },
    otp: otpConfig(parsed),
    login: {
      maxFailures: parsed.LOGIN_MAX_FAILURES,
      lockMinutes: parsed.LOGIN_LOCK_MINUTES,
    },
    cashier: cashierConfig(parsed, cwd),
    sportsbook: {
      betby:
        parsed.BETBY_BRAND_ID && parsed.BETBY_SCRIPT_URL && parsed.BETBY_PUBLIC_KEY
          ? {
              brandId: parsed.BETBY_BRAND_ID,
              scriptUrl: parsed.BETBY_SCRIPT_URL,
              publicKeyPem: parsed.BETBY_PUBLIC_KEY.replaceAll('\\n', '\n'),
            }
          : undefined,
      operatorKeyPem: parsed.BETBY_OPERATOR_KEY?.replaceAll('\\n', '\n'),
    },
  };
}

/**
 * The boot log's line on the money mode (issue 42 item 6): what the site plays for and, when
 * MONEY_MODE was not set, that the embedded default (real, with the simulated gateways while
 * GATEWAY_SIMULATOR is on) is what runs. Production never gets here without MONEY_MODE.
 */
export function moneyModeBootLine(config: Config): { level: 'info' | 'warn'; message: string } {
  if (config.moneyMode === 'play') {
    return {
      level: 'info',
      message:
        `money mode: play (points only: no deposits, withdrawals, gateways or cash bonuses; ` +
        `a daily allowance of ${config.playAllowancePoints} points)`,
    };
  }
  const gateways = config.cashier.gatewaySimulator
    ? 'the simulated payment gateways (anyone can mark a simulated payment paid)'
    : 'no automated gateway until a real one is configured';
  if (!config.moneyModeExplicit) {
    return {
      level: 'warn',
      message:
        `money mode: real, the embedded default (MONEY_MODE is not set), with ${gateways}. ` +
        'Set MONEY_MODE=play for a points-only site, or MONEY_MODE=real in a market your ' +
        'licence covers; production refuses to start without it.',
    };
  }
  return {
    level: 'info',
    message: `money mode: real (for licensed markets only), with ${gateways}`,
  };
}
