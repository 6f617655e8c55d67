import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BonusClaim, BonusClaimStats, BonusClaims } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { EmptyNote } from '@/shared/ui/empty-note';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import { PointsAmount } from '@/shared/ui/points-amount';
import { StatFigures } from '@/shared/ui/stat-figures';
import { BONUS_PAGE_SIZE, useBonusClaims, useBonusStats } from './api/bonus-api';
import {
  BonusCard,
  BonusRules,
  PendingTerms,
  PlayMoneyNote,
  SectionError,
  StatusBadge,
  WageringProgress,
} from './components/bonus-parts';
import { CancelBonus } from './components/cancel-bonus';
import { OFFERS_PATH, bonusPath, useClaimName } from './lib/bonus-format';
import '@/shared/ui/notice.css';
import './bonus.css';

function Figures({ stats }: { stats: BonusClaimStats }) {
  const { t } = useTranslation('bonus');
  const amount = (points: number) => <PointsAmount amount={points} />;
  const figures = [
    { id: 'coins', label: t('wallet.coins'), value: amount(stats.coinsPoints) },
    { id: 'granted', label: t('wallet.granted'), value: amount(stats.grantedPoints) },
    { id: 'converted', label: t('wallet.converted'), value: amount(stats.convertedPoints) },
    { id: 'forfeited', label: t('wallet.forfeited'), value: amount(stats.forfeitedPoints) },
  ];
  return <StatFigures prefix="bonus" label={t('wallet.figures')} figures={figures} />;
}

/** The running bonus: its coins, its wagering, when it expires, and Cancel. */
function ActiveCard({ active, coinsLeft }: { active: BonusClaim | null; coinsLeft: number }) {
  const { t, i18n } = useTranslation('bonus');
  const claimName = useClaimName();
  return (
    <BonusCard
      id="active"
      title={t('wallet.activeTitle')}
      link={active ? { to: bonusPath(active.id), label: t('claim.details') } : undefined}
    >
      {active ? (
        <>
          <p className="bonus-claim-name" data-testid="bonus-active-name">
            {claimName(active)}
          </p>
          <dl className="bonus-terms">
            <div className="bonus-terms__item" data-testid="bonus-active-bonus">
              <dt>{t('claim.bonus')}</dt>
              <dd>{formatAmount(active.bonusPoints)}</dd>
            </div>
            <div className="bonus-terms__item" data-testid="bonus-active-coins">
              <dt>{t('claim.coinsLeft')}</dt>
              <dd>{formatAmount(coinsLeft)}</dd>
            </div>
            {active.expiresAt && (
              <div className="bonus-terms__item" data-testid="bonus-active-expires">
                <dt>{t('claim.expiresAt')}</dt>
                <dd>
                  <time dateTime={active.expiresAt}>
                    {formatDateTime(active.expiresAt, i18n.language)}
                  </time>
                </dd>
              </div>
            )}
          </dl>
          <WageringProgress claim={active} />
          <div className="bonus-actions">
            <CancelBonus claim={active} coinsLeft={coinsLeft} />
          </div>
        </>
      ) : (
        <EmptyNote text={t('wallet.noActive')} testId="bonus-active-none" />
      )}
    </BonusCard>
  );
}

/** The claimed offer waiting for its deposit. */
function PendingCard({ pending }: { pending: BonusClaim }) {
  const { t } = useTranslation('bonus');
  const claimName = useClaimName();
  return (
    <BonusCard
      id="pending"
      title={t('wallet.pendingTitle')}
      link={{ to: bonusPath(pending.id), label: t('claim.details') }}
    >
      <p className="bonus-claim-name" data-testid="bonus-pending-name">
        {claimName(pending)}
      </p>
      <PendingTerms claim={pending} />
      <div className="bonus-actions">
        <CancelBonus claim={pending} coinsLeft={null} />
      </div>
    </BonusCard>
  );
}

function HistoryItem({ claim }: { claim: BonusClaim }) {
  const { i18n } = useTranslation('bonus');
  const claimName = useClaimName();
  return (
    <li>
      <Link
        className="bonus-history__item"
        to={bonusPath(claim.id)}
        data-testid="bonus-history-item"
        data-claim-id={claim.id}
      >
        <span className="bonus-history__main">
          <span className="bonus-history__name" data-testid="bonus-history-name">
            {claimName(claim)}
          </span>
          <time className="bonus-history__sub" dateTime={claim.createdAt}>
            {formatDateTime(claim.createdAt, i18n.language)}
          </time>
        </span>
        <span className="bonus-history__side">
          <StatusBadge status={claim.status} />
          {claim.bonusPoints > 0 && (
            <span className="bonus-history__amount" data-testid="bonus-history-amount">
              {formatAmount(claim.bonusPoints)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function HistoryCard({
  claims,
  onPage,
}: {
  claims: UseQueryResult<BonusClaims>;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('bonus');
  const data = claims.data;
  return (
    <BonusCard id="history" title={t('wallet.historyTitle')}>
      {data ? (
        data.items.length === 0 ? (
          <EmptyNote text={t('wallet.historyEmpty')} testId="bonus-history-empty" />
        ) : (
          <>
            <ul className="bonus-history" aria-busy={claims.isPlaceholderData}>
              {data.items.map((claim) => (
                <HistoryItem key={claim.id} claim={claim} />
              ))}
            </ul>
            <Pager
              page={data.page}
              pageSize={data.pageSize || BONUS_PAGE_SIZE}
              total={data.total}
              busy={claims.isPlaceholderData}
              onPage={onPage}
              testId="bonus-history"
              label={t('wallet.historyPages')}
              hideSinglePage
            />
          </>
        )
      ) : claims.isError ? (
        <SectionError onRetry={() => void claims.refetch()} testId="bonus-history-error" />
      ) : (
        <PageLoader />
      )}
    </BonusCard>
  );
}

/**
 * The protected /bonus, the bonus wallet: the coins and the totals, the active bonus with its
 * wagering, the claimed offer waiting for a deposit, and every bonus the player had.
 */
export function BonusPage({ titleKey }: PageProps) {
  const { t } = useTranslation('bonus');
  const { t: tApp } = useTranslation();
  const stats = useBonusStats();
  const [page, setPage] = useState(1);
  const claims = useBonusClaims(page);
  const data = stats.data;
  return (
    <section className="page bonus-page" data-testid="bonus-wallet-page">
      <header className="bonus-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        <Link className="bonus-head__link" to={OFFERS_PATH} data-testid="bonus-offers-link">
          {t('wallet.offersLink')}
        </Link>
      </header>
      {data ? (
        <>
          {!data.realMoney && <PlayMoneyNote />}
          <Figures stats={data} />
          <div className="section-grid">
            <div className="bonus-column">
              <ActiveCard active={data.active} coinsLeft={data.coinsPoints} />
              {data.pending && <PendingCard pending={data.pending} />}
            </div>
            <HistoryCard claims={claims} onPage={setPage} />
          </div>
          <BonusRules />
        </>
      ) : stats.isError ? (
        <SectionError
          text={t('wallet.loadError')}
          onRetry={() => void stats.refetch()}
          testId="bonus-wallet-error"
        />
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
