import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { SPM_TABLE_ROUTE } from '@spm/contract';
import {
  MAINTENANCE_PATH,
  PROTECTED_HOME_PATH,
  PUBLIC_LANDING_PATH,
  RESTRICTED_PATH,
  basePath,
} from '@/shared/lib/route-paths';
import type { PageProps } from '@/shared/lib/route-paths';
import type { AuthModal } from '@/shared/stores/app-store';

/** SPEC 2.1: who may open a route. */
export type RouteAccess = 'public' | 'common' | 'protected';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** i18n key of the page title (the document title and the page's heading). */
  titleKey: string;
  authModal?: AuthModal;
}

// One lazy import per page module: each becomes its own chunk (code splitting).
const LandingPage = lazy(() =>
  import('@/features/landing/landing-page').then((module) => ({ default: module.LandingPage })),
);
const MaintenancePage = lazy(() =>
  import('@/features/maintenance/maintenance-page').then((module) => ({
    default: module.MaintenancePage,
  })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/profile-page').then((module) => ({ default: module.ProfilePage })),
);
const StatementPage = lazy(() =>
  import('@/features/statement/statement-page').then((module) => ({
    default: module.StatementPage,
  })),
);
const AuthRoutePage = lazy(() =>
  import('./auth-route-page').then((module) => ({
    default: module.AuthRoutePage,
  })),
);
const SportListPage = lazy(() =>
  import('@/features/exchange/sport-list-page').then((module) => ({
    default: module.SportListPage,
  })),
);
const HomePage = lazy(() =>
  import('@/features/exchange/home-page').then((module) => ({ default: module.HomePage })),
);
const MatchPage = lazy(() =>
  import('@/features/exchange/match-page').then((module) => ({ default: module.MatchPage })),
);
// Issue 44 item 5: every open session market on one board.
const SessionBoardPage = lazy(() =>
  import('@/features/exchange/session-board-page').then((module) => ({
    default: module.SessionBoardPage,
  })),
);
const MyBetsPage = lazy(() =>
  import('@/features/exchange/mybets-page').then((module) => ({ default: module.MyBetsPage })),
);
const CashierPage = lazy(() =>
  import('@/features/cashier/cashier-page').then((module) => ({ default: module.CashierPage })),
);
const GatewaysPage = lazy(() =>
  import('@/features/cashier/gateways-page').then((module) => ({ default: module.GatewaysPage })),
);
const DepositPage = lazy(() =>
  import('@/features/cashier/deposit-page').then((module) => ({ default: module.DepositPage })),
);
const DepositListPage = lazy(() =>
  import('@/features/cashier/deposit-list-page').then((module) => ({
    default: module.DepositListPage,
  })),
);
const WithdrawPage = lazy(() =>
  import('@/features/cashier/withdraw-page').then((module) => ({ default: module.WithdrawPage })),
);
const WithdrawGatewaysPage = lazy(() =>
  import('@/features/cashier/withdraw-gateways-page').then((module) => ({
    default: module.WithdrawGatewaysPage,
  })),
);
const WithdrawListPage = lazy(() =>
  import('@/features/cashier/withdraw-list-page').then((module) => ({
    default: module.WithdrawListPage,
  })),
);
const KycPage = lazy(() =>
  import('@/features/cashier/kyc-page').then((module) => ({ default: module.KycPage })),
);
// Issue 14: one lobby page for the six casino routes, reading its family from the address.
const CasinoLobbyPage = lazy(() =>
  import('@/features/casino/lobby-page').then((module) => ({ default: module.CasinoLobbyPage })),
);
const SpmTablePage = lazy(() =>
  import('@/features/casino/table-page').then((module) => ({ default: module.SpmTablePage })),
);
// Issue 43 item 5: the crash game.
const CrashPage = lazy(() =>
  import('@/features/crash/crash-page').then((module) => ({ default: module.CrashPage })),
);
// Issue 44 item 4: the player's account at a glance.
const DashboardPage = lazy(() =>
  import('@/features/dashboard/dashboard-page').then((module) => ({
    default: module.DashboardPage,
  })),
);
// The referral programme: the player's code, invite link and what it brought.
const ReferralPage = lazy(() =>
  import('@/features/referral/referral-page').then((module) => ({
    default: module.ReferralPage,
  })),
);
// Bonuses: the offers to claim, the bonus wallet and one bonus's details (docs/bonus.md).
const PromotionOffersPage = lazy(() =>
  import('@/features/bonus/promotion-offers-page').then((module) => ({
    default: module.PromotionOffersPage,
  })),
);
const BonusPage = lazy(() =>
  import('@/features/bonus/bonus-page').then((module) => ({ default: module.BonusPage })),
);
const BonusDetailPage = lazy(() =>
  import('@/features/bonus/bonus-detail-page').then((module) => ({
    default: module.BonusDetailPage,
  })),
);
const CasinoHistoryPage = lazy(() =>
  import('@/features/casino/history-page').then((module) => ({
    default: module.CasinoHistoryPage,
  })),
);
// Issue 42 item 3: the only page (with withdraw and history) of a time-out or exclusion.
const RestrictedPage = lazy(() =>
  import('@/features/safer-play/restricted-page').then((module) => ({
    default: module.RestrictedPage,
  })),
);
// Issue 44 item 1: the pages the operator writes in the back office, one chunk for the six.
const contentPages = () => import('@/features/content/content-page');
const ContactPage = lazy(() =>
  import('./contact-route-page').then((module) => ({ default: module.ContactRoutePage })),
);
const PrivacyPolicyPage = lazy(() =>
  contentPages().then((module) => ({ default: module.PrivacyPolicyPage })),
);
const ResponsibleGamingPage = lazy(() =>
  contentPages().then((module) => ({ default: module.ResponsibleGamingPage })),
);
const FairPlayPage = lazy(() =>
  contentPages().then((module) => ({ default: module.FairPlayPage })),
);
const GameRulesPage = lazy(() =>
  contentPages().then((module) => ({ default: module.GameRulesPage })),
);
const TermsPage = lazy(() => contentPages().then((module) => ({ default: module.TermsPage })));
const PwaInstructionsPage = lazy(() =>
  import('@/features/pwa/pwa-instructions-page').then((module) => ({
    default: module.PwaInstructionsPage,
  })),
);
// The sportsbook (docs/sportsbook.md): the player's sportsbook bets, and Betby's renderer.
const SportsbookPage = lazy(() =>
  import('@/features/sportsbook/sportsbook-page').then((module) => ({
    default: module.SportsbookPage,
  })),
);
const BetbyPage = lazy(() =>
  import('@/features/sportsbook/betby-page').then((module) => ({ default: module.BetbyPage })),
);
export const NotFoundPage = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

/**
 * The public sign-in addresses of SPEC 2.2. The dialogs themselves have no routes (SPEC
 * 2.5), so each address shows the landing page with its dialog open: a link such as
 * /register?mobile=9876543210&source=sms or /mobile-number?agent_code=AG42 lands in the flow.
 */
const authRoute = (path: string, titleKey: string, authModal: AuthModal): AppRoute => ({
  path,
  access: 'public',
  page: AuthRoutePage,
  titleKey,
  authModal,
});

/** The single route table: SPEC 2.2, in its order, then the SPEC 2.6 screens it omits. */
export const routeTable: readonly AppRoute[] = [
  // public
  { path: PUBLIC_LANDING_PATH, access: 'public', page: LandingPage, titleKey: 'routes.landing' },
  authRoute('/sign-in', 'routes.signIn', 'login'),
  authRoute('/register', 'routes.register', 'register'),
  authRoute('/forgot-password', 'routes.forgotPassword', 'forgotpassword'),
  authRoute('/reset-password', 'routes.resetPassword', 'resetpassword'),
  authRoute('/mobile-number', 'routes.mobileNumber', 'mobileNumber'),
  authRoute('/verify-number', 'routes.verifyNumber', 'verifyNumber'),
  {
    path: '/spmsports/:category',
    access: 'public',
    page: SportListPage,
    titleKey: 'routes.spmSports',
  },
  // common
  { path: '/contactus', access: 'common', page: ContactPage, titleKey: 'routes.contactUs' },
  {
    path: '/privacypolicy',
    access: 'common',
    page: PrivacyPolicyPage,
    titleKey: 'routes.privacyPolicy',
  },
  {
    path: '/responsiblegame',
    access: 'common',
    page: ResponsibleGamingPage,
    titleKey: 'routes.responsibleGame',
  },
  { path: '/fairplay', access: 'common', page: FairPlayPage, titleKey: 'routes.fairPlay' },
  { path: '/gamesrule', access: 'common', page: GameRulesPage, titleKey: 'routes.gamesRule' },
  { path: '/terms', access: 'common', page: TermsPage, titleKey: 'routes.terms' },
  { path: '/exchange/:gameId', access: 'common', page: MatchPage, titleKey: 'routes.exchange' },
  { path: '/sportsbook2', access: 'common', page: SportsbookPage, titleKey: 'routes.sportsbook2' },
  {
    path: '/pwa-instructions',
    access: 'common',
    page: PwaInstructionsPage,
    titleKey: 'routes.pwaInstructions',
  },
  { path: '/betby', access: 'common', page: BetbyPage, titleKey: 'routes.betby' },
  {
    path: MAINTENANCE_PATH,
    access: 'common',
    page: MaintenancePage,
    titleKey: 'routes.maintenance',
  },
  // protected
  { path: '/jetfair', access: 'protected', page: CasinoLobbyPage, titleKey: 'routes.jetfair' },
  { path: '/jacktop', access: 'protected', page: CasinoLobbyPage, titleKey: 'routes.jacktop' },
  { path: '/kyc', access: 'protected', page: KycPage, titleKey: 'routes.kyc' },
  { path: '/referral', access: 'protected', page: ReferralPage, titleKey: 'routes.referral' },
  { path: '/cashier', access: 'protected', page: CashierPage, titleKey: 'routes.cashier' },
  { path: '/mybets', access: 'protected', page: MyBetsPage, titleKey: 'routes.myBets' },
  { path: '/withdraw', access: 'protected', page: WithdrawPage, titleKey: 'routes.withdraw' },
  {
    path: '/withdrawlist',
    access: 'protected',
    page: WithdrawListPage,
    titleKey: 'routes.withdrawList',
  },
  { path: '/profile', access: 'protected', page: ProfilePage, titleKey: 'routes.profile' },
  { path: '/bonus', access: 'protected', page: BonusPage, titleKey: 'routes.bonus' },
  {
    path: '/bonus/:bonusId',
    access: 'protected',
    page: BonusDetailPage,
    titleKey: 'routes.bonusDetails',
  },
  {
    path: '/promotionoffers',
    access: 'protected',
    page: PromotionOffersPage,
    titleKey: 'routes.promotionOffers',
  },
  // "the gateway list" (SPEC 2.2), named after its API call GET /gateways (SPEC 7.4).
  { path: '/gateways', access: 'protected', page: GatewaysPage, titleKey: 'routes.gateways' },
  {
    path: '/deposit/:gateway',
    access: 'protected',
    page: DepositPage,
    titleKey: 'routes.deposit',
  },
  {
    path: '/deposit/list',
    access: 'protected',
    page: DepositListPage,
    titleKey: 'routes.depositList',
  },
  {
    path: '/withdraw/gateways',
    access: 'protected',
    page: WithdrawGatewaysPage,
    titleKey: 'routes.withdrawGateways',
  },
  { path: PROTECTED_HOME_PATH, access: 'protected', page: HomePage, titleKey: 'routes.home' },
  { path: '/spmgames', access: 'protected', page: CasinoLobbyPage, titleKey: 'routes.spmGames' },
  {
    path: '/sports/:provider',
    access: 'protected',
    page: SportListPage,
    titleKey: 'routes.sports',
  },
  { path: '/dashboard', access: 'protected', page: DashboardPage, titleKey: 'routes.dashboard' },
  {
    path: '/live-casino',
    access: 'protected',
    page: CasinoLobbyPage,
    titleKey: 'routes.liveCasino',
  },
  {
    path: '/casinolisting',
    access: 'protected',
    page: CasinoLobbyPage,
    titleKey: 'routes.casinoListing',
  },
  { path: '/live-show', access: 'protected', page: CasinoLobbyPage, titleKey: 'routes.liveShow' },
  { path: '/session', access: 'protected', page: SessionBoardPage, titleKey: 'routes.session' },
  { path: '/aviatorgames', access: 'protected', page: CrashPage, titleKey: 'routes.aviatorGames' },
  // SPEC 2.6 names an "account statement" screen without a route; it lives here, protected,
  // named after its API call GET /getAccountstatement (SPEC 7.3).
  { path: '/statement', access: 'protected', page: StatementPage, titleKey: 'routes.statement' },
  // Issue 14: an SPM Games table (opened by a launch) and the player's casino rounds, beside
  // the sports bets of /mybets.
  { path: SPM_TABLE_ROUTE, access: 'protected', page: SpmTablePage, titleKey: 'routes.spmTable' },
  {
    path: '/mybets/casino',
    access: 'protected',
    page: CasinoHistoryPage,
    titleKey: 'routes.casinoHistory',
  },
  {
    path: RESTRICTED_PATH,
    access: 'protected',
    page: RestrictedPage,
    titleKey: 'saferPlayExclusion.restrictedTitle',
  },
];

function findRoute(pathname: string): AppRoute | undefined {
  // Static paths win over parametrised ones ('/deposit/list' before '/deposit/:gateway'),
  // the same ranking react-router applies when it picks the page.
  const matches = routeTable.filter((route) => matchPath(route.path, pathname));
  return matches.find((route) => !route.path.includes(':')) ?? matches[0];
}

/**
 * Access of any address: its route's own; else that of its base path (SPEC 2.3: a
 * parametrised route whose base path is protected is protected), where the base path's
 * access is its own route's or, when it has none ('/deposit'), the one shared by every route
 * under it; else common (an unknown address is a 404 anyone may see).
 */
export function resolveAccess(pathname: string): RouteAccess {
  const own = findRoute(pathname);
  if (own) return own.access;
  const base = basePath(pathname);
  const baseRoute = findRoute(base);
  if (baseRoute) return baseRoute.access;
  const family = new Set(
    routeTable.filter((route) => basePath(route.path) === base).map((route) => route.access),
  );
  const [shared] = family;
  return family.size === 1 && shared ? shared : 'common';
}
