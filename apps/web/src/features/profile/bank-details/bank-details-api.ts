import { bankDetailDeleteAnswerSchema, bankDetailSchema } from '@spm/contract';
import type { BankDetail, BankDetailBody } from '@spm/contract';
import { request } from '@/shared/lib/request';

/** POST /bank (SPEC 7.4): a new saved detail; a failure has been toasted. */
export async function createBankDetail(detail: BankDetailBody): Promise<BankDetail | null> {
  const { data } = await request({
    url: '/bank',
    method: 'POST',
    data: detail,
    schema: bankDetailSchema,
  });
  return data;
}

/** PATCH /bank: the whole new detail for an id (its type may not change). */
export async function updateBankDetail(
  id: string,
  detail: BankDetailBody,
): Promise<BankDetail | null> {
  const { data } = await request({
    url: '/bank',
    method: 'PATCH',
    data: { id, detail },
    schema: bankDetailSchema,
  });
  return data;
}

/** DELETE /bank: withdrawals already made keep their own copy of the destination. */
export async function deleteBankDetail(id: string): Promise<boolean> {
  const { data } = await request({
    url: '/bank',
    method: 'DELETE',
    data: { id },
    schema: bankDetailDeleteAnswerSchema,
  });
  return data !== null;
}
