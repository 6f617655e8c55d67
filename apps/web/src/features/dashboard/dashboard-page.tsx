import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  Bet,
  CasinoHistoryRound,
  CrashMyBet,
  LimitView,
  PlayerDashboard,
  RealityCheckSettings,
  SportsbookBet,
  StatementEntry,
} from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { statementEntryPath } from '@/shared/lib/statement-links';
import { SAFER_PLAY_ANCHOR, SESSION_TIME_ANCHOR } from '@/shared/safer-play/limits-section';
import { usePlaySite } from '@/shared/stores/site-money-mode';
import { PageLoader } from '@/shared/ui/page-loader';
import { PointsAmount } from '@/shared/ui/points-amount';
import { ExposureAmount, useWalletFigures } from '@/shared/ui/wallet-figures';
import { useDashboard, useDashboardRefreshOnWallet } from './api/dashboard-api';
import './dashboard.css';
import { EmptyNote } from '@/shared/ui/empty-note';
import { SectionCard } from '@/shared/ui/section-card';

/** A card of the dashboard: a title, an optional link to the page the figures come from. */
function Card({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <SectionCard
      prefix="dash"
      id={id}
      title={title}
      className={`dashboard-card--${id}`}
      link={link}
    >
      {children}
    </SectionCard>
  );
}

/** Balance and exposure from the realtime wallet: they move as the header's do. */
function MoneyCard({ playMoney }: { playMoney: boolean }) {
  const { t } = useTranslation();
  const { balance, exposure } = useWalletFigures();
  return (
    <Card
      id="money"
      title={t('dashboard.money.title')}
      link={{ to: '/statement', label: t('wallet.viewStatement') }}
    >
      <dl className="dashboard-figures">
        <div className="dashboard-figures__item">
          <dt>{t(playMoney ? 'playMoney.balance' : 'wallet.balance')}</dt>
          <dd className="dashboard-figures__amount" data-testid="dash-balance">
            <PointsAmount amount={balance} />
          </dd>
        </div>
        <div className="dashboard-figures__item">
          <dt>{t('wallet.exposure')}</dt>
          <dd className="dashboard-figures__amount">
            <ExposureAmount amount={exposure} testId="dash-exposure" />
          </dd>
        </div>
      </dl>
      {playMoney && (
        <p className="page__muted" data-testid="dash-play-money">
          {t('dashboard.money.playMoney')}
        </p>
      )}
    </Card>
  );
}

function SportsBetItem({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  return (
    <li className="dashboard-item" data-testid="dash-sports-bet" data-market-type={bet.marketType}>
      <Link className="dashboard-item__main" to={`/exchange/${bet.eventId}`}>
        <span className="dashboard-item__title">{bet.eventName}</span>
        <span className="dashboard-item__sub">
          {t(`dashboard.marketTypes.${bet.marketType}`)} · {bet.marketName} · {bet.runnerName}
        </span>
      </Link>
      <span className="dashboard-item__figures">
        <span className={`dashboard-side dashboard-side--${bet.side}`}>
          {t(`exchange.${bet.side}`)}
        </span>{' '}
        {t('dashboard.openBets.stakeAt', { stake: formatAmount(bet.stake), price: bet.price })}
        {bet.unmatchedStake > 0 && (
          <span className="dashboard-item__sub">
            {t('dashboard.openBets.unmatched', { amount: formatAmount(bet.unmatchedStake) })}
          </span>
        )}
      </span>
    </li>
  );
}

/** An SPM Games round lives at the SPM Games tables; a provider's round in the casino history. */
const casinoRoundHome = (round: CasinoHistoryRound) =>
  round.spm !== null ? '/spmgames' : '/mybets/casino';

function CasinoRoundItem({ round }: { round: CasinoHistoryRound }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="dashboard-item" data-testid="dash-casino-round">
      <Link className="dashboard-item__main" to={casinoRoundHome(round)}>
        <span className="dashboard-item__title">{round.gameName}</span>
        <span className="dashboard-item__sub">
          {round.providerName} ·{' '}
          <time dateTime={round.startedAt}>{formatDateTime(round.startedAt, i18n.language)}</time>
        </span>
      </Link>
      <span className="dashboard-item__figures">
        {t('dashboard.openBets.staked', { amount: formatAmount(round.staked) })}
      </span>
    </li>
  );
}

