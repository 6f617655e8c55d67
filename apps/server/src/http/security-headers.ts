import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's options for this site: a same-origin CSP with what the SPAs need beyond it.
 * `sportsbookOrigin`: Betby's renderer's origin when a brand is configured (docs/sportsbook.md):
 * its script, styles and fonts load from there, and it talks to its own servers there.
 */
export function securityHeaderOptions(
  ipLookupOrigin: string,
  sportsbookOrigin?: string,
): Parameters<typeof helmet>[0] {
  const sportsbook = sportsbookOrigin ? [sportsbookOrigin] : [];
  const sportsbookSocket = sportsbookOrigin ? [sportsbookOrigin.replace(/^https:/, 'wss:')] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...sportsbook],
        // React and toast/carousel libraries set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...sportsbook],
        // Operators may point banners and the logo at a CDN over https.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', ...sportsbook],
        // 'self' covers the same-origin socket.io websocket in current browsers.
        connectSrc: ["'self'", ipLookupOrigin, ...sportsbook, ...sportsbookSocket],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Sites run on plain http inside a LAN or on localhost; upgrading would break them.
        upgradeInsecureRequests: null,
      },
    },
  };
}

/** What helmet does to every response: headers it sets, and headers it removes. */
export interface SecurityHeaders {
  set: readonly (readonly [name: string, value: string])[];
  remove: readonly string[];
}

/**
 * Runs helmet's middleware once, against a response that only records, and answers what it
 * did. Our options depend on nothing in the request (no directive is a function), so every
 * response gets exactly this; replaying it costs a dozen setHeader calls, where running
 * helmet's chain of fourteen middlewares on every request cost about 3 % of the server's CPU
 * and 5 % of what it allocated under placement load (docs/decisions.md "Security headers
 * worked out once"). Throws if the middleware did anything else, or did not finish at once.
 */
export function recordSecurityHeaders(options: Parameters<typeof helmet>[0]): SecurityHeaders {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string`);
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    // Only setHeader and removeHeader exist: anything else helmet touched would throw here.
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      finished = true;
    },
  );
  if (!finished)
    throw new Error('helmet did not finish at once: its headers depend on the request');
  return { set, remove };
}

/** Applies what `recordSecurityHeaders` recorded to a response. */
export function applySecurityHeaders(headers: SecurityHeaders, response: ServerResponse): void {
  for (const [name, value] of headers.set) response.setHeader(name, value);
  for (const name of headers.remove) response.removeHeader(name);
}

/**
 * What a hashed script, style sheet or image under `/assets/` keeps of them: the headers that
 * act on a subresource (nosniff, the resource policy, and the referrer policy its module
 * imports follow). The rest (CSP, frame, opener, cross-domain, legacy XSS and download
 * headers, HSTS) act on documents and workers only, and every document and the service worker
 * still get them. About 0.6 KB less per asset: ~7 % of the first visit's JavaScript on the wire
 * (docs/installable-app.md, bench/web-weight).
 */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
]);

export function subresourceSecurityHeaders(headers: SecurityHeaders): SecurityHeaders {
  return {
    set: headers.set.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase())),
    remove: headers.remove,
  };
}

/** A content-hashed file of either SPA (Vite's assets folder), never a document or a worker. */
export function isHashedAssetPath(url: string): boolean {
  return /^\/(backoffice\/)?assets\//.test(url);
}
