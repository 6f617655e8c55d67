import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAdjustableClock, systemClock, type AdjustableClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AppError } from './http/app-error.ts';
import { registerAuth, tokenFromAuthorization } from './http/auth.ts';
import { errorHandler } from './http/error-handler.ts';
import { registerMetrics } from './http/metrics.ts';
import { rejectNulCharacters } from './http/nul-guard.ts';
import {
  applySecurityHeaders,
  isHashedAssetPath,
  recordSecurityHeaders,
  subresourceSecurityHeaders,
  securityHeaderOptions,
} from './http/security-headers.ts';
import { registerRateLimit, type RateLimitStatus } from './http/rate-limit.ts';
import { isServerPath, registerStaticHosting } from './http/static-hosting.ts';
import {
  createRealtimeEmitter,
  type RealtimeEmitter,
  type RealtimeServer,
} from './realtime/emitter.ts';
import {
  closeRealtimeServer,
  createRealtimeServer,
  installRealtimeHandlers,
} from './realtime/realtime-server.ts';
import { openRedis, type RedisClients } from './redis.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox/outbox-worker.ts';
import { prepareDummyPassword } from './security/password.ts';
import { backofficeModule } from './modules/backoffice/index.ts';
import { bonusModule, registerBonusFunding } from './modules/bonus/index.ts';
import { cashierModule } from './modules/cashier/index.ts';
import { contentModule } from './modules/content/index.ts';
import { casinoModule } from './modules/casino/index.ts';
import { crashModule } from './modules/crash/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { exchangeModule } from './modules/exchange/index.ts';
import { privacyModule } from './modules/privacy/index.ts';
import { contactModule } from './modules/contact/index.ts';
import { referralModule } from './modules/referral/index.ts';
import { registerLimitPolicies, saferPlayModule } from './modules/safer-play/index.ts';
import { clusterModule } from './cluster/cluster-plugin.ts';
import {
  authenticateStaffToken,
  authenticatePlayerRequest,
  identityModule,
} from './modules/identity/index.ts';
import { playMoneyModule } from './modules/play-money/index.ts';
import { regionsModule } from './modules/regions/index.ts';
import { siteModule } from './modules/site/index.ts';
import { sportsbookModule, sportsbookScriptOrigin } from './modules/sportsbook/index.ts';
import { WalletApi, walletModule } from './modules/wallet/index.ts';
import { SPEC_ROUND_RULE } from '@spm/core';
import { healthRoutes } from './http/health-routes.ts';
import { devRoutes } from './sms/outbox-routes.ts';
import { devClockRoutes } from './http/dev-clock-routes.ts';
import type { ServiceDeps } from './deps.ts';
import { isConsoleSmsProvider } from './sms/console-sms-provider.ts';
import { createSmsProvider } from './sms/create-sms-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

export const API_PREFIX = '/api';
export const DOCS_PREFIX = '/api/docs';

export type App = FastifyInstance;

/** The realtime channel of this process: the socket.io server and the typed emitter. */
export interface Realtime extends RealtimeEmitter {
  readonly io: RealtimeServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** Publishes what money changes wrote to the outbox (update_balance, toasts, wallet events). */
    outbox: OutboxWorker;
  }
}

/** Trust the nearest `hops` proxies (fastify accepts a hop count only as a function). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Where pino writes (stdout when absent); tests pass one to read the log. */
  logStream?: { write: (line: string) => void };
  /** Where services read the time; tests pass a manual clock to reach expiries. */
  clock?: Clock;
  /** Replaces the provider SMS_PROVIDER names (tests). */
  sms?: SmsProvider;
}

/**
 * Request lines ("incoming request", "request completed") for the API, metrics and the
 * realtime polling only: a page load fetches dozens of static files whose lines would bury
 * them. A static request that fails is still logged.
 */
class ServerPathRequestLogs extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isServerPath(request.url)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || reply.statusCode >= 500 || isServerPath(request.url)) {
      super.requestCompleted(error, request, reply, metadata);
    }
  }
}

/**
 * Readable lines for a developer at a terminal (LOG_FORMAT=pretty). pino-pretty is loaded
 * only then, and runs in this thread: no transport worker to start, nothing lost on exit.
 */
export async function prettyLogStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}

/**
 * Fastify with what every request passes through before any route: the logger, the proxy
 * rule, zod validation, the error envelope, the NUL guard and the security headers.
 */
