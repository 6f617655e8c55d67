/**
 * Funding parts (issue 41 item 6), pure: which of a player's wallets a stake is drawn from,
 * and into which wallets its returns go back. The wallet records the parts of every operation
 * and hold; the postings come from the product's usual maths with the player's cash posting
 * spread over the parts (`spreadPlayerCash`).
 *
 * The rules, exact to the paisa (property tests: a split always sums to its amount, and no
 * part is negative or beyond what it may take):
 * - a stake draws from the wallets in the policy's order, each up to its balance and the
 *   policy's maximum; what no wallet covers is put on the first wallet, so the ledger's guard
 *   refuses it (INSUFFICIENT_FUNDS) exactly as a cash stake past the balance is refused;
 * - a refund (rollback) returns exactly the parts the stake took;
 * - money taken out of a hold (a release, the settled part of a settlement) comes from the
 *   hold's parts in proportion, by largest remainder (never more than a part holds; ties go
 *   to the wallet first in `FUNDING_WALLETS`), so a whole release returns the parts exactly;
 * - a payout (a win, a settlement's payout) goes to the wallets in the proportion of the parts
 *   that funded the stakes it pays, each rounded down, the remainder paisa to cash; with no
 *   known stake (a win without a bet) it all goes to cash.
 */
import type { Paise } from './money.ts';
import type { AccountRef, Posting } from './ledger.ts';

/** The player wallets a stake can be drawn from: real cash, and the bonus wallets. */
export const FUNDING_WALLETS = ['cash', 'coins', 'sports'] as const;
export type FundingWallet = (typeof FUNDING_WALLETS)[number];

/** One wallet's share of an operation or a hold. */
export interface FundingPart {
  wallet: FundingWallet;
  amountPaise: Paise;
}

/** What a funding policy is asked for one stake. */
export interface FundingRequest {
  product: string;
  playerId: number;
  stakePaise: Paise;
}

/** A wallet a stake may draw from, at most `maxPaise` of it (no maximum when absent). */
export interface FundingDraw {
  wallet: FundingWallet;
  maxPaise?: Paise;
}

/**
 * Which wallets fund a stake, in order. `wallets` lists every wallet it may ever draw from:
 * the wallet reads a player's bonus balances and a round's parts only when a policy names a
 * wallet other than cash. The bonus issue registers one (cash first, then its grants).
 */
export interface FundingPolicy {
  readonly name: string;
  readonly wallets: readonly FundingWallet[];
  /**
   * The products whose stakes may draw from a bonus wallet (absent: every product). The
   * wallet reads bonus balances and rounds' parts only for these, so the other products'
   * batches (the exchange's, the crash game's) stay as cheap as with cash only.
   */
  readonly bonusProducts?: readonly string[];
  draws: (request: FundingRequest) => readonly FundingDraw[];
}

/** Today's rule, the default: every stake is real cash. */
export const CASH_ONLY: FundingPolicy = {
  name: 'cash-only',
  wallets: ['cash'],
  draws: () => [{ wallet: 'cash' }],
};

/** Whether a policy may ever draw from a wallet other than cash. */
export const drawsBonus = (policy: FundingPolicy): boolean =>
  policy.wallets.some((wallet) => wallet !== 'cash');

/** Whether a policy may draw a stake of this product from a wallet other than cash. */
export const drawsBonusFor = (policy: FundingPolicy, product: string): boolean =>
  drawsBonus(policy) &&
  (policy.bonusProducts === undefined || policy.bonusProducts.includes(product));

const walletOrder = (wallet: FundingWallet): number => FUNDING_WALLETS.indexOf(wallet);

/** Parts merged per wallet, zeros dropped, in `FUNDING_WALLETS` order. */
export function normalizeParts(parts: readonly FundingPart[]): FundingPart[] {
  const sums = new Map<FundingWallet, Paise>();
  for (const part of parts) sums.set(part.wallet, (sums.get(part.wallet) ?? 0n) + part.amountPaise);
  return FUNDING_WALLETS.flatMap((wallet) => {
    const amountPaise = sums.get(wallet) ?? 0n;
    return amountPaise === 0n ? [] : [{ wallet, amountPaise }];
  });
}

export const partsTotal = (parts: readonly FundingPart[]): Paise =>
  parts.reduce((sum, part) => sum + part.amountPaise, 0n);

/** The whole amount from one wallet (cash when nothing says otherwise). */
export const onePart = (amountPaise: Paise, wallet: FundingWallet = 'cash'): FundingPart[] =>
  normalizeParts([{ wallet, amountPaise }]);

/** True when no part is a bonus wallet's. */
export const cashOnly = (parts: readonly FundingPart[]): boolean =>
  parts.every((part) => part.wallet === 'cash');

export const addParts = (a: readonly FundingPart[], b: readonly FundingPart[]): FundingPart[] =>
  normalizeParts([...a, ...b]);

export const subtractParts = (
  a: readonly FundingPart[],
  b: readonly FundingPart[],
): FundingPart[] =>
  normalizeParts([
    ...a,
    ...b.map((part) => ({ wallet: part.wallet, amountPaise: -part.amountPaise })),
  ]);

/**
 * Splits a stake over the draws in order, each up to `availablePaise(wallet)` and its
 * maximum. The shortfall (not enough anywhere) goes on the first draw: the ledger's guard then
 * refuses the stake as it refuses a cash stake past the balance. One draw takes it all.
 */
