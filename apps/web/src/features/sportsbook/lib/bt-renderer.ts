/*
 * Betby's renderer (docs/sportsbook.md): a script from Betby (or the platform's stand-in at
 * /api/sportsbook/stand-in/bt-renderer.js) defines `window.BTRenderer`; the page makes one,
 * initializes it into a target element and kills it when it leaves. Only what the page uses
 * of Betby's API is typed here.
 */

/** What the renderer is started with; Betby's own (snake_case) names where it has them. */
export interface BTRendererOptions {
  brand_id: string;
  /** The player's token; left out for a visitor (Betby shows its lines and asks to sign in). */
  token?: string;
  lang: string;
  target: HTMLElement;
  themeName: string;
  /** A visitor asked to bet: the operator's sign-in. */
  onLogin: () => void;
  onRegister: () => void;
  /** The token ran out: answers a new one. */
  onTokenExpired: () => Promise<string>;
  /** Betby moved to another of its pages (its own address inside the book). */
  onRouteChange: (route?: unknown) => void;
}

/** A running renderer. */
export interface BTRendererInstance {
  /** Takes the renderer out of its target and stops its timers and sockets. */
  kill: () => void;
}

export interface BTRenderer {
  initialize: (options: BTRendererOptions) => BTRendererInstance;
}

export type BTRendererConstructor = new () => BTRenderer;

declare global {
  interface Window {
    /** Defined by the renderer script once it has run. */
    BTRenderer?: BTRendererConstructor;
  }
}

/**
 * One load per script address for the life of the page: a second visit of /betby reuses the
 * script already run. A failed load is forgotten (and its tag removed) so Retry loads again.
 */
const loads = new Map<string, Promise<BTRendererConstructor>>();

function scriptTagOf(url: string): HTMLScriptElement | null {
  return (
    [...document.querySelectorAll<HTMLScriptElement>('script[data-bt-renderer]')].find(
      (script) => script.dataset.btRenderer === url,
    ) ?? null
  );
}

export function loadRendererScript(url: string): Promise<BTRendererConstructor> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<BTRendererConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.btRenderer = url;
    script.addEventListener('load', () => {
      if (window.BTRenderer) resolve(window.BTRenderer);
      else reject(new Error(`${url} defined no BTRenderer`));
    });
    script.addEventListener('error', () => reject(new Error(`${url} did not load`)));
    document.head.append(script);
  });
  loads.set(url, load);
  load.catch(() => {
    loads.delete(url);
    scriptTagOf(url)?.remove();
  });
  return load;
}

/** Tests only: every page load starts without a script. */
export function forgetRendererScripts(): void {
  for (const url of loads.keys()) scriptTagOf(url)?.remove();
  loads.clear();
}