function createServer(config: Config, stream: BuildAppOptions['logStream'] | undefined) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in `authorization` (DESIGN 6); they must never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(stream ? { stream } : {}),
    },
    logController: new ServerPathRequestLogs(),
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Nothing we accept is big; uploads get their own limits in the multipart plugin.
    bodyLimit: 1_048_576,
    // A URL the router cannot decode (`%E0%A4%A`) or a parameter over its length answers
    // in the envelope too, not in fastify's own error shape.
    frameworkErrors: errorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // Before any route is registered, so every route (and every plugin scope) inherits it.
  app.addHook('preValidation', rejectNulCharacters);

  // helmet's headers worked out once and replayed on every response (security-headers.ts).
  const securityHeaders = recordSecurityHeaders(
    securityHeaderOptions(config.ipLookupOrigin, sportsbookScriptOrigin(config)),
  );
  const assetHeaders = subresourceSecurityHeaders(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(
      isHashedAssetPath(request.url) ? assetHeaders : securityHeaders,
      reply.raw,
    );
    done();
  });
  return app;
}

/** Response compression, the OpenAPI description and its UI, and /metrics. */
async function registerCompressionDocsAndMetrics(app: App, config: Config): Promise<void> {
  // API answers are JSON and compress well (market lists, statements); the SPAs' files are
  // compressed at build time and sent as they are (static-hosting.ts), which this plugin
  // leaves alone because they already carry a content-encoding. Brotli at the plugin's
  // quality 4 costs about as much CPU as gzip; below 1 KB it is not worth a round of it.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'SPM platform API',
        description: 'Every answer is the envelope {data, error, message?, errorCode?}.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await registerApiDocs(app, config.apiDocs);

  registerMetrics(app, { token: config.metricsToken });
}

/** The SPAs' files, and the answer to any address no route took. */
async function registerStaticAndNotFound(app: App, config: Config): Promise<void> {
  const staticHosting = await registerStaticHosting(app, config);

  app.setNotFoundHandler((request, reply) => {
    if (isServerPath(request.url)) throw new AppError('ROUTE_NOT_FOUND');
    return staticHosting.handleNotFound(request, reply);
  });
}

/**
 * The whole HTTP surface, not listening: main.ts listens, tests call app.inject. Routes may
 * still be added to the returned instance until it is ready (tests add test-only routes).
 */
export async function buildApp({
  config,
  db,
  logStream,
  clock: clockOverride,
  sms: smsOverride,
}: BuildAppOptions): Promise<App> {
  // DEV_CLOCK=adjustable (config refuses it in production): a clock /api/dev/clock moves.
  const devClock =
    clockOverride === undefined && config.devClockAdjustable ? createAdjustableClock() : undefined;
  const clock = clockOverride ?? devClock ?? systemClock;
  const stream = logStream ?? (config.logFormat === 'pretty' ? await prettyLogStream() : undefined);
  const app = createServer(config, stream);
  await registerCompressionDocsAndMetrics(app, config);

  const redis = config.redisUrl
    ? await openRedis(config.redisUrl, {
        reconnectMaxDelayMs: config.redisReconnectMaxDelayMs,
        log: app.log,
      })
    : undefined;
  let rateLimit: RateLimitStatus;
  try {
    rateLimit = await registerIdentity(app, { config, db, clock, redis, smsOverride, devClock });
  } catch (error) {
    await redis?.close();
    throw error;
  }
  await app.register(healthRoutes, { prefix: API_PREFIX, db, rateLimit });

  await registerStaticAndNotFound(app, config);

  return app;
}

/**
 * /api/docs (the UI) and /api/docs/json: to anyone, to staff only, or not at all (API_DOCS).
 * Staff only means a live staff token in `authorization` on every request of it (curl or an
 * API client; a browser does not send one on its own). Anyone else gets the 404 an address
 * that does not exist gets: the description of every route is a map for an attacker.
 */
async function registerApiDocs(app: App, mode: Config['apiDocs']): Promise<void> {
  if (mode === 'off') return;
  const staffOnly = async (request: FastifyRequest): Promise<void> => {
    const token = tokenFromAuthorization(request.headers.authorization);
    const staff = token === null ? null : await app.authenticators.staff(token).catch(() => null);
    if (staff === null) throw new AppError('ROUTE_NOT_FOUND');
  };
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    ...(mode === 'staff' ? { uiHooks: { onRequest: staffOnly } } : {}),
  });
}

/** socket.io on the app's HTTP server (through Redis when set) and the typed emitter. */
function attachRealtime(app: App, config: Config, redis: RedisClients | undefined) {
  const io = createRealtimeServer(
    app.server,
    redis && { pub: redis.pub, sub: redis.sub, prefix: config.redisPrefix },
  );
  const emitter = createRealtimeEmitter(io, redis?.linkEpoch);
  app.decorate('realtime', { io, ...emitter });
  // preClose: sockets must go before fastify closes the HTTP server, or it waits on them.
  app.addHook('preClose', async () => closeRealtimeServer(io));
  app.addHook('onClose', async () => redis?.close());
  return { io, emitter };
}

