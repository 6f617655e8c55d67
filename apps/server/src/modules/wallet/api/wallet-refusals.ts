import type { StakeRefusal } from '@spm/contract';
import { AppError } from '../../../http/app-error.ts';
import type { WalletFailure } from './wallet-api.ts';

/*
 * A wallet refusal as a player sees it over HTTP (issue 41 item 5): a policy's refusal is
 * its own 4xx code with the limit's name and when it lifts (`data.refusal`), never a 500.
 */

/** The limit and its end of a policy's refusal; undefined for any other refusal. */
export function stakeRefusalOf(failure: WalletFailure): StakeRefusal | undefined {
  if (failure.limit === undefined) return undefined;
  return { limit: failure.limit, until: failure.until ? failure.until.toISOString() : null };
}

/**
 * The error a product answers for a wallet refusal its own checks did not foresee: the
 * player's codes (not enough money, a limit, a self-exclusion, a time-out, no such player)
 * as their catalogue codes; anything else (a reused id, a round closed under the product) is
 * a bug of the product's and stays a server error.
 */
export function walletRefusalError(failure: WalletFailure, what: string): Error {
  switch (failure.code) {
    case 'LIMIT_REACHED':
    case 'SELF_EXCLUDED':
    case 'TIME_OUT': {
      const refusal = stakeRefusalOf(failure);
      return new AppError(failure.code, undefined, refusal ? { refusal } : {});
    }
    case 'INSUFFICIENT_FUNDS':
    case 'PLAYER_NOT_FOUND':
      return new AppError(failure.code);
    default:
      return new Error(`wallet refused the ${what}: ${failure.code}`);
  }
}