export function splitStake(
  amountPaise: Paise,
  draws: readonly FundingDraw[],
  availablePaise: (wallet: FundingWallet) => Paise,
): FundingPart[] {
  const first = draws[0];
  if (first === undefined) throw new Error('a funding policy answered no wallet');
  if (draws.length === 1 && first.maxPaise === undefined) return onePart(amountPaise, first.wallet);
  const parts: FundingPart[] = [];
  let leftPaise = amountPaise;
  for (const draw of draws) {
    const room = availablePaise(draw.wallet);
    const cap = draw.maxPaise === undefined ? room : minPaise(room, draw.maxPaise);
    const takenPaise = minPaise(leftPaise, maxPaise(cap, 0n));
    parts.push({ wallet: draw.wallet, amountPaise: takenPaise });
    leftPaise -= takenPaise;
  }
  parts.push({ wallet: first.wallet, amountPaise: leftPaise });
  return normalizeParts(parts);
}

/**
 * `amountPaise` (at most the parts' total) taken from `parts` in proportion, by largest
 * remainder: no part gives more than it has, a whole release gives exactly the parts.
 */
export function takeFromParts(parts: readonly FundingPart[], amountPaise: Paise): FundingPart[] {
  const from = normalizeParts(parts);
  const totalPaise = partsTotal(from);
  if (amountPaise < 0n || amountPaise > totalPaise) {
    throw new Error(`cannot take ${amountPaise} paise from parts of ${totalPaise}`);
  }
  if (amountPaise === totalPaise) return from;
  const shares = from.map((part) => ({
    wallet: part.wallet,
    amountPaise: (part.amountPaise * amountPaise) / totalPaise,
    remainder: (part.amountPaise * amountPaise) % totalPaise,
  }));
  let leftPaise = amountPaise - shares.reduce((sum, share) => sum + share.amountPaise, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder
      ? walletOrder(a.wallet) - walletOrder(b.wallet)
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  // A share with a remainder is below its part, so one paisa more never exceeds it.
  for (const share of byRemainder) {
    if (leftPaise === 0n) break;
    if (share.remainder === 0n) continue;
    share.amountPaise += 1n;
    leftPaise -= 1n;
  }
  return normalizeParts(shares);
}

/**
 * A payout into the wallets in the proportion of `funding` (the stakes it pays), each share
 * rounded down, the remainder paisa to cash; all to cash when nothing funded it.
 */
export function splitPayout(funding: readonly FundingPart[], amountPaise: Paise): FundingPart[] {
  const from = normalizeParts(funding).filter((part) => part.amountPaise > 0n);
  const totalPaise = partsTotal(from);
  if (totalPaise === 0n || cashOnly(from)) return onePart(amountPaise);
  const shares = from.map((part) => ({
    wallet: part.wallet,
    amountPaise: (part.amountPaise * amountPaise) / totalPaise,
  }));
  const givenPaise = shares.reduce((sum, share) => sum + share.amountPaise, 0n);
  return normalizeParts([...shares, { wallet: 'cash', amountPaise: amountPaise - givenPaise }]);
}

const isPlayerCash = (account: AccountRef, playerId: string): boolean =>
  account.owner === 'player' && account.playerId === playerId && account.kind === 'cash';

/**
 * The postings with the player's cash posting spread over `parts` (its size, the sign kept):
 * a stake's debit drawn from the wallets that fund it, a payout paid into the wallets it goes
 * back to. Cash-only parts leave the postings as they are.
 */
export function spreadPlayerCash(
  postings: readonly Posting[],
  playerId: string,
  parts: readonly FundingPart[],
): Posting[] {
  if (cashOnly(parts)) return [...postings];
  const cashPaise = postings
    .filter((posting) => isPlayerCash(posting.account, playerId))
    .reduce((sum, posting) => sum + posting.amountPaise, 0n);
  const sizePaise = cashPaise < 0n ? -cashPaise : cashPaise;
  if (partsTotal(parts) !== sizePaise) {
    throw new Error(`parts of ${partsTotal(parts)} paise for a cash posting of ${cashPaise}`);
  }
  const sign = cashPaise < 0n ? -1n : 1n;
  return [
    ...postings.filter((posting) => !isPlayerCash(posting.account, playerId)),
    ...normalizeParts(parts).map((part) => ({
      account: { owner: 'player' as const, playerId, kind: part.wallet },
      amountPaise: sign * part.amountPaise,
    })),
  ];
}

/** What postings moved in or out of the player's funding wallets, per wallet, as sizes. */
export function movedParts(postings: readonly Posting[], playerId: string): FundingPart[] {
  const parts = normalizeParts(
    postings.flatMap((posting) =>
      posting.account.owner === 'player' &&
      posting.account.playerId === playerId &&
      (FUNDING_WALLETS as readonly string[]).includes(posting.account.kind)
        ? [{ wallet: posting.account.kind as FundingWallet, amountPaise: posting.amountPaise }]
        : [],
    ),
  );
  return parts.map((part) => ({
    wallet: part.wallet,
    amountPaise: part.amountPaise < 0n ? -part.amountPaise : part.amountPaise,
  }));
}

const minPaise = (a: Paise, b: Paise): Paise => (a < b ? a : b);
const maxPaise = (a: Paise, b: Paise): Paise => (a > b ? a : b);
