import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, MARKET_EVENTS } from '@spm/contract';
import type { Bet, Market, Runner, SportsEvent } from '@spm/contract';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const runner = (id: string, name: string, fields: Partial<Runner> = {}): Runner => ({
  id,
  name,
  availableToBack: [
    { price: 2.46, amount: 300 },
    { price: 2.5, amount: 100 },
    { price: 2.48, amount: 200 },
  ],
  availableToLay: [
    { price: 2.52, amount: 150 },
    { price: 2.54, amount: 250 },
    { price: 2.56, amount: 350 },
  ],
  lastTradedPrice: 2.5,
  backRate: null,
  layRate: null,
  ...fields,
});

const market = (fields: Partial<Market> = {}): Market => ({
  id: 'm-1',
  eventId: '101',
  type: 'match_odds',
  name: 'Match Odds',
  status: 'open',
  inPlay: false,
  runners: [runner('r-1', 'India'), runner('r-2', 'Australia')],
  line: null,
  yesRate: null,
  noRate: null,
  tradedVolume: 0,
  version: 1,
  ...fields,
});

const bookmaker = market({
  id: 'm-2',
  type: 'bookmaker',
  name: 'Bookmaker',
  runners: [
    runner('r-1', 'India', { availableToBack: [], availableToLay: [], backRate: 90, layRate: 95 }),
    runner('r-2', 'Australia', {
      availableToBack: [],
      availableToLay: [],
      backRate: 105,
      layRate: 110,
    }),
  ],
});

const fancy = market({
  id: 'm-3',
  type: 'fancy',
  name: '6 Over Runs IND',
  runners: [],
  line: 48,
  yesRate: 100,
  noRate: 100,
});

const sportsEvent = (fields: Partial<SportsEvent> = {}): SportsEvent => ({
  id: '101',
  sportId: 4,
  competitionId: 'c-1',
  competitionName: 'Border-Gavaskar Trophy',
  name: 'India v Australia',
  homeTeam: 'India',
  awayTeam: 'Australia',
  startTime: '2030-01-10T04:00:00.000Z',
  status: 'upcoming',
  liveTvUrl: null,
  markets: [market(), bookmaker, fancy],
  ...fields,
});

const page = <T,>(items: T[], pageNumber = 1, total = items.length) => ({
  items,
  page: pageNumber,
  pageSize: 20,
  total,
});

const settings = [
  {
    marketId: 'm-1',
    minStake: 10,
    maxStake: 5000,
    maxProfit: 100000,
    inPlayDelayMs: 0,
    commissionPercent: 2,
  },
];

const bet = (fields: Partial<Bet> = {}): Bet => ({
  id: 'o-77',
  eventId: '101',
  eventName: 'India v Australia',
  marketId: 'm-1',
  marketName: 'Match Odds',
  marketType: 'match_odds',
  runnerName: 'India',
  side: 'back',
  price: 3,
  line: null,
  stake: 100,
  matchedStake: 0,
  unmatchedStake: 100,
  status: 'unmatched',
  profitLoss: null,
  commissionPercent: 2,
  placedAt: '2030-01-10T04:30:00.000Z',
  settledAt: null,
  ...fields,
});

const EVENT = 'GET /api/bet/matches/101';
const PLACE = 'POST /api/bet/match/odds';

function eventRoutes(event: SportsEvent = sportsEvent()): Record<string, MockRoute> {
  return {
    [EVENT]: ok(event),
    'GET /api/sports/match/settings': ok(settings),
    'GET /api/bet/pnl/101': ok([
      {
        marketId: 'm-1',
        exposure: 100,
        runners: [
          { runnerId: 'r-1', profitLoss: 200 },
          { runnerId: 'r-2', profitLoss: -100 },
        ],
      },
    ]),
    'GET /api/bets': ok(page([])),
  };
}

async function openAsPlayer(routes: Record<string, MockRoute> = eventRoutes()) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  renderApp('/exchange/101');
  await screen.findAllByTestId('runner-row');
  return fetchMock;
}

const runnerRow = (runnerId: string) =>
  screen.getAllByTestId('runner-row').find((row) => row.dataset.runnerId === runnerId)!;

async function openSlip(side: 'back' | 'lay', runnerId = 'r-1', index = 0) {
  await userEvent.click(within(runnerRow(runnerId)).getByTestId(`${side}-cell-${index}`));
  return screen.findByTestId('bet-slip');
}

