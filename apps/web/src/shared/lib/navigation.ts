/**
 * Navigation for code outside React components (logout from a 401 or a realtime session
 * error, sign-in flows). The router registers its navigate function through
 * NavigationBridge; before that (or in tests without a router) navigation is a no-op.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator?.(to, options);
}

let currentSearch = '';

/** The router's query string now (`?return=/betby`), kept by NavigationBridge. */
export function setCurrentSearch(search: string): void {
  currentSearch = search;
}

export function routerSearch(): string {
  return currentSearch;
}

/**
 * Leaving the app for another site (a payment gateway's pay page). An object rather than a
 * bare function so tests can replace it: jsdom does not let them spy on window.location.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
