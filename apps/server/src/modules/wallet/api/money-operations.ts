import {
  playerAccount,
  systemAccount,
  transfer,
  walletView,
  type Paise,
  type Posting,
  type WalletView,
} from '@spm/core';
import { holdFences, type ResourceFence } from '../../../cluster/resource-lease.ts';
import type { DbHandle } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { findTransactionByKey } from '../ledger/ledger-repository.ts';
import {
  getWalletView,
  ledgerTransaction,
  postWithin,
  requestHash,
  type LedgerContext,
  type LedgerDeps,
  type PostFailureCode,
} from '../ledger/ledger-service.ts';
import {
  addPlayerHours,
  lockWalletPlayers,
  readWalletPlayers,
  readWalletTotals,
  type WalletPlayerRow,
} from '../ledger/wallet-player-repository.ts';
import { playerFactsOf } from '../policies/debit-judging.ts';
import type { PolicyRefusal, WalletPolicies } from '../policies/wallet-policies.ts';
import { hourDeltaOfDeposit, hourOf, zeroTotals } from '../totals/wallet-totals.ts';

/*
 * The wallet's operations for everything that is not a product: the cashier (deposits,
 * withdrawals), staff adjustments and system funding. Each builds its postings with core's
 * ledger functions and keeps the idempotency key and request hash its caller always used,
 * so nothing already in a database replays differently. Callers open the transaction with
 * `walletTransaction` when they write their own rows (a deposit's status, an audit line)
 * in it; only the wallet module touches the ledger's internals.
 */

export {
  getWallet,
  getWalletView,
  requestHash,
  toWallet,
  type LedgerContext as WalletContext,
  type PostFailureCode as MoneyFailureCode,
} from '../ledger/ledger-service.ts';

/** How a wallet transaction is opened. */
export interface WalletTransactionOptions {
  /**
   * The lease of the resource the money is moved for (a crash game, a sportsbook event) with
   * the token the caller's node holds (`MarketOwnership.fenceOf`). Checked first, with the
   * exchange's fence (`holdFences`): a stale token throws SERVICE_UNAVAILABLE and nothing
   * commits, and the lease row stays locked against a takeover until this commits, so a
   * paused old owner can never move money for a resource it lost.
   */
  fence?: ResourceFence | undefined;
}

/**
 * Runs `work` in one wallet transaction: money, the caller's own rows and the outbox events
 * commit together; a refused posting rolls all of it back and answers `{ok: false, code}`.
 */
export function walletTransaction<T>(
  deps: LedgerDeps,
  work: (ctx: LedgerContext) => Promise<T>,
  options: WalletTransactionOptions = {},
): Promise<T | { ok: false; code: PostFailureCode }> {
  const { fence } = options;
  if (fence === undefined) return ledgerTransaction(deps, work);
  return ledgerTransaction(deps, async (ctx) => {
    await holdFences(ctx.tx, [fence]);
    return work(ctx);
  });
}

/** What a money operation answers: the ledger transaction and the player's wallet after it. */
export interface MoneyMoved {
  transactionId: string;
  /** True when the key had been used with the same request: nothing new was written. */
  replay: boolean;
  wallet: WalletView;
  /**
   * The player's wallet version after it (the update_balance the commit sends); undefined
   * for a replay, which moved nothing in this transaction.
   */
  walletVersion: number | undefined;
}

/**
 * Locks the player's wallet row (first, as every money transaction does) and answers it. A
 * play-mode player's points never meet real money (docs/decisions.md "Money mode"): with
 * `realMoneyOnly` a play-mode row throws PLAY_MONEY, so nothing of the caller's transaction
 * (a deposit's approval, a withdrawal request) commits.
 */
async function lockPlayerRow(
  ctx: LedgerContext,
  playerId: number,
  options: { realMoneyOnly: boolean },
): Promise<WalletPlayerRow | undefined> {
  const player = (await lockWalletPlayers(ctx.tx, [playerId])).get(playerId);
  ctx.lockedPlayers.add(playerId);
  if (options.realMoneyOnly && player?.moneyMode === 'play') throw new AppError('PLAY_MONEY');
  return player;
}

/** The account on the other side of a non-product move: play money for a play-mode player. */
const houseOf = (player: WalletPlayerRow | undefined) =>
  systemAccount(player?.moneyMode === 'play' ? 'play_money' : 'house');

