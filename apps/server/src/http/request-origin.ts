import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../deps.ts';

/** Where a request came from, as services record it (sessions, page visits, audit). */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