function CrashBetItem({ bet }: { bet: CrashMyBet }) {
  const { t } = useTranslation();
  return (
    <li className="dashboard-item" data-testid="dash-crash-bet">
      <Link className="dashboard-item__main" to="/aviatorgames">
        <span className="dashboard-item__title">
          {t('dashboard.openBets.crashRound', { round: bet.roundId })}
        </span>
        {bet.autoCashOut !== null && (
          <span className="dashboard-item__sub">
            {t('dashboard.openBets.autoCashOut', { multiplier: bet.autoCashOut.toFixed(2) })}
          </span>
        )}
      </Link>
      <span className="dashboard-item__figures">
        {t('dashboard.openBets.staked', { amount: formatAmount(bet.stake) })}
      </span>
    </li>
  );
}

function SportsbookBetItem({ bet }: { bet: SportsbookBet }) {
  const { t } = useTranslation();
  const single = bet.legs.length === 1 ? bet.legs[0] : undefined;
  return (
    <li className="dashboard-item" data-testid="dash-sportsbook-bet">
      <Link className="dashboard-item__main" to="/sportsbook2">
        <span className="dashboard-item__title">
          {single
            ? `${single.outcomeName} @ ${single.odds}`
            : `${t('dashboard.openBets.accumulator', { count: bet.legs.length })} @ ${bet.totalOdds}`}
        </span>
        <span className="dashboard-item__sub">
          {single ? single.eventName : bet.legs.map((leg) => leg.outcomeName).join(', ')}
        </span>
      </Link>
      <span className="dashboard-item__figures">
        {t('dashboard.openBets.staked', { amount: formatAmount(bet.stakePoints) })}
        <br />
        {t('dashboard.openBets.toWin', { amount: formatAmount(bet.potentialWinPoints) })}
      </span>
    </li>
  );
}

function ProductGroup({
  name,
  to,
  count,
  more,
  children,
}: {
  name: 'sports' | 'casino' | 'crash' | 'sportsbook';
  to: string;
  count: number;
  more: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-group" data-testid={`dash-${name}`}>
      <h3 className="dashboard-group__title">
        <Link to={to} data-testid={`dash-${name}-link`}>
          {t(`dashboard.openBets.${name}.title`)}
        </Link>
        <span className="dashboard-group__count">{count}</span>
      </h3>
      {count === 0 ? (
        <EmptyNote text={t(`dashboard.openBets.${name}.empty`)} testId={`dash-${name}-empty`} />
      ) : (
        <ul className="dashboard-list">{children}</ul>
      )}
      {more && (
        <Link className="dashboard-group__more" to={to}>
          {t('dashboard.openBets.more')}
        </Link>
      )}
    </div>
  );
}

function OpenBetsCard({ openBets }: { openBets: PlayerDashboard['openBets'] }) {
  const { t } = useTranslation();
  return (
    <Card id="bets" title={t('dashboard.openBets.title')}>
      <ProductGroup
        name="sports"
        to="/mybets"
        count={openBets.sports.length}
        more={openBets.more.sports}
      >
        {openBets.sports.map((bet) => (
          <SportsBetItem key={bet.id} bet={bet} />
        ))}
      </ProductGroup>
      <ProductGroup
        name="casino"
        to="/mybets/casino"
        count={openBets.casino.length}
        more={openBets.more.casino}
      >
        {openBets.casino.map((round) => (
          <CasinoRoundItem key={round.id} round={round} />
        ))}
      </ProductGroup>
      <ProductGroup
        name="crash"
        to="/aviatorgames"
        count={openBets.crash.length}
        more={openBets.more.crash}
      >
        {openBets.crash.map((bet) => (
          <CrashBetItem key={bet.id} bet={bet} />
        ))}
      </ProductGroup>
      <ProductGroup
        name="sportsbook"
        to="/sportsbook2"
        count={openBets.sportsbook.length}
        more={openBets.more.sportsbook}
      >
        {openBets.sportsbook.map((bet) => (
          <SportsbookBetItem key={bet.id} bet={bet} />
        ))}
      </ProductGroup>
    </Card>
  );
}

/** One limit set: what counts against it, what is left, as a bar. */
function LimitItem({ view }: { view: LimitView & { amount: number } }) {
  const { t } = useTranslation();
  const left = Math.max(0, view.amount - view.used);
  const usedPercent = Math.min(100, view.amount > 0 ? (view.used / view.amount) * 100 : 100);
  return (
    <li className="dashboard-limit" data-testid={`dash-limit-${view.name}`}>
      <span className="dashboard-limit__name">{t(`saferPlay.names.${view.name}`)}</span>
      <span className="dashboard-limit__figures">
        {t('saferPlay.used', { used: formatAmount(view.used), amount: formatAmount(view.amount) })}
        {' · '}
        <strong>{t('dashboard.limits.left', { amount: formatAmount(left) })}</strong>
      </span>
      <span
        className={`dashboard-limit__bar${usedPercent >= 100 ? ' dashboard-limit__bar--full' : ''}`}
        role="meter"
        aria-label={t(`saferPlay.names.${view.name}`)}
        aria-valuemin={0}
        aria-valuemax={view.amount}
        aria-valuenow={Math.min(view.used, view.amount)}
      >
        <span style={{ width: `${usedPercent}%` }} />
      </span>
    </li>
  );
}

