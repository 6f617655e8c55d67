import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExclusionRestriction } from '@spm/contract';
import { formatIndiaDateTime } from '@spm/core';
import { PROTECTED_HOME_PATH } from '@/shared/lib/route-paths';
import type { PageProps } from '@/shared/lib/route-paths';
import { useAuthStore } from '@/shared/stores/auth-store';
import { PageLoader } from '@/shared/ui/page-loader';
import { useAskToReturn, useExclusionStatus } from '@/shared/api/exclusion-api';
import './restricted-view.css';

/** The sentence that says until when (issue 42 item 3). */
function untilMessage(
  restriction: ExclusionRestriction,
  t: (key: string, values?: Record<string, string>) => string,
  language: string,
): string {
  const at = (iso: string) => formatIndiaDateTime(iso, language);
  if (restriction.kind === 'time_out') {
    return t('saferPlayExclusion.timeOutUntil', { until: at(restriction.endsAt) });
  }
  if (restriction.returnsAt !== null) {
    return t('saferPlayExclusion.returning', { until: at(restriction.returnsAt) });
  }
  if (restriction.canAskToReturn) {
    return t('saferPlayExclusion.ended', { until: at(restriction.endsAt) });
  }
  return t('saferPlayExclusion.excludedUntil', { until: at(restriction.endsAt) });
}

/**
 * What a player under a time-out or self-exclusion sees after sign-in: until when, and only
 * withdrawing the balance and reading history (the route guard keeps every other page away).
 */
export function RestrictedPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const { data: status, isError } = useExclusionStatus();
  const askToReturn = useAskToReturn();
  const restriction = status?.restriction;

  // Over since the sign-in (a time-out's end, a return's 24 hours): the full app again.
  useEffect(() => {
    if (status && status.restriction === null) {
      const { user, setUser } = useAuthStore.getState();
      if (user?.restriction) setUser({ ...user, restriction: null });
    }
  }, [status]);

  return (
    <section className="page restricted-view" data-testid="restricted-view">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      {restriction ? (
        <>
          <p className="restricted-view__message" data-testid="restricted-until">
            {untilMessage(restriction, t, i18n.language)}
          </p>
          <p className="page__muted">{t('saferPlayExclusion.restrictedHelp')}</p>
          {restriction.canAskToReturn ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void askToReturn()}
              data-testid="restricted-ask-return"
            >
              {t('saferPlayExclusion.askToReturn')}
            </button>
          ) : null}
          <nav className="restricted-view__links" aria-label={t(titleKey)}>
            <Link
              className="button button--primary"
              to="/withdraw"
              data-testid="restricted-withdraw"
            >
              {t('saferPlayExclusion.withdraw')}
            </Link>
            <Link className="button button--ghost" to="/withdrawlist">
              {t('saferPlayExclusion.withdrawals')}
            </Link>
            <Link
              className="button button--ghost"
              to="/statement"
              data-testid="restricted-statement"
            >
              {t('saferPlayExclusion.statement')}
            </Link>
            <Link className="button button--ghost" to="/mybets">
              {t('saferPlayExclusion.bets')}
            </Link>
          </nav>
        </>
      ) : status ? (
        <>
          <p className="restricted-view__message">{t('saferPlayExclusion.over')}</p>
          <Link className="button button--primary" to={PROTECTED_HOME_PATH}>
            {t('saferPlayExclusion.continue')}
          </Link>
        </>
      ) : isError ? (
        <p className="page__muted" role="alert">
          {t('saferPlayExclusion.loadError')}
        </p>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
