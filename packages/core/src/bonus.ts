/**
 * Bonus maths (docs/bonus.md), pure and in paise: what an offer grants for a deposit, the
 * wagering a grant adds, and where a bonus stands. Shares round down, as the cashier's do.
 */
import { shareOfPaise } from './cashier.ts';
import type { FundingPolicy } from './funding.ts';
import type { Paise } from './money.ts';

/** The terms of a deposit offer that decide its grant. */
export interface DepositOfferTerms {
  percentBps: number;
  maxBonusPaise: Paise;
  minDepositPaise: Paise;
}

/**
 * The bonus a deposit earns: `percentBps` of it, at most `maxBonusPaise`; 0 when the deposit
 * is below the offer's minimum (666 % of 300 points is 1,998 points).
 */
export function offerBonusOf(terms: DepositOfferTerms, depositPaise: Paise): Paise {
  if (depositPaise < terms.minDepositPaise || depositPaise <= 0n) return 0n;
  const share = shareOfPaise(depositPaise, terms.percentBps);
  return share < terms.maxBonusPaise ? share : terms.maxBonusPaise;
}

/** The stakes a grant asks for: `multiplier` times the bonus (50x of 1,998 is 99,900). */
export function wageringOf(bonusPaise: Paise, multiplier: number): Paise {
  if (!Number.isInteger(multiplier) || multiplier < 0) {
    throw new RangeError(`a wagering multiplier is a whole number >= 0, got ${multiplier}`);
  }
  return bonusPaise * BigInt(multiplier);
}

/** What to do with an active bonus now. */
export type BonusVerdict = 'convert' | 'expire' | 'keep';

/**
 * Wagering met converts (even at the last moment); otherwise a bonus past its expiry expires;
 * else it stays. Stakes are counted up to the requirement.
 */
export function bonusVerdict(input: {
  wageredPaise: Paise;
  requiredPaise: Paise;
  expiresAt: Date;
  now: Date;
}): BonusVerdict {
  if (input.wageredPaise >= input.requiredPaise) return 'convert';
  if (input.now.getTime() >= input.expiresAt.getTime()) return 'expire';
  return 'keep';
}

/** The stakes counted towards a requirement: never more than it. */
export const countedWagering = (wageredPaise: Paise, requiredPaise: Paise): Paise =>
  wageredPaise < requiredPaise ? wageredPaise : requiredPaise;

/**
 * The bonus funding policy: a stake of one of `products` draws the player's cash first, then
 * their bonus coins; any other product's stake is cash only (and its batches read no bonus
 * balances).
 */
export function cashThenCoins(products: readonly string[]): FundingPolicy {
  return {
    name: 'cash-then-coins',
    wallets: ['cash', 'coins'],
    bonusProducts: products,
    draws: (request) =>
      products.includes(request.product)
        ? [{ wallet: 'cash' }, { wallet: 'coins' }]
        : [{ wallet: 'cash' }],
  };
}
