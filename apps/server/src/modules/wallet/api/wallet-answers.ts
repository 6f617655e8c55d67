import { requestHash } from '../ledger/ledger-service.ts';
import type {
  WalletOperationKind,
  WalletOperationRow,
} from '../ledger/wallet-operation-repository.ts';
import { mainWallet, movedPartsOf } from '../policies/funding.ts';
import type {
  OperationInput,
  WalletFailure,
  WalletFailureCode,
  WalletResult,
} from './wallet-types.ts';

/* The wallet's answers: a refusal, a replay, or the failure codes a ledger refusal may carry. */

/** Thrown inside the API's own transaction so a refusal writes nothing. */
export class WalletRefusal extends Error {
  readonly result: WalletFailure;
  constructor(result: WalletFailure) {
    super(result.code);
    this.result = result;
  }
}

export const fail = (code: WalletFailureCode): WalletFailure => ({ ok: false, code });

/** What a replay must match: the whole request but the ledger key (a storage detail). */
export function operationHash(operation: WalletOperationKind, input: OperationInput): string {
  return requestHash(Object.assign({ operation }, input, { ledgerKey: undefined }));
}

/** The answer for a (product, external id) seen before. */
export function answerExisting(
  existing: WalletOperationRow,
  operation: WalletOperationKind,
  hash: string,
): WalletResult {
  if (existing.status === 'cancelled') return fail('ROLLED_BACK');
  if (existing.operation !== operation || existing.requestHash !== hash) {
    return fail('DUPLICATE');
  }
  const parts = movedPartsOf(existing);
  return {
    ok: true,
    operationId: existing.id,
    transactionId: existing.ledgerTransactionId,
    replay: true,
    wallet: mainWallet(parts),
    parts,
    balancePaise: existing.balanceAfterPaise ?? 0n,
    walletVersion: existing.walletVersion ?? 0,
  };
}

const WALLET_FAILURE_CODES: ReadonlySet<string> = new Set<WalletFailureCode>([
  'INSUFFICIENT_FUNDS',
  'DUPLICATE',
  'ROLLED_BACK',
  'LIMIT_REACHED',
  'SELF_EXCLUDED',
  'TIME_OUT',
  'NOT_FOUND',
  'PLAYER_NOT_FOUND',
  'NOT_ROLLBACKABLE',
  'ROUND_CLOSED',
  'INVALID_AMOUNT',
]);

export function isWalletFailureCode(code: string): code is WalletFailureCode {
  return WALLET_FAILURE_CODES.has(code);
}
