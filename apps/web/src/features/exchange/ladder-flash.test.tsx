import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, MARKET_EVENTS } from '@spm/contract';
import type { Market, PriceSize, Runner, SportsEvent } from '@spm/contract';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

/*
 * Issue 40 item 2 (the web side): every ladder shows a change as it comes. A cell whose price
 * or size (or rate, or line) changes flashes, and only that cell; each price shows the stake
 * available at it, short.
 */

const BACKS: PriceSize[] = [
  { price: 2.5, amount: 1500 },
  { price: 2.48, amount: 200 },
  { price: 2.46, amount: 300 },
];
const LAYS: PriceSize[] = [
  { price: 2.52, amount: 150 },
  { price: 2.54, amount: 250 },
  { price: 2.56, amount: 350 },
];

const runner = (id: string, fields: Partial<Runner> = {}): Runner => ({
  id,
  name: id === 'r-1' ? 'India' : 'Australia',
  availableToBack: BACKS,
  availableToLay: LAYS,
  lastTradedPrice: 2.5,
  backRate: null,
  layRate: null,
  ...fields,
});

const market = (fields: Partial<Market>): Market => ({
  id: 'm-1',
  eventId: '101',
  type: 'match_odds',
  name: 'Match Odds',
  status: 'open',
  inPlay: true,
  runners: [runner('r-1'), runner('r-2')],
  line: null,
  yesRate: null,
  noRate: null,
  tradedVolume: 0,
  version: 1,
  ...fields,
});

const matchOdds = (version: number, r1: Partial<Runner> = {}, r2: Partial<Runner> = {}) =>
  market({ version, runners: [runner('r-1', r1), runner('r-2', r2)] });

const bookmaker = (version: number, indiaBackRate: number) =>
  market({
    id: 'm-2',
    type: 'bookmaker',
    name: 'Bookmaker',
    version,
    runners: [
      runner('r-1', {
        availableToBack: [],
        availableToLay: [],
        backRate: indiaBackRate,
        layRate: 95,
      }),
      runner('r-2', { availableToBack: [], availableToLay: [], backRate: 102, layRate: 107 }),
    ],
  });

const fancy = (id: string, version: number, line: number) =>
  market({
    id,
    type: 'fancy',
    name: `${id} runs`,
    runners: [],
    version,
    line,
    yesRate: 100,
    noRate: 100,
  });

const sportsEvent: SportsEvent = {
  id: '101',
  sportId: 4,
  competitionId: 'c-1',
  competitionName: 'Border-Gavaskar Trophy',
  name: 'India v Australia',
  homeTeam: 'India',
  awayTeam: 'Australia',
  startTime: '2030-01-10T04:00:00.000Z',
  status: 'in_play',
  liveTvUrl: null,
  markets: [matchOdds(1), bookmaker(1, 90), fancy('m-3', 1, 48), fancy('m-4', 1, 60)],
};

async function openMatch(): Promise<FakeSocket> {
  mockApi({
    'GET /api/profile': ok(playerProfile),
    'GET /api/bet/matches/101': ok(sportsEvent),
    'GET /api/sports/match/settings': ok([]),
    'GET /api/bet/pnl/101': ok([]),
    'GET /api/bets': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
  });
  signIn();
  renderApp('/exchange/101');
  await screen.findAllByTestId('runner-row');
  const socket = await createdSocket();
  socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(MARKET_EVENTS.subscribe)).not.toHaveLength(0));
  return socket;
}

/** Pushes `changed` and waits until the page shows its version (the cache notifies later). */
async function update(socket: FakeSocket, changed: Market): Promise<void> {
  act(() => socket.serverEmit(MARKET_EVENTS.update, changed));
  await waitFor(() =>
    expect(
      document.querySelector(`[data-market-id="${changed.id}"]`)?.getAttribute('data-version'),
    ).toBe(String(changed.version)),
  );
}

