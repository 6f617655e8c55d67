import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '@/shared/lib/route-paths';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import './privacy-policy.css';

const COLLECTED = ['account', 'kyc', 'bank', 'bets', 'sessions'] as const;
const RIGHTS = ['access', 'correction', 'erasure', 'consent', 'nominate'] as const;

/**
 * /privacypolicy (SPEC 2.2 common route; issue 42 item 8, docs/personal-data.md): what the
 * platform holds, why, for how long, the player's rights under India's DPDP Act 2023 and its
 * Rules, and the grievance officer the operator names in its settings.
 */
export function PrivacyPolicyPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const details = useAppStore((state) => state.appDetails);
  const signedIn = useAuthStore((state) => state.token !== null);
  const brand = details?.BRAND_NAME ?? '';

  return (
    <section className="page privacy-policy">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <p>{t('privacy.page.intro', { brand })}</p>

      <h2>{t('privacy.page.collectTitle')}</h2>
      <ul>
        {COLLECTED.map((item) => (
          <li key={item}>{t(`privacy.page.collect.${item}`)}</li>
        ))}
      </ul>

      <h2>{t('privacy.page.useTitle')}</h2>
      <p>{t('privacy.page.useText')}</p>
      <p>{t('privacy.page.consentText')}</p>

      <h2>{t('privacy.page.rightsTitle')}</h2>
      <ul>
        {RIGHTS.map((item) => (
          <li key={item}>{t(`privacy.page.rights.${item}`)}</li>
        ))}
      </ul>
      <p>{t('privacy.page.deadlineText')}</p>
      {signedIn && (
        <p>
          <Link to="/profile" data-testid="privacy-manage-link">
            {t('privacy.page.manageLink')}
          </Link>
        </p>
      )}

      <h2>{t('privacy.page.retentionTitle')}</h2>
      <p>{t('privacy.page.retentionText')}</p>

      <h2>{t('privacy.page.grievanceTitle')}</h2>
      <p>{t('privacy.page.grievanceText')}</p>
      {details && (
        <dl className="privacy-policy__contact" data-testid="privacy-grievance">
          <dt>{t('privacy.page.grievanceName')}</dt>
          <dd>{details.GRIEVANCE_OFFICER_NAME}</dd>
          <dt>{t('privacy.page.grievanceEmail')}</dt>
          <dd>
            <a href={`mailto:${details.GRIEVANCE_OFFICER_EMAIL}`}>
              {details.GRIEVANCE_OFFICER_EMAIL}
            </a>
          </dd>
          {details.GRIEVANCE_OFFICER_PHONE && (
            <>
              <dt>{t('privacy.page.grievancePhone')}</dt>
              <dd>
                <a href={`tel:${details.GRIEVANCE_OFFICER_PHONE}`}>
                  {details.GRIEVANCE_OFFICER_PHONE}
                </a>
              </dd>
            </>
          )}
        </dl>
      )}
      <p>{t('privacy.page.boardText')}</p>
    </section>
  );
}
