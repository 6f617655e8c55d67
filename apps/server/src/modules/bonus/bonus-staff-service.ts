import type {
  BonusClaim,
  StaffBonusOffer,
  StaffBonusOfferInput,
  StaffBonusOfferPatch,
  StaffPlayerBonuses,
} from '@spm/contract';
import {
  objectWith,
  paiseToPoints,
  percentToBasisPoints,
  pointsToPaise,
  type Paise,
} from '@spm/core';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import { getWalletView } from '../wallet/index.ts';
import { cancelBonus } from './bonus-money.ts';
import {
  allClaimsOf,
  findClaim,
  findOffer,
  insertOffer,
  offersByIds,
  offersWithTotals,
  updateOffer,
  type BonusOfferRow,
} from './bonus-repository.ts';
import { claimView, staffOfferView } from './bonus-views.ts';
import type { bonusOffers } from './tables.ts';

/* The back office's side of bonuses (docs/bonus.md): the offers, and a player's bonuses. */

/** A player's bonuses the panel lists (the newest). */
const STAFF_CLAIMS_LISTED = 50;

const toPaise = (field: string, points: number): Paise => {
  const parsed = pointsToPaise(points);
  if (!parsed.ok || parsed.paise <= 0n) throw fieldError(field, 'Not a valid amount');
  return parsed.paise;
};

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** The row's columns a create or an edit sets, in its units (paise, basis points). */
function offerColumns(body: StaffBonusOfferPatch): Partial<typeof bonusOffers.$inferInsert> {
  const columns: Partial<typeof bonusOffers.$inferInsert> = {};
  if (body.title !== undefined) columns.title = body.title;
  if (body.titleTranslations !== undefined) columns.titleTranslations = body.titleTranslations;
  if (body.percent !== undefined) columns.percentBps = percentToBasisPoints(body.percent);
  if (body.maxBonusPoints !== undefined) {
    columns.maxBonusPaise = toPaise('maxBonusPoints', body.maxBonusPoints);
  }
  if (body.minDepositPoints !== undefined) {
    columns.minDepositPaise = toPaise('minDepositPoints', body.minDepositPoints);
  }
  if (body.wageringMultiplier !== undefined) columns.wageringMultiplier = body.wageringMultiplier;
  if (body.validDays !== undefined) columns.validDays = body.validDays;
  if (body.firstDepositOnly !== undefined) columns.firstDepositOnly = body.firstDepositOnly;
  if (body.active !== undefined) columns.active = body.active;
  if (body.startsAt !== undefined) columns.startsAt = dateOrNull(body.startsAt);
  if (body.endsAt !== undefined) columns.endsAt = dateOrNull(body.endsAt);
  return columns;
}

function assertWindow(offer: Pick<BonusOfferRow, 'startsAt' | 'endsAt'>): void {
  if (offer.startsAt && offer.endsAt && offer.endsAt <= offer.startsAt) {
    throw fieldError('endsAt', 'The end must come after the start');
  }
}

/** An offer's audit image: its terms as staff set them. */
const audited = (row: BonusOfferRow) =>
  staffOfferView(row, { claims: 0, grantedPaise: 0n, convertedPaise: 0n });

export async function listStaffOffers(db: DbHandle): Promise<StaffBonusOffer[]> {
  const rows = await offersWithTotals(db);
  return rows.map((row) =>
    staffOfferView(row.offer, {
      claims: Number(row.claims),
      grantedPaise: BigInt(row.grantedPaise),
      convertedPaise: BigInt(row.convertedPaise),
    }),
  );
}

async function staffOfferOf(db: DbHandle, offerId: number): Promise<StaffBonusOffer> {
  const found = (await listStaffOffers(db)).find((offer) => offer.id === offerId);
  if (!found) throw new AppError('BONUS_OFFER_NOT_FOUND');
  return found;
}

