import { vi } from 'vitest';
import type { SportsbookBet, SportsbookBets, SportsbookLaunch } from '@spm/contract';
import type { BTRendererInstance, BTRendererOptions } from './lib/bt-renderer';

/* What the sportsbook pages' tests answer for the API, and a fake Betby renderer. */

export const LAUNCH = 'GET /api/sportsbook/launch';
export const BETS = 'GET /api/sportsbook/bets';
export const SCRIPT_URL = '/api/sportsbook/stand-in/bt-renderer.js';

export const playerLaunch: SportsbookLaunch = {
  brandId: 'brand-42',
  scriptUrl: SCRIPT_URL,
  token: 'bt-token-1',
  standIn: false,
  playMoney: false,
};

export const visitorLaunch: SportsbookLaunch = { ...playerLaunch, token: null };

export const openAccumulator: SportsbookBet = {
  id: 11,
  betId: 'slip-11',
  status: 'open',
  slipType: '2/2',
  totalOdds: '3.42',
  stakePoints: 100,
  potentialWinPoints: 342,
  payoutPoints: null,
  playMoney: false,
  legs: [
    {
      eventName: 'Mumbai Indians vs Chennai Super Kings',
      marketName: 'Match winner',
      outcomeName: 'Mumbai Indians',
      odds: '1.80',
      live: true,
    },
    {
      eventName: 'Arsenal vs Chelsea',
      marketName: '1X2',
      outcomeName: 'Draw',
      odds: '1.90',
      live: false,
    },
  ],
  placedAt: '2026-12-02T09:30:00.000Z',
  settledAt: null,
};

export const wonSingle: SportsbookBet = {
  id: 7,
  betId: 'slip-7',
  status: 'won',
  slipType: '1/1',
  totalOdds: '2.10',
  stakePoints: 250,
  potentialWinPoints: 525,
  payoutPoints: 525,
  playMoney: false,
  legs: [
    {
      eventName: 'Sinner vs Alcaraz',
      marketName: 'Winner',
      outcomeName: 'Sinner',
      odds: '2.10',
      live: false,
    },
  ],
  placedAt: '2026-12-01T10:00:00.000Z',
  settledAt: '2026-12-01T13:15:00.000Z',
};

export function betsPage(bets: SportsbookBet[], page = 1, hasMore = false): SportsbookBets {
  return { bets, page, hasMore };
}

/** Every renderer the page made, with what it was started with and whether it was killed. */
export interface FakeRun {
  options: BTRendererOptions;
  kill: ReturnType<typeof vi.fn>;
}

/** Stands in for `window.BTRenderer`: records each initialize, answers a killable instance. */
export function fakeRendererClass(runs: FakeRun[]) {
  return class FakeBTRenderer {
    initialize(options: BTRendererOptions): BTRendererInstance {
      const kill = vi.fn();
      runs.push({ options, kill });
      return { kill };
    }
  };
}

/** The renderer script tag the page added (jsdom loads no scripts: the test fires its events). */
export function rendererScript(): HTMLScriptElement | null {
  return document.head.querySelector<HTMLScriptElement>('script[data-bt-renderer]');
}
