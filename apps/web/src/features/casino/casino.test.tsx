import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, GAME_EVENTS, SERVER_EVENTS, SPM_SESSION_HEADER } from '@spm/contract';
import type {
  CasinoGame,
  CasinoGames,
  SpmBet,
  SpmRound,
  SpmSession,
  SpmTable,
  Wallet,
} from '@spm/contract';
import { SPM_GAME_RULES, formatIndiaDateTime, sha256Hex } from '@spm/core';
import { useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

// ---------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------

const game = (fields: Partial<CasinoGame> = {}): CasinoGame => ({
  id: 'spm-andar-bahar',
  name: 'Andar Bahar',
  providerId: 'spm',
  providerName: 'SPM Games',
  family: 'live-casino',
  category: 'Andar Bahar',
  thumbnail: '/api/media/casino/andar-bahar.svg',
  minBet: 10,
  maxBet: 7500,
  rtp: { min: 97, max: 97.85 },
  tags: ['popular'],
  kind: 'andar-bahar',
  favourite: false,
  lastPlayedAt: null,
  ...fields,
});

const lobby = (games: CasinoGame[]): CasinoGames => ({
  games,
  categories: ['Andar Bahar', 'Teen Patti'],
  providers: [
    { id: 'spm', name: 'SPM Games' },
    { id: 'evo', name: 'Evolution' },
  ],
});

const GAMES = 'GET /api/casino/games';
const LAUNCH = 'POST /api/casino/launch';
const SESSION = 'POST /api/casino/spm/session';
const TABLE = 'GET /api/casino/spm/tables/t-ab';
const BETS = 'POST /api/casino/spm/tables/t-ab/bets';
const LAUNCH_TOKEN = 'launch-token-0123456789abcdef';
const TABLE_PATH = `/spmgames/table/spm-andar-bahar?launch=${LAUNCH_TOKEN}`;

const session: SpmSession = {
  sessionToken: 'spm-session-0123456789',
  gameId: 'spm-andar-bahar',
  tableId: 't-ab',
  playMoney: false,
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const round = (fields: Partial<SpmRound> = {}): SpmRound => ({
  id: 'r-7',
  tableId: 't-ab',
  number: 7,
  phase: 'betting',
  bettingClosesAt: inSeconds(12),
  outcome: { hands: {}, segment: null, winners: [], resultCode: null },
  fairness: {
    serverSeedHash: 'ab'.repeat(32),
    serverSeed: null,
    clientSeed: 'spm-games',
    nonce: 7,
  },
  ...fields,
});

const table = (fields: Partial<SpmTable> = {}): SpmTable => ({
  tableId: 't-ab',
  gameId: 'spm-andar-bahar',
  kind: 'andar-bahar',
  name: 'Andar Bahar',
  minBet: 10,
  maxBet: 7500,
  bettingSeconds: 15,
  spots: [
    { id: 'andar', payout: 1.9 },
    { id: 'bahar', payout: 2 },
  ],
  round: round(),
  lastResults: [
    { roundId: 'r-6', resultCode: 'B' },
    { roundId: 'r-5', resultCode: 'A' },
  ],
  myBets: [],
  balance: 1000,
  playMoney: false,
  ...fields,
});

const bet = (fields: Partial<SpmBet> = {}): SpmBet => ({
  id: 'b-1',
  roundId: 'r-7',
  spot: 'andar',
  stake: 100,
  payout: null,
  status: 'accepted',
  placedAt: '2030-01-01T10:00:00.000Z',
  ...fields,
});

/** The player's wallet as get:balance and update_balance carry it: what every table shows. */
const walletOf = (balance: number, version: number): Wallet & { version: number } => ({
  balance,
  cash: balance,
  coins: 0,
  sports: 0,
  wicket: 0,
  exposure: 0,
  version,
});

function withPlayer(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  return fetchMock;
}

// ---------------------------------------------------------------------------------------
// Lobby
// ---------------------------------------------------------------------------------------

describe('casino lobby', () => {
  beforeEach(() => resetStores());

  it("shows the family's games as cards with limits, RTP and badges", async () => {
    const fetchMock = withPlayer({
      [GAMES]: ok(lobby([game(), game({ id: 'g-2', name: 'Teen Patti', tags: ['new'] })])),
    });
    renderApp('/live-casino');
    const cards = await screen.findAllByTestId('game-card');
    expect(cards.map((card) => card.dataset.gameId)).toEqual(['spm-andar-bahar', 'g-2']);
    const first = within(cards[0]!);
    expect(cards[0]).toHaveTextContent('Andar Bahar');
    expect(cards[0]).toHaveTextContent('SPM Games');
    expect(first.getByTestId('game-limits')).toHaveTextContent('Bet 10.00–7,500.00');
    expect(first.getByTestId('game-rtp')).toHaveTextContent('RTP 97.00–97.85%');
    expect(first.getByTestId('game-tag')).toHaveTextContent('Popular');
    expect(within(cards[1]!).getByTestId('game-tag')).toHaveTextContent('New');
    expect(cards[0]!.querySelector('img')).toHaveAttribute(
      'src',
      '/api/media/casino/andar-bahar.svg',
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('Live Casino');
    const query = callsTo(fetchMock, GAMES)[0]!.url.searchParams;
    expect(query.get('family')).toBe('live-casino');
    expect(query.has('filter')).toBe(false);
  });

  it('/casinolisting asks for every family', async () => {
    const fetchMock = withPlayer({ [GAMES]: ok(lobby([game()])) });
    renderApp('/casinolisting');
    await screen.findByTestId('game-card');
    expect(callsTo(fetchMock, GAMES)[0]!.url.searchParams.has('family')).toBe(false);
    expect(screen.getByTestId('casino-lobby')).toHaveAttribute('data-family', 'all');
  });

  it('each lobby route names its own family', async () => {
    const fetchMock = withPlayer({ [GAMES]: ok(lobby([game()])) });
    renderApp('/spmgames');
    await screen.findByTestId('game-card');
    expect(callsTo(fetchMock, GAMES)[0]!.url.searchParams.get('family')).toBe('spm');
  });

  it('sends the filters, category, provider and search to the server', async () => {
    const fetchMock = withPlayer({ [GAMES]: ok(lobby([game()])) });
    renderApp('/jacktop');
    await screen.findByTestId('game-card');
    const lastQuery = () => callsTo(fetchMock, GAMES).at(-1)!.url.searchParams;

    await userEvent.click(screen.getByTestId('casino-filter-favourites'));
    await waitFor(() => expect(lastQuery().get('filter')).toBe('favourites'));
    expect(screen.getByTestId('casino-filter-favourites')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByTestId('casino-filter-lastPlayed'));
    await waitFor(() => expect(lastQuery().get('filter')).toBe('lastPlayed'));
    await userEvent.click(screen.getByTestId('casino-filter-lastPlayed'));
    await waitFor(() => expect(lastQuery().has('filter')).toBe(false));

    await userEvent.click(screen.getAllByTestId('casino-category')[1]!);
    await waitFor(() => expect(lastQuery().get('category')).toBe('Teen Patti'));
    await userEvent.selectOptions(screen.getByTestId('casino-provider'), 'evo');
    await waitFor(() => expect(lastQuery().get('provider')).toBe('evo'));
    await userEvent.type(screen.getByTestId('casino-search'), 'bahar');
    await waitFor(() => expect(lastQuery().get('search')).toBe('bahar'));
    const query = lastQuery();
    expect([query.get('family'), query.get('category'), query.get('provider')]).toEqual([
      'jacktop',
      'Teen Patti',
      'evo',
    ]);
  });

  it('toggles a favourite with the heart', async () => {
    const fetchMock = withPlayer({
      [GAMES]: ok(lobby([game()])),
      'POST /api/casino/games/spm-andar-bahar/favourite': ok({
        gameId: 'spm-andar-bahar',
        favourite: true,
      }),
    });
    renderApp('/live-casino');
    const heart = await screen.findByTestId('game-favourite');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(callsTo(fetchMock, 'POST /api/casino/games/spm-andar-bahar/favourite')).toHaveLength(1);
  });

  it('says why the list is empty, and offers a retry when it failed', async () => {
    withPlayer({ [GAMES]: ok(lobby([])) });
    renderApp('/live-show');
    expect(await screen.findByTestId('casino-empty')).toHaveTextContent('No games match');
    await userEvent.click(screen.getByTestId('casino-filter-favourites'));
    await waitFor(() =>
      expect(screen.getByTestId('casino-empty')).toHaveTextContent('No favourites yet'),
    );
  });

  it('shows the error state and retries', async () => {
    let answer: MockRoute = fail(500, 'INTERNAL', 'Something went wrong');
    const fetchMock = withPlayer({ [GAMES]: () => answer as never });
    renderApp('/jetfair');
    const error = await screen.findByTestId('casino-error');
    expect(error).toHaveTextContent('Could not load the games');
    answer = ok(lobby([game()]));
    await userEvent.click(within(error).getByRole('button'));
    await screen.findByTestId('game-card');
    expect(callsTo(fetchMock, GAMES).length).toBeGreaterThanOrEqual(2);
  });

  it('launches a built-in game and opens its table page', async () => {
    const fetchMock = withPlayer({
      [GAMES]: ok(lobby([game()])),
      [LAUNCH]: ok({ url: TABLE_PATH, embed: 'page', playMoney: false }),
      [SESSION]: ok(session),
      [TABLE]: ok(table()),
    });
    renderApp('/live-casino');
    await userEvent.click(await screen.findByTestId('game-open'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(TABLE_PATH));
    expect(callsTo(fetchMock, LAUNCH)[0]!.body).toEqual({ gameId: 'spm-andar-bahar' });
    await screen.findByTestId('spm-table');
  });

  it("embeds an external provider's game in a frame", async () => {
    withPlayer({
      [GAMES]: ok(lobby([game({ id: 'evo-1', name: 'Lightning Roulette', kind: null })])),
      [LAUNCH]: ok({ url: 'https://games.example/launch?t=x', embed: 'iframe', playMoney: false }),
    });
    renderApp('/casinolisting');
    await userEvent.click(await screen.findByTestId('game-open'));
    expect(await screen.findByTestId('casino-iframe')).toHaveAttribute(
      'src',
      'https://games.example/launch?t=x',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to games' }));
    await screen.findByTestId('game-card');
  });

  it('asks visitors to sign in', async () => {
    mockApi();
    renderApp('/live-casino');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });
});

// ---------------------------------------------------------------------------------------
// Table
// ---------------------------------------------------------------------------------------

async function openTable(routes: Record<string, MockRoute> = {}, path = TABLE_PATH) {
  const fetchMock = withPlayer({ [SESSION]: ok(session), [TABLE]: ok(table()), ...routes });
  renderApp(path);
  await screen.findByTestId('spm-table');
  const socket = await createdSocket();
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: walletOf(1000, 1) });
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(GAME_EVENTS.subscribe)).not.toHaveLength(0));
  return { fetchMock, socket };
}

function push(socket: FakeSocket, pushed: SpmRound) {
  act(() =>
    socket.serverEmit(GAME_EVENTS.round, { tableId: 't-ab', round: pushed, sentAt: Date.now() }),
  );
}

const spot = (id: string) =>
  screen.getAllByTestId('bet-spot').find((element) => element.dataset.spot === id)!;

describe('SPM Games table', () => {
  beforeEach(() => resetStores());

  it('shows the bonus coins the table stakes after cash (docs/bonus.md)', async () => {
    const { socket } = await openTable();
    act(() =>
      socket.serverEmit(SERVER_EVENTS.updateBalance, { ...walletOf(1000, 2), coins: 1998 }),
    );
    expect(await screen.findByTestId('table-coins')).toHaveTextContent('1,998.00');
    expect(screen.getByTestId('table-balance')).toHaveTextContent('1,000.00');
  });

  it('exchanges the launch token once, joins the room and shows the table', async () => {
    const { fetchMock, socket } = await openTable();
    expect(callsTo(fetchMock, SESSION)[0]!.body).toEqual({ launchToken: LAUNCH_TOKEN });
    const tableCall = callsTo(fetchMock, TABLE)[0]!;
    expect(tableCall.headers[SPM_SESSION_HEADER]).toBe(session.sessionToken);
    expect(socket.emitsOf(GAME_EVENTS.subscribe)[0]!.args[0]).toEqual({ tableId: 't-ab' });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Andar Bahar');
    expect(screen.getAllByTestId('results-strip-item').map((item) => item.textContent)).toEqual([
      'B',
      'A',
    ]);
    expect(screen.getByTestId('table-balance')).toHaveTextContent('1,000.00');
    // No bonus coins, no bonus figure.
    expect(screen.queryByTestId('table-coins')).not.toBeInTheDocument();
    expect(screen.queryByTestId('play-money-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('rules-panel')).toHaveTextContent('×1.9');
    expect(screen.getByTestId('rules-panel')).toHaveTextContent('97.85%');
    expect(screen.getByTestId('rules-limits')).toHaveTextContent(
      'Each bet from 10.00 to 7,500.00.',
    );
  });

  it('keeps the session for a reload of the same address (the token works once)', async () => {
    const { fetchMock } = await openTable();
    expect(callsTo(fetchMock, SESSION)).toHaveLength(1);
    // A reload: a new page on the same address, with this tab's storage.
    resetStores();
    signIn();
    renderApp(TABLE_PATH);
    await waitFor(() => expect(screen.getAllByTestId('spm-table')).toHaveLength(2));
    expect(callsTo(fetchMock, SESSION)).toHaveLength(1);
  });

  it('sends a spent launch back to the lobby with the reason', async () => {
    withPlayer({
      [SESSION]: fail(403, 'CASINO_SESSION_INVALID', 'This game session is not valid.'),
    });
    renderApp(TABLE_PATH);
    expect(await screen.findByTestId('table-problem')).toHaveTextContent(
      'Your game session has ended. Please open the game again.',
    );
    expect(screen.getByRole('link', { name: 'Back to the games' })).toHaveAttribute(
      'href',
      '/spmgames',
    );
  });

  it('shows the play money badge for a demo session', async () => {
    withPlayer({
      [SESSION]: ok({ ...session, playMoney: true }),
      [TABLE]: ok(table({ playMoney: true })),
    });
    renderApp(TABLE_PATH);
    expect(await screen.findByTestId('play-money-badge')).toHaveTextContent('Play money');
  });

  it('counts down to the close of betting, then closes the spots', async () => {
    await openTable({ [TABLE]: ok(table({ round: round({ bettingClosesAt: inSeconds(2) }) })) });
    expect(Number(screen.getByTestId('table-countdown').textContent)).toBe(2);
    await waitFor(() => expect(screen.getByTestId('table-countdown')).toHaveTextContent('1'));
    await waitFor(() =>
      expect(screen.getByTestId('table-phase')).toHaveTextContent('Betting closed'),
    );
    expect(spot('andar')).toBeDisabled();
  });

  it('places a bet with the picked chip and shows it in my bets', async () => {
    const { fetchMock, socket } = await openTable({
      [BETS]: ok({ bet: bet({ stake: 500 }), balance: 500 }),
    });
    await waitFor(() => expect(screen.getByTestId('table-balance')).toHaveTextContent('1,000.00'));
    // After the bet the table reads the wallet again (get:balance, versioned).
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: walletOf(500, 2) });
    expect(screen.getByTestId('table-no-bets')).toBeInTheDocument();
    // The table's first chip (its minimum) starts picked.
    expect(screen.getByTestId('chip-stake')).toHaveTextContent('10.00');
    await userEvent.click(screen.getByTestId('chip-preset-3'));
    expect(screen.getByTestId('chip-preset-3')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chip-stake')).toHaveTextContent('500.00');
    await userEvent.click(spot('andar'));
    const placed = await screen.findByTestId('table-bet');
    expect(placed).toHaveTextContent('Andar');
    expect(placed).toHaveTextContent('500.00');
    expect(placed).toHaveTextContent('Accepted');
    expect(within(spot('andar')).getByTestId('bet-spot-mine')).toHaveTextContent('500.00');
    await waitFor(() => expect(screen.getByTestId('table-balance')).toHaveTextContent('500.00'));
    const call = callsTo(fetchMock, BETS)[0]!;
    expect(call.headers[SPM_SESSION_HEADER]).toBe(session.sessionToken);
    expect(call.body).toMatchObject({ roundId: 'r-7', spot: 'andar', stake: 500 });
    expect((call.body as { idempotencyKey: string }).idempotencyKey.length).toBeGreaterThanOrEqual(
      8,
    );
  });

  it("shows the server's refusal of a bet", async () => {
    await openTable({ [BETS]: fail(400, 'INSUFFICIENT_FUNDS', 'Insufficient balance.') });
    await userEvent.click(spot('bahar'));
    expect(await screen.findByTestId('table-bet-error')).toHaveTextContent('Insufficient balance.');
    expect(screen.queryByTestId('table-bet')).not.toBeInTheDocument();
  });

  it('names the limit that refused a bet and when it frees up', async () => {
    const until = '2026-12-03T10:30:00.000Z';
    await openTable({
      [BETS]: {
        status: 409,
        body: {
          data: { refusal: { limit: 'stake-24h', until } },
          error: true,
          message: 'A limit refused the bet.',
          errorCode: 'LIMIT_REACHED',
        },
      },
    });
    await userEvent.click(spot('bahar'));
    const refusal = await screen.findByTestId('table-bet-error');
    expect(refusal).toHaveTextContent('Your 24-hour stake limit is reached.');
    expect(refusal).toHaveTextContent(formatIndiaDateTime(until, 'en'));
    expect(refusal).toHaveTextContent('3 Dec');
    expect(screen.queryByTestId('table-bet')).not.toBeInTheDocument();
  });

  it('deals the pushed cards, then settles: my bet won, a toast, the balance and the strip', async () => {
    let tableAnswer = table();
    const { fetchMock, socket } = await openTable({
      [TABLE]: () => ok(tableAnswer),
      [BETS]: ok({ bet: bet(), balance: 900 }),
    });
    await userEvent.click(screen.getByTestId('chip-preset-0'));
    await userEvent.click(spot('andar'));
    await screen.findByTestId('table-bet');

    const dealing = round({
      phase: 'dealing',
      bettingClosesAt: inSeconds(-1),
      outcome: {
        hands: { joker: ['7H'], andar: ['2C'], bahar: [] },
        segment: null,
        winners: [],
        resultCode: null,
      },
    });
    push(socket, dealing);
    expect(screen.getByTestId('table-phase')).toHaveTextContent('Dealing');
    expect(screen.getAllByTestId('playing-card').map((card) => card.dataset.card)).toEqual([
      '7H',
      '2C',
    ]);

    const settled = round({
      phase: 'settled',
      bettingClosesAt: inSeconds(-3),
      outcome: {
        hands: { joker: ['7H'], andar: ['2C', '7S'], bahar: ['KD'] },
        segment: null,
        winners: ['andar'],
        resultCode: 'A',
      },
      fairness: { ...round().fairness, serverSeed: 'revealed-seed' },
    });
    tableAnswer = table({
      round: settled,
      myBets: [bet({ status: 'won', payout: 190 })],
      balance: 1090,
    });
    const tableCalls = callsTo(fetchMock, TABLE).length;
    push(socket, settled);
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, walletOf(1090, 3)));
    expect(screen.getByTestId('table-result')).toHaveTextContent('A');
    expect(await screen.findByText('You won 190.00!')).toBeInTheDocument();
    expect(callsTo(fetchMock, TABLE).length).toBeGreaterThan(tableCalls);
    expect(screen.getByTestId('table-bet')).toHaveAttribute('data-status', 'won');
    expect(screen.getByTestId('table-bet-status')).toHaveTextContent('Won 190.00');
    expect(screen.getByTestId('table-balance')).toHaveTextContent('1,090.00');
    expect(screen.getAllByTestId('results-strip-item')[0]).toHaveTextContent('A');
    expect(spot('andar').className).toContain('bet-spot--winner');
    expect(
      screen.getAllByTestId('table-hand').find((hand) => hand.dataset.hand === 'andar')!.className,
    ).toContain('table-hand--winner');
    expect(screen.getByTestId('fairness-seed')).toHaveTextContent('revealed-seed');
    // The same settled round again does not toast twice.
    push(socket, settled);
    await waitFor(() => expect(screen.getAllByText('You won 190.00!')).toHaveLength(1));
  });

  it('asks again when the result is out before the wallet settled my bet', async () => {
    const settled = round({
      phase: 'settled',
      outcome: {
        hands: { joker: ['7H'], andar: ['7S'], bahar: [] },
        segment: null,
        winners: ['andar'],
        resultCode: 'A',
      },
    });
    let tableAnswer = table();
    const { fetchMock, socket } = await openTable({
      [TABLE]: () => ok(tableAnswer),
      [BETS]: ok({ bet: bet(), balance: 900 }),
    });
    await userEvent.click(spot('andar'));
    await screen.findByTestId('table-bet');
    // The first look after the result still has the bet open; the next one has it paid.
    tableAnswer = table({ round: settled, myBets: [bet()], balance: 900 });
    const before = callsTo(fetchMock, TABLE).length;
    push(socket, settled);
    await waitFor(() => expect(callsTo(fetchMock, TABLE).length).toBeGreaterThan(before));
    tableAnswer = table({
      round: settled,
      myBets: [bet({ status: 'won', payout: 190 })],
      balance: 1090,
    });
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, walletOf(1090, 3)));
    expect(await screen.findByText('You won 190.00!')).toBeInTheDocument();
    expect(screen.getByTestId('table-balance')).toHaveTextContent('1,090.00');
  });

  it('does not toast a lost round', async () => {
    let tableAnswer = table();
    const { socket } = await openTable({
      [TABLE]: () => ok(tableAnswer),
      [BETS]: ok({ bet: bet({ spot: 'bahar' }), balance: 900 }),
    });
    await userEvent.click(spot('bahar'));
    await screen.findByTestId('table-bet');
    const settled = round({
      phase: 'settled',
      outcome: {
        hands: { joker: ['7H'], andar: ['7S'], bahar: [] },
        segment: null,
        winners: ['andar'],
        resultCode: 'A',
      },
    });
    tableAnswer = table({
      round: settled,
      myBets: [bet({ spot: 'bahar', status: 'lost', payout: 0 })],
    });
    push(socket, settled);
    await waitFor(() =>
      expect(screen.getByTestId('table-bet')).toHaveAttribute('data-status', 'lost'),
    );
    expect(screen.queryByText(/You won/)).not.toBeInTheDocument();
  });

  it('a new round clears my bets of the last one', async () => {
    let tableAnswer = table({ myBets: [bet()] });
    const { socket } = await openTable({ [TABLE]: () => ok(tableAnswer) });
    expect(screen.getByTestId('table-bet')).toBeInTheDocument();
    const next = round({ id: 'r-8', number: 8, bettingClosesAt: inSeconds(10) });
    tableAnswer = table({ round: next, myBets: [] });
    push(socket, next);
    await waitFor(() => expect(screen.getByTestId('table-no-bets')).toBeInTheDocument());
    expect(screen.getByText('Round #8')).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------
// Fairness verifier (the real @spm/core replay)
// ---------------------------------------------------------------------------------------

describe('fairness verifier', () => {
  beforeEach(() => resetStores());

  const seeds = { serverSeed: 'c0ffee-server-seed-42', clientSeed: 'spm-games', nonce: 7 };
  const dealt = SPM_GAME_RULES['andar-bahar'].deal(seeds);
  const settled = (fields: Partial<SpmRound> = {}) =>
    round({
      phase: 'settled',
      outcome: dealt.outcome,
      fairness: { serverSeedHash: sha256Hex(seeds.serverSeed), ...seeds },
      ...fields,
    });

  async function verify(shown: SpmRound) {
    await openTable({ [TABLE]: ok(table({ round: shown })) });
    await userEvent.click(screen.getByText('Provably fair'));
    await userEvent.click(screen.getByTestId('fairness-verify'));
    return screen.findByTestId('fairness-result');
  }

  it('hides the seed and cannot verify while betting is open', async () => {
    await openTable();
    expect(screen.getByTestId('fairness-hash')).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByTestId('fairness-seed')).toHaveTextContent(
      'Revealed when the round is settled',
    );
    expect(screen.getByTestId('fairness-verify')).toBeDisabled();
  });

  it('confirms an honest round: hash and replayed cards match', async () => {
    await verify(settled());
    expect(screen.getByTestId('fairness-hash-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('fairness-outcome-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('fairness-outcome-check')).toHaveTextContent(
      `(${dealt.outcome.resultCode})`,
    );
  });

  it('flags a seed that does not match the published hash', async () => {
    await verify(settled({ fairness: { serverSeedHash: sha256Hex('another seed'), ...seeds } }));
    expect(screen.getByTestId('fairness-hash-check')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('fairness-hash-check')).toHaveTextContent('does not match');
  });

  it('flags cards that the seed does not deal', async () => {
    const other = dealt.outcome.resultCode === 'A' ? 'B' : 'A';
    await verify(
      settled({
        outcome: {
          ...dealt.outcome,
          resultCode: other,
          winners: [other === 'A' ? 'andar' : 'bahar'],
        },
      }),
    );
    expect(screen.getByTestId('fairness-hash-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('fairness-outcome-check')).toHaveAttribute('data-ok', 'false');
  });
});

// ---------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------

describe('casino history', () => {
  beforeEach(() => resetStores());

  const historyRound = {
    id: 'cr-1',
    providerRoundId: 'r-7',
    gameId: 'spm-andar-bahar',
    gameName: 'Andar Bahar',
    providerName: 'SPM Games',
    status: 'closed' as const,
    staked: 100,
    won: 190,
    refunded: 0,
    playMoney: false,
    startedAt: '2030-01-01T10:00:00.000Z',
    closedAt: '2030-01-01T10:00:30.000Z',
    spm: null,
  };

  it('is linked from /mybets and lists the rounds a page at a time', async () => {
    const gate = deferred(ok({ items: [historyRound], page: 1, pageSize: 20, total: 1 }));
    const fetchMock = withPlayer({
      'GET /api/bets': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
      'GET /api/casino/rounds': gate.route,
    });
    renderApp('/mybets');
    await userEvent.click(await screen.findByTestId('mybets-casino-link'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mybets/casino'));
    gate.release();
    const row = await screen.findByTestId('casino-round');
    expect(row).toHaveTextContent('Andar Bahar');
    expect(row).toHaveTextContent('SPM Games');
    expect(within(row).getByTestId('casino-round-staked')).toHaveTextContent('100.00');
    expect(within(row).getByTestId('casino-round-won')).toHaveTextContent('190.00');
    expect(within(row).getByTestId('casino-round-net')).toHaveTextContent('90.00');
    expect(within(row).getByTestId('casino-round-status')).toHaveTextContent('Settled');
    const query = callsTo(fetchMock, 'GET /api/casino/rounds')[0]!.url.searchParams;
    expect([query.get('page'), query.get('pageSize')]).toEqual(['1', '20']);
    expect(screen.getByTestId('history-sports-link')).toHaveAttribute('href', '/mybets');
  });

  it('says when there are no rounds', async () => {
    withPlayer({ 'GET /api/casino/rounds': ok({ items: [], page: 1, pageSize: 20, total: 0 }) });
    renderApp('/mybets/casino');
    expect(await screen.findByTestId('casino-history-empty')).toHaveTextContent(
      'No casino rounds yet.',
    );
  });
});
