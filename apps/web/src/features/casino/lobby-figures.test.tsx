import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENTS, LANGUAGES } from '@spm/contract';
import type { CasinoGame, CasinoGames, SpmRound, SpmTable } from '@spm/contract';
import { SPM_GAME_SPOTS } from '@spm/core';
import { i18n } from '@/shared/i18n/i18n';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

/*
 * Issue 40 item 3: the lobby's RTP is the range of a game's bets, a built-in table says it is
 * animated and provably fair while a provider's live table keeps "live", and a table offers
 * only chips within its limits.
 */

const GAMES = 'GET /api/casino/games';
const SESSION = 'POST /api/casino/spm/session';
const TABLE = 'GET /api/casino/spm/tables/t-dt';
const BETS = 'POST /api/casino/spm/tables/t-dt/bets';
const LAUNCH_TOKEN = 'launch-token-0123456789abcdef';
const TABLE_PATH = `/spmgames/table/spm-dragon-tiger-50?launch=${LAUNCH_TOKEN}`;

const builtIn = (fields: Partial<CasinoGame> = {}): CasinoGame => ({
  id: 'spm-lucky-7',
  name: 'Lucky 7',
  providerId: 'spm',
  providerName: 'SPM Games',
  family: 'live-casino',
  category: 'Lucky 7',
  thumbnail: '/api/media/casino/lucky-7.svg',
  minBet: 10,
  maxBet: 7500,
  rtp: { min: 92.31, max: 97.5 },
  tags: [],
  kind: 'lucky-7',
  favourite: false,
  lastPlayedAt: null,
  ...fields,
});

const external = (fields: Partial<CasinoGame> = {}): CasinoGame =>
  builtIn({
    id: 'acme-roulette',
    name: 'Acme Roulette',
    providerId: 'acme',
    providerName: 'Acme Live',
    category: 'Roulette',
    thumbnail: 'https://games.acme.test/roulette.png',
    rtp: { min: 97.3, max: 97.3 },
    kind: null,
    ...fields,
  });

const lobby = (games: CasinoGame[]): CasinoGames => ({
  games,
  categories: [...new Set(games.map((game) => game.category))],
  providers: [{ id: 'spm', name: 'SPM Games' }],
});

function withPlayer(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  return fetchMock;
}

const cardOf = (gameId: string) =>
  within(screen.getAllByTestId('game-card').find((card) => card.dataset.gameId === gameId)!);

describe('the lobby card RTP', () => {
  beforeEach(() => resetStores());

  it("shows a built-in game's range and an external game's single figure", async () => {
    withPlayer({
      [GAMES]: ok(
        lobby([
          builtIn(),
          builtIn({ id: 'spm-lucky-wheel', kind: 'lucky-wheel', rtp: { min: 80.77, max: 96.15 } }),
          external(),
        ]),
      ),
    });
    renderApp('/live-casino');
    await screen.findAllByTestId('game-card');
    const lucky7 = cardOf('spm-lucky-7').getByTestId('game-rtp');
    expect(lucky7).toHaveTextContent('RTP 92.31–97.50%');
    expect(lucky7).toHaveAttribute('title', expect.stringContaining('from the lowest'));
    expect(cardOf('spm-lucky-wheel').getByTestId('game-rtp')).toHaveTextContent('RTP 80.77–96.15%');
    const acme = cardOf('acme-roulette').getByTestId('game-rtp');
    expect(acme).toHaveTextContent('RTP 97.30%');
    expect(acme).not.toHaveAttribute('title');
  });

  it('shows the range in each language', async () => {
    withPlayer({ [GAMES]: ok(lobby([builtIn()])) });
    renderApp('/live-casino');
    await screen.findByTestId('game-card');
    for (const language of LANGUAGES) {
      await act(() => i18n.changeLanguage(language));
      expect(screen.getByTestId('game-rtp').textContent, language).toMatch(/92\.31–97\.50/);
    }
  });
});

