import type {
  BonusClaim,
  BonusClaimParts,
  BonusClaimPartsQuery,
  BonusClaims,
  BonusClaimsQuery,
  BonusClaimStats,
  BonusOfferUnavailableReason,
  BonusOffers,
  Language,
} from '@spm/contract';
import { objectWith, paiseToPoints } from '@spm/core';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../identity/index.ts';
import { depositsCredited, getWalletView, moneyModeOf } from '../wallet/index.ts';
import { cancelBonus, settleBonus } from './bonus-money.ts';
import {
  claimInStatus,
  claimParts,
  claimTotalsOf,
  findClaim,
  findOffer,
  insertClaim,
  insertClaimPart,
  offersByIds,
  offersClaimedBy,
  openOffers,
  playerClaims,
  type BonusClaimRow,
  type BonusOfferRow,
} from './bonus-repository.ts';
import { claimPartView, claimView, offerView } from './bonus-views.ts';

/*
 * The player's bonuses (SPEC 7.6 `/bonus/claims*`, docs/bonus.md): the offers open to them,
 * claiming one, their bonuses with the wagering counted, and cancelling.
 */

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'realtime' | 'config'>;

/** Bonuses are real money: a demo account is refused; a play-money account is offered none. */
async function realMoneyOf(deps: Deps, auth: AuthContext): Promise<boolean> {
  if (auth.isDemo) throw new AppError('DEMO_ACCOUNT');
  if (deps.config.moneyMode !== 'real') return false;
  return (await moneyModeOf(deps.db, auth.userId)) === 'real';
}

async function assertRealMoney(deps: Deps, auth: AuthContext): Promise<void> {
  if (await realMoneyOf(deps, auth)) return;
  throw new AppError(deps.config.moneyMode === 'real' ? 'PLAY_MONEY' : 'PLAY_MONEY_SITE');
}

/** The error a claim is refused with, by the reason the offers list shows. */
const REFUSAL_OF = {
  FIRST_DEPOSIT_ONLY: 'BONUS_FIRST_DEPOSIT_ONLY',
  ALREADY_CLAIMED: 'BONUS_ALREADY_CLAIMED',
  CLAIM_PENDING: 'BONUS_CLAIM_PENDING',
} as const satisfies Record<BonusOfferUnavailableReason, string>;

/** Why the player may not claim this offer now; null when they may. */
function unavailableReason(
  offer: BonusOfferRow,
  standing: { claimed: Set<number>; pending: boolean; deposited: boolean },
): BonusOfferUnavailableReason | null {
  if (standing.claimed.has(offer.id)) return 'ALREADY_CLAIMED';
  if (standing.pending) return 'CLAIM_PENDING';
  if (offer.firstDepositOnly && standing.deposited) return 'FIRST_DEPOSIT_ONLY';
  return null;
}

async function standingOf(deps: Deps, playerId: number) {
  const [claimed, pending, deposits] = await Promise.all([
    offersClaimedBy(deps.db, playerId),
    claimInStatus(deps.db, playerId, 'pending'),
    depositsCredited(deps.db, playerId),
  ]);
  return { claimed, pending: pending !== undefined, deposited: deposits > 0 };
}

export async function listOffers(
  deps: Deps,
  auth: AuthContext,
  language: Language,
): Promise<BonusOffers> {
  if (!(await realMoneyOf(deps, auth))) return { realMoney: false, offers: [] };
  const [offers, standing] = await Promise.all([
    openOffers(deps.db, deps.clock.now()),
    standingOf(deps, auth.userId),
  ]);
  return {
    realMoney: true,
    offers: offers.map((offer) =>
      objectWith(offerView(offer, language), {
        unavailableReason: unavailableReason(offer, standing),
      }),
    ),
  };
}

/** The claim as the API shows it, with its offer's terms. */
async function claimAnswer(deps: Deps, row: BonusClaimRow, language: Language) {
  const offer = row.offerId === null ? undefined : await findOffer(deps.db, row.offerId);
  return claimView(row, offer, language);
}

async function claimsAnswer(deps: Deps, rows: readonly BonusClaimRow[], language: Language) {
  const offers = await offersByIds(deps.db, [
    ...new Set(rows.flatMap((row) => (row.offerId === null ? [] : [row.offerId]))),
  ]);
  return rows.map((row) => claimView(row, offers.get(row.offerId ?? 0), language));
}