export async function createOffer(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  actor: StaffActor,
  body: StaffBonusOfferInput,
): Promise<StaffBonusOffer> {
  const now = deps.clock.now();
  const columns = offerColumns(body);
  assertWindow({ startsAt: columns.startsAt ?? null, endsAt: columns.endsAt ?? null });
  const offer = await deps.db.transaction(async (tx) => {
    const row = await insertOffer(
      tx,
      objectWith(columns as typeof bonusOffers.$inferInsert, {
        createdBy: actor.staff.staffId,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await insertStaffAudit(tx, actor, now, {
      action: 'bonus.offer_create',
      targetType: 'bonus_offer',
      targetId: String(row.id),
      before: null,
      after: audited(row),
    });
    return row;
  });
  return staffOfferOf(deps.db, offer.id);
}

export async function editOffer(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  actor: StaffActor,
  offerId: number,
  body: StaffBonusOfferPatch,
): Promise<StaffBonusOffer> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await findOffer(tx, offerId);
    if (!before) throw new AppError('BONUS_OFFER_NOT_FOUND');
    const columns = offerColumns(body);
    assertWindow(objectWith(before, columns));
    // A pending claim is granted on the terms in force when its deposit arrives: these.
    const after = await updateOffer(tx, offerId, objectWith(columns, { updatedAt: now }));
    await insertStaffAudit(tx, actor, now, {
      action: 'bonus.offer_update',
      targetType: 'bonus_offer',
      targetId: String(offerId),
      before: audited(before),
      after: after && audited(after),
    });
  });
  return staffOfferOf(deps.db, offerId);
}

/** A player's coins and bonuses (the caller checks the staff member may see the player). */
export async function staffPlayerBonuses(
  db: DbHandle,
  playerId: number,
): Promise<StaffPlayerBonuses> {
  const [rows, wallet] = await Promise.all([
    allClaimsOf(db, playerId, STAFF_CLAIMS_LISTED),
    getWalletView(db, playerId),
  ]);
  const offers = await offersByIds(db, [
    ...new Set(rows.flatMap((row) => (row.offerId === null ? [] : [row.offerId]))),
  ]);
  return {
    coinsPoints: paiseToPoints(wallet.coinsPaise),
    claims: rows.map((row) => claimView(row, offers.get(row.offerId ?? 0), 'en')),
  };
}

/** Every bonus of the player, oldest first, offers' titles in English (the data export). */
export async function allBonusClaimsOf(db: DbHandle, playerId: number): Promise<BonusClaim[]> {
  const rows = (await allClaimsOf(db, playerId)).reverse();
  const offers = await offersByIds(db, [
    ...new Set(rows.flatMap((row) => (row.offerId === null ? [] : [row.offerId]))),
  ]);
  return rows.map((row) => claimView(row, offers.get(row.offerId ?? 0), 'en'));
}

/** Staff end a player's pending or active bonus (abuse, a complaint): audited. */
export async function staffCancelClaim(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  actor: StaffActor,
  claimId: number,
): Promise<BonusClaim> {
  const claim = await findClaim(deps.db, claimId);
  if (!claim) throw new AppError('BONUS_CLAIM_NOT_FOUND');
  const ended = await cancelBonus(
    deps,
    { playerId: claim.playerId, claimId, actorStaffId: actor.staff.staffId },
    (ctx, before, after) =>
      insertStaffAudit(ctx.tx, actor, ctx.now, {
        action: 'bonus.claim_cancel',
        targetType: 'bonus_claim',
        targetId: String(claimId),
        before: { status: before.status, bonusPoints: paiseToPoints(before.bonusPaise) },
        after: {
          status: after.status,
          forfeitedPoints:
            after.forfeitedPaise === null ? null : paiseToPoints(after.forfeitedPaise),
        },
      }),
  );
  const offer = ended.offerId === null ? undefined : await findOffer(deps.db, ended.offerId);
  return claimView(ended, offer, 'en');
}