/** Every cell of the page whose class says it is flashing, as "<row>/<cell>". */
function flashing(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.odds-cell')]
    .filter((cell) => /odds-cell--flash-/.test(cell.className))
    .map((cell) => {
      const row = cell.closest<HTMLElement>('[data-runner-id], [data-market-id]')!;
      const where = row.dataset.runnerId
        ? `${row.closest<HTMLElement>('[data-market-id]')!.dataset.marketId}:${row.dataset.runnerId}`
        : row.dataset.marketId;
      return `${where}/${cell.dataset.testid}`;
    });
}

const ladderCell = (runnerId: string, testId: string) =>
  within(
    screen.getAllByTestId('runner-row').find((row) => row.dataset.runnerId === runnerId)!,
  ).getByTestId(testId);

describe('a live ladder (issue 40 item 2)', () => {
  beforeEach(() => resetStores());

  it('shows the stake available under each price, short', async () => {
    await openMatch();
    const best = ladderCell('r-1', 'back-cell-0');
    expect(best).toHaveTextContent('2.50');
    expect(within(best).getByTestId('odds-cell-size').textContent).toBe('1.5K');
    expect(flashing()).toEqual([]);
  });

  it('flashes the match-odds cell whose size changed, and only it', async () => {
    const socket = await openMatch();
    await update(
      socket,
      matchOdds(2, { availableToBack: [{ price: 2.5, amount: 12_000 }, BACKS[1]!, BACKS[2]!] }),
    );
    expect(flashing()).toEqual(['m-1:r-1/back-cell-0']);
    const best = ladderCell('r-1', 'back-cell-0');
    expect(within(best).getByTestId('odds-cell-size').textContent).toBe('12K');
    expect(within(best).getByTestId('odds-cell-size')).toHaveAttribute('title', '12,000.00');
  });

  it('flashes a cell whose price changed; a later change elsewhere leaves its flash alone', async () => {
    const socket = await openMatch();
    await update(
      socket,
      matchOdds(2, {}, { availableToLay: [{ price: 2.53, amount: 150 }, LAYS[1]!, LAYS[2]!] }),
    );
    expect(flashing()).toEqual(['m-1:r-2/lay-cell-0']);
    const cell = ladderCell('r-2', 'lay-cell-0');
    expect(cell).toHaveTextContent('2.53');
    const first = cell.className;

    // Another cell moves: this one renders again but does not restart its flash.
    await update(
      socket,
      matchOdds(
        3,
        {},
        {
          availableToBack: [BACKS[0]!, { price: 2.48, amount: 999 }, BACKS[2]!],
          availableToLay: [{ price: 2.53, amount: 150 }, LAYS[1]!, LAYS[2]!],
        },
      ),
    );
    expect(ladderCell('r-2', 'lay-cell-0').className).toBe(first);
    expect(flashing()).toEqual(['m-1:r-2/back-cell-1', 'm-1:r-2/lay-cell-0']);

    // The same cell changes again while flashing: the flash starts again (the other class).
    await update(
      socket,
      matchOdds(
        4,
        {},
        {
          availableToBack: [BACKS[0]!, { price: 2.48, amount: 999 }, BACKS[2]!],
          availableToLay: [{ price: 2.51, amount: 150 }, LAYS[1]!, LAYS[2]!],
        },
      ),
    );
    expect(ladderCell('r-2', 'lay-cell-0').className).not.toBe(first);
    expect(ladderCell('r-2', 'lay-cell-0').className).toMatch(/odds-cell--flash-/);
  });

  it('does not flash for an update that changes no price (a newer version, same book)', async () => {
    const socket = await openMatch();
    await update(socket, matchOdds(2));
    expect(flashing()).toEqual([]);
  });

  it("flashes the bookmaker rate that moved and a session line's two sides, and only those", async () => {
    const socket = await openMatch();
    await update(socket, bookmaker(2, 92));
    expect(flashing()).toEqual(['m-2:r-1/bookmaker-back']);
    await update(socket, fancy('m-4', 2, 62));
    expect(flashing()).toEqual(['m-2:r-1/bookmaker-back', 'm-4/fancy-no', 'm-4/fancy-yes']);
  });
});
