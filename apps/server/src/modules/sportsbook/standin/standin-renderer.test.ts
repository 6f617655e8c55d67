// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererScript } from './standin-renderer.ts';
import type { StandInEvents } from './standin-schemas.ts';
import { STAND_IN_TEXTS } from './standin-texts.ts';

/*
 * The renderer script in a browser-like DOM (jsdom), its API answered by a fake fetch. The
 * server's tsconfig has no DOM types, so the few DOM calls made here are typed locally.
 */

interface TestElement {
  textContent: string | null;
  hidden: boolean;
  disabled: boolean;
  value: string;
  className: string;
  children: ArrayLike<TestElement>;
  click(): void;
  getAttribute(name: string): string | null;
  querySelector(selector: string): TestElement | null;
  querySelectorAll(selector: string): ArrayLike<TestElement>;
  appendChild(child: TestElement): TestElement;
  dispatchEvent(event: unknown): boolean;
}
interface TestDom {
  document: {
    body: TestElement;
    createElement(tag: string): TestElement;
  };
  Event: new (type: string) => unknown;
  BTRenderer: new () => {
    initialize(options: Record<string, unknown>): unknown;
    kill(): void;
  };
  fetch: (
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<unknown>;
}
const dom = globalThis as unknown as TestDom;

const EVENTS: StandInEvents = {
  events: [
    {
      id: '1',
      name: '<img src=x onerror=alert(1)> v B',
      competitionName: 'IPL',
      sportId: 4,
      inPlay: true,
      startTime: '2026-01-01T10:00:00.000Z',
      market: {
        id: '11',
        name: 'Match Odds',
        suspended: false,
        runners: [
          { id: '111', name: 'A', odds: 1.95 },
          { id: '112', name: 'B', odds: 2.9 },
        ],
      },
    },
    {
      id: '2',
      name: 'C v D',
      competitionName: 'IPL',
      sportId: 4,
      inPlay: false,
      startTime: '2026-01-02T10:00:00.000Z',
      market: {
        id: '21',
        name: 'Match Odds',
        suspended: false,
        runners: [
          { id: '211', name: 'C', odds: 2.9 },
          { id: '212', name: 'D', odds: 1.47 },
        ],
      },
    },
    {
      id: '3',
      name: 'E v F',
      competitionName: 'Premier League',
      sportId: 1,
      inPlay: false,
      startTime: '2026-01-03T10:00:00.000Z',
      market: {
        id: '31',
        name: 'Match Odds',
        suspended: true,
        runners: [{ id: '311', name: 'E', odds: 3 }],
      },
    },
  ],
};

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

describe('the stand-in renderer in a browser', () => {
  const script = rendererScript('/api/sportsbook/stand-in');
  let sent: SentRequest[];
  let betAnswer: { status: number; body: unknown };
  let target: TestElement;

  beforeEach(() => {
    sent = [];
    betAnswer = { status: 200, body: {} };
    dom.fetch = async (url, init = {}) => {
      const request = {
        url,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        body: init.body === undefined ? undefined : JSON.parse(init.body),
      };
      sent.push(request);
      const answer = url.includes('/events?') ? { status: 200, body: EVENTS } : betAnswer;
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        json: async () => answer.body,
      };
    };
    new Function(script)();
    target = dom.document.createElement('div');
    dom.document.body.appendChild(target);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const all = (testId: string) => Array.from(target.querySelectorAll(`[data-testid="${testId}"]`));
  const one = (testId: string) => {
    const found = target.querySelector(`[data-testid="${testId}"]`);
    if (!found) throw new Error(`no ${testId}`);
    return found;
  };
  const odds = (marketId: string, runnerId: string) => {
    const found = target.querySelector(
      `[data-testid="bt-odds"][data-market-id="${marketId}"][data-runner-id="${runnerId}"]`,
    );
    if (!found) throw new Error(`no odds ${marketId}/${runnerId}`);
    return found;
  };
  const start = async (options: Record<string, unknown>) => {
    const renderer = new dom.BTRenderer();
    renderer.initialize({ brand_id: 'spm-sportsbook', target, themeName: 'default', ...options });
    await vi.waitFor(() => expect(all('bt-event')).toHaveLength(3));
    return renderer;
  };
  const typeStake = (points: string) => {
    const stake = one('bt-stake');
    stake.value = points;
    stake.dispatchEvent(new dom.Event('input'));
  };

  it('never writes HTML from data', () => {
    expect(script).not.toContain('innerHTML');
    expect(script).not.toContain('insertAdjacentHTML');
  });

  it('draws the events in play first, in the language asked, names as text', async () => {
    const renderer = await start({ lang: 'fr', token: null });
    expect(sent[0]?.url).toMatch(/\/api\/sportsbook\/stand-in\/events\?lang=fr$/);
    const events = all('bt-event');
    expect(events[0]?.getAttribute('data-event-id')).toBe('1');
    expect(events[0]?.textContent).toContain(STAND_IN_TEXTS.fr.inPlay);
    expect(events[0]?.textContent).toContain('<img src=x onerror=alert(1)> v B');
    expect(target.querySelector('img')).toBeNull();
    expect(odds('11', '111').textContent).toContain('1.95');
    // The suspended market's price is shown, not taken.
    expect(odds('31', '311').disabled).toBe(true);
    expect(one('bt-slip').textContent).toContain(STAND_IN_TEXTS.fr.emptySlip);
    expect(one('bt-place').disabled).toBe(true);
    renderer.kill();
  });

  it('asks a visitor to sign in instead of betting', async () => {
    const onLogin = vi.fn();
    const renderer = await start({ lang: 'xx', token: null, onLogin });
    odds('11', '111').click();
    expect(all('bt-slip-leg')).toHaveLength(1);
    expect(one('bt-slip').textContent).toContain(STAND_IN_TEXTS.en.single);
    expect(one('bt-potential-win').textContent).toBe('19.50');
    one('bt-place').click();
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    renderer.kill();
  });

  it('builds an accumulator, one selection per event, and places it with the token', async () => {
    const renderer = await start({ lang: 'hi', token: 'player-token' });
    odds('11', '111').click();
    odds('11', '112').click(); // the same event: replaces the first
    odds('21', '211').click();
    expect(all('bt-slip-leg')).toHaveLength(2);
    expect(one('bt-slip').textContent).toContain('एक्युमुलेटर (2 चयन)');
    expect(one('bt-slip').textContent).toContain('8.41');
    typeStake('5');
    one('bt-place').click();
    expect(one('bt-message').textContent).toBe(STAND_IN_TEXTS.hi.minStake.replace('{min}', '10'));

    typeStake('100');
    expect(one('bt-potential-win').textContent).toBe('841.00');
    betAnswer = {
      status: 200,
      body: {
        betId: 'bet-1',
        totalOdds: '8.41',
        stakePoints: 100,
        potentialWinPoints: 841,
        balancePoints: 900,
      },
    };
    one('bt-place').click();
    await vi.waitFor(() => expect(one('bt-message').className).toContain('bt-message-ok'));
    const placed = sent.find((request) => request.method === 'POST');
    expect(placed?.url).toMatch(/\/api\/sportsbook\/stand-in\/bets$/);
    expect(placed?.headers.authorization).toBe('Bearer player-token');
    expect(placed?.body).toEqual({
      selections: [
        { marketId: '11', runnerId: '112', odds: 2.9 },
        { marketId: '21', runnerId: '211', odds: 2.9 },
      ],
      stakePoints: 100,
    });
    expect(one('bt-message').textContent).toContain('bet-1');
    expect(one('bt-message').textContent).toContain('900.00');
    expect(all('bt-slip-leg')).toHaveLength(0);
    renderer.kill();
  });

  it('takes the new prices when the odds moved, and says so', async () => {
    const renderer = await start({ lang: 'es', token: 'player-token' });
    odds('11', '111').click();
    betAnswer = {
      status: 409,
      body: {
        code: 'ODDS_CHANGED',
        message: 'The odds changed',
        prices: [{ marketId: '11', runnerId: '111', odds: 1.8 }],
      },
    };
    one('bt-place').click();
    await vi.waitFor(() =>
      expect(one('bt-message').textContent).toBe(STAND_IN_TEXTS.es.oddsChanged),
    );
    expect(one('bt-slip').textContent).toContain('1.80');
    expect(one('bt-place').disabled).toBe(false);
    renderer.kill();
  });

  it('refreshes the prices every few seconds, and kill removes everything and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const renderer = await start({ lang: 'en', token: null });
    const reads = () => sent.filter((request) => request.url.includes('/events?')).length;
    expect(reads()).toBe(1);
    vi.advanceTimersByTime(5_000);
    await vi.waitFor(() => expect(reads()).toBe(2));
    renderer.kill();
    expect(target.children.length).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(reads()).toBe(2);
  });
});

describe('the stand-in texts', () => {
  it('exist in every language, each text filled in, with the same placeholders', () => {
    const english = STAND_IN_TEXTS.en;
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [language, texts] of Object.entries(STAND_IN_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(
          placeholders(english[key as keyof typeof english]),
        );
        if (language !== 'en' && key !== 'betSlip') {
          // Translated, not the English copied (a word or two may be shared: "Simple", "Bet slip").
          expect(
            text === english[key as keyof typeof english] && text.length > 12,
            `${language}.${key}`,
          ).toBe(false);
        }
      }
    }
  });
});
