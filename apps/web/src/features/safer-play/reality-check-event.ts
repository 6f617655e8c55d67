import type { RealityCheckAck, RealityCheckEvent } from '@spm/contract';

/*
 * The reality check's push, checked by hand: this runs on every signed-in page, and zod (the
 * contract's schema) stays out of the first download (page weight, docs/decisions.md).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The push as the server sends it, or null when it is not one. */
export function parseRealityCheck(payload: unknown): RealityCheckEvent | null {
  if (!isRecord(payload)) return null;
  const { sessionStartedAt, at, playedMinutes, net, index } = payload;
  if (typeof sessionStartedAt !== 'string' || typeof at !== 'string') return null;
  if (typeof playedMinutes !== 'number' || typeof net !== 'number') return null;
  if (typeof index !== 'number' || !Number.isFinite(net)) return null;
  return { sessionStartedAt, at, playedMinutes, net, index };
}

/** `rg:reality_check_ack` (a page of the player answered that check), or null. */
export function parseRealityCheckAck(payload: unknown): RealityCheckAck | null {
  if (!isRecord(payload)) return null;
  const { sessionStartedAt, index } = payload;
  if (typeof sessionStartedAt !== 'string' || typeof index !== 'number') return null;
  return { sessionStartedAt, index };
}

/**
 * Whether an answer given on another page closes this page's dialog: the same session's check,
 * or an older one (a newer check fell due since: it stays open until it is answered).
 */
export function isAnsweredBy(check: RealityCheckEvent, answer: RealityCheckAck): boolean {
  return check.sessionStartedAt === answer.sessionStartedAt && check.index <= answer.index;
}
