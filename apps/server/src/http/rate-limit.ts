import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

/**
 * Per-address limits of the identity endpoints, per minute. Login's 20 is docs/identity.md;
 * the rest keep one address from hammering an endpoint whose own limits (OTP budgets, the
 * per-account login lock) live in the database.
 */
export const RATE_LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  demoLogin: { max: 10, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  sendOtp: { max: 10, timeWindow: 60_000 },
  verifyOtp: { max: 20, timeWindow: 60_000 },
  forgotPassword: { max: 10, timeWindow: 60_000 },
  resetPassword: { max: 20, timeWindow: 60_000 },
  updatePassword: { max: 10, timeWindow: 60_000 },
  pageVisit: { max: 60, timeWindow: 60_000 },
  staffLogin: { max: 10, timeWindow: 60_000 },
} as const;

/**
 * @fastify/rate-limit, on for the routes that name a limit in `config.rateLimit` only.
 * With Redis the counters are shared by every server process; if Redis stops answering the
 * request goes through (the database-side limits still hold) rather than the site going down.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redis: Redis | undefined; prefix: string },
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.prefix}rate-limit:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}
