import {
  PERMANENT_EXCLUSION_UNTIL,
  type DepositPolicy,
  type LimitPolicy,
  type PolicyVerdict,
  type WalletApi,
  type WalletPlayerFacts,
} from '../../wallet/index.ts';

/*
 * The wallet policies of a time-out and a self-exclusion (issue 42 item 3): every stake of
 * every product and every deposit is refused while the wallet's own row says so, read under
 * the player's row lock. Pure; they never read the totals. A self-exclusion's `until` is null
 * while it waits for the player's return (it does not end by itself), then when play reopens.
 */

const ALLOW: PolicyVerdict = { allow: true };

/** The refusal of a player under a self-exclusion or a time-out at `now`, else allow. */
export function exclusionVerdict(player: WalletPlayerFacts, now: Date): PolicyVerdict {
  const excluded = player.excludedUntil;
  if (excluded !== null && excluded.getTime() > now.getTime()) {
    const lifts = excluded.getTime() !== PERMANENT_EXCLUSION_UNTIL.getTime();
    return {
      allow: false,
      code: 'SELF_EXCLUDED',
      limit: 'self-exclusion',
      until: lifts ? excluded : null,
    };
  }
  const timeOut = player.timeOutUntil;
  if (timeOut !== null && timeOut.getTime() > now.getTime()) {
    return { allow: false, code: 'TIME_OUT', limit: 'time-out', until: timeOut };
  }
  return ALLOW;
}

/** Before every debit: refuses a stake of a time-out or self-excluded player. */
export const exclusionStakePolicy: LimitPolicy = Object.assign(
  (request: { now: Date }, player: WalletPlayerFacts) => exclusionVerdict(player, request.now),
  { readsTotals: false },
);

/** Before a deposit is credited: refuses it while a time-out or self-exclusion holds. */
export const exclusionDepositPolicy: DepositPolicy = (request, player) =>
  exclusionVerdict(player, request.now);

/** Registers both on the one wallet (at start); answers their removal. */
export function registerExclusionPolicies(wallet: WalletApi): () => void {
  const removeStake = wallet.policies.addLimit(exclusionStakePolicy);
  const removeDeposit = wallet.policies.addDeposit(exclusionDepositPolicy);
  return () => {
    removeStake();
    removeDeposit();
  };
}