function attachOutbox(app: App, db: Db, emitter: RealtimeEmitter): void {
  // Publishes through app.realtime, looked up per emit (tests wrap it); commits through
  // either the services' emitter or app.realtime kick it.
  const outbox = createOutboxWorker({
    db,
    realtime: app.realtime,
    log: app.log,
    alsoKickedBy: [emitter],
  });
  app.decorate('outbox', outbox);
  // Migrations ran by then (main migrates before ready); what a crash left is published first.
  app.addHook('onReady', async () => outbox.start());
  // Before the sockets and the database go: a drain under way finishes, none starts.
  app.addHook('preClose', async () => outbox.stop());
}

/** The domain modules, the cluster's forwarding, and the development-only routes. */
async function registerModules(
  app: App,
  deps: ServiceDeps,
  devClock: AdjustableClock | undefined,
): Promise<void> {
  const { config, sms } = deps;
  // One plugin per domain module (src/modules/<domain>/index.ts), lowest first.
  for (const module of [
    siteModule,
    walletModule,
    regionsModule,
    identityModule,
    bonusModule,
    referralModule,
    cashierModule,
    contentModule,
    playMoneyModule,
    saferPlayModule,
    contactModule,
    backofficeModule,
    privacyModule,
  ]) {
    await app.register(module, { prefix: API_PREFIX, deps });
  }

  // Before the exchange, so its forwarding hook covers the exchange's routes.
  if (config.cluster && config.databaseUrl && config.redisUrl) {
    await app.register(clusterModule, {
      cluster: config.cluster,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
      redisReconnectMaxDelayMs: config.redisReconnectMaxDelayMs,
      apiPrefix: API_PREFIX,
    });
  }
  await app.register(exchangeModule, { deps, apiPrefix: API_PREFIX });
  await app.register(casinoModule, { deps, apiPrefix: API_PREFIX });
  await app.register(crashModule, { deps, apiPrefix: API_PREFIX });
  await app.register(sportsbookModule, { deps, apiPrefix: API_PREFIX });
  // Reads the modules above through their own services (and the exchange's engine).
  await app.register(dashboardModule, { deps, apiPrefix: API_PREFIX });
  // Never in production, whatever the provider: the outbox hands out every code (config.ts
  // already refuses SMS_PROVIDER=console there; this also covers an injected provider).
  if (isConsoleSmsProvider(sms) && config.nodeEnv !== 'production') {
    await app.register(devRoutes, { prefix: API_PREFIX, sms });
  }
  if (devClock && config.nodeEnv !== 'production') {
    await app.register(devClockRoutes, { prefix: API_PREFIX, clock: devClock });
  }
}

/**
 * Sessions, the realtime channel, SMS, rate limits and the identity routes. socket.io is
 * attached to the app's HTTP server here, so it serves as soon as the app listens.
 */
async function registerIdentity(
  app: App,
  options: {
    config: Config;
    db: Db;
    clock: Clock;
    redis: RedisClients | undefined;
    smsOverride: SmsProvider | undefined;
    devClock: AdjustableClock | undefined;
  },
): Promise<RateLimitStatus> {
  const { config, db, clock, redis } = options;
  const { io, emitter } = attachRealtime(app, config, redis);

  const sms = options.smsOverride ?? createSmsProvider(config.sms, app.log);
  await prepareDummyPassword();
  const deps: ServiceDeps = {
    db,
    clock,
    config,
    sms,
    realtime: emitter,
    log: app.log,
    wallet: createWallet({ db, clock, realtime: emitter }),
  };
  attachOutbox(app, db, emitter);
  installRealtimeHandlers(io, deps, app.log);

  const rateLimit = await registerRateLimit(app, {
    redis: redis?.command,
    // DATABASE_URL: PostgreSQL, which several nodes may share (PGlite has one process).
    postgres: config.databaseUrl ? db : undefined,
    prefix: config.redisPrefix,
    log: app.log,
  });
  await app.register(registerAuth, {
    authenticators: {
      player: (token, route) => authenticatePlayerRequest(deps, token, route),
      staff: (token) => authenticateStaffToken(deps, token),
    },
  });
  await registerModules(app, deps, options.devClock);
  return rateLimit;
}

/**
 * The one wallet every module moves money through (issue 41 item 1), with what registers on
 * it at start: the spec's per-round caps as its round rule, the limit policies (safer play)
 * and the funding policy (bonuses: casino stakes draw cash, then bonus coins).
 */
function createWallet(deps: ConstructorParameters<typeof WalletApi>[0]): WalletApi {
  const wallet = new WalletApi(deps);
  wallet.policies.setRoundRule(SPEC_ROUND_RULE);
  registerLimitPolicies(wallet);
  registerBonusFunding(wallet);
  return wallet;
}
