import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { PlayerBonusOffer } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { EmptyNote } from '@/shared/ui/empty-note';
import { PageLoader } from '@/shared/ui/page-loader';
import { useBonusOffers, useBonusStats, useClaimBonusOffer } from './api/bonus-api';
import { BonusRules, PlayMoneyNote, SectionError } from './components/bonus-parts';
import { BONUS_PATH, DEPOSIT_PATH, formatPercent } from './lib/bonus-format';
import '@/shared/ui/notice.css';
import './bonus.css';

/** Claimed and waiting for the deposit: what it needs, and where to deposit or follow it. */
function ClaimedNotice({ offer }: { offer: PlayerBonusOffer }) {
  const { t } = useTranslation('bonus');
  return (
    <div className="bonus-offer__claimed" role="status" data-testid="bonus-offer-claimed">
      <p>{t('offers.claimed', { min: formatAmount(offer.minDepositPoints) })}</p>
      <div className="bonus-actions">
        <Link
          className="button button--primary bonus-action"
          to={DEPOSIT_PATH}
          data-testid="bonus-offer-deposit"
        >
          {t('claim.depositNow')}
        </Link>
        <Link
          className="button button--outline bonus-action"
          to={BONUS_PATH}
          data-testid="bonus-offer-my-bonuses"
        >
          {t('offers.myBonuses')}
        </Link>
      </div>
    </div>
  );
}

/** An offer's terms: wagering, how long the bonus lasts, when the offer ends. */
function OfferTerms({ offer }: { offer: PlayerBonusOffer }) {
  const { t, i18n } = useTranslation('bonus');
  return (
    <dl className="bonus-terms">
      <div className="bonus-terms__item" data-testid="bonus-offer-wagering">
        <dt>{t('offers.wageringLabel')}</dt>
        <dd>
          {offer.wageringMultiplier > 0
            ? t('offers.wagering', { multiplier: offer.wageringMultiplier })
            : t('offers.noWagering')}
        </dd>
      </div>
      <div className="bonus-terms__item" data-testid="bonus-offer-valid">
        <dt>{t('offers.validLabel')}</dt>
        <dd>{offer.validDays}</dd>
      </div>
      {offer.endsAt && (
        <div className="bonus-terms__item" data-testid="bonus-offer-ends">
          <dt>{t('offers.endsLabel')}</dt>
          <dd>
            <time dateTime={offer.endsAt}>{formatDateTime(offer.endsAt, i18n.language)}</time>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Claim, or why the offer cannot be claimed now. */
function ClaimButton({
  offer,
  claiming,
  onClaim,
}: {
  offer: PlayerBonusOffer;
  claiming: boolean;
  onClaim: (offer: PlayerBonusOffer) => void;
}) {
  const { t } = useTranslation('bonus');
  const reason = offer.unavailableReason;
  const reasonId = `bonus-offer-${offer.id}-reason`;
  return (
    <div className="bonus-offer__claim">
      <button
        type="button"
        className="button button--primary button--large bonus-action"
        onClick={() => onClaim(offer)}
        disabled={reason !== null || claiming}
        aria-busy={claiming}
        aria-describedby={reason ? reasonId : undefined}
        data-testid="bonus-offer-claim"
      >
        {claiming ? t('offers.claiming') : t('offers.claim')}
      </button>
      {reason && (
        <p id={reasonId} className="bonus-offer__reason" data-testid="bonus-offer-reason">
          {t(`offers.unavailable.${reason}`)}
        </p>
      )}
    </div>
  );
}

function OfferCard({
  offer,
  claimed,
  claiming,
  onClaim,
}: {
  offer: PlayerBonusOffer;
  claimed: boolean;
  claiming: boolean;
  onClaim: (offer: PlayerBonusOffer) => void;
}) {
  const { t } = useTranslation('bonus');
  return (
    <li
      className="bonus-offer"
      data-testid="bonus-offer"
      data-offer-id={offer.id}
      data-claimed={claimed}
    >
      <div className="bonus-offer__head">
        <h2 className="bonus-offer__title" data-testid="bonus-offer-title">
          {offer.title}
        </h2>
        {offer.firstDepositOnly && (
          <span className="bonus-offer__tag" data-testid="bonus-offer-first-deposit">
            {t('offers.firstDepositOnly')}
          </span>
        )}
      </div>
      <p className="bonus-offer__headline" data-testid="bonus-offer-headline">
        {t('offers.headline', {
          percent: formatPercent(offer.percent),
          max: formatAmount(offer.maxBonusPoints),
          min: formatAmount(offer.minDepositPoints),
        })}
      </p>
      <OfferTerms offer={offer} />
      {claimed ? (
        <ClaimedNotice offer={offer} />
      ) : (
        <ClaimButton offer={offer} claiming={claiming} onClaim={onClaim} />
      )}
    </li>
  );
}

/**
 * The protected /promotionoffers: the deposit offers open now, each with its terms and a
 * Claim button (or why it cannot be claimed); a claimed one says what deposit it waits for.
 */
export function PromotionOffersPage({ titleKey }: PageProps) {
  const { t } = useTranslation('bonus');
  // The route's title is the app's (routes.*), not the page namespace's.
  const { t: tApp } = useTranslation();
  const offers = useBonusOffers();
  // The pending claim marks its offer as claimed, after a reload too.
  const stats = useBonusStats();
  const claim = useClaimBonusOffer();
  const [claimedNow, setClaimedNow] = useState<number | null>(null);
  const pendingOfferId = stats.data?.pending?.offerId ?? claimedNow;

  const onClaim = (offer: PlayerBonusOffer) => {
    claim.mutate(offer.id, {
      onSuccess: () => {
        setClaimedNow(offer.id);
        toast.success(t('offers.claimedToast', { min: formatAmount(offer.minDepositPoints) }));
      },
    });
  };

  const data = offers.data;
  return (
    <section className="page bonus-page" data-testid="bonus-offers-page">
      <header className="bonus-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        <Link className="bonus-head__link" to={BONUS_PATH} data-testid="bonus-my-bonuses-link">
          {t('offers.myBonuses')}
        </Link>
      </header>
      {data ? (
        !data.realMoney ? (
          <PlayMoneyNote />
        ) : (
          <>
            <p className="page__muted">{t('offers.intro')}</p>
            {data.offers.length === 0 ? (
              <EmptyNote text={t('offers.empty')} testId="bonus-offers-empty" />
            ) : (
              <ul className="bonus-offers" aria-label={t('offers.listLabel')}>
                {data.offers.map((offer) => (
                  <OfferCard
                    key={offer.id}
                    offer={offer}
                    claimed={pendingOfferId === offer.id}
                    claiming={claim.isPending && claim.variables === offer.id}
                    onClaim={onClaim}
                  />
                ))}
              </ul>
            )}
            <BonusRules />
          </>
        )
      ) : offers.isError ? (
        <SectionError
          text={t('offers.loadError')}
          onRetry={() => void offers.refetch()}
          testId="bonus-offers-error"
        />
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