async function typeStake(stake: string) {
  const input = screen.getByTestId('slip-stake');
  await userEvent.clear(input);
  if (stake) await userEvent.type(input, stake);
}

describe('sport lists', () => {
  beforeEach(() => resetStores());

  it('lists in-play first with teams, badge, best back and lay, linking to the match', async () => {
    const upcoming = sportsEvent({ id: '201', startTime: '2030-01-01T00:00:00.000Z' });
    const live = sportsEvent({
      id: '202',
      homeTeam: 'England',
      awayTeam: 'Pakistan',
      status: 'in_play',
      startTime: '2030-02-01T00:00:00.000Z',
    });
    const fetchMock = mockApi({ 'GET /api/bet/matches': ok(page([upcoming, live])) });
    renderApp('/spmsports/cricket');
    const rows = await screen.findAllByTestId('event-row');
    expect(rows.map((row) => row.dataset.eventId)).toEqual(['202', '201']);
    expect(rows[0]).toHaveAttribute('data-status', 'in_play');
    expect(rows[0]).toHaveAttribute('href', '/exchange/202');
    expect(rows[0]).toHaveTextContent('England vs Pakistan');
    expect(rows[0]).toHaveTextContent('Border-Gavaskar Trophy');
    expect(within(rows[0]!).getByTestId('in-play-badge')).toHaveTextContent('In-Play');
    expect(within(rows[1]!).queryByTestId('in-play-badge')).not.toBeInTheDocument();
    expect(within(rows[0]!).getAllByTestId('row-back')[0]).toHaveTextContent('2.50');
    expect(within(rows[0]!).getAllByTestId('row-lay')[0]).toHaveTextContent('2.52');
    expect(callsTo(fetchMock, 'GET /api/bet/matches')[0]?.url.searchParams.get('sportId')).toBe(
      '4',
    );
    expect(screen.getByTestId('sport-tab-soccer')).toHaveAttribute('href', '/spmsports/soccer');
  });

  it('says so for an unknown sport', async () => {
    mockApi();
    renderApp('/spmsports/curling');
    expect(await screen.findByTestId('sport-not-found')).toHaveTextContent(
      'This sport is not available.',
    );
  });

  it('home lists every sport and filters by tab', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/bet/matches': ok(page([sportsEvent()])),
    });
    signIn();
    renderApp('/home');
    await screen.findByTestId('event-row');
    expect(callsTo(fetchMock, 'GET /api/bet/matches')[0]?.url.searchParams.has('sportId')).toBe(
      false,
    );
    await userEvent.click(screen.getByTestId('sport-tab-tennis'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET /api/bet/matches').some(
          (call) => call.url.searchParams.get('sportId') === '2',
        ),
      ).toBe(true),
    );
  });
});

