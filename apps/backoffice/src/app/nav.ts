import type { StaffRole } from '@spm/contract';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  label: string;
  /** Who sees it; agents see only the dashboard, their players and their casino rounds (read-only). */
  roles: readonly StaffRole[];
}

export interface NavGroup {
  /** Translation key of the group heading; null for top-level items. */
  heading: string | null;
  items: NavItem[];
}

const EVERYONE = ['admin', 'agent'] as const;
const ADMIN = ['admin'] as const;

export const NAV: NavGroup[] = [
  {
    heading: null,
    items: [
      { to: '/', label: 'nav.dashboard', roles: EVERYONE },
      { to: '/players', label: 'nav.players', roles: EVERYONE },
      { to: '/rg/limits', label: 'nav.limitsReport', roles: ADMIN },
    ],
  },
  {
    heading: 'nav.queues',
    items: [
      { to: '/queues/deposits', label: 'nav.deposits', roles: ADMIN },
      { to: '/queues/withdrawals', label: 'nav.withdrawals', roles: ADMIN },
      { to: '/queues/kyc', label: 'nav.kyc', roles: ADMIN },
      { to: '/queues/data-requests', label: 'nav.dataRequests', roles: ADMIN },
      { to: '/queues/contact', label: 'nav.contactMessages', roles: ADMIN },
    ],
  },
  {
    heading: 'nav.sportsHeading',
    items: [{ to: '/sports', label: 'nav.events', roles: ADMIN }],
  },
  {
    heading: 'nav.casinoHeading',
    items: [
      { to: '/casino/games', label: 'nav.casinoGames', roles: ADMIN },
      { to: '/casino/providers', label: 'nav.casinoProviders', roles: ADMIN },
      { to: '/casino/rounds', label: 'nav.casinoRounds', roles: EVERYONE },
      { to: '/casino/ggr', label: 'nav.casinoGgr', roles: ADMIN },
    ],
  },
  {
    heading: 'nav.crashHeading',
    items: [
      { to: '/crash/rounds', label: 'nav.crashRounds', roles: ADMIN },
      { to: '/crash/report', label: 'nav.crashReport', roles: ADMIN },
      { to: '/crash/settings', label: 'nav.crashSettings', roles: ADMIN },
    ],
  },
  {
    heading: 'nav.settings',
    items: [
      { to: '/settings/app', label: 'nav.appSettings', roles: ADMIN },
      // Offers are edited by those who edit the app details (the referral programme's terms).
      { to: '/settings/bonus-offers', label: 'nav.bonusOffers', roles: ADMIN },
      { to: '/settings/banners', label: 'nav.banners', roles: ADMIN },
      { to: '/settings/announcements', label: 'nav.announcements', roles: ADMIN },
      { to: '/settings/gateways', label: 'nav.gateways', roles: ADMIN },
      { to: '/settings/broadcast', label: 'nav.broadcast', roles: ADMIN },
      { to: '/settings/names', label: 'nav.names', roles: ADMIN },
      { to: '/settings/content', label: 'nav.contentPages', roles: ADMIN },
    ],
  },
  {
    heading: 'nav.administration',
    items: [
      { to: '/staff', label: 'nav.staffUsers', roles: ADMIN },
      { to: '/audit', label: 'nav.audit', roles: ADMIN },
    ],
  },
];

/** The groups and items a role sees; empty groups are dropped. */
export function navFor(role: StaffRole): NavGroup[] {
  return NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) => item.roles.includes(role)),
  })).filter((group) => group.items.length > 0);
}