const cashOf = (playerId: number) => playerAccount(String(playerId), 'cash');
const withdrawalHoldOf = (playerId: number) => playerAccount(String(playerId), 'withdrawal_hold');

async function move(
  ctx: LedgerContext,
  playerId: number,
  input: Parameters<typeof postWithin>[1],
): Promise<MoneyMoved> {
  const posted = await postWithin(ctx, input);
  return {
    transactionId: posted.transactionId,
    replay: posted.replay,
    wallet: posted.wallets.get(playerId) ?? walletView(() => 0n),
    walletVersion: ctx.versions.get(playerId),
  };
}

/** A deposit a deposit policy refused: nothing was credited. */
export type DepositRefused = { ok: false } & Omit<PolicyRefusal, 'allow'>;

/**
 * An approved deposit: gateway clearing -> player cash, keyed `deposit:{id}`, through the
 * wallet's door (issue 41 item 4): the player's wallet row is locked first, the registered
 * deposit policies are asked (with the row and the hourly totals) and a refusal credits
 * nothing; a credit adds to the player's hour (deposited) in the same transaction. A
 * play-mode player's deposit throws PLAY_MONEY: points never meet real money.
 */
export async function creditDeposit(
  ctx: LedgerContext,
  policies: WalletPolicies,
  input: {
    depositId: number;
    playerId: number;
    amountPaise: Paise;
    description: string;
    actorStaffId?: number | undefined;
  },
): Promise<MoneyMoved | DepositRefused> {
  const player = await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: true });
  if (player && policies.hasDepositPolicies) {
    const totals = policies.depositsNeedTotals(player.limits)
      ? (await readWalletTotals(ctx.tx, [input.playerId], ctx.now)).get(input.playerId)
      : undefined;
    const refusal = policies.judgeDeposit(
      {
        playerId: input.playerId,
        amountPaise: input.amountPaise,
        reference: `DEP-${input.depositId}`,
        now: ctx.now,
      },
      playerFactsOf(player, totals ?? zeroTotals()),
    );
    if (refusal)
      return { ok: false, code: refusal.code, limit: refusal.limit, until: refusal.until };
  }
  const moved = await move(ctx, input.playerId, {
    kind: 'deposit',
    postings: transfer(
      systemAccount('gateway_clearing'),
      cashOf(input.playerId),
      input.amountPaise,
    ),
    idempotencyKey: `deposit:${input.depositId}`,
    requestHash: requestHash({ depositId: input.depositId, amountPaise: input.amountPaise }),
    description: input.description,
    reference: `DEP-${input.depositId}`,
    playerId: input.playerId,
    actorStaffId: input.actorStaffId,
  });
  if (!moved.replay) {
    const delta = hourDeltaOfDeposit(input.amountPaise);
    await addPlayerHours(ctx.tx, hourOf(ctx.now), new Map([[input.playerId, delta]]));
  }
  return moved;
}

/**
 * The deposit policies asked ahead, when the player asks to deposit (before a payment is
 * opened or a proof uploaded), unlocked: a deposit they would refuse now is refused at once
 * with the same answer, so the player is told before paying. Not a promise: creditDeposit
 * asks again under the row lock when the money arrives.
 */
export async function depositRefusalAhead(
  db: DbHandle,
  policies: WalletPolicies,
  input: { playerId: number; amountPaise: Paise; now: Date },
): Promise<DepositRefused | null> {
  if (!policies.hasDepositPolicies) return null;
  const player = (await readWalletPlayers(db, [input.playerId])).get(input.playerId);
  if (!player) return null;
  const totals = policies.depositsNeedTotals(player.limits)
    ? (await readWalletTotals(db, [input.playerId], input.now)).get(input.playerId)
    : undefined;
  const refusal = policies.judgeDeposit(
    { playerId: input.playerId, amountPaise: input.amountPaise, reference: '', now: input.now },
    playerFactsOf(player, totals ?? zeroTotals()),
  );
  return refusal && { ok: false, code: refusal.code, limit: refusal.limit, until: refusal.until };
}

/**
 * A gateway's deposit bonus: bonus pool -> player coins, keyed `deposit-bonus:{id}`; never to
 * a play-mode player (PLAY_MONEY).
 */