describe('the lobby labels', () => {
  beforeEach(() => resetStores());

  it('labels a built-in table animated and provably fair, a provider live table live', async () => {
    withPlayer({
      [GAMES]: ok(
        lobby([builtIn(), external(), external({ id: 'acme-slots', family: 'jacktop' })]),
      ),
    });
    renderApp('/casinolisting');
    await screen.findAllByTestId('game-card');
    const animated = cardOf('spm-lucky-7').getByTestId('game-nature');
    expect(animated).toHaveAttribute('data-nature', 'animated');
    expect(animated).toHaveTextContent('Animated · provably fair');
    const live = cardOf('acme-roulette').getByTestId('game-nature');
    expect(live).toHaveAttribute('data-nature', 'live');
    expect(live).toHaveTextContent('Live');
    // A provider's game outside the live families gets no label of ours.
    expect(cardOf('acme-slots').queryByTestId('game-nature')).not.toBeInTheDocument();
  });

  it('says under the "Live Casino" heading that the built-in tables have no dealer', async () => {
    withPlayer({ [GAMES]: ok(lobby([builtIn(), external()])) });
    renderApp('/live-casino');
    await screen.findAllByTestId('game-card');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Live Casino');
    const note = screen.getByTestId('casino-built-in-note');
    expect(note).toHaveTextContent('animated, with no dealer and no video');
    expect(note).toHaveTextContent('provably fair');
    expect(screen.queryByText(/real dealer/i)).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByTestId('casino-built-in-note')).toHaveTextContent('कोई डीलर');
    expect(cardOf('spm-lucky-7').getByTestId('game-nature')).toHaveTextContent('एनिमेटेड');
    expect(cardOf('acme-roulette').getByTestId('game-nature')).toHaveTextContent('लाइव');
  });

  it("leaves a provider's live tables their own label: no note when none is built in", async () => {
    withPlayer({ [GAMES]: ok(lobby([external()])) });
    renderApp('/live-casino');
    await screen.findByTestId('game-card');
    expect(screen.queryByTestId('casino-built-in-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('game-nature')).toHaveAttribute('data-nature', 'live');
  });
});

// ---------------------------------------------------------------------------------------
// Chips
// ---------------------------------------------------------------------------------------

const round = (fields: Partial<SpmRound> = {}): SpmRound => ({
  id: 'r-3',
  tableId: 't-dt',
  number: 3,
  phase: 'betting',
  bettingClosesAt: new Date(Date.now() + 12_000).toISOString(),
  outcome: { hands: {}, segment: null, winners: [], resultCode: null },
  fairness: { serverSeedHash: 'ab'.repeat(32), serverSeed: null, clientSeed: 'c', nonce: 3 },
  ...fields,
});

const table = (fields: Partial<SpmTable> = {}): SpmTable => ({
  tableId: 't-dt',
  gameId: 'spm-dragon-tiger-50',
  kind: 'dragon-tiger',
  name: 'Dragon Tiger 50',
  minBet: 1,
  maxBet: 50,
  bettingSeconds: 15,
  spots: SPM_GAME_SPOTS['dragon-tiger'].map(({ id, payout }) => ({ id, payout })),
  round: round(),
  lastResults: [],
  myBets: [],
  balance: 1000,
  playMoney: false,
  ...fields,
});

async function openTable(routes: Record<string, MockRoute>) {
  const fetchMock = withPlayer({
    [SESSION]: ok({
      sessionToken: 'spm-session-0123456789',
      gameId: 'spm-dragon-tiger-50',
      tableId: 't-dt',
      playMoney: false,
    }),
    ...routes,
  });
  renderApp(TABLE_PATH);
  await screen.findByTestId('spm-table');
  const socket = await createdSocket();
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(GAME_EVENTS.subscribe)).not.toHaveLength(0));
  return { fetchMock, socket };
}

const chips = () =>
  screen.getAllByTestId(/^chip-preset-\d+$/).map((chip) => Number(chip.dataset.chip));

describe("the table's chips", () => {
  beforeEach(() => resetStores());

  it('on the 50-point Dragon Tiger table are 1 to 50, and a picked chip is bet', async () => {
    const { fetchMock } = await openTable({
      [TABLE]: ok(table()),
      [BETS]: ok({
        bet: {
          id: 'b-1',
          roundId: 'r-3',
          spot: 'dragon',
          stake: 50,
          payout: null,
          status: 'accepted',
          placedAt: '2030-01-01T10:00:00.000Z',
        },
        balance: 950,
      }),
    });
    expect(chips()).toEqual([1, 5, 10, 25, 50]);
    expect(screen.getByTestId('chip-stake')).toHaveTextContent('1.00');
    await userEvent.click(screen.getByRole('button', { name: 'Chip 50.00' }));
    expect(screen.getByTestId('chip-stake')).toHaveTextContent('50.00');
    const dragon = screen
      .getAllByTestId('bet-spot')
      .find((element) => element.dataset.spot === 'dragon')!;
    await userEvent.click(dragon);
    await screen.findByTestId('table-bet');
    expect(callsTo(fetchMock, BETS)[0]!.body).toMatchObject({ spot: 'dragon', stake: 50 });
    expect(screen.queryByTestId('table-bet-error')).not.toBeInTheDocument();
  });

  it.each([
    [1, 150, [1, 5, 10, 25, 50, 100, 150]],
    [5, 1500, [5, 10, 50, 100, 500, 1000, 1500]],
    [10, 5000, [10, 25, 100, 250, 1000, 2500, 5000]],
    [10, 7500, [10, 25, 100, 500, 1000, 5000, 7500]],
  ])('on a %s–%s table are %j, none above the maximum', async (minBet, maxBet, expected) => {
    await openTable({ [TABLE]: ok(table({ minBet, maxBet })) });
    expect(chips()).toEqual(expected);
    expect(screen.getAllByTestId(/^chip-preset-\d+$/).at(-1)).toHaveTextContent(
      maxBet >= 1000 ? `${maxBet / 1000}K` : String(maxBet),
    );
  });

  it('follow limits changed while the table is open; a stale chip is refused before the call', async () => {
    let answer = table({ minBet: 10, maxBet: 7500 });
    const { fetchMock, socket } = await openTable({ [TABLE]: () => ok(answer) });
    await userEvent.click(screen.getByRole('button', { name: 'Chip 5,000.00' }));
    // The operator lowers the table's maximum; the next round fetches the table again.
    answer = table({ minBet: 10, maxBet: 150, round: round({ id: 'r-4', number: 4 }) });
    act(() =>
      socket.serverEmit(GAME_EVENTS.round, {
        tableId: 't-dt',
        round: round({ id: 'r-4', number: 4 }),
        sentAt: Date.now(),
      }),
    );
    await waitFor(() => expect(chips()).toEqual([10, 25, 50, 100, 150]));
    await userEvent.click(
      screen.getAllByTestId('bet-spot').find((element) => element.dataset.spot === 'tiger')!,
    );
    expect(screen.getByTestId('table-bet-error')).toHaveTextContent(
      'Choose a stake from 10.00 to 150.00.',
    );
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
  });
});
