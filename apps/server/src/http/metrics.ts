import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry: modules add their own figures to /metrics. */
    metrics: Registry;
  }
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request straight from this machine: the socket's own peer (never the forwarded address,
 * which a client can write) is loopback and no proxy forwarded it. A reverse proxy on the same
 * host connects from loopback too, but adds X-Forwarded-For, so the world behind it is not
 * taken for local.
 */
function isDirectLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && request.headers['x-forwarded-for'] === undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of `authorization: Bearer <token>` with the configured token. */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return false;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics at GET /metrics. Each app owns its registry: tests build many apps in
 * one process, and the global registry would refuse the second histogram of the same name.
 * Call on the root instance so the hook sees every route. Answers direct loopback requests,
 * or any request with `authorization: Bearer METRICS_TOKEN` (docs/decisions.md).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined },
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, keeps label cardinality bounded; unmatched paths
    // (SPA fallbacks, scans) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Not found rather than forbidden: a stranger learns nothing, not even that it exists.
    if (!isDirectLoopback(request) && !hasToken(request, options.token)) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    const body = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
  });

  return registry;
}
