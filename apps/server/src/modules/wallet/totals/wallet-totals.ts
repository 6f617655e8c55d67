import type { Paise } from '@spm/core';

/*
 * Hourly totals of a player's money (docs/decisions.md "Hourly totals of a player's money"):
 * what the wallet adds to the player's hour row in the transaction that moves the money, and
 * the windows a limit policy reads. Pure: the batch paths add up a whole batch in memory.
 */

/** What one money move adds to the player's hour (paise; any part may be negative). */
export interface HourDelta {
  depositedPaise: Paise;
  stakedPaise: Paise;
  wonPaise: Paise;
}

/**
 * A window's sums; lost = staked − won, net = deposited + won − staked. The oldest hour of the
 * window with deposits / stakes says when a full window starts to free up (a limit's
 * refusal: docs/safer-play-limits.md); null when none or not read.
 */
export interface WindowTotals {
  depositedPaise: Paise;
  stakedPaise: Paise;
  wonPaise: Paise;
  lostPaise: Paise;
  netPaise: Paise;
  oldestDepositHour: Date | null;
  oldestStakeHour: Date | null;
}

/** The player's totals over the last 24 hours, 7 days and 30 days (24, 168, 720 hour rows). */
export interface WalletTotals {
  last24h: WindowTotals;
  last7d: WindowTotals;
  last30d: WindowTotals;
}

/** The windows and how many hour rows (the current hour included) each sums. */
export const TOTAL_WINDOWS = { last24h: 24, last7d: 168, last30d: 720 } as const;
export type TotalWindow = keyof typeof TOTAL_WINDOWS;

export const ZERO_WINDOW: WindowTotals = {
  depositedPaise: 0n,
  stakedPaise: 0n,
  wonPaise: 0n,
  lostPaise: 0n,
  netPaise: 0n,
  oldestDepositHour: null,
  oldestStakeHour: null,
};

export const zeroTotals = (): WalletTotals => ({
  last24h: ZERO_WINDOW,
  last7d: ZERO_WINDOW,
  last30d: ZERO_WINDOW,
});

const UNREAD = Symbol('totals not read');
const refuseUnread = (): never => {
  throw new Error(
    "the wallet's totals of a player were not read: name the player in the scope's debitingPlayerIds",
  );
};

/**
 * The totals of a player a read left out (a scope that named only its debiting players):
 * a policy that looks at them throws, so a product that debits a player it did not name
 * fails its transaction instead of judging a limit on zeros. One shared object: the batch
 * asks for it for every player that only wins.
 */
const UNREAD_TOTALS: WalletTotals = Object.freeze(
  Object.defineProperties({ [UNREAD]: true } as unknown as WalletTotals, {
    last24h: { get: refuseUnread },
    last7d: { get: refuseUnread },
    last30d: { get: refuseUnread },
  }),
);

/** Whether the totals were read (not those of a player the read left out). */
export const totalsWereRead = (totals: WalletTotals): boolean => totals !== UNREAD_TOTALS;

/**
 * A player's totals from a read that summed `totals` for the players in `totalsFor` (null:
 * every player it locked): zeros for a read player without hours, unreadTotals otherwise.
 */
export function totalsOfRead(
  read: { totals: ReadonlyMap<number, WalletTotals>; totalsFor: ReadonlySet<number> | null },
  playerId: number,
): WalletTotals {
  const totals = read.totals.get(playerId);
  if (totals) return totals;
  return read.totalsFor === null || read.totalsFor.has(playerId) ? zeroTotals() : UNREAD_TOTALS;
}

/** A window's sums from its three kept parts (and the oldest hours counted, when read). */
export function windowOf(
  depositedPaise: Paise,
  stakedPaise: Paise,
  wonPaise: Paise,
  oldest: { deposit: Date | null; stake: Date | null } = { deposit: null, stake: null },
): WindowTotals {
  return {
    depositedPaise,
    stakedPaise,
    wonPaise,
    lostPaise: stakedPaise - wonPaise,
    netPaise: depositedPaise + wonPaise - stakedPaise,
    oldestDepositHour: oldest.deposit,
    oldestStakeHour: oldest.stake,
  };
}

/** The totals after a move of this transaction (every window holds the current hour). */
export function totalsWith(totals: WalletTotals, delta: HourDelta): WalletTotals {
  const add = (window: WindowTotals) =>
    windowOf(
      window.depositedPaise + delta.depositedPaise,
      window.stakedPaise + delta.stakedPaise,
      window.wonPaise + delta.wonPaise,
      { deposit: window.oldestDepositHour, stake: window.oldestStakeHour },
    );
  return { last24h: add(totals.last24h), last7d: add(totals.last7d), last30d: add(totals.last30d) };
}

/**
 * What a wallet operation adds, from the change of the player's cash it makes
 * (`cashDeltaPaise`, positive when cash grows): a stake takes cash into play (staked, a hold's
 * increase included) and a release gives it back (staked falls); a win or settlement pays
 * cash back (won) and a reversal corrects it (won falls or grows); a rollback refunds a stake
 * (staked falls) or takes back a payout (won falls). Null when the cash did not change.
 */
export function hourDeltaOfOperation(
  operation: 'stake' | 'release' | 'win' | 'settle' | 'rollback' | 'reverse',
  cashDeltaPaise: Paise,
): HourDelta | null {
  if (cashDeltaPaise === 0n) return null;
  const staked = (paise: Paise): HourDelta => ({
    depositedPaise: 0n,
    stakedPaise: paise,
    wonPaise: 0n,
  });
  const won = (paise: Paise): HourDelta => ({
    depositedPaise: 0n,
    stakedPaise: 0n,
    wonPaise: paise,
  });
  switch (operation) {
    case 'stake':
    case 'release':
      return staked(-cashDeltaPaise);
    case 'win':
    case 'settle':
    case 'reverse':
      return won(cashDeltaPaise);
    case 'rollback':
      return cashDeltaPaise > 0n ? staked(-cashDeltaPaise) : won(cashDeltaPaise);
  }
}

/** A deposit credited to the player. */
export const hourDeltaOfDeposit = (amountPaise: Paise): HourDelta => ({
  depositedPaise: amountPaise,
  stakedPaise: 0n,
  wonPaise: 0n,
});

/** The start of the UTC hour `now` falls in (the windows roll by the hour: no zone involved). */
export function hourOf(now: Date): Date {
  const hour = new Date(now.getTime());
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/** Deltas added up per player, as the batch paths write them (one row per player and hour). */
export function addHourDelta(
  sums: Map<number, HourDelta>,
  playerId: number,
  delta: HourDelta,
): void {
  const sum = sums.get(playerId);
  if (!sum) {
    sums.set(playerId, { ...delta });
    return;
  }
  sum.depositedPaise += delta.depositedPaise;
  sum.stakedPaise += delta.stakedPaise;
  sum.wonPaise += delta.wonPaise;
}
