import type { StaffRole } from '@spm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, isAppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player; set by `app.requireAuth`, null on routes without it. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of protected routes (`onRequest: app.requireAuth`): resolves the
     * `authorization` token or answers 401 UNAUTHORIZED / SESSION_EXPIRED before the body is
     * even read. Then `currentPlayer(request)` gives the player.
     */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** The identity module's token checks, handed in by buildApp (guards stay module-free). */
    authenticators: Authenticators;
  }
}

/** `authorization: <token>` or `authorization: Bearer <token>` (DESIGN 6); null when absent. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^bearer$/i.test(value)) return null;
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : value;
  return token.length > 0 ? token : null;
}

/**
 * The signed-in player of a route open to visitors, null for a visitor. A token that no longer
 * works is a visitor here (the app's own session check signs it out), not an error on a public
 * page; a player under a time-out or self-exclusion is refused (403 RESTRICTED), the route
 * being no part of the restricted view unless it is listed there.
 */
export async function playerOrVisitor(
  app: Pick<FastifyInstance, 'authenticators'>,
  request: FastifyRequest,
): Promise<AuthContext | null> {
  const token = tokenFromAuthorization(request.headers.authorization);
  if (token === null) return null;
  return app.authenticators.player(token, routeOfRequest(request)).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'RESTRICTED') throw error;
    return null;
  });
}

/** The player of a route behind `app.requireAuth`. */
export function currentPlayer(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/**
 * Hook after `app.requireAuth` for what demo accounts may not do (deposits, withdrawals, KYC,
 * bonus claims, account changes): `onRequest: [app.requireAuth, requireRealAccount]` answers
 * 403 DEMO_ACCOUNT.
 */
export async function requireRealAccount(request: FastifyRequest): Promise<void> {
  if (currentPlayer(request).isDemo) throw new AppError('DEMO_ACCOUNT');
}

/** The signed-in player a guard lets through (identity's sessions answer it). */
export interface AuthContext {
  sessionId: string;
  userId: number;
  username: string;
  name: string;
  isDemo: boolean;
  typeId: number;
  /**
   * When the time-out or self-exclusion in force at this request ends (epoch ms), null when
   * none is: such a player is answered only on the restricted view's routes.
   */
  restrictedUntilMs: number | null;
}

/** The signed-in staff member a staff guard lets through. */
export interface StaffContext {
  sessionId: string;
  staffId: number;
  username: string;
  role: StaffRole;
}

/** How a token becomes a player or a staff member: the identity module's answer. */
export interface Authenticators {
  /**
   * `route`: `routeOfRequest(request)`, so a player under a time-out or self-exclusion is
   * refused (403 RESTRICTED) outside the restricted view.
   */
  player: (token: string, route: string) => Promise<AuthContext>;
  staff: (token: string) => Promise<StaffContext>;
}

async function authPlugin(
  app: FastifyInstance,
  { authenticators }: { authenticators: Authenticators },
): Promise<void> {
  app.decorate('authenticators', authenticators);
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = tokenFromAuthorization(request.headers.authorization);
    if (token === null) throw new AppError('UNAUTHORIZED');
    request.auth = await authenticators.player(token, routeOfRequest(request));
  });
}

/** The method and URL pattern of a request's route (a HEAD is its GET), e.g. `GET /api/bets`. */
export function routeOfRequest(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url ?? ''}`;
}

/** Registered on the root so every route plugin sees `requireAuth`. */
export const registerAuth = fp(authPlugin, { name: 'spm-auth' });
