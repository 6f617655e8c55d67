import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BONUS_GRANT_WAGERING_MULTIPLIER } from '@spm/contract';
import type { BonusClaim, BonusClaimStatus } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { SectionCard } from '@/shared/ui/section-card';
import { DEPOSIT_PATH, formatPercent, wageringShare } from '../lib/bonus-format';
import { StatusPill, type StatusTone } from '@/shared/ui/status-pill';

/** A titled card of the bonus pages (`bonus-{id}` is its test id). */
export function BonusCard({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string } | undefined;
  children: ReactNode;
}) {
  return (
    <SectionCard prefix="bonus" id={id} title={title} link={link}>
      {children}
    </SectionCard>
  );
}

/** A section's failed read: what went wrong and a retry. */
export function SectionError({
  text,
  onRetry,
  testId,
}: {
  text?: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('bonus');
  return (
    <div className="page__error" role="alert" data-testid={testId}>
      <p className="page__muted">{text ?? t('sectionError')}</p>
      <button type="button" className="button button--outline" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** Bonuses are real money: a points (play-money) account is offered none, and is told why. */
export function PlayMoneyNote() {
  const { t } = useTranslation('bonus');
  return (
    <div
      className="notice notice--info bonus-play-money"
      role="note"
      data-testid="bonus-play-money"
    >
      <p className="bonus-play-money__title">{t('playMoney.title')}</p>
      <p>{t('playMoney.text')}</p>
    </div>
  );
}

const STATUS_TONE: Record<BonusClaimStatus, StatusTone> = {
  pending: 'info',
  active: 'active',
  completed: 'good',
  cancelled: 'muted',
  expired: 'muted',
};

export function StatusBadge({ status }: { status: BonusClaimStatus }) {
  const { t } = useTranslation('bonus');
  return (
    <StatusPill
      status={status}
      tone={STATUS_TONE[status]}
      label={t(`status.${status}`)}
      testId="bonus-status"
    />
  );
}

/** Wagered of required, as a bar with the figures and what is left. */
export function WageringProgress({
  claim,
}: {
  claim: Pick<BonusClaim, 'wageredPoints' | 'wageringRequiredPoints'>;
}) {
  const { t } = useTranslation('bonus');
  const share = wageringShare(claim);
  const left = Math.max(0, claim.wageringRequiredPoints - claim.wageredPoints);
  return (
    <div className="bonus-progress" data-testid="bonus-progress">
      <div
        className="bonus-progress__track"
        role="progressbar"
        aria-label={t('claim.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={claim.wageringRequiredPoints}
        aria-valuenow={Math.min(claim.wageredPoints, claim.wageringRequiredPoints)}
        aria-valuetext={t('claim.wagered', {
          wagered: formatAmount(claim.wageredPoints),
          required: formatAmount(claim.wageringRequiredPoints),
        })}
      >
        <span className="bonus-progress__fill" style={{ width: `${(share * 100).toFixed(2)}%` }} />
      </div>
      <p className="bonus-progress__text" data-testid="bonus-progress-text">
        {t('claim.wagered', {
          wagered: formatAmount(claim.wageredPoints),
          required: formatAmount(claim.wageringRequiredPoints),
        })}
      </p>
      <p className="bonus-progress__left page__muted" data-testid="bonus-progress-left">
        {left > 0 ? t('claim.left', { left: formatAmount(left) }) : t('claim.met')}
      </p>
    </div>
  );
}

/** A pending claim's wait: the deposit it needs and what it will bring, with the way to deposit. */
export function PendingTerms({
  claim,
}: {
  claim: Pick<BonusClaim, 'percent' | 'maxBonusPoints' | 'minDepositPoints'>;
}) {
  const { t } = useTranslation('bonus');
  return (
    <div className="bonus-pending">
      {claim.percent !== null && (
        <p className="bonus-pending__text" data-testid="bonus-pending-terms">
          {t('claim.waiting', {
            min: formatAmount(claim.minDepositPoints),
            percent: formatPercent(claim.percent),
            max: formatAmount(claim.maxBonusPoints),
          })}
        </p>
      )}
      <Link
        className="button button--primary bonus-action"
        to={DEPOSIT_PATH}
        data-testid="bonus-deposit-link"
      >
        {t('claim.depositNow')}
      </Link>
    </div>
  );
}

/** The rules as docs/bonus.md states them, on every bonus page. */
export function BonusRules() {
  const { t } = useTranslation('bonus');
  const rules = ['claim', 'funding', 'wagering', 'converted', 'forfeit', 'oneActive'] as const;
  return (
    <BonusCard id="rules" title={t('rules.title')}>
      <ul className="bonus-rules">
        {rules.map((rule) => (
          <li key={rule} data-testid={`bonus-rule-${rule}`}>
            {t(`rules.${rule}`, { multiplier: BONUS_GRANT_WAGERING_MULTIPLIER })}
          </li>
        ))}
      </ul>
    </BonusCard>
  );
}
