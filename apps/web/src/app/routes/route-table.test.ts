import { describe, expect, it } from 'vitest';
import { BUILT_PLAYER_ROUTES, UNBUILT_PLAYER_ROUTES } from '@spm/contract';
import { resolveAccess, routeTable } from './route-table';
import { guardRedirect, returnTarget } from './route-guard';

// SPEC 2.2, copied from the table (with "the gateway list" as /gateways).
const SPEC_ROUTES = {
  public: [
    '/',
    '/sign-in',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/mobile-number',
    '/verify-number',
    '/spmsports/:category',
  ],
  common: [
    '/contactus',
    '/privacypolicy',
    '/responsiblegame',
    '/fairplay',
    '/gamesrule',
    '/terms',
    '/exchange/:gameId',
    '/sportsbook2',
    '/pwa-instructions',
    '/betby',
    '/maintenance',
  ],
  protected: [
    '/jetfair',
    '/jacktop',
    '/kyc',
    '/referral',
    '/cashier',
    '/mybets',
    '/withdraw',
    '/withdrawlist',
    '/profile',
    '/bonus',
    '/bonus/:bonusId',
    '/promotionoffers',
    '/gateways',
    '/deposit/:gateway',
    '/deposit/list',
    '/withdraw/gateways',
    '/home',
    '/spmgames',
    '/sports/:provider',
    '/dashboard',
    '/live-casino',
    '/casinolisting',
    '/live-show',
    '/session',
    '/aviatorgames',
  ],
} as const;

// SPEC 2.6 screens that 2.2 does not list: the account statement; issue 14's casino table and
// casino history.
const SCREEN_ROUTES = {
  // Issue 42 item 3: the restricted view of a time-out or self-exclusion.
  protected: ['/statement', '/spmgames/table/:gameId', '/mybets/casino', '/restricted'],
} as const;

describe('route table (SPEC 2.2, 2.6)', () => {
  it('has every spec route once, with its access type', () => {
    const expected = [...Object.entries(SPEC_ROUTES), ...Object.entries(SCREEN_ROUTES)].flatMap(
      ([access, paths]) => paths.map((path) => `${access} ${path}`),
    );
    const actual = routeTable.map((route) => `${route.access} ${route.path}`);
    expect(actual.sort()).toEqual(expected.sort());
  });

  // Issue 40 item 7: banners and tiles ask the contract's lists whether a page is built. The
  // sportsbook's were the last placeholders: every route of the table has its page now.
  it('agrees with the built and unbuilt route lists of the contract', () => {
    const paths = routeTable.map((route) => route.path).sort();
    expect(paths).toEqual([...BUILT_PLAYER_ROUTES].sort());
    expect(UNBUILT_PLAYER_ROUTES).toEqual([]);
  });

  it('keeps a restricted player (time-out, self-exclusion) to withdraw and history', () => {
    const restricted = (path: string) => guardRedirect('protected', true, '', path);
    expect(restricted('/home')).toEqual({ to: '/restricted', openLogin: false });
    expect(restricted('/gateways')).toEqual({ to: '/restricted', openLogin: false });
    expect(guardRedirect('common', true, '', '/exchange/42')?.to).toBe('/restricted');
    for (const path of ['/restricted', '/withdraw', '/withdrawlist', '/statement', '/mybets']) {
      expect(restricted(path)).toBeNull();
    }
  });

  it('resolves the access of concrete addresses', () => {
    expect(resolveAccess('/')).toBe('public');
    expect(resolveAccess('/spmsports/cricket')).toBe('public');
    expect(resolveAccess('/exchange/42')).toBe('common');
    expect(resolveAccess('/bonus/123')).toBe('protected');
    expect(resolveAccess('/deposit/list')).toBe('protected');
    expect(resolveAccess('/deposit/m_paytm')).toBe('protected');
    expect(resolveAccess('/sports/betfair')).toBe('protected');
    expect(resolveAccess('/statement')).toBe('protected');
    expect(resolveAccess('/spmgames/table/spm-andar-bahar')).toBe('protected');
    expect(resolveAccess('/mybets/casino')).toBe('protected');
    // Unknown addresses take their base path's access.
    expect(resolveAccess('/profile/edit')).toBe('protected');
    expect(resolveAccess('/deposit/m_paytm/x')).toBe('protected');
    expect(resolveAccess('/contactus/more')).toBe('common');
    expect(resolveAccess('/no-such-page')).toBe('common');
  });
});

describe('crash game route (issue 43 item 5)', () => {
  it('gives /aviatorgames its own page, protected', () => {
    const route = routeTable.find((item) => item.path === '/aviatorgames');
    expect(route?.access).toBe('protected');
    expect(resolveAccess('/aviatorgames')).toBe('protected');
  });
});

describe('sportsbook routes (docs/sportsbook.md)', () => {
  it('gives /sportsbook2 and /betby a page each, open to visitors and players', () => {
    const pages = ['/sportsbook2', '/betby'].map((path) =>
      routeTable.find((route) => route.path === path),
    );
    expect(pages.map((route) => route?.access)).toEqual(['common', 'common']);
    expect(pages[0]?.page).not.toBe(pages[1]?.page);
    expect(resolveAccess('/betby')).toBe('common');
  });
});

describe('casino routes (issue 14)', () => {
  it('gives every casino family its lobby, protected', () => {
    const lobbies = [
      '/live-casino',
      '/casinolisting',
      '/live-show',
      '/jacktop',
      '/jetfair',
      '/spmgames',
    ];
    const pages = lobbies.map((path) => routeTable.find((route) => route.path === path));
    expect(pages.map((route) => route?.access)).toEqual(lobbies.map(() => 'protected'));
    const contactPage = routeTable.find((route) => route.path === '/contactus')?.page;
    const lobby = pages[0]?.page;
    expect(lobby).not.toBe(contactPage);
    expect(pages.every((route) => route?.page === lobby)).toBe(true);
  });
});

describe('guard decisions (SPEC 2.3)', () => {
  it('sends visitors on protected routes to / with the login dialog', () => {
    expect(guardRedirect('protected', false, '')).toEqual({ to: '/', openLogin: true });
    expect(guardRedirect('protected', true, '')).toBeNull();
  });

  it('sends signed-in users on public routes to return or /home', () => {
    expect(guardRedirect('public', true, '')).toEqual({ to: '/home', openLogin: false });
    expect(guardRedirect('public', true, '?return=/mybets')).toEqual({
      to: '/mybets',
      openLogin: false,
    });
    expect(guardRedirect('public', false, '')).toBeNull();
  });

  it('leaves common routes alone', () => {
    expect(guardRedirect('common', false, '')).toBeNull();
    expect(guardRedirect('common', true, '?return=/kyc')).toBeNull();
  });

  it('follows return only when it is one same-site path', () => {
    expect(returnTarget('?return=/kyc?tab=2')).toBe('/kyc?tab=2');
    expect(returnTarget('?return=/a&return=/b')).toBe('/home');
    expect(returnTarget('?return=')).toBe('/home');
    expect(returnTarget('?return=https://evil.example')).toBe('/home');
    expect(returnTarget('?return=//evil.example')).toBe('/home');
  });
});
