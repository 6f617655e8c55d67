import type {
  ReferralChildren,
  ReferralChildrenQuery,
  ReferralCode,
  ReferralSources,
  ReferralStats,
  ReferralTerms,
} from '@spm/contract';
import { maskPlayerName, paiseToPoints, type Paise } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureReferralCode, findReferralCode, type AuthContext } from '../identity/index.ts';
import { recordBonusGrant } from '../bonus/index.ts';
import { getAppDetails } from '../site/index.ts';
import {
  creditReferralReward,
  moneyModeOf,
  storeNotification,
  templatedNotification,
  type WalletContext,
} from '../wallet/index.ts';
import {
  claimReferralReward,
  referralChildren,
  referralCounts,
  referralSources,
  referrerOf,
  unclaimReferralReward,
} from './referral-repository.ts';

/*
 * The referral programme (SPEC 7.6, docs/referral.md): a player's code and what it brought,
 * and the reward an invited player's first qualifying deposit pays, in the deposit's own
 * transaction.
 */

const PAISE_PER_POINT = 100n;

/** The operator's terms now; active when a reward is set on a real-money site. */
async function referralTerms(deps: Pick<ServiceDeps, 'config'>, db: DbHandle) {
  const details = await getAppDetails(db);
  const terms: ReferralTerms = {
    rewardPoints: details.REFERRAL_REWARD_POINTS,
    minDepositPoints: details.REFERRAL_MIN_DEPOSIT_POINTS,
    active: details.REFERRAL_REWARD_POINTS > 0 && deps.config.moneyMode === 'real',
  };
  return terms;
}

/** A demo account shows the game, it invites no one (403 DEMO_ACCOUNT, as for bonuses). */
function assertRealAccount(auth: AuthContext): void {
  if (auth.isDemo) throw new AppError('DEMO_ACCOUNT');
}

/** POST /ref/generate: the player's code, made on the first call. */
export async function generateReferralCode(
  deps: ServiceDeps,
  auth: AuthContext,
): Promise<ReferralCode> {
  assertRealAccount(auth);
  const row = await ensureReferralCode(deps.db, auth.userId, deps.clock.now());
  return { code: row.code, createdAt: row.createdAt.toISOString() };
}

export async function referralStats(deps: ServiceDeps, auth: AuthContext): Promise<ReferralStats> {
  assertRealAccount(auth);
  const code = (await findReferralCode(deps.db, auth.userId))?.code ?? null;
  const [counts, terms] = await Promise.all([
    referralCounts(deps.db, auth.userId, code),
    referralTerms(deps, deps.db),
  ]);
  return {
    code,
    visits: counts.visits,
    signUps: counts.signUps,
    rewarded: counts.rewarded,
    rewardsPoints: paiseToPoints(counts.rewardsPaise),
    terms,
  };
}

export async function listReferralSources(
  deps: ServiceDeps,
  auth: AuthContext,
): Promise<ReferralSources> {
  assertRealAccount(auth);
  const code = (await findReferralCode(deps.db, auth.userId))?.code ?? null;
  return referralSources(deps.db, auth.userId, code);
}

export async function listReferralChildren(
  deps: ServiceDeps,
  auth: AuthContext,
  query: ReferralChildrenQuery,
): Promise<ReferralChildren> {
  assertRealAccount(auth);
  const { rows, total } = await referralChildren(deps.db, auth.userId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      username: maskPlayerName(row.username),
      joinedAt: row.joinedAt.toISOString(),
      source: row.source,
      rewardPoints: row.rewardPaise === null ? null : paiseToPoints(row.rewardPaise),
      rewardedAt: row.rewardedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * Inside a deposit's approval, before its money is credited (the referrer and the player are
 * locked together, in id order, ahead of the deposit's own lock): pays the player's referrer
 * the reward when this deposit is the player's first of at least the minimum, the programme
 * is active, and the referrer is an active real-money account. At most once per invited
 * player, whatever the deposits and their races. Answers the reward paid, or null.
 */
export async function rewardReferrerOfDeposit(
  ctx: WalletContext,
  deps: Pick<ServiceDeps, 'config' | 'clock' | 'realtime'>,
  deposit: { id: number; playerId: number; amountPaise: Paise },
): Promise<Paise | null> {
  const invited = await referrerOf(ctx.tx, deposit.playerId);
  if (!invited?.referrerActive) return null;
  const terms = await referralTerms(deps, ctx.tx);
  const rewardPaise = BigInt(terms.rewardPoints) * PAISE_PER_POINT;
  const minimumPaise = BigInt(terms.minDepositPoints) * PAISE_PER_POINT;
  if (!terms.active || deposit.amountPaise < minimumPaise) return null;
  // A reward is real money: a referrer who plays for points is paid nothing.
  if ((await moneyModeOf(ctx.tx, invited.referrerId)) !== 'real') return null;
  const claimed = await claimReferralReward(ctx.tx, {
    childId: deposit.playerId,
    referrerId: invited.referrerId,
    depositId: deposit.id,
    depositPaise: deposit.amountPaise,
    rewardPaise,
    createdAt: ctx.now,
  });
  if (!claimed) return null;
  const friend = maskPlayerName(invited.childUsername);
  const credited = await creditReferralReward(ctx, {
    childId: deposit.playerId,
    referrerId: invited.referrerId,
    depositId: deposit.id,
    rewardPaise,
    description: `Referral reward: ${friend}'s first deposit`,
  });
  if (credited === null) {
    // The referrer's money mode changed since the read above: no row may say it was paid.
    await unclaimReferralReward(ctx.tx, deposit.playerId);
    return null;
  }
  // The coins are a bonus of the referrer's: wagered before they become cash (docs/bonus.md).
  await recordBonusGrant(ctx, {
    playerId: invited.referrerId,
    source: 'referral',
    amountPaise: rewardPaise,
    reference: `DEP-${deposit.id}`,
  });
  ctx.afterCommit.push(
    await storeNotification(
      ctx.tx,
      deps,
      invited.referrerId,
      templatedNotification(
        'referralRewarded',
        { friend, bonus: paiseToPoints(rewardPaise).toFixed(2) },
        'success',
      ),
    ),
  );
  return rewardPaise;
}
