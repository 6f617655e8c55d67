import {
  BONUS_GRANT_VALID_DAYS,
  BONUS_GRANT_WAGERING_MULTIPLIER,
  BONUS_PRODUCTS,
  type BonusSource,
} from '@spm/contract';
import {
  bonusVerdict,
  countedWagering,
  offerBonusOf,
  paiseToPoints,
  wageringOf,
  type Paise,
} from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  depositsCredited,
  grantBonusCoins,
  lockBonusCoins,
  settleBonusCoins,
  stakedSince,
  storeNotification,
  templatedNotification,
  walletTransaction,
  type NotificationTemplateKey,
  type WalletContext,
} from '../wallet/index.ts';
import {
  findClaim,
  findOffer,
  insertClaim,
  insertClaimPart,
  lockClaim,
  lockClaimIn,
  recordWagering,
  updateClaim,
  type BonusClaimRow,
} from './bonus-repository.ts';

/*
 * A bonus's money (docs/bonus.md), always inside a wallet transaction that locks the player's
 * wallet row first (the wallet's lock order), then the claim: the deposit's approval grants,
 * the sweeper and the player's reads convert or expire, the player or staff cancel.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
const pointsText = (paise: Paise) => paiseToPoints(paise).toFixed(2);

type NotifyDeps = Pick<ServiceDeps, 'clock' | 'realtime'>;

async function notify(
  ctx: WalletContext,
  deps: NotifyDeps,
  playerId: number,
  key: NotificationTemplateKey,
  values: Record<string, string>,
  status: 'success' | 'info' | 'warning',
): Promise<void> {
  ctx.afterCommit.push(
    await storeNotification(ctx.tx, deps, playerId, templatedNotification(key, values, status)),
  );
}

/**
 * Inside a deposit's approval, after its cash is credited: the player's pending offer is
 * granted when this deposit qualifies (at least the offer's minimum, and the first deposit
 * for a first-deposit offer) and no other bonus is active (the claim then waits for a later
 * deposit). Answers the coins granted, or null.
 */
export async function grantOfferOfDeposit(
  ctx: WalletContext,
  deps: NotifyDeps,
  deposit: { id: number; playerId: number; amountPaise: Paise },
): Promise<Paise | null> {
  const pending = await lockClaimIn(ctx.tx, deposit.playerId, 'pending');
  if (!pending || pending.offerId === null) return null;
  if (await lockClaimIn(ctx.tx, deposit.playerId, 'active')) return null;
  const offer = await findOffer(ctx.tx, pending.offerId);
  if (!offer) return null;
  const bonusPaise = offerBonusOf(offer, deposit.amountPaise);
  if (bonusPaise === 0n) return null;
  // This deposit is credited already: a first deposit is the only one.
  if (offer.firstDepositOnly && (await depositsCredited(ctx.tx, deposit.playerId)) > 1) {
    await updateClaim(ctx.tx, pending.id, { status: 'cancelled', endedAt: ctx.now });
    await insertClaimPart(ctx.tx, { claimId: pending.id, kind: 'cancelled', createdAt: ctx.now });
    return null;
  }
  const reference = `DEP-${deposit.id}`;
  await grantBonusCoins(ctx, {
    idempotencyKey: `bonus-grant:${pending.id}`,
    playerId: deposit.playerId,
    amountPaise: bonusPaise,
    description: `Bonus: ${offer.title}`,
    reference,
  });
  const requiredPaise = wageringOf(bonusPaise, offer.wageringMultiplier);
  await updateClaim(ctx.tx, pending.id, {
    status: 'active',
    depositId: deposit.id,
    depositPaise: deposit.amountPaise,
    bonusPaise,
    wageringRequiredPaise: requiredPaise,
    activatedAt: ctx.now,
    expiresAt: plusDays(ctx.now, offer.validDays),
    checkedAt: null,
  });
  await insertClaimPart(ctx.tx, {
    claimId: pending.id,
    kind: 'granted',
    amountPaise: bonusPaise,
    wageringAddedPaise: requiredPaise,
    source: 'offer',
    reference,
    createdAt: ctx.now,
  });
  await notify(
    ctx,
    deps,
    deposit.playerId,
    'bonusGranted',
    { bonus: pointsText(bonusPaise), wagering: pointsText(requiredPaise) },
    'success',
  );
  return bonusPaise;
}

