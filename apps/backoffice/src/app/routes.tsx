import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/index.ts';
import { DashboardPage } from '../features/dashboard/index.ts';
import { Forbidden, NotFound, RequireAuth, RequireRole } from './guards.tsx';
import { Layout } from './layout.tsx';

/** A named export of a lazily loaded module as a React.lazy component. */
function lazyNamed<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// The screens behind the sign-in other than the dashboard (where the sign-in lands, and small)
// are loaded on first visit, so the first visit of all, the sign-in page, stays light (issue
// 11, page weight). The operations screens are loaded only for admins.
const players = () => import('../features/players/index.ts');
const PlayersPage = lazyNamed(players, 'PlayersPage');
const PlayerDetailPage = lazyNamed(players, 'PlayerDetailPage');
const LimitsReportPage = lazyNamed(players, 'LimitsReportPage');
const StaffUsersPage = lazyNamed(
  () => import('../features/staff-users/index.ts'),
  'StaffUsersPage',
);
const AuditPage = lazyNamed(() => import('../features/audit/index.ts'), 'AuditPage');
const DataRequestsPage = lazyNamed(
  () => import('../features/data-requests/index.ts'),
  'DataRequestsPage',
);
const contactMessages = () => import('../features/contact-messages/index.ts');
const ContactMessagesPage = lazyNamed(contactMessages, 'ContactMessagesPage');
const ContactMessagePage = lazyNamed(contactMessages, 'ContactMessagePage');
const queues = () => import('../features/queues/index.ts');
const sports = () => import('../features/sports/index.ts');
const settings = () => import('../features/settings/index.ts');
const casino = () => import('../features/casino/index.ts');
const crash = () => import('../features/crash/index.ts');
const ContentPagesPage = lazyNamed(
  () => import('../features/content/index.ts'),
  'ContentPagesPage',
);
const DepositQueuePage = lazyNamed(queues, 'DepositQueuePage');
const WithdrawalQueuePage = lazyNamed(queues, 'WithdrawalQueuePage');
const KycQueuePage = lazyNamed(queues, 'KycQueuePage');
const SportsEventsPage = lazyNamed(sports, 'SportsEventsPage');
const SportsEventPage = lazyNamed(sports, 'SportsEventPage');
const AppSettingsPage = lazyNamed(settings, 'AppSettingsPage');
const BannersPage = lazyNamed(settings, 'BannersPage');
const AnnouncementsPage = lazyNamed(settings, 'AnnouncementsPage');
const GatewaysPage = lazyNamed(settings, 'GatewaysPage');
const BroadcastPage = lazyNamed(settings, 'BroadcastPage');
const NamesPage = lazyNamed(settings, 'NamesPage');
const BonusOffersPage = lazyNamed(settings, 'BonusOffersPage');
const CasinoGamesPage = lazyNamed(casino, 'CasinoGamesPage');
const CasinoProvidersPage = lazyNamed(casino, 'CasinoProvidersPage');
const CasinoRoundsPage = lazyNamed(casino, 'CasinoRoundsPage');
const CasinoGgrPage = lazyNamed(casino, 'CasinoGgrPage');
const CrashRoundsPage = lazyNamed(crash, 'CrashRoundsPage');
const CrashReportPage = lazyNamed(crash, 'CrashReportPage');
const CrashSettingsPage = lazyNamed(crash, 'CrashSettingsPage');

const admin = (page: ReactNode) => <RequireRole roles={['admin']}>{page}</RequireRole>;

export const routes: RouteObject[] = [
  { path: '/login', element: <SignInPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'players', element: <PlayersPage /> },
      { path: 'players/:playerId', element: <PlayerDetailPage /> },
      { path: 'rg/limits', element: admin(<LimitsReportPage />) },
      { path: 'queues/deposits', element: admin(<DepositQueuePage />) },
      { path: 'queues/withdrawals', element: admin(<WithdrawalQueuePage />) },
      { path: 'queues/kyc', element: admin(<KycQueuePage />) },
      { path: 'queues/data-requests', element: admin(<DataRequestsPage />) },
      { path: 'queues/contact', element: admin(<ContactMessagesPage />) },
      { path: 'queues/contact/:id', element: admin(<ContactMessagePage />) },
      { path: 'sports', element: admin(<SportsEventsPage />) },
      { path: 'sports/:eventId', element: admin(<SportsEventPage />) },
      { path: 'casino/games', element: admin(<CasinoGamesPage />) },
      { path: 'casino/providers', element: admin(<CasinoProvidersPage />) },
      { path: 'casino/rounds', element: <CasinoRoundsPage /> },
      { path: 'casino/ggr', element: admin(<CasinoGgrPage />) },
      { path: 'crash/rounds', element: admin(<CrashRoundsPage />) },
      { path: 'crash/report', element: admin(<CrashReportPage />) },
      { path: 'crash/settings', element: admin(<CrashSettingsPage />) },
      { path: 'settings/app', element: admin(<AppSettingsPage />) },
      { path: 'settings/bonus-offers', element: admin(<BonusOffersPage />) },
      { path: 'settings/banners', element: admin(<BannersPage />) },
      { path: 'settings/announcements', element: admin(<AnnouncementsPage />) },
      { path: 'settings/gateways', element: admin(<GatewaysPage />) },
      { path: 'settings/broadcast', element: admin(<BroadcastPage />) },
      { path: 'settings/names', element: admin(<NamesPage />) },
      { path: 'settings/content', element: admin(<ContentPagesPage />) },
      { path: 'staff', element: admin(<StaffUsersPage />) },
      { path: 'audit', element: admin(<AuditPage />) },
      { path: 'forbidden', element: <Forbidden /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
