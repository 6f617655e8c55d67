import {
  CASH_ONLY,
  hasAnyLimit,
  type FundingPolicy,
  type Paise,
  type PlayerLimits,
  type RoundRule,
} from '@spm/core';
import type { WalletProduct } from '../ledger/wallet-operation-repository.ts';
import type { MoneyMode } from '../ledger/tables.ts';
import type { WalletTotals } from '../totals/wallet-totals.ts';

/*
 * What registers on the one wallet at start (docs/adding-a-product.md "Policies"): limit
 * policies (safer play) asked before every debit, the funding policy (bonus: which wallets a
 * stake draws from), and the round rule (the spec's per-round caps) the products with rounds
 * apply. A limit policy is a pure function: no database, no
 * clock but the request's, so the batch paths judge a whole batch in memory and stay batches.
 */

/** What a limit policy is asked: a debit about to happen. */
export interface DebitRequest {
  product: WalletProduct;
  playerId: number;
  roundId: string;
  externalId: string;
  /** The stake as the product named it. */
  stakePaise: Paise;
  /** How much the available balance falls (a hold's increase may differ from the stake). */
  debitPaise: Paise;
  now: Date;
}

/**
 * What the wallet knows of the player when it asks, read in the money move's transaction
 * under the player's row lock (taken first, so two moves of one player are judged one after
 * the other): the wallet's own row (money mode, exclusion and time-out ends; a permanent
 * exclusion ends at PERMANENT_EXCLUSION_UNTIL) and the hourly totals over the last 24 hours,
 * 7 and 30 days, the moves of the same transaction or batch before this one included.
 */
export interface WalletPlayerFacts {
  playerId: number;
  /** moneyMode === 'play': the player plays for points (kept for policies written before). */
  playMoney: boolean;
  moneyMode: MoneyMode;
  excludedUntil: Date | null;
  timeOutUntil: Date | null;
  /** The player's safer-play limits kept on the wallet row (null: none). */
  limits: PlayerLimits | null;
  totals: WalletTotals;
}

/** What a deposit policy is asked: a deposit about to be credited (issue 41 item 4). */
export interface DepositRequest {
  playerId: number;
  amountPaise: Paise;
  /** The deposit's reference (the cashier's request id or the gateway's). */
  reference: string;
  now: Date;
}

/** The refusals a limit policy may answer, each a code of the contract's catalogue. */
export type PolicyRefusalCode = 'LIMIT_REACHED' | 'SELF_EXCLUDED' | 'TIME_OUT';

export type PolicyVerdict =
  | { allow: true }
  | {
      allow: false;
      code: PolicyRefusalCode;
      /** The limit's name (`daily-loss`, `self-exclusion`, …): what the player is told. */
      limit: string;
      /** When it lifts; null when it does not by itself (a permanent exclusion). */
      until: Date | null;
    };

/**
 * Whether a policy reads `player.totals`: true (the default), false (never: when no
 * registered policy reads them the wallet does not sum the hour rows, a statement more in
 * every money transaction, and such a policy sees the totals as zeros), or 'when-limited'
 * (only for a player whose wallet row keeps limits, `player.limits`: the others' totals are
 * not summed and read as zeros).
 */
export type TotalsRead = boolean | 'when-limited';

/** A responsible-gaming limit: pure, asked before every debit in the order registered. */
export type LimitPolicy = ((request: DebitRequest, player: WalletPlayerFacts) => PolicyVerdict) & {
  readonly readsTotals?: TotalsRead;
};

/** A deposit limit: pure, asked before a deposit is credited, in the order registered. */
export type DepositPolicy = ((
  request: DepositRequest,
  player: WalletPlayerFacts,
) => PolicyVerdict) & {
  readonly readsTotals?: TotalsRead;
};

/** Whether policies reading as `reads` need a player's totals, given the player's limits. */
function totalsNeeded(reads: readonly (TotalsRead | undefined)[], limits: PlayerLimits | null) {
  return reads.some(
    (read) =>
      read === undefined || read === true || (read === 'when-limited' && hasAnyLimit(limits)),
  );
}

export type PolicyRefusal = Extract<PolicyVerdict, { allow: false }>;

const ALLOW: PolicyVerdict = { allow: true };