/** POST /bonus/claims: the offer waits for the player's next qualifying deposit. */
export async function claimOffer(
  deps: Deps,
  auth: AuthContext,
  offerId: number,
  language: Language,
): Promise<BonusClaim> {
  await assertRealMoney(deps, auth);
  const now = deps.clock.now();
  const offer = (await openOffers(deps.db, now)).find((open) => open.id === offerId);
  if (!offer) throw new AppError('BONUS_OFFER_NOT_FOUND');
  const reason = unavailableReason(offer, await standingOf(deps, auth.userId));
  if (reason !== null) throw new AppError(REFUSAL_OF[reason]);
  const row = await deps.db
    .transaction(async (tx) => {
      const claim = await insertClaim(tx, {
        playerId: auth.userId,
        source: 'offer',
        offerId,
        status: 'pending',
        createdAt: now,
      });
      await insertClaimPart(tx, { claimId: claim.id, kind: 'claimed', createdAt: now });
      return claim;
    })
    .catch((error: unknown) => {
      // Two claims at once: the partial unique index keeps one pending.
      if (uniqueViolationConstraint(error) === 'bonus_claims_one_pending_key') {
        throw new AppError('BONUS_CLAIM_PENDING');
      }
      throw error;
    });
  return claimView(row, offer, language);
}

/** The player's active bonus, brought up to date first (its wagering, a conversion). */
async function settledActive(deps: Deps, playerId: number): Promise<void> {
  const active = await claimInStatus(deps.db, playerId, 'active');
  if (active) await settleBonus(deps, active.id);
}

export async function listClaims(
  deps: Deps,
  auth: AuthContext,
  query: BonusClaimsQuery,
  language: Language,
): Promise<BonusClaims> {
  await assertRealMoney(deps, auth);
  await settledActive(deps, auth.userId);
  const { rows, total } = await playerClaims(deps.db, auth.userId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: await claimsAnswer(deps, rows, language),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function claimStats(
  deps: Deps,
  auth: AuthContext,
  language: Language,
): Promise<BonusClaimStats> {
  const realMoney = await realMoneyOf(deps, auth);
  if (realMoney) await settledActive(deps, auth.userId);
  const [active, pending, totals, wallet] = await Promise.all([
    claimInStatus(deps.db, auth.userId, 'active'),
    claimInStatus(deps.db, auth.userId, 'pending'),
    claimTotalsOf(deps.db, auth.userId),
    getWalletView(deps.db, auth.userId),
  ]);
  return {
    realMoney,
    coinsPoints: paiseToPoints(wallet.coinsPaise),
    active: active ? await claimAnswer(deps, active, language) : null,
    pending: pending ? await claimAnswer(deps, pending, language) : null,
    grantedPoints: paiseToPoints(totals.grantedPaise),
    convertedPoints: paiseToPoints(totals.convertedPaise),
    forfeitedPoints: paiseToPoints(totals.forfeitedPaise),
  };
}

/** The player's own claim (another player's is not found, as an unknown id). */
async function ownClaim(deps: Deps, auth: AuthContext, claimId: number): Promise<BonusClaimRow> {
  const row = await findClaim(deps.db, claimId);
  if (row?.playerId !== auth.userId) throw new AppError('BONUS_CLAIM_NOT_FOUND');
  return row;
}

export async function getClaim(
  deps: Deps,
  auth: AuthContext,
  claimId: number,
  language: Language,
): Promise<BonusClaim> {
  await assertRealMoney(deps, auth);
  const seen = await ownClaim(deps, auth, claimId);
  if (seen.status === 'active') await settleBonus(deps, seen.id);
  return claimAnswer(deps, await ownClaim(deps, auth, claimId), language);
}

export async function listClaimParts(
  deps: Deps,
  auth: AuthContext,
  query: BonusClaimPartsQuery,
): Promise<BonusClaimParts> {
  await assertRealMoney(deps, auth);
  await ownClaim(deps, auth, query.claimId);
  const { rows, total } = await claimParts(deps.db, query.claimId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(claimPartView), page: query.page, pageSize: query.pageSize, total };
}

/** POST /bonus/claims/cancel by the player. */
export async function cancelOwnClaim(
  deps: Deps,
  auth: AuthContext,
  claimId: number,
  language: Language,
): Promise<BonusClaim> {
  await assertRealMoney(deps, auth);
  const row = await cancelBonus(deps, { playerId: auth.userId, claimId });
  return claimAnswer(deps, row, language);
}
