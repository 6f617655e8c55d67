import type { AuthModal } from '@/shared/stores/app-store';

/*
 * What pages need to know about routes without importing the route table: the table imports
 * every page (lazily), so a page importing it back closed a cycle (issue 12).
 */

/** SPEC 2.2: the public landing route and the protected home route. */
export const PUBLIC_LANDING_PATH = '/';
export const PROTECTED_HOME_PATH = '/home';
export const MAINTENANCE_PATH = '/maintenance';

/**
 * Issue 42 item 3: a player under a time-out or self-exclusion signs in to this view only,
 * and may open from it nothing but withdrawing the balance and reading history (the server
 * answers RESTRICTED to anything else, deposits included: docs/safer-play-exclusion.md).
 */
export const RESTRICTED_PATH = '/restricted';
export const RESTRICTED_ALLOWED_PATHS: readonly string[] = [
  RESTRICTED_PATH,
  '/withdraw',
  '/withdraw/gateways',
  '/withdrawlist',
  '/statement',
  '/mybets',
  '/mybets/casino',
  '/sportsbook2',
];

/** Every page gets its own title key, so one page component can serve many routes (the casino lobby). */
export interface PageProps {
  titleKey: string;
  /** The auth dialog a dialog route opens over the landing page. */
  authModal?: AuthModal;
}

/** The first path segment: '/bonus/123' -> '/bonus'. */
export function basePath(pathname: string): string {
  const [first] = pathname.split('/').filter(Boolean);
  return first ? `/${first}` : '/';
}

/**
 * Where a signed-in user on a public route, or one who just signed in, goes: the `return`
 * parameter when it is a string (SPEC 2.3), else /home. Only same-site paths are followed so a crafted link
 * (`?return=https://elsewhere`) cannot send a player off the site.
 */
export function returnTarget(search: string): string {
  const values = new URLSearchParams(search).getAll('return');
  const [target] = values;
  const isSingleString = values.length === 1 && typeof target === 'string';
  if (isSingleString && target.startsWith('/') && !target.startsWith('//')) return target;
  return PROTECTED_HOME_PATH;
}