function sessionLimitText(t: TFunction, minutes: number | null) {
  if (minutes === null) return t('saferPlaySessions.off');
  if (minutes === 60) return t('saferPlaySessions.optionOneHour');
  return minutes % 60 === 0
    ? t('saferPlaySessions.optionHours', { hours: minutes / 60 })
    : t('saferPlaySessions.optionMinutes', { minutes });
}

function LimitsCard({ limits, session }: { limits: LimitView[]; session: RealityCheckSettings }) {
  const { t, i18n } = useTranslation();
  const set = limits.filter((view): view is LimitView & { amount: number } => view.amount !== null);
  return (
    <Card
      id="limits"
      title={t('saferPlay.title')}
      link={{ to: `/profile#${SAFER_PLAY_ANCHOR}`, label: t('dashboard.limits.setLink') }}
    >
      {set.length === 0 ? (
        <EmptyNote text={t('dashboard.limits.empty')} testId="dash-limits-empty" />
      ) : (
        <ul className="dashboard-list">
          {set.map((view) => (
            <LimitItem key={view.name} view={view} />
          ))}
        </ul>
      )}
      <div className="dashboard-session" data-testid="dash-session">
        <h3 className="dashboard-group__title">
          <Link to={`/profile#${SESSION_TIME_ANCHOR}`}>{t('saferPlaySessions.limitLabel')}</Link>
          <span className="dashboard-group__count" data-testid="dash-session-limit">
            {sessionLimitText(t, session.sessionLimitMinutes)}
          </span>
        </h3>
        <p className="page__muted">
          {t('saferPlaySessions.sessionTimes', {
            started: formatDateTime(session.sessionStartedAt, i18n.language),
            ends: formatDateTime(session.sessionEndsAt, i18n.language),
          })}
        </p>
      </div>
    </Card>
  );
}

function MovementItem({ entry }: { entry: StatementEntry }) {
  const { t, i18n } = useTranslation();
  const credit = entry.credit > 0;
  return (
    <li className="dashboard-item" data-testid="dash-movement" data-entry-id={entry.id}>
      <Link className="dashboard-item__main" to={statementEntryPath(entry)}>
        <span className="dashboard-item__title">{t(`statement.kinds.${entry.kind}`)}</span>
        <span className="dashboard-item__sub">
          <time dateTime={entry.time}>{formatDateTime(entry.time, i18n.language)}</time>
          {entry.description ? ` · ${entry.description}` : ''}
        </span>
      </Link>
      <span className="dashboard-item__figures">
        <span className={`dashboard-amount dashboard-amount--${credit ? 'credit' : 'debit'}`}>
          {credit ? `+${formatAmount(entry.credit)}` : `−${formatAmount(entry.debit)}`}
        </span>
        <span className="dashboard-item__sub">
          {t('dashboard.movements.balanceAfter', { amount: formatAmount(entry.balanceAfter) })}
        </span>
      </span>
    </li>
  );
}

function MovementsCard({ movements }: { movements: StatementEntry[] }) {
  const { t } = useTranslation();
  return (
    <Card
      id="movements"
      title={t('dashboard.movements.title')}
      link={{ to: '/statement', label: t('dashboard.movements.all') }}
    >
      {movements.length === 0 ? (
        <EmptyNote text={t('dashboard.movements.empty')} testId="dash-movements-empty" />
      ) : (
        <ul className="dashboard-list">
          {movements.map((entry) => (
            <MovementItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The protected /dashboard (issue 44 item 4): the account at a glance in one read
 * (GET /dashboard), read again after realtime wallet changes; balance and exposure live.
 */
export function DashboardPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  useDashboardRefreshOnWallet();
  const playSite = usePlaySite();
  const data = dashboard.data;
  return (
    <section className="page dashboard-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      {data ? (
        <div className="section-grid">
          <MoneyCard playMoney={playSite || data.playMoney} />
          <OpenBetsCard openBets={data.openBets} />
          <LimitsCard limits={data.limits} session={data.session} />
          <MovementsCard movements={data.movements} />
        </div>
      ) : dashboard.isError ? (
        <div className="page__error" role="alert" data-testid="dash-error">
          <p className="page__muted">{t('dashboard.loadError')}</p>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void dashboard.refetch()}
          >
            {t('dashboard.retry')}
          </button>
        </div>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