export async function creditDepositBonus(
  ctx: LedgerContext,
  input: {
    depositId: number;
    playerId: number;
    bonusPaise: Paise;
    description: string;
    actorStaffId?: number | undefined;
  },
): Promise<MoneyMoved> {
  await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: true });
  return bonusPoolToCoins(ctx, input.playerId, input.bonusPaise, {
    idempotencyKey: `deposit-bonus:${input.depositId}`,
    requestHash: requestHash({ depositId: input.depositId, bonusPaise: input.bonusPaise }),
    description: input.description,
    reference: `DEP-${input.depositId}`,
    actorStaffId: input.actorStaffId,
  });
}

/** Promotional money: the house's bonus pool -> the player's coins (bonus money). */
function bonusPoolToCoins(
  ctx: LedgerContext,
  playerId: number,
  amountPaise: Paise,
  entry: Pick<
    Parameters<typeof postWithin>[1],
    'idempotencyKey' | 'requestHash' | 'description' | 'reference' | 'actorStaffId'
  >,
): Promise<MoneyMoved> {
  return move(ctx, playerId, {
    kind: 'bonus',
    postings: transfer(
      systemAccount('bonus_pool'),
      playerAccount(String(playerId), 'coins'),
      amountPaise,
    ),
    playerId,
    ...entry,
  });
}

/**
 * A referral reward (docs/referral.md): bonus pool -> the referrer's coins, keyed
 * `referral-reward:{childId}` (one reward per invited player, ever). Locks the invited player
 * and the referrer together in id order before anything else of the deposit locks either, so
 * it never waits on a batch that holds them in that order. Null, moving nothing, when the
 * referrer plays for points or has no wallet: a reward is real money.
 */
export async function creditReferralReward(
  ctx: LedgerContext,
  input: {
    childId: number;
    referrerId: number;
    depositId: number;
    rewardPaise: Paise;
    description: string;
  },
): Promise<MoneyMoved | null> {
  const players = await lockWalletPlayers(ctx.tx, [input.childId, input.referrerId]);
  ctx.lockedPlayers.add(input.childId);
  ctx.lockedPlayers.add(input.referrerId);
  if (players.get(input.referrerId)?.moneyMode !== 'real') return null;
  return bonusPoolToCoins(ctx, input.referrerId, input.rewardPaise, {
    idempotencyKey: `referral-reward:${input.childId}`,
    requestHash: requestHash({ childId: input.childId, rewardPaise: input.rewardPaise }),
    description: input.description,
    reference: `DEP-${input.depositId}`,
  });
}

/**
 * Bonus coins granted by the bonus module (docs/bonus.md): bonus pool -> the player's coins,
 * under the caller's key (`bonus-grant:{claimId}`); never to a play-mode player (PLAY_MONEY).
 */
export async function grantBonusCoins(
  ctx: LedgerContext,
  input: {
    idempotencyKey: string;
    playerId: number;
    amountPaise: Paise;
    description: string;
    reference: string;
  },
): Promise<MoneyMoved> {
  await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: true });
  return bonusPoolToCoins(ctx, input.playerId, input.amountPaise, {
    idempotencyKey: input.idempotencyKey,
    requestHash: requestHash({ key: input.idempotencyKey, amountPaise: input.amountPaise }),
    description: input.description,
    reference: input.reference,
  });
}

/**
 * The player's bonus coins, read with their wallet row locked (first, as every money move
 * locks it), so no stake draws on them until the caller's transaction ends: what a bonus's
 * conversion or forfeiture moves. Zero for a player with no wallet.
 */
export async function lockBonusCoins(ctx: LedgerContext, playerId: number): Promise<Paise> {
  const player = await lockPlayerRow(ctx, playerId, { realMoneyOnly: false });
  if (!player) return 0n;
  return (await getWalletView(ctx.tx, playerId)).coinsPaise;
}

const coinsOf = (playerId: number) => playerAccount(String(playerId), 'coins');

/**
 * A bonus's coins settled (call `lockBonusCoins` first): `cash` when its wagering is met
 * (coins -> cash, `bonus-release:{claimId}`), `pool` when it is cancelled or expires (coins
 * -> bonus pool, `bonus-forfeit:{claimId}`). One per bonus, ever: a second asks replay.
 */