/**
 * Coins the wallet just granted with no offer (a gateway's deposit bonus, a referral reward),
 * in the same transaction: they join the player's active bonus, adding their own wagering
 * (BONUS_GRANT_WAGERING_MULTIPLIER times) and lasting at least BONUS_GRANT_VALID_DAYS, or
 * start one.
 */
export async function recordBonusGrant(
  ctx: WalletContext,
  grant: {
    playerId: number;
    source: Exclude<BonusSource, 'offer'>;
    amountPaise: Paise;
    reference: string;
  },
): Promise<void> {
  const requiredPaise = wageringOf(grant.amountPaise, BONUS_GRANT_WAGERING_MULTIPLIER);
  const expiresAt = plusDays(ctx.now, BONUS_GRANT_VALID_DAYS);
  const active = await lockClaimIn(ctx.tx, grant.playerId, 'active');
  const claim = active
    ? await updateClaim(ctx.tx, active.id, {
        bonusPaise: active.bonusPaise + grant.amountPaise,
        wageringRequiredPaise: active.wageringRequiredPaise + requiredPaise,
        expiresAt: active.expiresAt && active.expiresAt > expiresAt ? active.expiresAt : expiresAt,
      })
    : await insertClaim(ctx.tx, {
        playerId: grant.playerId,
        source: grant.source,
        status: 'active',
        bonusPaise: grant.amountPaise,
        wageringRequiredPaise: requiredPaise,
        createdAt: ctx.now,
        activatedAt: ctx.now,
        expiresAt,
      });
  await insertClaimPart(ctx.tx, {
    claimId: claim.id,
    kind: 'granted',
    amountPaise: grant.amountPaise,
    wageringAddedPaise: requiredPaise,
    source: grant.source,
    reference: grant.reference,
    createdAt: ctx.now,
  });
}

/** What settling an active bonus did. */
export type BonusSettled = 'converted' | 'expired' | 'kept' | 'not-active';

/** An active bonus's wagering counted now, and what to do with it. */
async function standingOf(
  db: DbHandle,
  claim: BonusClaimRow & { activatedAt: Date; expiresAt: Date },
  now: Date,
) {
  const wageredPaise = await stakedSince(db, {
    playerId: claim.playerId,
    products: BONUS_PRODUCTS,
    since: claim.activatedAt,
  });
  return {
    verdict: bonusVerdict({
      wageredPaise,
      requiredPaise: claim.wageringRequiredPaise,
      expiresAt: claim.expiresAt,
      now,
    }),
    countedPaise: countedWagering(wageredPaise, claim.wageringRequiredPaise),
  };
}

const isRunning = (
  claim: BonusClaimRow | undefined,
): claim is BonusClaimRow & { activatedAt: Date; expiresAt: Date } =>
  claim?.status === 'active' && claim.activatedAt !== null && claim.expiresAt !== null;

/**
 * Where an active bonus stands now: its wagering counted from the wallet's stakes on the
 * bonus products since it became active; met, the coins left become cash (completed); past
 * its expiry first, they go back to the bonus pool (expired); else the count is kept for the
 * player to see. Looked at first without the player's wallet lock: most looks find the bonus
 * still running and only record the count, so the player's casino bets never wait on them;
 * an ending is decided again under the locks.
 */
export async function settleBonus(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  claimId: number,
): Promise<BonusSettled> {
  const seen = await findClaim(deps.db, claimId);
  if (!isRunning(seen)) return 'not-active';
  const now = deps.clock.now();
  const looked = await standingOf(deps.db, seen, now);
  if (looked.verdict === 'keep') {
    await recordWagering(deps.db, seen.id, { wageredPaise: looked.countedPaise, checkedAt: now });
    return 'kept';
  }
  const outcome = await walletTransaction(deps, async (ctx) => {
    const coinsPaise = await lockBonusCoins(ctx, seen.playerId);
    const claim = await lockClaim(ctx.tx, claimId);
    if (!isRunning(claim)) return 'not-active' as const;
    const { verdict, countedPaise } = await standingOf(ctx.tx, claim, ctx.now);
    if (verdict === 'keep') {
      await recordWagering(ctx.tx, claim.id, { wageredPaise: countedPaise, checkedAt: ctx.now });
      return 'kept' as const;
    }
    await endActiveClaim(ctx, deps, claim, {
      coinsPaise,
      wageredPaise: countedPaise,
      ending: verdict === 'convert' ? 'completed' : 'expired',
    });
    return verdict === 'convert' ? ('converted' as const) : ('expired' as const);
  });
  return typeof outcome === 'string' ? outcome : 'kept';
}

