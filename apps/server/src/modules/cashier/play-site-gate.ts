import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/** Staff reads stay open on a play site: the history of what happened before a switch. */
const STAFF_READ = /^\/api\/staff\//;

/**
 * The cashier on a MONEY_MODE=play site (issue 42 item 6, docs/play-money.md): points only,
 * so every cashier route answers 403 PLAY_MONEY_SITE before anything is read or stored:
 * gateways, deposits, the gateway's callback and its simulator, withdrawals, bank details and
 * KYC (kept for withdrawals), and every staff decision (approving a deposit or a withdrawal,
 * gateway settings). Only staff reads answer, so the history of a site that ran for real money
 * before stays visible. The wallet refuses a play-mode wallet's deposit or withdrawal by
 * itself too (PLAY_MONEY): this closes the doors for a real-mode wallet left from a switch.
 */
export async function refuseCashOnPlaySite(request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url ?? '';
  if (request.method === 'GET' && STAFF_READ.test(route)) return;
  throw new AppError('PLAY_MONEY_SITE');
}
