/**
 * Double-entry ledger rules (DESIGN 4), pure: no I/O, no clock. The server turns a
 * transaction accepted here into SQL; property tests drive the same functions with a model.
 *
 * Sign convention: a posting's amount is added to its account's balance. Money leaving an
 * account is a negative posting. Every transaction's postings sum to zero, so the whole
 * ledger always sums to zero.
 */
import type { Paise } from './money.ts';

/** A player's accounts. `cash` is what the player can use now; holds are money set aside from it. */
export const PLAYER_ACCOUNT_KINDS = [
  'cash',
  'coins',
  'sports',
  'wicket',
  'exposure_hold',
  'withdrawal_hold',
] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];

/**
 * The platform's own accounts. They may go negative (the house pays winnings before it has
 * collected losses; gateway clearing is negative until the gateway settles with us).
 */
export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'gateway_clearing',
  'bonus_pool',
  'play_money',
  'commission',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountRef =
  | { owner: 'player'; playerId: string; kind: PlayerAccountKind }
  | { owner: 'system'; kind: SystemAccountKind };

export interface Posting {
  account: AccountRef;
  amountPaise: Paise;
}

export const accountKey = (account: AccountRef): string =>
  account.owner === 'player'
    ? `player:${account.playerId}:${account.kind}`
    : `system:${account.kind}`;

export const playerAccount = (playerId: string, kind: PlayerAccountKind): AccountRef => ({
  owner: 'player',
  playerId,
  kind,
});
export const systemAccount = (kind: SystemAccountKind): AccountRef => ({ owner: 'system', kind });

/** Only player accounts are guarded against going below zero. */
export const mayGoNegative = (account: AccountRef): boolean => account.owner === 'system';

export type LedgerRejection =
  | { ok: false; code: 'EMPTY_TRANSACTION' }
  | { ok: false; code: 'ZERO_POSTING' }
  | { ok: false; code: 'UNBALANCED'; sumPaise: Paise }
  | { ok: false; code: 'INSUFFICIENT_FUNDS'; account: AccountRef; shortfallPaise: Paise };

/** Checks the shape of a transaction: at least two postings, none zero, summing to zero. */
export function checkTransaction(postings: readonly Posting[]): { ok: true } | LedgerRejection {
  if (postings.length < 2) return { ok: false, code: 'EMPTY_TRANSACTION' };
  let sum = 0n;
  for (const posting of postings) {
    if (posting.amountPaise === 0n) return { ok: false, code: 'ZERO_POSTING' };
    sum += posting.amountPaise;
  }
  return sum === 0n ? { ok: true } : { ok: false, code: 'UNBALANCED', sumPaise: sum };
}

/** Merges postings to the same account so each account changes once (one row update each). */
export function netPostings(postings: readonly Posting[]): Posting[] {
  const byKey = new Map<string, Posting>();
  for (const posting of postings) {
    const key = accountKey(posting.account);
    const existing = byKey.get(key);
    byKey.set(key, {
      account: posting.account,
      amountPaise: (existing?.amountPaise ?? 0n) + posting.amountPaise,
    });
  }
  return [...byKey.values()].filter((posting) => posting.amountPaise !== 0n);
}

export type Balances = ReadonlyMap<string, Paise>;

/**
 * Applies a transaction to balances, all or nothing. The server does the same in one database
 * transaction with a guarded UPDATE per account; this is the model the tests compare it with.
 */
export function applyTransaction(
  balances: Balances,
  postings: readonly Posting[],
): { ok: true; balances: Map<string, Paise> } | LedgerRejection {
  const shape = checkTransaction(postings);
  if (!shape.ok) return shape;
  const next = new Map(balances);
  for (const posting of netPostings(postings)) {
    const key = accountKey(posting.account);
    const after = (next.get(key) ?? 0n) + posting.amountPaise;
    if (after < 0n && !mayGoNegative(posting.account)) {
      return {
        ok: false,
        code: 'INSUFFICIENT_FUNDS',
        account: posting.account,
        shortfallPaise: -after,
      };
    }
    next.set(key, after);
  }
  return { ok: true, balances: next };
}

/** Moves an amount from one account to another: the building block of every movement. */
export function transfer(from: AccountRef, to: AccountRef, amountPaise: Paise): Posting[] {
  return [
    { account: from, amountPaise: -amountPaise },
    { account: to, amountPaise },
  ];
}

/** The wallet as SPEC 3 names it, from the player's account balances. */
export interface WalletView {
  /** What the player can stake or withdraw now. */
  balancePaise: Paise;
  /** All the player's real money: available plus what is held for bets and withdrawals. */
  cashPaise: Paise;
  coinsPaise: Paise;
  sportsPaise: Paise;
  wicketPaise: Paise;
  exposurePaise: Paise;
  withdrawalHoldPaise: Paise;
}

export function walletView(balanceOf: (kind: PlayerAccountKind) => Paise): WalletView {
  const available = balanceOf('cash');
  const exposure = balanceOf('exposure_hold');
  const withdrawalHold = balanceOf('withdrawal_hold');
  return {
    balancePaise: available,
    cashPaise: available + exposure + withdrawalHold,
    coinsPaise: balanceOf('coins'),
    sportsPaise: balanceOf('sports'),
    wicketPaise: balanceOf('wicket'),
    exposurePaise: exposure,
    withdrawalHoldPaise: withdrawalHold,
  };
}
