import type { DataRequest, UpdatesConsent } from '@spm/contract';
import type { DataRequestRow } from './privacy-repository.ts';

/** Consent holds while it was given after it was last withdrawn. */
export function updatesConsentOf(row: {
  updatesConsentAt: Date | null;
  updatesConsentWithdrawnAt: Date | null;
}): UpdatesConsent {
  const givenAt = row.updatesConsentAt;
  const withdrawnAt = row.updatesConsentWithdrawnAt;
  return {
    given: givenAt !== null && (withdrawnAt === null || givenAt > withdrawnAt),
    givenAt: givenAt?.toISOString() ?? null,
    withdrawnAt: withdrawnAt?.toISOString() ?? null,
  };
}

export function toDataRequest(row: DataRequestRow): DataRequest {
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}
