import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardSchema, type Dashboard } from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';
import { useAuthStore } from '../../shared/auth-store.ts';
import { errorText } from '../../shared/ui/index.ts';
import { formatAmount, formatCount } from '@spm/client';
import { DashboardChart } from './chart.tsx';
import { loadSystemStatus, type SystemStatus } from './system-status.ts';

const REFRESH_MS = 60_000;

type Totals = Dashboard['today'];

/** Today and this month at a glance, the waiting queues and the last 30 days. */
export function DashboardPage() {
  const { t } = useTranslation();
  const isAdmin = useAuthStore((state) => state.staff?.role === 'admin');
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => staffRequest(dashboardSchema, { url: '/staff/dashboard' }),
    refetchInterval: REFRESH_MS,
  });

  return (
    <div className="page">
      <h1>{t('dashboard.title')}</h1>
      {dashboard.isError ? (
        <p className="field-error" role="alert">
          {errorText(dashboard.error)}
        </p>
      ) : null}
      {dashboard.data ? (
        <>
          <div className="cards-row">
            <TotalsCard
              heading={t('dashboard.today')}
              totals={dashboard.data.today}
              testId="today"
            />
            <TotalsCard
              heading={t('dashboard.month')}
              totals={dashboard.data.month}
              testId="month"
            />
            <section className="panel card" aria-labelledby="pending-heading">
              <h2 id="pending-heading">{t('dashboard.pending.title')}</h2>
              <dl className="figures" data-testid="pending">
                <PendingFigure
                  label={t('dashboard.pending.deposits')}
                  count={dashboard.data.pending.deposits}
                  to={isAdmin ? '/queues/deposits' : null}
                />
                <PendingFigure
                  label={t('dashboard.pending.withdrawals')}
                  count={dashboard.data.pending.withdrawals}
                  to={isAdmin ? '/queues/withdrawals' : null}
                />
                <PendingFigure
                  label={t('dashboard.pending.kyc')}
                  count={dashboard.data.pending.kyc}
                  to={isAdmin ? '/queues/kyc' : null}
                />
              </dl>
            </section>
          </div>
          <section className="panel">
            <DashboardChart days={dashboard.data.days} />
          </section>
        </>
      ) : dashboard.isPending ? (
        <p className="muted">{t('ui.loading')}</p>
      ) : null}
      {isAdmin ? <SystemStatusPanel /> : null}
    </div>
  );
}

function TotalsCard({
  heading,
  totals,
  testId,
}: {
  heading: string;
  totals: Totals;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = `totals-${testId}`;
  return (
    <section className="panel card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <dl className="figures" data-testid={`totals-${testId}`}>
        <dt>{t('dashboard.deposits')}</dt>
        <dd>{formatAmount(totals.deposits)}</dd>
        <dt>{t('dashboard.withdrawals')}</dt>
        <dd>{formatAmount(totals.withdrawals)}</dd>
        <dt>{t('dashboard.ggr')}</dt>
        <dd className={totals.ggr < 0 ? 'negative' : undefined}>{formatAmount(totals.ggr)}</dd>
        <dt>{t('dashboard.newPlayers')}</dt>
        <dd>{formatCount(totals.newPlayers)}</dd>
        <dt>{t('dashboard.activePlayers')}</dt>
        <dd>{formatCount(totals.activePlayers)}</dd>
      </dl>
    </section>
  );
}

function PendingFigure({ label, count, to }: { label: string; count: number; to: string | null }) {
  return (
    <>
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd className={count > 0 ? 'attention' : undefined}>{formatCount(count)}</dd>
    </>
  );
}

/** API, database and site status: what an operator checks first. */
function SystemStatusPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SystemStatus | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadSystemStatus().then((next) => {
      if (!cancelled) setStatus(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const yesNo = (value: boolean) => (value ? t('status.ok') : t('status.down'));
  return (
    <section className="panel status-panel" aria-labelledby="system-heading">
      <h2 id="system-heading">{t('status.heading')}</h2>
      {status === null ? (
        <p className="muted">{t('ui.loading')}</p>
      ) : (
        <dl className="figures">
          <dt>{t('status.api')}</dt>
          <dd data-testid="status-api">{yesNo(status.apiUp)}</dd>
          <dt>{t('status.database')}</dt>
          <dd data-testid="status-db">{yesNo(status.databaseReady)}</dd>
          <dt>{t('status.organisation')}</dt>
          <dd data-testid="status-organisation">
            {status.appDetails
              ? t(`organisation.${status.appDetails.organisationStatus}`)
              : t('status.unknown')}
          </dd>
        </dl>
      )}
    </section>
  );
}
