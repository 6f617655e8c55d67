import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AppError } from './http/app-error.ts';
import { errorHandler } from './http/error-handler.ts';
import { registerMetrics } from './http/metrics.ts';
import { isServerPath, registerStaticHosting } from './http/static-hosting.ts';
import { appDataRoutes } from './routes/app-data-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';

export const API_PREFIX = '/api';
export const DOCS_PREFIX = '/api/docs';

export type App = FastifyInstance;

/** Trust the nearest `hops` proxies (fastify accepts a hop count only as a function). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Where pino writes (stdout when absent); tests pass one to read the log. */
  logStream?: { write: (line: string) => void };
}

/**
 * The whole HTTP surface, not listening: main.ts listens, tests call app.inject. Routes may
 * still be added to the returned instance until it is ready (tests add test-only routes).
 */
export async function buildApp({ config, db, logStream }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in `authorization` (DESIGN 6); they must never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Nothing we accept is big; uploads get their own limits in the multipart plugin.
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and toast/carousel libraries set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Operators may point banners and the logo at a CDN over https.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin socket.io websocket in current browsers.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Sites run on plain http inside a LAN or on localhost; upgrading would break them.
        upgradeInsecureRequests: null,
      },
    },
  });

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
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  registerMetrics(app);

  await app.register(healthRoutes, { prefix: API_PREFIX, db });
  await app.register(appDataRoutes, { prefix: API_PREFIX, db });

  const staticHosting = await registerStaticHosting(app, config);

  app.setNotFoundHandler((request, reply) => {
    if (isServerPath(request.url)) throw new AppError('ROUTE_NOT_FOUND');
    return staticHosting.handleNotFound(request, reply);
  });

  return app;
}
