import {
  textIn,
  type BonusClaim,
  type BonusClaimPart,
  type BonusOffer,
  type Language,
  type StaffBonusOffer,
} from '@spm/contract';
import { basisPointsToPercent, objectWith, paiseToPoints } from '@spm/core';
import type { BonusClaimPartRow, BonusClaimRow, BonusOfferRow } from './bonus-repository.ts';

/* The API's shapes of the bonus rows: points at the edge, titles in the player's language. */

const pointsOrNull = (paise: bigint | null): number | null =>
  paise === null ? null : paiseToPoints(paise);
const isoOrNull = (at: Date | null): string | null => at?.toISOString() ?? null;

export function offerView(row: BonusOfferRow, language: Language): BonusOffer {
  return {
    id: row.id,
    title: textIn(row.title, row.titleTranslations, language),
    percent: basisPointsToPercent(row.percentBps),
    maxBonusPoints: paiseToPoints(row.maxBonusPaise),
    minDepositPoints: paiseToPoints(row.minDepositPaise),
    wageringMultiplier: row.wageringMultiplier,
    validDays: row.validDays,
    firstDepositOnly: row.firstDepositOnly,
    endsAt: isoOrNull(row.endsAt),
  };
}

export function staffOfferView(
  row: BonusOfferRow,
  totals: { claims: number; grantedPaise: bigint; convertedPaise: bigint },
): StaffBonusOffer {
  return objectWith(offerView(row, 'en'), {
    titleTranslations: { ...row.titleTranslations },
    active: row.active,
    startsAt: isoOrNull(row.startsAt),
    claims: totals.claims,
    grantedPoints: paiseToPoints(totals.grantedPaise),
    convertedPoints: paiseToPoints(totals.convertedPaise),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** A claim with its offer's terms (when it has one) and its wagering counted so far. */
export function claimView(
  row: BonusClaimRow,
  offer: BonusOfferRow | undefined,
  language: Language,
): BonusClaim {
  const wageredPaise =
    row.wageredPaise < row.wageringRequiredPaise ? row.wageredPaise : row.wageringRequiredPaise;
  return {
    id: row.id,
    source: row.source,
    offerId: row.offerId,
    title: offer ? textIn(offer.title, offer.titleTranslations, language) : null,
    status: row.status,
    percent: offer ? basisPointsToPercent(offer.percentBps) : null,
    maxBonusPoints: offer ? paiseToPoints(offer.maxBonusPaise) : null,
    minDepositPoints: offer ? paiseToPoints(offer.minDepositPaise) : null,
    bonusPoints: paiseToPoints(row.bonusPaise),
    depositPoints: pointsOrNull(row.depositPaise),
    wageringRequiredPoints: paiseToPoints(row.wageringRequiredPaise),
    wageredPoints: paiseToPoints(wageredPaise),
    convertedPoints: pointsOrNull(row.convertedPaise),
    forfeitedPoints: pointsOrNull(row.forfeitedPaise),
    createdAt: row.createdAt.toISOString(),
    activatedAt: isoOrNull(row.activatedAt),
    expiresAt: isoOrNull(row.expiresAt),
    endedAt: isoOrNull(row.endedAt),
  };
}

export function claimPartView(row: BonusClaimPartRow): BonusClaimPart {
  return {
    id: row.id,
    kind: row.kind,
    points: paiseToPoints(row.amountPaise),
    wageringAddedPoints: paiseToPoints(row.wageringAddedPaise),
    source: row.source,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}
