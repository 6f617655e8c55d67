import type { PageVisitBody } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { TRACKER_STORAGE_KEY, readTracker, writeStorage } from '@/shared/lib/storage';
import { useAppStore } from '@/shared/stores/app-store';
import { freshAgentCode } from '@/shared/lib/agent-code';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkPageVisit = devSchema('pageVisitAnswerSchema');

/** Marks, for this browser tab's session, that the visit has been counted. */
export const VISIT_RECORDED_SESSION_KEY = 'page-visit-recorded';

const MAX_FIELD = 512;

function alreadyRecorded(): boolean {
  try {
    if (sessionStorage.getItem(VISIT_RECORDED_SESSION_KEY)) return true;
    sessionStorage.setItem(VISIT_RECORDED_SESSION_KEY, '1');
    return false;
  } catch {
    return false;
  }
}

/**
 * Where the visitor came from: the address's own `?source=` when it names one (a shared
 * invite link says whatsapp, telegram or link), else the referring page.
 */
export function visitSource(search: string): string {
  const named = new URLSearchParams(search).get('source')?.trim();
  return (named || document.referrer).slice(0, MAX_FIELD);
}

/** The body of POST /page/visit for the page being opened (contract pageVisitBodySchema). */
export function pageVisitBody(
  path: string,
  search: string = '',
  now: number = Date.now(),
): PageVisitBody {
  const body: PageVisitBody = { path: (path || '/').slice(0, MAX_FIELD) };
  const source = visitSource(search);
  if (source) body.source = source;
  const tracker = readTracker();
  if (tracker) body.tracker = tracker;
  const agentCode = freshAgentCode(useAppStore.getState().agentCodeConfig, now);
  if (agentCode) body.agentCode = agentCode;
  return body;
}

/**
 * The first page load of a browser session is counted for the referral programme: POST
 * /page/visit, and the tracking id it returns is kept under `tracker` for later visits and
 * the registration. Quiet on failure (noToastEmit): a visitor has nothing to do about it.
 */
export async function recordFirstPageVisit(path: string, search: string = ''): Promise<void> {
  if (alreadyRecorded()) return;
  const { data } = await request({
    url: '/page/visit',
    method: 'POST',
    data: pageVisitBody(path, search),
    schema: checkPageVisit,
    noToastEmit: true,
  });
  if (data?.trackingId) writeStorage(TRACKER_STORAGE_KEY, data.trackingId);
}
