import type { StaffRole } from '@spm/contract';
import type { FastifyRequest } from 'fastify';
import type { StaffContext } from './auth.ts';
import { AppError } from './app-error.ts';
import { tokenFromAuthorization } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by a `requireStaff` hook. */
    staff?: StaffContext;
  }
}

/**
 * onRequest hook of staff routes: a live staff token (a player's is unknown here: 401), and
 * the role when one is named (otherwise 403 FORBIDDEN). Admin may do what an agent may.
 */
export function requireStaff(role?: StaffRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenFromAuthorization(request.headers.authorization);
    if (token === null) throw new AppError('UNAUTHORIZED');
    const staff = await request.server.authenticators.staff(token);
    if (role !== undefined && staff.role !== role && staff.role !== 'admin') {
      throw new AppError('FORBIDDEN');
    }
    request.staff = staff;
  };
}

export function currentStaff(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError('UNAUTHORIZED');
  return request.staff;
}

/** Who acts, and from where: every staff write is audited with it. */
export interface StaffActor {
  staff: StaffContext;
  ip: string;
}

/** The staff member of a route behind a staff guard, with the request's address. */
export const staffActorOf = (request: FastifyRequest): StaffActor => ({
  staff: currentStaff(request),
  ip: request.ip,
});
