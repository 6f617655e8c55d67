import {
  CASHIER_MESSAGES,
  KYC_BACK_FIELD,
  KYC_FRONT_FIELD,
  kycDocumentType,
  kycSubmitFieldsSchema,
  type FieldIssue,
  type KycState,
  type KycSubmission,
} from '@spm/contract';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  insertKycSubmission,
  kycStatusOf,
  listPlayerKycSubmissions,
  type KycSubmissionRow,
} from './kyc-repository.ts';
import { missingFiles, parseFormFields, type ReceivedForm } from '../../uploads/multipart.ts';
import { storeUpload, withUploadCleanup } from '../../uploads/upload-store.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * KYC (SPEC 3 document table; issue 6): the player uploads a document, staff approve or
 * decline it. One submission is under review at a time (kyc_submissions_pending_key); an
 * approval is final and lifts the withdrawal threshold.
 */

/** The player's own screen shows this many submissions, newest first. */
export const KYC_HISTORY_LIMIT = 10;

/** "****234F": enough to recognise the document, not to copy it. */
export function maskDocId(docId: string | null): string | null {
  return docId === null ? null : `****${docId.slice(-4)}`;
}

export function toKycSubmission(row: KycSubmissionRow): KycSubmission {
  return {
    id: String(row.id),
    docType: row.docType,
    docTypeName: kycDocumentType(row.docType)?.name ?? String(row.docType),
    docId: maskDocId(row.docId),
    hasBack: row.backUploadId !== null,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function getKycState(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  playerId: number,
): Promise<KycState> {
  const [status, rows] = await Promise.all([
    kycStatusOf(deps.db, playerId),
    listPlayerKycSubmissions(deps.db, playerId, KYC_HISTORY_LIMIT),
  ]);
  return {
    status,
    submissions: rows.map(toKycSubmission),
    kycRequiredAbove: deps.config.cashier.kycRequiredAbovePoints,
  };
}

/** The fields' schema issues in the validator's shape (multipart bypasses fastify's). */
function fieldsOf(form: ReceivedForm) {
  return parseFormFields(kycSubmitFieldsSchema, form.fields);
}

/**
 * POST /kyc. Checked in this order, all before any file is written: the fields, the files the
 * document type needs, then the player's state (pending or approved: 409). A back side sent
 * for a type that does not need one is kept: it does no harm and the reviewer may use it.
 * A doc id sent for a type that does not need one is dropped: it was never checked.
 */
export async function submitKyc(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  playerId: number,
  form: ReceivedForm,
  ip: string,
): Promise<KycState> {
  const fields = fieldsOf(form);
  const type = kycDocumentType(fields.docType);
  if (!type) throw new AppError('VALIDATION_FAILED');
  const front = form.files.get(KYC_FRONT_FIELD);
  const back = form.files.get(KYC_BACK_FIELD);
  const issues: FieldIssue[] = [];
  if (!front) issues.push({ field: KYC_FRONT_FIELD, message: CASHIER_MESSAGES.frontRequired });
  if (type.backRequired && !back) {
    issues.push({ field: KYC_BACK_FIELD, message: CASHIER_MESSAGES.backRequired });
  }
  if (!front || issues.length > 0) throw missingFiles(issues);

  const status = await kycStatusOf(deps.db, playerId);
  if (status === 'pending') throw new AppError('KYC_ALREADY_PENDING');
  if (status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');

  const now = deps.clock.now();
  try {
    await withUploadCleanup((track) =>
      deps.db.transaction(async (tx) => {
        const frontUpload = track(
          await storeUpload(deps, tx, { playerId, purpose: 'kyc_front', file: front, now }),
        );
        const backUpload = back
          ? track(await storeUpload(deps, tx, { playerId, purpose: 'kyc_back', file: back, now }))
          : undefined;
        const row = await insertKycSubmission(tx, {
          playerId,
          docType: type.id,
          docId: type.docIdRequired ? (fields.docId ?? null) : null,
          frontUploadId: frontUpload.id,
          backUploadId: backUpload?.id ?? null,
          createdAt: now,
        });
        await insertAudit(tx, {
          actorType: 'player',
          actorId: String(playerId),
          action: 'kyc.submit',
          targetType: 'kyc_submission',
          targetId: String(row.id),
          before: { status },
          after: { status: row.status, docType: type.name, hasBack: row.backUploadId !== null },
          reason: null,
          ip,
          createdAt: now,
        });
      }),
    );
  } catch (error) {
    // Two submissions at once: the index lets one through; the other reads as pending.
    if (uniqueViolationConstraint(error) === 'kyc_submissions_pending_key') {
      throw new AppError('KYC_ALREADY_PENDING');
    }
    throw error;
  }
  return getKycState(deps, playerId);
}
