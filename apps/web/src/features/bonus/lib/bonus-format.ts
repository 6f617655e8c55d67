import { useTranslation } from 'react-i18next';
import type { BonusClaim } from '@spm/contract';

/** The page where a deposit starts: the cashier's list of payment methods. */
export const DEPOSIT_PATH = '/gateways';
export const BONUS_PATH = '/bonus';
export const OFFERS_PATH = '/promotionoffers';

export const bonusPath = (claimId: number) => `${BONUS_PATH}/${claimId}`;

const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A percentage as the terms read it: 666, 5.5 (at most the 2 decimals staff may set). */
export function formatPercent(percent: number): string {
  return percentFormat.format(percent);
}

/** How much of the wagering is done, 0 to 1 (a bonus with nothing to wager is done). */
export function wageringShare(claim: Pick<BonusClaim, 'wageredPoints' | 'wageringRequiredPoints'>) {
  if (claim.wageringRequiredPoints <= 0) return 1;
  return Math.min(1, Math.max(0, claim.wageredPoints / claim.wageringRequiredPoints));
}

/** Whether the player may still cancel it. */
export function isCancellable(claim: Pick<BonusClaim, 'status'>): boolean {
  return claim.status === 'pending' || claim.status === 'active';
}

/**
 * A bonus's name: its offer's title, or, for coins that came without an offer (a payment
 * method's deposit bonus, a referral reward), where they came from.
 */
export function useClaimName() {
  const { t } = useTranslation('bonus');
  return (claim: Pick<BonusClaim, 'title' | 'source'>) =>
    claim.title ?? t(`sources.${claim.source}`);
}
