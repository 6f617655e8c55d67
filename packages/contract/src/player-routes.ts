import { SPM_TABLE_ROUTE } from './casino-names.ts';

/*
 * Issue 40 item 7: which addresses of the player app lead to a real page. The web route table
 * (apps/web/src/app/routes/route-table.ts) has the pages; this list has the paths, so the
 * server (a banner's target), the back office and the web (tiles) ask one question, "is this
 * a built route?", without importing the web app. route-table.test.ts fails when the two
 * disagree, so building a product means: give its route a page, move its path from
 * UNBUILT_PLAYER_ROUTES to BUILT_PLAYER_ROUTES, and its banners and tiles appear by themselves.
 */

/** Routes with their page built (`:name` is one path segment). */
export const BUILT_PLAYER_ROUTES = [
  '/',
  '/sign-in',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/mobile-number',
  '/verify-number',
  '/spmsports/:category',
  '/exchange/:gameId',
  '/maintenance',
  '/jetfair',
  '/jacktop',
  '/kyc',
  '/cashier',
  '/mybets',
  '/withdraw',
  '/withdrawlist',
  '/profile',
  '/gateways',
  '/deposit/:gateway',
  '/deposit/list',
  '/withdraw/gateways',
  '/home',
  '/spmgames',
  '/sports/:provider',
  '/live-casino',
  '/casinolisting',
  '/live-show',
  '/statement',
  SPM_TABLE_ROUTE,
  '/mybets/casino',
  // Issue 42 item 3: the restricted view of a time-out or self-exclusion.
  '/restricted',
  '/privacypolicy',
  // Issue 43 item 5: the crash game.
  '/aviatorgames',
  // Issue 44 item 4: the player's account at a glance.
  '/dashboard',
  // Issue 44 item 5: the session (fancy) board.
  '/session',
  // Issue 44 item 3: how to install the app.
  '/pwa-instructions',
  // Issue 44 item 1: the pages the operator writes in the back office.
  '/contactus',
  '/responsiblegame',
  '/fairplay',
  '/gamesrule',
  '/terms',
  // The referral programme: the player's code, invite link and invited friends.
  '/referral',
  // Bonuses (docs/bonus.md): the offers to claim, the bonus wallet and one bonus's details.
  '/promotionoffers',
  '/bonus',
  '/bonus/:bonusId',
  // The sportsbook (docs/sportsbook.md): the player's sportsbook bets and Betby's renderer.
  '/sportsbook2',
  '/betby',
] as const;

/**
 * Routes whose page is still the "coming soon" placeholder: no banner or tile leads there.
 * Every route is built now; the list stays (empty) so a route added before its page has its
 * place, and banners and tiles keep asking the same question.
 */
export const UNBUILT_PLAYER_ROUTES: readonly string[] = [];

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matches(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  return (
    want.length === have.length &&
    want.every((part, index) => part.startsWith(':') || part === have[index])
  );
}

/** The two lists a path is looked up in (a test may pass lists of its own). */
export interface PlayerRouteLists {
  built: readonly string[];
  unbuilt: readonly string[];
}

const PLAYER_ROUTES: PlayerRouteLists = {
  built: BUILT_PLAYER_ROUTES,
  unbuilt: UNBUILT_PLAYER_ROUTES,
};

/** The route a path opens, as react-router ranks them: a static path before a parametrised one. */
export function playerRouteOf(
  pathname: string,
  routes: PlayerRouteLists = PLAYER_ROUTES,
): string | undefined {
  const candidates = [...routes.built, ...routes.unbuilt].filter((route) =>
    matches(route, pathname),
  );
  return candidates.find((route) => !route.includes(':')) ?? candidates[0];
}

/** The path part of a site link: '/spmsports/cricket?x=1#top' -> '/spmsports/cricket'. */
function pathOf(link: string): string {
  return link.split(/[?#]/, 1)[0]!;
}

/** A path of the player app whose page is built (query and fragment ignored). */
export function isBuiltPlayerPath(link: string, routes: PlayerRouteLists = PLAYER_ROUTES): boolean {
  const route = playerRouteOf(pathOf(link), routes);
  return route !== undefined && routes.built.includes(route);
}

/** https, a host name, an optional port, then an optional path, query or fragment. */
const HTTPS_ADDRESS = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i;

export type LinkTargetCheck =
  { ok: true } | { ok: false; why: 'not_https' | 'unknown_route' | 'unbuilt_route' };

/**
 * Where a banner may lead: an https address elsewhere, or a built route of the player app
 * (a path starting with one slash). An unknown path would open the 404 page and a placeholder
 * the "coming soon" page, so both are refused.
 */
export function checkLinkTarget(
  link: string,
  routes: PlayerRouteLists = PLAYER_ROUTES,
): LinkTargetCheck {
  if (link.startsWith('/')) {
    if (link.startsWith('//') || link.startsWith('/\\')) return { ok: false, why: 'not_https' };
    const route = playerRouteOf(pathOf(link), routes);
    if (route === undefined) return { ok: false, why: 'unknown_route' };
    return routes.built.includes(route) ? { ok: true } : { ok: false, why: 'unbuilt_route' };
  }
  return HTTPS_ADDRESS.test(link) ? { ok: true } : { ok: false, why: 'not_https' };
}

/** The message of a refused target, as the back office shows it on the field. */
export const LINK_TARGET_MESSAGES: Record<Exclude<LinkTargetCheck, { ok: true }>['why'], string> = {
  not_https: 'Use an https:// address or a page of the player app such as /spmsports/cricket',
  unknown_route: 'No page of the player app has this address',
  unbuilt_route: 'This page is not built yet ("coming soon"): choose a page players can use',
};