/**
 * Ends an active bonus (the player's coins locked): completed turns the coins into cash;
 * expired and cancelled give them back to the bonus pool. Never touches cash.
 */
async function endActiveClaim(
  ctx: WalletContext,
  deps: NotifyDeps,
  claim: BonusClaimRow,
  end: {
    coinsPaise: Paise;
    wageredPaise: Paise;
    ending: 'completed' | 'expired' | 'cancelled';
    actorStaffId?: number;
  },
): Promise<BonusClaimRow> {
  const toCash = end.ending === 'completed';
  if (end.coinsPaise > 0n) {
    await settleBonusCoins(ctx, {
      claimId: claim.id,
      playerId: claim.playerId,
      amountPaise: end.coinsPaise,
      to: toCash ? 'cash' : 'pool',
      description: toCash
        ? 'Bonus wagering met: coins to cash'
        : `Bonus ${end.ending}: coins forfeited`,
      actorStaffId: end.actorStaffId,
    });
  }
  const ended = await updateClaim(ctx.tx, claim.id, {
    status: end.ending,
    wageredPaise: end.wageredPaise,
    convertedPaise: toCash ? end.coinsPaise : null,
    forfeitedPaise: toCash ? null : end.coinsPaise,
    endedAt: ctx.now,
    checkedAt: ctx.now,
  });
  await insertClaimPart(ctx.tx, {
    claimId: claim.id,
    kind: toCash ? 'converted' : 'forfeited',
    amountPaise: end.coinsPaise,
    reference: end.coinsPaise > 0n ? `BON-${claim.id}` : null,
    actorStaffId: end.actorStaffId ?? null,
    createdAt: ctx.now,
  });
  if (end.ending !== 'cancelled') {
    await notify(
      ctx,
      deps,
      claim.playerId,
      toCash ? 'bonusConverted' : 'bonusExpired',
      { amount: pointsText(end.coinsPaise) },
      toCash ? 'success' : 'warning',
    );
  }
  return ended;
}

/**
 * Cancels a pending bonus (nothing moves) or an active one (its coins left are forfeited) of
 * `playerId`; BONUS_CLAIM_NOT_FOUND for another player's, BONUS_CLAIM_ENDED once it ended.
 */
export async function cancelBonus(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  input: { playerId: number; claimId: number; actorStaffId?: number },
  /** Written in the same transaction once it is cancelled (staff's audit line). */
  alsoWrite?: (ctx: WalletContext, before: BonusClaimRow, after: BonusClaimRow) => Promise<void>,
): Promise<BonusClaimRow> {
  const outcome = await walletTransaction(deps, async (ctx) => {
    const ended = await cancelLocked(ctx, deps, input);
    await alsoWrite?.(ctx, ended.before, ended.after);
    return ended.after;
  });
  // Coins only leave coins: no cash posting can be short, so no refusal comes back here.
  if ('ok' in outcome) throw new Error(`a bonus cancellation was refused: ${outcome.code}`);
  return outcome;
}

async function cancelLocked(
  ctx: WalletContext,
  deps: NotifyDeps,
  input: { playerId: number; claimId: number; actorStaffId?: number },
): Promise<{ before: BonusClaimRow; after: BonusClaimRow }> {
  const coinsPaise = await lockBonusCoins(ctx, input.playerId);
  const claim = await lockClaim(ctx.tx, input.claimId);
  if (claim?.playerId !== input.playerId) throw new AppError('BONUS_CLAIM_NOT_FOUND');
  if (claim.status === 'pending') {
    const after = await updateClaim(ctx.tx, claim.id, {
      status: 'cancelled',
      endedAt: ctx.now,
    });
    await insertClaimPart(ctx.tx, {
      claimId: claim.id,
      kind: 'cancelled',
      actorStaffId: input.actorStaffId ?? null,
      createdAt: ctx.now,
    });
    return { before: claim, after };
  }
  if (!isRunning(claim)) throw new AppError('BONUS_CLAIM_ENDED');
  const { verdict, countedPaise } = await standingOf(ctx.tx, claim, ctx.now);
  // Met already (the sweeper had not come by yet): it completes, the player loses nothing.
  const after = await endActiveClaim(ctx, deps, claim, {
    coinsPaise,
    wageredPaise: countedPaise,
    ending: verdict === 'convert' ? 'completed' : 'cancelled',
    ...(input.actorStaffId === undefined ? {} : { actorStaffId: input.actorStaffId }),
  });
  return { before: claim, after };
}