describe('match page', () => {
  beforeEach(() => resetStores());

  it('shows visitors the ladder best-first and opens login on a price click', async () => {
    mockApi(eventRoutes(sportsEvent({ liveTvUrl: 'https://tv.example/101' })));
    renderApp('/exchange/101');
    await screen.findAllByTestId('runner-row');
    const row = runnerRow('r-1');
    expect(within(row).getByTestId('back-cell-0')).toHaveTextContent('2.50');
    expect(within(row).getByTestId('back-cell-2')).toHaveTextContent('2.46');
    expect(within(row).getByTestId('lay-cell-0')).toHaveTextContent('2.52');
    expect(within(row).getByTestId('lay-cell-2')).toHaveTextContent('2.56');
    expect(screen.getByTestId('live-tv')).toHaveAttribute('src', 'https://tv.example/101');
    expect(screen.getAllByTestId('bookmaker-row')).toHaveLength(2);
    expect(screen.getByTestId('fancy-row')).toHaveAttribute('data-market-id', 'm-3');
    expect(screen.queryByTestId('runner-pnl')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByTestId('back-cell-0'));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
    expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument();
  });

  it('shows no live TV without an address and overlays a suspended market', async () => {
    mockApi(eventRoutes(sportsEvent({ markets: [market({ status: 'suspended' })] })));
    renderApp('/exchange/101');
    expect(await screen.findByTestId('market-status')).toHaveTextContent('Suspended');
    expect(within(runnerRow('r-1')).getByTestId('back-cell-0')).toBeDisabled();
    expect(screen.queryByTestId('live-tv')).not.toBeInTheDocument();
  });

  it('computes profit for a back and liability for a lay with core', async () => {
    await openAsPlayer();
    await openSlip('back');
    expect(screen.getByTestId('slip-price')).toHaveValue('2.50');
    await typeStake('100');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('150.00');
    await openSlip('lay');
    await userEvent.clear(screen.getByTestId('slip-price'));
    await userEvent.type(screen.getByTestId('slip-price'), '2.50');
    await typeStake('100');
    expect(screen.getByTestId('slip-liability')).toHaveTextContent('150.00');
    expect(screen.queryByTestId('slip-profit')).not.toBeInTheDocument();
  });

  it('shows the commission and the net profit settlement will pay', async () => {
    await openAsPlayer();
    await openSlip('back');
    const price = screen.getByTestId('slip-price');
    await userEvent.clear(price);
    await userEvent.type(price, '4.20');
    await typeStake('100');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('320.00');
    expect(screen.getByTestId('slip-commission')).toHaveTextContent('6.40');
    expect(screen.getByTestId('slip-breakdown')).toHaveTextContent('Commission (2%)');
    expect(screen.getByTestId('slip-net')).toHaveTextContent('313.60');
  });

  it('shows no commission on a bookmaker bet, where settlement takes none', async () => {
    await openAsPlayer();
    await userEvent.click(
      within(screen.getAllByTestId('bookmaker-row')[0]!).getByTestId('bookmaker-back'),
    );
    await screen.findByTestId('bet-slip');
    await typeStake('100');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('90.00');
    expect(screen.queryByTestId('slip-commission')).not.toBeInTheDocument();
  });

  it('shows the projected P&L per runner and the slip bet effect', async () => {
    await openAsPlayer();
    await waitFor(() =>
      // A win of 200 pays 196 after the market's 2 %: the projection says what is paid.
      expect(within(runnerRow('r-1')).getByTestId('runner-pnl-current')).toHaveTextContent(
        '196.00',
      ),
    );
    await openSlip('back');
    await typeStake('100');
    expect(within(runnerRow('r-1')).getByTestId('runner-pnl-what-if')).toHaveTextContent('343.00');
    expect(within(runnerRow('r-2')).getByTestId('runner-pnl-what-if')).toHaveTextContent('-200.00');
  });

  it('steps the price on the ladder and refuses an off-ladder price', async () => {
    const fetchMock = await openAsPlayer();
    await openSlip('back');
    const price = screen.getByTestId('slip-price');
    await userEvent.clear(price);
    await userEvent.type(price, '1.99');
    await userEvent.click(screen.getByTestId('slip-price-up'));
    expect(price).toHaveValue('2.00');
    await userEvent.click(screen.getByTestId('slip-price-up'));
    expect(price).toHaveValue('2.02');
    await userEvent.click(screen.getByTestId('slip-price-down'));
    expect(price).toHaveValue('2.00');
    await userEvent.clear(price);
    await userEvent.type(price, '2.01');
    expect(screen.getByTestId('slip-price-error')).toBeInTheDocument();
    await typeStake('100');
    await userEvent.click(screen.getByTestId('slip-place'));
    expect(callsTo(fetchMock, PLACE)).toHaveLength(0);
  });

  it('checks the stake against the market minimum and maximum', async () => {
    const fetchMock = await openAsPlayer();
    await openSlip('back');
    await typeStake('5');
    expect(screen.getByTestId('slip-stake-error')).toHaveTextContent('The minimum stake is 10.00.');
    await typeStake('6000');
    expect(screen.getByTestId('slip-stake-error')).toHaveTextContent(
      'The maximum stake is 5,000.00.',
    );
    await userEvent.click(screen.getByTestId('slip-place'));
    expect(callsTo(fetchMock, PLACE)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('slip-preset-1'));
    expect(screen.getByTestId('slip-stake')).toHaveValue('500');
    expect(screen.queryByTestId('slip-stake-error')).not.toBeInTheDocument();
  });

  it('saves edited stake presets in localStorage', async () => {
    await openAsPlayer();
    await openSlip('back');
    await userEvent.click(screen.getByTestId('slip-presets-edit'));
    await userEvent.clear(screen.getByTestId('slip-preset-input-0'));
    await userEvent.type(screen.getByTestId('slip-preset-input-0'), '250');
    await userEvent.click(screen.getByTestId('slip-presets-save'));
    expect(screen.getByTestId('slip-preset-0')).toHaveTextContent('250');
    expect(JSON.parse(localStorage.getItem('stakePresets') ?? '[]')).toEqual([
      250, 500, 1000, 5000, 10000, 25000,
    ]);
  });

  it('places with the exact body and a fresh idempotency key each time, then refetches', async () => {
    const fetchMock = await openAsPlayer({
      ...eventRoutes(),
      [PLACE]: ok({
        orderId: 'o-1',
        status: 'partially_matched',
        matchedStake: 40,
        unmatchedStake: 60,
        averagePrice: 2.5,
      }),
    });
    const pnlCalls = () => callsTo(fetchMock, 'GET /api/bet/pnl/101').length;
    await waitFor(() => expect(pnlCalls()).toBe(1));
    for (const attempt of [1, 2]) {
      await openSlip('back');
      await typeStake('100');
      await userEvent.click(screen.getByTestId('slip-place'));
      await waitFor(() => expect(callsTo(fetchMock, PLACE)).toHaveLength(attempt));
      expect(
        await screen.findAllByText('Bet partially matched: 40.00 matched, 60.00 unmatched.'),
      ).not.toHaveLength(0);
      await waitFor(() => expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument());
    }
    const [first, second] = callsTo(fetchMock, PLACE);
    expect(Object.keys(first!.body as object).sort()).toEqual(
      ['idempotencyKey', 'marketId', 'price', 'runnerId', 'side', 'stake'].sort(),
    );
    expect(first!.body).toEqual({
      marketId: 'm-1',
      runnerId: 'r-1',
      side: 'back',
      price: 2.5,
      stake: 100,
      idempotencyKey: expect.any(String),
    });
    const keyOf = (body: unknown) => (body as { idempotencyKey: string }).idempotencyKey;
    expect(keyOf(first!.body).length).toBeGreaterThanOrEqual(8);
    expect(keyOf(first!.body)).not.toBe(keyOf(second!.body));
    await waitFor(() => expect(pnlCalls()).toBeGreaterThanOrEqual(3));
  });

  it('places bookmaker and fancy bets at the shown rate', async () => {
    const fetchMock = await openAsPlayer({
      ...eventRoutes(),
      'POST /api/bet/bookmaker/odds': ok({
        orderId: 'o-2',
        status: 'matched',
        matchedStake: 100,
        unmatchedStake: 0,
        averagePrice: null,
      }),
      'POST /api/bet/fancy/odds': ok({
        orderId: 'o-3',
        status: 'matched',
        matchedStake: 100,
        unmatchedStake: 0,
        averagePrice: null,
      }),
    });
    const [india] = screen.getAllByTestId('bookmaker-row');
    await userEvent.click(within(india!).getByTestId('bookmaker-lay'));
    await typeStake('100');
    expect(screen.getByTestId('slip-liability')).toHaveTextContent('95.00');
    await userEvent.click(screen.getByTestId('slip-place'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/bet/bookmaker/odds')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/bet/bookmaker/odds')[0]?.body).toEqual({
      marketId: 'm-2',
      runnerId: 'r-1',
      side: 'lay',
      rate: 95,
      stake: 100,
      idempotencyKey: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument());
    await userEvent.click(screen.getByTestId('fancy-yes'));
    await typeStake('200');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('200.00');
    await userEvent.click(screen.getByTestId('slip-place'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/bet/fancy/odds')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/bet/fancy/odds')[0]?.body).toEqual({
      marketId: 'm-3',
      side: 'yes',
      line: 48,
      rate: 100,
      stake: 200,
      idempotencyKey: expect.any(String),
    });
  });

  it('subscribes, applies newer market:update, ignores older, re-subscribes and leaves', async () => {
    await openAsPlayer();
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    act(() => socket.serverConnect());
    expect(socket.emitsOf(MARKET_EVENTS.subscribe).at(-1)?.args[0]).toEqual({
      marketIds: ['m-1', 'm-2', 'm-3'],
    });
    const withBest = (price: number, version: number) =>
      market({
        version,
        runners: [
          runner('r-1', 'India', {
            availableToBack: [{ price, amount: 10 }],
          }),
          runner('r-2', 'Australia'),
        ],
      });
    act(() => socket.serverEmit(MARKET_EVENTS.update, withBest(3.05, 2)));
    await waitFor(() =>
      expect(within(runnerRow('r-1')).getByTestId('back-cell-0')).toHaveTextContent('3.05'),
    );
    act(() => socket.serverEmit(MARKET_EVENTS.update, withBest(1.5, 1)));
    act(() => socket.serverEmit(MARKET_EVENTS.update, withBest(1.6, 2)));
    expect(within(runnerRow('r-1')).getByTestId('back-cell-0')).toHaveTextContent('3.05');
    act(() => socket.serverEmit(MARKET_EVENTS.update, market({ version: 3, status: 'closed' })));
    expect(await screen.findByTestId('market-status')).toHaveTextContent('Closed');

    const before = socket.emitsOf(MARKET_EVENTS.subscribe).length;
    act(() => socket.serverConnect());
    expect(socket.emitsOf(MARKET_EVENTS.subscribe)).toHaveLength(before + 1);

    await userEvent.click(screen.getByTestId('match-back'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/sports/cricket'),
    );
    expect(socket.emitsOf(MARKET_EVENTS.unsubscribe).at(-1)?.args[0]).toEqual({
      marketIds: ['m-1', 'm-2', 'm-3'],
    });
  });

  it('tells a demo player before submit that the exchange is for real money only', async () => {
    const fetchMock = await openAsPlayer();
    act(() =>
      useAuthStore.getState().setSession({
        token: 'token-1',
        user: { id: 7, username: 'demo01', isDemo: true },
      }),
    );
    await openSlip('back');
    expect(screen.getByTestId('slip-demo-refused')).toHaveTextContent(/play money/);
    expect(screen.getByTestId('slip-place')).toBeDisabled();
    await typeStake('100');
    await userEvent.click(screen.getByTestId('slip-place'));
    expect(callsTo(fetchMock, PLACE)).toHaveLength(0);
  });

  it('fetches bets again when a market with its unmatched order changes, and only then', async () => {
    let matchedYet = false;
    const fetchMock = await openAsPlayer({
      ...eventRoutes(),
      'GET /api/bets': (url) => {
        const status = url.searchParams.get('status');
        if (status === 'unmatched') return ok(page(matchedYet ? [] : [bet({ marketId: 'm-1' })]));
        return ok(
          page(
            matchedYet
              ? [bet({ id: 'o-77', status: 'matched', matchedStake: 100, unmatchedStake: 0 })]
              : [],
          ),
        );
      },
    });
    await screen.findByTestId('open-bet');
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    act(() => socket.serverConnect());
    const betsCallsBefore = callsTo(fetchMock, 'GET /api/bets').length;

    // Another market changing is no reason to ask again.
    act(() => socket.serverEmit(MARKET_EVENTS.update, market({ id: 'm-2', version: 5 })));
    expect(callsTo(fetchMock, 'GET /api/bets')).toHaveLength(betsCallsBefore);

    // Someone backs into the resting lay: the owner's list shows it matched without a reload.
    matchedYet = true;
    act(() => socket.serverEmit(MARKET_EVENTS.update, market({ version: 6, tradedVolume: 100 })));
    expect(await screen.findByTestId('matched-bet')).toHaveAttribute('data-bet-id', 'o-77');
    await waitFor(() => expect(screen.queryByTestId('open-bet')).toBeNull());
  });

  it('lists unmatched orders and cancels one in full by its id, retrying under the same key', async () => {
    let cancelTries = 0;
    const fetchMock = await openAsPlayer({
      ...eventRoutes(),
      'GET /api/bets': (url) =>
        ok(
          page(
            url.searchParams.get('status') === 'unmatched'
              ? [bet()]
              : [bet({ id: 'o-9', status: 'matched', matchedStake: 50, unmatchedStake: 0 })],
          ),
        ),
      // The first try's answer is lost on the way (a restart, a gateway): the player tries again.
      'POST /api/bet/match/odds/cancel': () =>
        (cancelTries += 1) === 1
          ? fail(503, 'SERVICE_UNAVAILABLE', 'Try again.')
          : ok({
              orderId: 'o-77',
              status: 'cancelled',
              matchedStake: 0,
              unmatchedStake: 0,
              averagePrice: null,
            }),
    });
    const open = await screen.findByTestId('open-bet');
    expect(screen.getByTestId('matched-bet')).toHaveAttribute('data-bet-id', 'o-9');
    const unmatchedCall = callsTo(fetchMock, 'GET /api/bets').find(
      (call) => call.url.searchParams.get('status') === 'unmatched',
    );
    expect(unmatchedCall?.url.searchParams.get('eventId')).toBe('101');
    await userEvent.click(within(open).getByTestId('open-bet-cancel'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/bet/match/odds/cancel')).toHaveLength(1),
    );
    await waitFor(() => expect(within(open).getByTestId('open-bet-cancel')).toBeEnabled());
    await userEvent.click(within(open).getByTestId('open-bet-cancel'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/bet/match/odds/cancel')).toHaveLength(2),
    );
    const [first, retry] = callsTo(fetchMock, 'POST /api/bet/match/odds/cancel');
    expect(first?.body).toEqual({ orderId: 'o-77', idempotencyKey: expect.any(String) });
    expect(
      (first?.body as { idempotencyKey: string }).idempotencyKey.length,
    ).toBeGreaterThanOrEqual(8);
    expect(retry?.body).toEqual(first?.body);
  });
});

describe('my bets', () => {
  beforeEach(() => resetStores());

  it('asks for each tab status, filters by sport, pages and colours settled P&L', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/bets': (url) => {
        const status = url.searchParams.get('status');
        const pageNumber = Number(url.searchParams.get('page'));
        if (status === 'settled') {
          return ok(
            page(
              [bet({ id: `s-${pageNumber}`, status: 'settled', profitLoss: -100 })],
              pageNumber,
              25,
            ),
          );
        }
        return ok(page([bet({ id: `${status}-1` })]));
      },
    });
    signIn();
    renderApp('/mybets');
    await screen.findByTestId('mybet-row');
    expect(screen.getByTestId('mybet-cancel')).toBeInTheDocument();
    const statuses = () =>
      callsTo(fetchMock, 'GET /api/bets').map((call) => call.url.searchParams.get('status'));
    expect(statuses()).toEqual(['unmatched']);

    await userEvent.click(screen.getByTestId('mybets-tab-matched'));
    await waitFor(() => expect(statuses()).toContain('matched'));
    await userEvent.click(screen.getByTestId('mybets-tab-settled'));
    await waitFor(() => expect(statuses()).toContain('settled'));
    expect(await screen.findByTestId('mybet-pnl')).toHaveClass('pnl--down');

    await userEvent.click(screen.getByTestId('mybets-next'));
    await waitFor(() =>
      expect(screen.getByTestId('mybet-row')).toHaveAttribute('data-bet-id', 's-2'),
    );

    await userEvent.selectOptions(screen.getByTestId('mybets-sport'), 'soccer');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/bets').at(-1)?.url.searchParams.get('sportId')).toBe('1'),
    );
  });

  it('shows each bet profit, the commission and the net, as settlement pays it', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/bets': (url) =>
        url.searchParams.get('status') === 'settled'
          ? ok(page([bet({ id: 's-1', status: 'settled', price: 4.2, profitLoss: 320 })]))
          : ok(
              page([
                bet({
                  id: 'm-1',
                  status: 'matched',
                  price: 4.2,
                  matchedStake: 100,
                  unmatchedStake: 0,
                }),
              ]),
            ),
    });
    signIn();
    renderApp('/mybets');
    await userEvent.click(await screen.findByTestId('mybets-tab-matched'));
    await waitFor(() =>
      expect(screen.getByTestId('mybet-row')).toHaveAttribute('data-bet-id', 'm-1'),
    );
    expect(screen.getByTestId('mybet-profit')).toHaveTextContent('320.00');
    expect(screen.getByTestId('mybet-commission')).toHaveTextContent('6.40');
    expect(screen.getByTestId('mybet-net')).toHaveTextContent('313.60');

    await userEvent.click(screen.getByTestId('mybets-tab-settled'));
    await waitFor(() =>
      expect(screen.getByTestId('mybet-row')).toHaveAttribute('data-bet-id', 's-1'),
    );
    expect(screen.getByTestId('mybet-net')).toHaveTextContent('313.60');
    // The result is what the wallet received, not the gross win.
    expect(screen.getByTestId('mybet-pnl')).toHaveTextContent('313.60');
  });
});
