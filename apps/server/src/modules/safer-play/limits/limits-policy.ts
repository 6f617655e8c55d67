import { judgeLimits, type LimitWindows } from '@spm/core';
import type {
  DepositPolicy,
  LimitPolicy,
  PolicyVerdict,
  WalletPlayerFacts,
  WalletTotals,
} from '../../wallet/index.ts';

/*
 * The player's deposit, loss and stake limits as the wallet's policies (issue 42 item 1):
 * pure, judged in memory from the wallet row's `limits` and the hourly totals the wallet
 * read under the same lock, so every product's debit (single or batch) and every deposit is
 * judged alike. They read totals only for a player with limits ('when-limited').
 */

/** The wallet's windows as core's limit windows. */
export const limitWindowsOf = (totals: WalletTotals): LimitWindows => ({
  '24h': totals.last24h,
  '7d': totals.last7d,
  '30d': totals.last30d,
});

const ALLOW: PolicyVerdict = { allow: true };

function verdict(
  action: 'deposit' | 'debit',
  amountPaise: bigint,
  player: WalletPlayerFacts,
  now: Date,
): PolicyVerdict {
  // Points are not money: a play-mode player's moves add no hours, and limits are of money.
  if (player.moneyMode === 'play' || player.limits === null) return ALLOW;
  const refusal = judgeLimits(
    action,
    amountPaise,
    player.limits,
    limitWindowsOf(player.totals),
    now,
  );
  return refusal
    ? { allow: false, code: 'LIMIT_REACHED', limit: refusal.limit, until: refusal.until }
    : ALLOW;
}

/** Loss and stake limits, before every debit of every product. */
export const playerLimitsPolicy: LimitPolicy = Object.assign(
  (request: Parameters<LimitPolicy>[0], player: WalletPlayerFacts) =>
    verdict('debit', request.debitPaise, player, request.now),
  { readsTotals: 'when-limited' as const },
);

/** Deposit limits, before a deposit is credited (and when the player asks to deposit). */
export const playerDepositLimitsPolicy: DepositPolicy = Object.assign(
  (request: Parameters<DepositPolicy>[0], player: WalletPlayerFacts) =>
    verdict('deposit', request.amountPaise, player, request.now),
  { readsTotals: 'when-limited' as const },
);
