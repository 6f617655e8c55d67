import { useRef, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { StaffPlayer } from '@spm/contract';
import { useAuthStore } from '../../shared/auth-store.ts';
import { StatusBadge, errorText } from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { AdjustmentForm } from './adjustment-form.tsx';
import { fetchPlayer, playerKeys } from './api.ts';
import { BonusesPanel } from './bonuses-panel.tsx';
import { DepositsTab, KycTab, WithdrawalsTab } from './cashier-tabs.tsx';
import { BetsTab, LedgerTab, SessionsTab } from './history-tabs.tsx';
import { ExclusionsTab } from './exclusions-tab.tsx';
import { LimitsTab } from './limits-tab.tsx';
import { SportsbookBetsSection } from './sportsbook-bets-section.tsx';
import { LockAction } from './lock-action.tsx';
import { RealityCheckSection } from './reality-check-section.tsx';
import { ReferralsPanel } from './referrals-panel.tsx';

export const PLAYER_TABS = [
  'profile',
  'wallet',
  'ledger',
  'bets',
  'deposits',
  'withdrawals',
  'kyc',
  'sessions',
  // Issue 42 item 5: time-outs and self-exclusions, read-only.
  'exclusions',
  'limits',
] as const;
type PlayerTab = (typeof PLAYER_TABS)[number];

/** The tab the address names (`?tab=`), profile when it names none we know. */
function useSelectedTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'profile';
  const tab: PlayerTab = (PLAYER_TABS as readonly string[]).includes(requested)
    ? (requested as PlayerTab)
    : 'profile';
  const select = (next: PlayerTab) =>
    setParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  return [tab, select] as const;
}

/** The tab buttons; the arrow keys move between them (the ARIA tabs pattern). */
function PlayerTabList({ tab, onSelect }: { tab: PlayerTab; onSelect: (tab: PlayerTab) => void }) {
  const { t } = useTranslation();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const choose = (next: PlayerTab) => {
    onSelect(next);
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = PLAYER_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = PLAYER_TABS[(index + step + PLAYER_TABS.length) % PLAYER_TABS.length];
    if (next) choose(next);
  };
  return (
    <div role="tablist" aria-label={t('players.tabsLabel')} className="tabs" onKeyDown={onTabKey}>
      {PLAYER_TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            tabRefs.current[name] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`panel-${name}`}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => choose(name)}
        >
          {t(`players.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}

function PlayerTabPanel({
  tab,
  player,
  isAdmin,
}: {
  tab: PlayerTab;
  player: StaffPlayer;
  isAdmin: boolean;
}) {
  return (
    <section
      role="tabpanel"
      id={`panel-${tab}`}
      aria-labelledby={`tab-${tab}`}
      className="tab-panel"
    >
      {tab === 'profile' ? <ProfileTab player={player} /> : null}
      {tab === 'wallet' ? (
        <>
          <WalletFigures player={player} />
          {isAdmin ? <AdjustmentForm player={player} /> : null}
          {/* Bonuses are real money: a demo account has none. Cancelling is for admins. */}
          {player.isDemo ? null : <BonusesPanel playerId={player.id} canCancel={isAdmin} />}
        </>
      ) : null}
      {tab === 'ledger' ? <LedgerTab playerId={player.id} /> : null}
      {tab === 'bets' ? (
        <>
          <BetsTab playerId={player.id} />
          <SportsbookBetsSection playerId={player.id} />
        </>
      ) : null}
      {tab === 'deposits' ? <DepositsTab playerId={player.id} /> : null}
      {tab === 'withdrawals' ? <WithdrawalsTab playerId={player.id} /> : null}
      {tab === 'kyc' ? <KycTab playerId={player.id} /> : null}
      {tab === 'sessions' ? (
        <>
          <RealityCheckSection playerId={player.id} />
          <SessionsTab playerId={player.id} />
        </>
      ) : null}
      {tab === 'exclusions' ? <ExclusionsTab playerId={player.id} /> : null}
      {tab === 'limits' ? <LimitsTab playerId={player.id} /> : null}
    </section>
  );
}

function PlayerHeader({ player, isAdmin }: { player: StaffPlayer; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="page-head">
      <h1>
        {player.username} <span className="muted">#{player.id}</span>
      </h1>
      <div className="badges">
        <StatusBadge status={player.status} label={t(`players.statuses.${player.status}`)} />
        {player.isDemo ? <StatusBadge status="info" label={t('players.demo')} /> : null}
      </div>
      {isAdmin ? (
        <div className="actions">
          <LockAction player={player} />
        </div>
      ) : null}
    </header>
  );
}

/** One player: profile and everything about their money and sessions, in tabs. */
export function PlayerDetailPage() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  const [tab, selectTab] = useSelectedTab();
  const isAdmin = useAuthStore((state) => state.staff?.role === 'admin');

  const player = useQuery({
    queryKey: playerKeys.detail(playerId),
    queryFn: () => fetchPlayer(playerId),
    enabled: /^\d{1,18}$/.test(playerId),
  });

  if (player.isError) {
    return (
      <div className="page">
        <p>
          <Link to="/players">{t('players.back')}</Link>
        </p>
        <p className="field-error" role="alert">
          {errorText(player.error)}
        </p>
      </div>
    );
  }
  if (!player.data) return <p className="muted">{t('ui.loading')}</p>;

  return (
    <div className="page">
      <p>
        <Link to="/players">{t('players.back')}</Link>
      </p>
      <PlayerHeader player={player.data} isAdmin={isAdmin} />
      <PlayerTabList tab={tab} onSelect={selectTab} />
      <PlayerTabPanel tab={tab} player={player.data} isAdmin={isAdmin} />
    </div>
  );
}

function ProfileTab({ player }: { player: StaffPlayer }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('players.id'), player.id],
    [t('players.username'), player.username],
    [t('players.name'), player.name],
    [t('players.email'), player.email ?? '—'],
    [t('players.phone'), player.phone ? `+${player.phone}` : '—'],
    [t('players.status'), t(`players.statuses.${player.status}`)],
    [t('players.kyc'), t(`kycStatuses.${player.kycStatus}`)],
    [t('players.accountType'), player.isDemo ? t('players.demo') : t('players.real')],
    [t('players.agentCode'), player.agentCode ?? '—'],
    [t('players.registered'), formatDateTime(player.registeredAt)],
    [t('players.registrationIp'), player.registrationIp ?? '—'],
    [
      t('regions.declaredState'),
      player.declaredState ? t(`regions.states.${player.declaredState}`) : '—',
    ],
    [
      t('regions.ageConfirmed'),
      player.ageConfirmedAt ? formatDateTime(player.ageConfirmedAt) : t('regions.notRecorded'),
    ],
    [t('players.lastLogin'), formatDateTime(player.lastLoginAt)],
  ];
  return (
    <>
      <dl className="figures panel" data-testid="player-profile">
        {rows.map(([label, value]) => (
          <div key={label} className="figure-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {player.isDemo ? null : <ReferralsPanel playerId={player.id} />}
    </>
  );
}

function WalletFigures({ player }: { player: StaffPlayer }) {
  const { t } = useTranslation();
  const keys = ['balance', 'cash', 'coins', 'sports', 'wicket', 'exposure'] as const;
  return (
    <dl className="figures panel wallet" data-testid="player-wallet">
      {keys.map((key) => (
        <div key={key} className="figure-row">
          <dt>{t(`wallet.${key}`)}</dt>
          <dd>{formatAmount(player.wallet[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
