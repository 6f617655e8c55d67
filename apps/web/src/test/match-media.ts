interface MediaState {
  prefersDark: boolean;
  widthPx: number;
}

type Listener = (event: MediaQueryListEvent) => void;

let state: MediaState = { prefersDark: true, widthPx: 1280 };
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

/** Evaluates the two media features the app uses: colour scheme and max-width. */
function evaluate(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return state.prefersDark;
  if (query.includes('prefers-color-scheme: light')) return !state.prefersDark;
  const maxWidth = /max-width:\s*(\d+)px/.exec(query);
  if (maxWidth?.[1]) return state.widthPx <= Number(maxWidth[1]);
  return false;
}

/** A controllable window.matchMedia for jsdom, which has none. */
export function installMatchMedia(initial: MediaState): void {
  state = { ...initial };
  lists.clear();
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    const list = {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
}

/** Changes the simulated media state and notifies every listener, like a browser would. */
export function setMedia(next: Partial<MediaState>): void {
  state = { ...state, ...next };
  for (const entry of lists) {
    const event = { matches: evaluate(entry.query), media: entry.query } as MediaQueryListEvent;
    entry.listeners.forEach((listener) => listener(event));
  }
}
