import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BonusClaim, BonusClaimPart } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { EmptyNote } from '@/shared/ui/empty-note';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import {
  BONUS_PAGE_SIZE,
  isNotFound,
  useBonusClaim,
  useBonusClaimParts,
  useBonusStats,
} from './api/bonus-api';
import {
  BonusCard,
  BonusRules,
  PendingTerms,
  SectionError,
  StatusBadge,
  WageringProgress,
} from './components/bonus-parts';
import { CancelBonus } from './components/cancel-bonus';
import { BONUS_PATH, formatPercent, isCancellable, useClaimName } from './lib/bonus-format';
import '@/shared/ui/notice.css';
import './bonus.css';

/** The address's id: a whole number above 0, else null (no such bonus, nothing asked). */
function claimIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

function Term({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="bonus-terms__item" data-testid={`bonus-detail-${id}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function When({ value }: { value: string }) {
  const { i18n } = useTranslation('bonus');
  return <time dateTime={value}>{formatDateTime(value, i18n.language)}</time>;
}

/** The bonus's money and its offer's terms. */
function MoneyTerms({ claim, coinsLeft }: { claim: BonusClaim; coinsLeft: number | null }) {
  const { t } = useTranslation('bonus');
  const granted = claim.status !== 'pending';
  return (
    <>
      {granted && (
        <Term id="bonus" label={t('claim.bonus')}>
          {formatAmount(claim.bonusPoints)}
        </Term>
      )}
      {claim.depositPoints !== null && (
        <Term id="deposit" label={t('claim.deposit')}>
          {formatAmount(claim.depositPoints)}
        </Term>
      )}
      {claim.status === 'active' && coinsLeft !== null && (
        <Term id="coins" label={t('claim.coinsLeft')}>
          {formatAmount(coinsLeft)}
        </Term>
      )}
      {granted && (
        <Term id="required" label={t('claim.required')}>
          {formatAmount(claim.wageringRequiredPoints)}
        </Term>
      )}
      {claim.convertedPoints !== null && (
        <Term id="converted" label={t('claim.converted')}>
          {formatAmount(claim.convertedPoints)}
        </Term>
      )}
      {claim.forfeitedPoints !== null && (
        <Term id="forfeited" label={t('claim.forfeited')}>
          {formatAmount(claim.forfeitedPoints)}
        </Term>
      )}
      {claim.percent !== null && (
        <Term id="terms" label={t('claim.terms')}>
          {t('claim.termsText', {
            percent: formatPercent(claim.percent),
            max: formatAmount(claim.maxBonusPoints),
            min: formatAmount(claim.minDepositPoints),
          })}
        </Term>
      )}
    </>
  );
}

/** When it was claimed, granted, runs out or ended. */
function Dates({ claim }: { claim: BonusClaim }) {
  const { t } = useTranslation('bonus');
  return (
    <>
      <Term id="claimed-at" label={t('claim.claimedAt')}>
        <When value={claim.createdAt} />
      </Term>
      {claim.activatedAt && (
        <Term id="activated-at" label={t('claim.activatedAt')}>
          <When value={claim.activatedAt} />
        </Term>
      )}
      {claim.expiresAt && claim.status === 'active' && (
        <Term id="expires-at" label={t('claim.expiresAt')}>
          <When value={claim.expiresAt} />
        </Term>
      )}
      {claim.endedAt && (
        <Term id="ended-at" label={t('claim.endedAt')}>
          <When value={claim.endedAt} />
        </Term>
      )}
    </>
  );
}

/** The bonus at a glance: its money, its terms, its dates, its wagering, and Cancel. */
function SummaryCard({ claim, coinsLeft }: { claim: BonusClaim; coinsLeft: number | null }) {
  const claimName = useClaimName();
  return (
    <BonusCard id="summary" title={claimName(claim)}>
      <div>
        <StatusBadge status={claim.status} />
      </div>
      <dl className="bonus-terms">
        <MoneyTerms claim={claim} coinsLeft={coinsLeft} />
        <Dates claim={claim} />
      </dl>
      {claim.status !== 'pending' && <WageringProgress claim={claim} />}
      {claim.status === 'pending' && <PendingTerms claim={claim} />}
      {isCancellable(claim) && (
        <div className="bonus-actions">
          <CancelBonus claim={claim} coinsLeft={coinsLeft} />
        </div>
      )}
    </BonusCard>
  );
}

function PartItem({ part }: { part: BonusClaimPart }) {
  const { t, i18n } = useTranslation('bonus');
  return (
    <li className="bonus-part" data-testid="bonus-part" data-kind={part.kind}>
      <span className="bonus-part__main">
        <span className="bonus-part__kind" data-testid="bonus-part-kind">
          {t(`parts.${part.kind}`)}
          {part.source && part.kind === 'granted' ? ` · ${t(`sources.${part.source}`)}` : ''}
        </span>
        <span className="bonus-part__sub">
          <time dateTime={part.createdAt}>{formatDateTime(part.createdAt, i18n.language)}</time>
          {part.reference && <> · {t('detail.reference', { reference: part.reference })}</>}
        </span>
      </span>
      <span className="bonus-part__side">
        {part.points > 0 && (
          <span
            className={`bonus-part__points bonus-part__points--${part.kind}`}
            data-testid="bonus-part-points"
          >
            {part.kind === 'forfeited' ? '−' : part.kind === 'granted' ? '+' : ''}
            {formatAmount(part.points)}
          </span>
        )}
        {part.wageringAddedPoints > 0 && (
          <span className="bonus-part__sub" data-testid="bonus-part-wagering">
            {t('detail.wageringAdded', { points: formatAmount(part.wageringAddedPoints) })}
          </span>
        )}
      </span>
    </li>
  );
}

function PartsCard({ claimId }: { claimId: number }) {
  const { t } = useTranslation('bonus');
  const [page, setPage] = useState(1);
  const parts = useBonusClaimParts(claimId, page);
  const data = parts.data;
  return (
    <BonusCard id="parts" title={t('detail.linesTitle')}>
      {data ? (
        data.items.length === 0 ? (
          <EmptyNote text={t('detail.linesEmpty')} testId="bonus-parts-empty" />
        ) : (
          <>
            <ul className="bonus-parts" aria-busy={parts.isPlaceholderData}>
              {data.items.map((part) => (
                <PartItem key={part.id} part={part} />
              ))}
            </ul>
            <Pager
              page={data.page}
              pageSize={data.pageSize || BONUS_PAGE_SIZE}
              total={data.total}
              busy={parts.isPlaceholderData}
              onPage={setPage}
              testId="bonus-parts"
              label={t('detail.linesPages')}
              hideSinglePage
            />
          </>
        )
      ) : parts.isError ? (
        <SectionError onRetry={() => void parts.refetch()} testId="bonus-parts-error" />
      ) : (
        <PageLoader />
      )}
    </BonusCard>
  );
}

function NotFound() {
  const { t } = useTranslation('bonus');
  return (
    <div
      className="notice notice--warning bonus-not-found"
      role="alert"
      data-testid="bonus-not-found"
    >
      <p>{t('detail.notFound')}</p>
      <Link className="button button--outline bonus-action" to={BONUS_PATH}>
        {t('detail.back')}
      </Link>
    </div>
  );
}

/**
 * The protected /bonus/:bonusId: one bonus's terms, money, wagering and lines, with Cancel
 * while it is pending or active; a clear "not found" for an id that is not the player's.
 */
export function BonusDetailPage({ titleKey }: PageProps) {
  const { t } = useTranslation('bonus');
  const { t: tApp } = useTranslation();
  const { bonusId } = useParams();
  const claimId = claimIdOf(bonusId);
  const claim = useBonusClaim(claimId);
  const data = claim.data;
  // The coins left of the active bonus (what a cancel forfeits) are the wallet's coins.
  const stats = useBonusStats(data?.status === 'active');
  const coinsLeft = data && stats.data?.active?.id === data.id ? stats.data.coinsPoints : null;
  return (
    <section className="page bonus-page" data-testid="bonus-detail-page">
      <header className="bonus-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        <Link className="bonus-head__link" to={BONUS_PATH} data-testid="bonus-back-link">
          {t('detail.back')}
        </Link>
      </header>
      {claimId === null || isNotFound(claim.error) ? (
        <NotFound />
      ) : data ? (
        <>
          <SummaryCard claim={data} coinsLeft={coinsLeft} />
          <PartsCard claimId={data.id} />
          <BonusRules />
        </>
      ) : claim.isError ? (
        <SectionError
          text={t('detail.loadError')}
          onRetry={() => void claim.refetch()}
          testId="bonus-detail-error"
        />
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