/** An always-allowing policy (benchmarks: what asking costs with nothing to refuse). */
export const allowAll: LimitPolicy = Object.assign(() => ALLOW, { readsTotals: false });

/** allowAll that has the wallet read the totals too (benchmarks: what that read costs). */
export const allowAllReadingTotals: LimitPolicy = () => ALLOW;

/** The policies registered on one wallet. */
export class WalletPolicies {
  private readonly limits: LimitPolicy[] = [];
  private readonly deposits: DepositPolicy[] = [];
  private round: RoundRule | undefined;
  private fundingPolicy: FundingPolicy = CASH_ONLY;

  /** Registers a limit policy, asked after those registered before it; answers its removal. */
  addLimit(policy: LimitPolicy): () => void {
    this.limits.push(policy);
    return () => {
      const at = this.limits.indexOf(policy);
      if (at >= 0) this.limits.splice(at, 1);
    };
  }

  /** Whether any limit policy is registered (nothing to ask otherwise). */
  get hasLimits(): boolean {
    return this.limits.length > 0;
  }

  /** Whether a registered limit policy reads the totals (none read otherwise). */
  get limitsReadTotals(): boolean {
    return this.limits.some((policy) => policy.readsTotals !== false);
  }

  /** Whether every limit policy reading totals reads them only for players with limits. */
  get limitsReadTotalsOnlyLimited(): boolean {
    return this.limits.every(
      (policy) => policy.readsTotals === false || policy.readsTotals === 'when-limited',
    );
  }

  /** Whether the limit policies need this player's totals (their limits decide for some). */
  limitsNeedTotals(limits: PlayerLimits | null): boolean {
    return totalsNeeded(
      this.limits.map((policy) => policy.readsTotals),
      limits,
    );
  }

  /** Whether the deposit policies need this player's totals. */
  depositsNeedTotals(limits: PlayerLimits | null): boolean {
    return totalsNeeded(
      this.deposits.map((policy) => policy.readsTotals),
      limits,
    );
  }

  /** The first refusal of the registered policies, or null when every one allows. */
  judge(request: DebitRequest, player: WalletPlayerFacts): PolicyRefusal | null {
    for (const policy of this.limits) {
      const verdict = policy(request, player);
      if (!verdict.allow) return verdict;
    }
    return null;
  }

  /** Registers a deposit policy, asked after those registered before it; answers its removal. */
  addDeposit(policy: DepositPolicy): () => void {
    this.deposits.push(policy);
    return () => {
      const at = this.deposits.indexOf(policy);
      if (at >= 0) this.deposits.splice(at, 1);
    };
  }

  /** Whether any deposit policy is registered. */
  get hasDepositPolicies(): boolean {
    return this.deposits.length > 0;
  }

  /** The first refusal of the deposit policies, or null when every one allows. */
  judgeDeposit(request: DepositRequest, player: WalletPlayerFacts): PolicyRefusal | null {
    for (const policy of this.deposits) {
      const verdict = policy(request, player);
      if (!verdict.allow) return verdict;
    }
    return null;
  }

  /** Registers the round rule, once (buildApp: the spec's). */
  setRoundRule(rule: RoundRule): void {
    if (this.round !== undefined && this.round !== rule) {
      throw new Error('the wallet has a round rule already');
    }
    this.round = rule;
  }

  /** The registered round rule; a product with rounds cannot run without one. */
  get roundRule(): RoundRule {
    if (this.round === undefined) throw new Error('no round rule is registered on the wallet');
    return this.round;
  }

  /**
   * Registers the funding policy (the bonus issue: cash first, then its grants), once: which
   * wallets a stake draws from. Until then every stake is cash (`CASH_ONLY`). Rounds staked
   * from a bonus wallet pay back into it only while the policy stays registered (the wallet
   * reads a round's parts only when a policy names a bonus wallet): register it at start.
   */
  setFundingPolicy(policy: FundingPolicy): void {
    if (this.fundingPolicy !== CASH_ONLY && this.fundingPolicy !== policy) {
      throw new Error('the wallet has a funding policy already');
    }
    this.fundingPolicy = policy;
  }

  /** The registered funding policy (`CASH_ONLY` by default). */
  get funding(): FundingPolicy {
    return this.fundingPolicy;
  }
}