export function settleBonusCoins(
  ctx: LedgerContext,
  input: {
    claimId: number;
    playerId: number;
    amountPaise: Paise;
    to: 'cash' | 'pool';
    description: string;
    actorStaffId?: number | undefined;
  },
): Promise<MoneyMoved> {
  const released = input.to === 'cash';
  return move(ctx, input.playerId, {
    kind: released ? 'bonus_release' : 'bonus_forfeit',
    postings: transfer(
      coinsOf(input.playerId),
      released ? cashOf(input.playerId) : systemAccount('bonus_pool'),
      input.amountPaise,
    ),
    idempotencyKey: `${released ? 'bonus-release' : 'bonus-forfeit'}:${input.claimId}`,
    requestHash: requestHash({ claimId: input.claimId, amountPaise: input.amountPaise }),
    description: input.description,
    reference: `BON-${input.claimId}`,
    playerId: input.playerId,
    actorStaffId: input.actorStaffId,
  });
}

const withdrawalReference = (requestId: number) => `WD-${requestId}`;

/**
 * A withdrawal request: cash -> withdrawal_hold, keyed `withdraw-hold:{id}`. A play-mode
 * player's points cannot be withdrawn: PLAY_MONEY, and the request rolls back with it.
 */
export async function holdWithdrawal(
  ctx: LedgerContext,
  input: { requestId: number; playerId: number; amountPaise: Paise },
): Promise<MoneyMoved> {
  await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: true });
  return move(ctx, input.playerId, {
    kind: 'withdrawal_hold',
    postings: transfer(cashOf(input.playerId), withdrawalHoldOf(input.playerId), input.amountPaise),
    idempotencyKey: `withdraw-hold:${input.requestId}`,
    requestHash: requestHash({ requestId: input.requestId, amountPaise: input.amountPaise }),
    description: `Withdrawal request #${input.requestId}`,
    reference: withdrawalReference(input.requestId),
    playerId: input.playerId,
  });
}

/**
 * A cancelled or declined withdrawal: withdrawal_hold -> cash. Cancel and decline share the
 * key and the hash, so even if both reached the ledger the second would move nothing.
 */
export function releaseWithdrawal(
  ctx: LedgerContext,
  input: {
    requestId: number;
    playerId: number;
    amountPaise: Paise;
    description: string;
    actorStaffId?: number | undefined;
  },
): Promise<MoneyMoved> {
  return move(ctx, input.playerId, {
    kind: 'withdrawal_release',
    postings: transfer(withdrawalHoldOf(input.playerId), cashOf(input.playerId), input.amountPaise),
    idempotencyKey: `withdraw-release:${input.requestId}`,
    requestHash: requestHash({ requestId: input.requestId, amountPaise: input.amountPaise }),
    description: input.description,
    reference: withdrawalReference(input.requestId),
    playerId: input.playerId,
    actorStaffId: input.actorStaffId,
  });
}

/**
 * An approved withdrawal: the hold leaves to gateway clearing (the money is on its way out)
 * and the crypto extra comes from the bonus pool to clearing beside it. Never for a play-mode
 * player (PLAY_MONEY; its request could not have been held, this guards a mode changed since).
 */
export async function payOutWithdrawal(
  ctx: LedgerContext,
  input: {
    requestId: number;
    playerId: number;
    amountPaise: Paise;
    extraPaise: Paise;
    actorStaffId: number;
  },
): Promise<MoneyMoved> {
  await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: true });
  const clearing = systemAccount('gateway_clearing');
  const postings: Posting[] = transfer(
    withdrawalHoldOf(input.playerId),
    clearing,
    input.amountPaise,
  );
  if (input.extraPaise > 0n) {
    postings.push(...transfer(systemAccount('bonus_pool'), clearing, input.extraPaise));
  }
  return move(ctx, input.playerId, {
    kind: 'withdrawal',
    postings,
    idempotencyKey: `withdraw-payout:${input.requestId}`,
    requestHash: requestHash({
      requestId: input.requestId,
      amountPaise: input.amountPaise,
      extraPaise: input.extraPaise,
    }),
    description: `Withdrawal #${input.requestId} paid out`,
    reference: withdrawalReference(input.requestId),
    playerId: input.playerId,
    actorStaffId: input.actorStaffId,
  });
}

/**
 * A staff adjustment: house -> cash (credit) or cash -> house (debit), keyed per staff
 * member `adjustment:{staffId}:{key}`. A play-mode player's counterparty is the `play_money`
 * account instead, decided from the player's wallet row (locked first): points never meet
 * the house's real money (docs/decisions.md "Money mode").
 */
