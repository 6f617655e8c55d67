import { randomUUID } from 'node:crypto';
import type { PageVisitBody } from '@spm/contract';
import { insertPageVisit } from './page-visit-repository.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';

/**
 * POST /page/visit: one row per visit for the referral programme. A visitor without a
 * tracking id gets a new one, which the app keeps under "tracker" and sends from then on.
 */
export async function recordPageVisit(
  deps: ServiceDeps,
  body: PageVisitBody,
  origin: RequestOrigin,
): Promise<string> {
  const trackingId = body.tracker?.trim() || randomUUID();
  await insertPageVisit(deps.db, {
    trackingId,
    path: body.path,
    source: body.source || null,
    agentCode: body.agentCode?.trim() || null,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    createdAt: deps.clock.now(),
  });
  return trackingId;
}
