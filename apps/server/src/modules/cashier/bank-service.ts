import { objectWith } from '@spm/core';
import { MAX_BANK_DETAILS, type BankDetail, type BankDetailBody } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  countLiveBankDetails,
  findLiveBankDetail,
  insertBankDetail,
  listLiveBankDetails,
  lockPlayerBankDetails,
  softDeleteBankDetail,
  updateLiveBankDetail,
  type BankDetailRow,
} from './bank-repository.ts';
import type { ServiceDeps } from '../../deps.ts';

/** Saved payout destinations (SPEC 3 bank fields, 7.4 /bank). Writes are audited as the player's. */
export function toBankDetail(row: BankDetailRow): BankDetail {
  return {
    id: String(row.id),
    type: row.type,
    accountNo: row.accountNo,
    accountName: row.accountName,
    iban: row.iban,
    ifscCode: row.ifscCode,
    bankName: row.bankName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only what the type uses is kept: a UPI id never carries a stale IFSC from the form. */
function fieldsOf(body: BankDetailBody) {
  const bank = body.type === 'bank';
  return {
    accountNo: body.accountNo,
    accountName: body.accountName,
    iban: bank ? (body.iban ?? null) : null,
    ifscCode: bank ? (body.ifscCode ?? null) : null,
    bankName: body.type === 'upi' ? null : (body.bankName ?? null),
  };
}

/** The audit row of a player's change to one of their bank details. */
const auditOf = (
  playerId: number,
  ip: string,
  now: Date,
  change: { action: string; targetId: string; before: unknown; after: unknown },
) => ({
  actorType: 'player' as const,
  actorId: String(playerId),
  targetType: 'bank_detail',
  reason: null,
  ip,
  createdAt: now,
  action: change.action,
  targetId: change.targetId,
  before: change.before,
  after: change.after,
});

export async function listBankDetails(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<BankDetail[]> {
  return (await listLiveBankDetails(deps.db, playerId)).map(toBankDetail);
}

export async function getBankDetail(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  id: number,
): Promise<BankDetail> {
  const row = await findLiveBankDetail(deps.db, playerId, id);
  if (!row) throw new AppError('BANK_DETAIL_NOT_FOUND');
  return toBankDetail(row);
}

/** POST /bank: at most MAX_BANK_DETAILS live ones, counted under the player's lock. */
export async function createBankDetail(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  body: BankDetailBody,
  ip: string,
): Promise<BankDetail> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await lockPlayerBankDetails(tx, playerId);
    if ((await countLiveBankDetails(tx, playerId)) >= MAX_BANK_DETAILS) {
      throw new AppError('BANK_DETAILS_LIMIT');
    }
    const inserted = await insertBankDetail(
      tx,
      objectWith(
        { playerId, type: body.type, ...fieldsOf(body) },
        { createdAt: now, updatedAt: now },
      ),
    );
    await insertAudit(
      tx,
      auditOf(playerId, ip, now, {
        action: 'bank_detail.create',
        targetId: String(inserted.id),
        before: null,
        after: toBankDetail(inserted),
      }),
    );
    return inserted;
  });
  return toBankDetail(row);
}

/** PATCH /bank: the whole detail replaced; its type stays what it was. */
export async function updateBankDetail(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  id: number,
  body: BankDetailBody,
  ip: string,
): Promise<BankDetail> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const before = await findLiveBankDetail(tx, playerId, id);
    if (!before) throw new AppError('BANK_DETAIL_NOT_FOUND');
    // A card turned into a UPI id would change where pending money goes in the player's mind.
    if (before.type !== body.type) throw new AppError('BANK_TYPE_CHANGE');
    const after = await updateLiveBankDetail(tx, playerId, id, fieldsOf(body), now);
    if (!after) throw new AppError('BANK_DETAIL_NOT_FOUND');
    await insertAudit(
      tx,
      auditOf(playerId, ip, now, {
        action: 'bank_detail.update',
        targetId: String(id),
        before: toBankDetail(before),
        after: toBankDetail(after),
      }),
    );
    return after;
  });
  return toBankDetail(row);
}

/** DELETE /bank: soft delete; withdrawals already requested keep their own snapshot. */
export async function deleteBankDetail(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  id: number,
  ip: string,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await softDeleteBankDetail(tx, playerId, id, now);
    if (!deleted) throw new AppError('BANK_DETAIL_NOT_FOUND');
    await insertAudit(
      tx,
      auditOf(playerId, ip, now, {
        action: 'bank_detail.delete',
        targetId: String(id),
        before: toBankDetail(deleted),
        after: null,
      }),
    );
  });
  return { id: String(id) };
}