export async function adjustCash(
  ctx: LedgerContext,
  input: {
    staffId: number;
    staffUsername: string;
    idempotencyKey: string;
    playerId: number;
    direction: 'credit' | 'debit';
    amountPaise: Paise;
    reason: string;
    /**
     * The site's MONEY_MODE. On a play site a wallet still in real money (left from before a
     * switch) is not adjusted: PLAY_MONEY_SITE, no real money moves there (issue 42 item 6).
     */
    siteMoneyMode?: 'real' | 'play' | undefined;
  },
): Promise<MoneyMoved> {
  const cash = cashOf(input.playerId);
  const player = await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: false });
  if (input.siteMoneyMode === 'play' && player?.moneyMode !== 'play') {
    throw new AppError('PLAY_MONEY_SITE');
  }
  const house = houseOf(player);
  const credit = input.direction === 'credit';
  return move(ctx, input.playerId, {
    kind: credit ? 'adjustment_credit' : 'adjustment_debit',
    postings: credit
      ? transfer(house, cash, input.amountPaise)
      : transfer(cash, house, input.amountPaise),
    idempotencyKey: `adjustment:${input.staffId}:${input.idempotencyKey}`,
    requestHash: requestHash({
      playerId: input.playerId,
      direction: input.direction,
      amountPaise: input.amountPaise,
      reason: input.reason,
    }),
    description: input.reason,
    reference: `ADJ-${input.staffUsername}`,
    playerId: input.playerId,
    actorStaffId: input.staffId,
  });
}

/**
 * The market simulator's maker float: house -> the maker's cash once, keyed
 * `market-maker-funding:{id}` (the simulator moves onto this with the exchange switch); from
 * play money when the maker plays for points (a MONEY_MODE=play site).
 */
export async function fundMarketMaker(
  deps: LedgerDeps,
  makerId: number,
  amountPaise: Paise,
): Promise<void> {
  const result = await ledgerTransaction(deps, async (ctx) =>
    move(ctx, makerId, {
      kind: 'adjustment_credit',
      postings: transfer(
        houseOf(await lockPlayerRow(ctx, makerId, { realMoneyOnly: false })),
        cashOf(makerId),
        amountPaise,
      ),
      idempotencyKey: `market-maker-funding:${makerId}`,
      description: 'Market maker float',
      reference: 'SIMULATOR',
      playerId: makerId,
    }),
  );
  if ('ok' in result) throw new Error(`market maker funding refused: ${result.code}`);
}

/** The ledger key of a player's daily points: one claim per player and day (India time). */
const playAllowanceKey = (playerId: number, day: string) => `play-allowance:${playerId}:${day}`;

/**
 * A play-money site's daily points (issue 42 item 6, docs/play-money.md): play_money -> the
 * player's cash, keyed `play-allowance:{playerId}:{day}`, so a second claim on the same day
 * (even a concurrent one) is a replay that moves nothing. Only to a wallet that plays for
 * points: the row is locked first and a real-money row throws ALLOWANCE_UNAVAILABLE, so
 * points never reach real money. `day` is the caller's India day (core `playAllowanceDay`).
 */
export async function creditPlayAllowance(
  deps: LedgerDeps,
  input: { playerId: number; day: string; amountPaise: Paise },
): Promise<MoneyMoved> {
  const result = await ledgerTransaction(deps, async (ctx) => {
    const player = await lockPlayerRow(ctx, input.playerId, { realMoneyOnly: false });
    if (player?.moneyMode !== 'play') throw new AppError('ALLOWANCE_UNAVAILABLE');
    return move(ctx, input.playerId, {
      kind: 'play_allowance',
      postings: transfer(systemAccount('play_money'), cashOf(input.playerId), input.amountPaise),
      idempotencyKey: playAllowanceKey(input.playerId, input.day),
      // The day only: a claim is the day's claim whatever amount the site offered then.
      requestHash: requestHash({ day: input.day }),
      description: 'Daily points',
      reference: `PLAY-${input.day}`,
      playerId: input.playerId,
    });
  });
  if ('ok' in result) throw new Error(`play allowance refused: ${result.code}`);
  return result;
}

/** Whether the player's points of `day` were claimed (an unlocked read, for what to show). */
export async function playAllowanceClaimed(
  db: DbHandle,
  playerId: number,
  day: string,
): Promise<boolean> {
  return (await findTransactionByKey(db, playAllowanceKey(playerId, day))) !== undefined;
}
