import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, CRASH_CLIENT_EVENTS, CRASH_SERVER_EVENTS } from '@spm/contract';
import type {
  CrashBetsSummary,
  CrashBetView,
  CrashRoundState,
  CrashRoundSummary,
  CrashSettingsView,
  CrashState,
  Wallet,
} from '@spm/contract';
import {
  chainLinksInOrderOfUse,
  commitSalt,
  crashPointFromHash,
  formatIndiaDateTime,
} from '@spm/core';
import { changeLanguage } from '@/shared/i18n/i18n';
import { useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { callsTo, deferred, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

// ---------------------------------------------------------------------------------------
// Fixtures: a chain and a round computed with @spm/core, as the server computes them
// ---------------------------------------------------------------------------------------

const SEED = '7'.repeat(64);
const [TERMINATING, FIRST, SECOND] = [...chainLinksInOrderOfUse(SEED, 5)];
const SALT = 'drand round 5000000';
const EDGE = { houseEdgeBasisPoints: 300, maxMultiplierHundredths: 1_000_000 };
const SECOND_POINT = crashPointFromHash({ roundHash: SECOND!.hash, salt: SALT, ...EDGE }) / 100;

const settings: CrashSettingsView = {
  houseEdgePercent: 3,
  rtpPercent: 97,
  maxMultiplier: 10_000,
  minStake: 10,
  maxStakePerRound: 7_500,
  maxReturn: 75_000,
  bettingMs: 6_000,
  tickMs: 100,
  terminatingHash: TERMINATING!.hash,
  chainLength: 5,
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const roundState = (fields: Partial<CrashRoundState> = {}): CrashRoundState => ({
  roundId: 'cr-7',
  phase: 'betting',
  saltCommitment: commitSalt(SALT),
  bettingEndsAt: inSeconds(5),
  flightStartedAt: null,
  elapsedMs: 0,
  multiplier: 1,
  crashPoint: null,
  hash: null,
  salt: null,
  serverTime: new Date().toISOString(),
  ...fields,
});

const flying = (fields: Partial<CrashRoundState> = {}) =>
  roundState({
    phase: 'flying',
    bettingEndsAt: inSeconds(-1),
    flightStartedAt: new Date().toISOString(),
    ...fields,
  });

const crashed = (crashPoint: number, fields: Partial<CrashRoundState> = {}) =>
  roundState({
    phase: 'crashed',
    bettingEndsAt: inSeconds(-10),
    flightStartedAt: inSeconds(-5),
    multiplier: crashPoint,
    crashPoint,
    hash: SECOND!.hash,
    salt: SALT,
    ...fields,
  });

const HISTORY = [
  { roundId: 'cr-6', crashPoint: 1.52 },
  { roundId: 'cr-5', crashPoint: 3.4 },
  { roundId: 'cr-4', crashPoint: 12.05 },
  { roundId: 'cr-3', crashPoint: 2 },
  { roundId: 'cr-2', crashPoint: SECOND_POINT },
];

const betsSummary = (fields: Partial<CrashBetsSummary> = {}): CrashBetsSummary => ({
  roundId: 'cr-7',
  bets: 0,
  cashedOut: 0,
  totalStake: 0,
  totalPayout: 0,
  top: [],
  at: new Date().toISOString(),
  ...fields,
});

const crashState = (fields: Partial<CrashState> = {}): CrashState => ({
  round: roundState(),
  summary: betsSummary(),
  mine: [],
  history: HISTORY,
  settings,
  ...fields,
});

const bet = (fields: Partial<CrashBetView> = {}): CrashBetView => ({
  id: 'b-1',
  roundId: 'cr-7',
  panel: 0,
  player: 'ra***42',
  stake: 100,
  autoCashOut: null,
  status: 'active',
  cashOutMultiplier: null,
  payout: null,
  mine: true,
  ...fields,
});

const summary = (fields: Partial<CrashRoundSummary> = {}): CrashRoundSummary => ({
  id: 'cr-2',
  crashPoint: SECOND_POINT,
  hash: SECOND!.hash,
  salt: SALT,
  saltCommitment: commitSalt(SALT),
  previousHash: FIRST!.hash,
  houseEdgePercent: 3,
  maxMultiplier: 10_000,
  players: 3,
  totalStake: 300,
  totalPayout: 150,
  incident: null,
  crashedAt: '2026-12-02T10:00:00.000Z',
  ...fields,
});

const walletOf = (balance: number, version: number): Wallet & { version: number } => ({
  balance,
  cash: balance,
  coins: 0,
  sports: 0,
  wicket: 0,
  exposure: 0,
  version,
});

const BETS = 'POST /api/crash/bets';

/** POST /api/crash/bets answering each bet as placed, with ids b-1, b-2, … */
function acceptingBets() {
  let count = 0;
  const route: MockRoute = (_url, init) => {
    count += 1;
    const body = JSON.parse(String(init?.body)) as {
      roundId: string;
      panel: 0 | 1;
      stake: number;
      autoCashOut: number | null;
    };
    return ok({
      bet: bet({
        id: `b-${count}`,
        roundId: body.roundId,
        panel: body.panel,
        stake: body.stake,
        autoCashOut: body.autoCashOut,
      }),
      balance: 1000 - body.stake,
    });
  };
  return route;
}

async function openGame(
  routes: Record<string, MockRoute> = {},
  joined: CrashState = crashState(),
): Promise<{ fetchMock: ReturnType<typeof mockApi>; socket: FakeSocket }> {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    'GET /api/crash/state': ok(joined),
    ...routes,
  });
  signIn();
  renderApp('/aviatorgames');
  const socket = await createdSocket();
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: walletOf(1000, 1) });
  socket.reply(CRASH_CLIENT_EVENTS.join, joined);
  act(() => socket.serverConnect());
  await screen.findByTestId('crash-page');
  await waitFor(() => expect(socket.emitsOf(CRASH_CLIENT_EVENTS.join)).not.toHaveLength(0));
  return { fetchMock, socket };
}

function push(socket: FakeSocket, round: CrashRoundState) {
  act(() => socket.serverEmit(CRASH_SERVER_EVENTS.round, round));
}

function tick(socket: FakeSocket, elapsedMs: number, multiplier: number, roundId = 'cr-7') {
  act(() => socket.serverEmit(CRASH_SERVER_EVENTS.tick, { roundId, elapsedMs, multiplier }));
}

/** The multiplier shown, as a number (the clock may have run a few ms past the last tick). */
const shownMultiplier = () =>
  Number((screen.getByTestId('crash-multiplier').textContent ?? '').replace(/[x,]/g, ''));

const amountOf = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

beforeEach(() => {
  resetStores();
  // jsdom draws nothing; the page skips the canvas when there is no 2D context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
});

// ---------------------------------------------------------------------------------------
// The room and the flight
// ---------------------------------------------------------------------------------------

describe('crash game: the room and the flight', () => {
  it('is a real page now, protected: a visitor is sent to sign in', async () => {
    mockApi();
    renderApp('/aviatorgames');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it('renders the state of the join acknowledgement', async () => {
    const joined = crashState({
      round: roundState({ roundId: 'cr-9', bettingEndsAt: inSeconds(4) }),
      summary: betsSummary({
        roundId: 'cr-9',
        bets: 1,
        totalStake: 250,
        top: [bet({ id: 'b-7', roundId: 'cr-9', mine: false, player: 'su***07', stake: 250 })],
      }),
    });
    // The HTTP state never comes: all the screen shows is the acknowledgement's.
    const never = deferred(ok(crashState()));
    const { socket } = await openGame({ 'GET /api/crash/state': never.route }, joined);
    expect(screen.getByTestId('crash-page')).toHaveAttribute('data-round-id', 'cr-9');
    // The server's handler takes (payload, ack): the join sends an empty payload.
    expect(socket.emitsOf(CRASH_CLIENT_EVENTS.join)[0]!.args).toEqual([{}]);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Aviator');
    const countdown = Number(screen.getByTestId('crash-countdown').textContent);
    expect(countdown).toBeGreaterThanOrEqual(3);
    expect(countdown).toBeLessThanOrEqual(4);
    expect(screen.getAllByTestId('crash-history-item').map((item) => item.textContent)).toEqual([
      '1.52x',
      '3.40x',
      '12.05x',
      '2.00x',
      `${SECOND_POINT.toFixed(2)}x`,
    ]);
    const row = screen.getByTestId('crash-bet-row');
    expect(row).toHaveTextContent('su***07');
    expect(row).toHaveTextContent('250.00');
    expect(screen.getByTestId('crash-bets-summary')).toHaveTextContent('1 bets, 250.00 staked');
    expect(screen.getByTestId('crash-rules-edge')).toHaveTextContent('3%');
    expect(screen.getByTestId('crash-rules-rtp')).toHaveTextContent('97%');
    expect(screen.getByTestId('crash-rules-stakes')).toHaveTextContent('From 10.00 to 7,500.00');
    expect(screen.getByTestId('crash-rules-max-return')).toHaveTextContent('75,000.00');
    expect(screen.getByTestId('crash-terminating-hash')).toHaveTextContent(TERMINATING!.hash);
  });

  it("loads the screen's strings in the player's language with the page", async () => {
    await changeLanguage('hi');
    await openGame();
    expect(screen.getByTestId('page-title')).toHaveTextContent('एविएटर');
    expect(screen.getByTestId('crash-bet-0')).toHaveTextContent('बेट लगाएँ');
  });

  it('joins again when the server could not read the state', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      'GET /api/crash/state': deferred(ok(crashState())).route,
    });
    signIn();
    renderApp('/aviatorgames');
    const socket = await createdSocket();
    socket.reply(CRASH_CLIENT_EVENTS.join, { errorCode: 'SERVICE_UNAVAILABLE' });
    act(() => socket.serverConnect());
    await waitFor(() => expect(socket.emitsOf(CRASH_CLIENT_EVENTS.join)).toHaveLength(1));
    socket.reply(CRASH_CLIENT_EVENTS.join, crashState());
    await screen.findByTestId('crash-page');
    expect(socket.emitsOf(CRASH_CLIENT_EVENTS.join)).toHaveLength(2);
  });

  it('moves the multiplier with the ticks, then flies away at the crash', async () => {
    const { socket } = await openGame(
      {},
      crashState({ round: flying({ elapsedMs: 1000, multiplier: 1.06 }) }),
    );
    expect(shownMultiplier()).toBeGreaterThanOrEqual(1.06);
    expect(shownMultiplier()).toBeLessThan(1.2);
    tick(socket, 11_553, 2);
    expect(shownMultiplier()).toBeGreaterThanOrEqual(2);
    expect(shownMultiplier()).toBeLessThan(2.2);
    // Another round's tick moves nothing.
    tick(socket, 60_000, 36.59, 'cr-1');
    expect(shownMultiplier()).toBeLessThan(2.2);
    push(socket, crashed(2.41));
    expect(screen.getByTestId('crash-multiplier')).toHaveTextContent('2.41x');
    expect(screen.getByTestId('crash-flew-away')).toHaveTextContent('Flew away!');
    expect(screen.getAllByTestId('crash-history-item')[0]).toHaveTextContent('2.41x');
  });

  it('colours the history strip by size: under 2x, 2x to 10x, 10x and up', async () => {
    await openGame();
    const tones = screen.getAllByTestId('crash-history-item').map((item) => item.dataset.tone);
    expect(tones).toEqual([
      'low',
      'mid',
      'high',
      'mid',
      SECOND_POINT < 2 ? 'low' : SECOND_POINT < 10 ? 'mid' : 'high',
    ]);
    const [low, mid, high] = screen.getAllByTestId('crash-history-item');
    expect(low!.className).toContain('crash-history__item--low');
    expect(mid!.className).toContain('crash-history__item--mid');
    expect(high!.className).toContain('crash-history__item--high');
  });
});

// ---------------------------------------------------------------------------------------
// Betting
// ---------------------------------------------------------------------------------------

describe('crash game: bets', () => {
  it('places a bet with the right body, then offers the live cash-out in flight', async () => {
    const { fetchMock, socket } = await openGame({ [BETS]: acceptingBets() });
    const panel = within(screen.getByTestId('crash-panel-0'));
    await userEvent.click(panel.getByTestId('crash-preset-500-0'));
    expect(panel.getByTestId('crash-stake-0')).toHaveValue('500');
    await userEvent.click(panel.getByTestId('crash-bet-0'));
    await panel.findByTestId('crash-cancel-0');
    const body = callsTo(fetchMock, BETS)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ roundId: 'cr-7', panel: 0, stake: 500, autoCashOut: null });
    expect(String(body.clientBetId).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByTestId('crash-bet-row')).toHaveTextContent('You');

    push(socket, flying());
    const cashOut = await panel.findByTestId('crash-cashout-0');
    expect(cashOut).toHaveTextContent('Cash out');
    tick(socket, 11_553, 2);
    const live = amountOf(panel.getByTestId('crash-cashout-amount').textContent);
    expect(live).toBeGreaterThanOrEqual(1000);
    expect(live).toBeLessThan(1100);
  });

  it('cashes out: the paid multiplier from the answer, the win and the new balance', async () => {
    const { fetchMock, socket } = await openGame({
      [BETS]: acceptingBets(),
      'POST /api/crash/bets/b-1/cashout': ok({
        bet: bet({ status: 'cashed_out', cashOutMultiplier: 2.35, payout: 235 }),
        multiplier: 2.35,
        payout: 235,
        balance: 1135,
      }),
    });
    await waitFor(() => expect(screen.getByTestId('crash-balance')).toHaveTextContent('1,000.00'));
    const panel = within(screen.getByTestId('crash-panel-0'));
    await userEvent.click(panel.getByTestId('crash-bet-0'));
    await panel.findByTestId('crash-cancel-0');
    push(socket, flying());
    tick(socket, 14_000, 2.31);
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: walletOf(1135, 3) });
    await userEvent.click(await panel.findByTestId('crash-cashout-0'));
    const line = await panel.findByTestId('crash-cashed-out-0');
    expect(line).toHaveTextContent('Cashed out at 2.35x');
    expect(line).toHaveTextContent('235.00');
    expect(await screen.findByText('You cashed out 235.00 at 2.35x!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('crash-balance')).toHaveTextContent('1,135.00'));
    expect(callsTo(fetchMock, 'POST /api/crash/bets/b-1/cashout')).toHaveLength(1);
    expect(panel.queryByTestId('crash-cashout-0')).not.toBeInTheDocument();
    expect(screen.getByTestId('crash-bet-row')).toHaveAttribute('data-status', 'cashed_out');
  });

  it.each([
    ['BETTING_CLOSED', fail(409, 'BETTING_CLOSED', 'closed'), 'Betting is closed for this round.'],
    [
      'ROUND_LIMIT_REACHED',
      fail(409, 'ROUND_LIMIT_REACHED', 'over'),
      'Maximum bet is 7500 points per round.',
    ],
    [
      'CRASH_PANEL_TAKEN',
      fail(409, 'CRASH_PANEL_TAKEN', 'taken'),
      'You already have a bet on this panel this round.',
    ],
    ['INSUFFICIENT_FUNDS', fail(409, 'INSUFFICIENT_FUNDS', 'No money.'), 'Insufficient balance.'],
    ['VALIDATION_FAILED', fail(400, 'VALIDATION_FAILED', 'bad body'), 'The request is not valid.'],
    [
      'an unknown code',
      fail(409, 'CRASH_SOMETHING_NEW', 'The server says no.'),
      'The server says no.',
    ],
  ])('shows a refused bet (%s) translated, and places nothing', async (_code, answer, text) => {
    await openGame({ [BETS]: answer });
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    expect(await screen.findByTestId('crash-error-0')).toHaveTextContent(text);
    expect(screen.getByTestId('crash-bet-0')).toBeInTheDocument();
    expect(screen.getByTestId('crash-bets-empty')).toBeInTheDocument();
  });

  it('names the limit that refused a bet and when it frees up', async () => {
    const until = '2026-12-03T10:30:00.000Z';
    await openGame({
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
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    const refusal = await screen.findByTestId('crash-error-0');
    expect(refusal).toHaveTextContent('Your 24-hour stake limit is reached.');
    expect(refusal).toHaveTextContent(formatIndiaDateTime(until, 'en'));
  });

  it('says a cash-out came too late when the plane had flown', async () => {
    const { socket } = await openGame({
      [BETS]: acceptingBets(),
      'POST /api/crash/bets/b-1/cashout': fail(409, 'CRASH_ROUND_CRASHED', 'Crashed.'),
    });
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    await screen.findByTestId('crash-cancel-0');
    push(socket, flying());
    await userEvent.click(await screen.findByTestId('crash-cashout-0'));
    expect(await screen.findByTestId('crash-error-0')).toHaveTextContent(
      'Too late: the round crashed before your cash-out.',
    );
  });

  it('refuses a stake outside the limits here, without asking the server', async () => {
    const { fetchMock } = await openGame({ [BETS]: acceptingBets() });
    const stake = screen.getByTestId('crash-stake-0');
    await userEvent.clear(stake);
    await userEvent.type(stake, '7500.5');
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    expect(await screen.findByTestId('crash-error-0')).toHaveTextContent(
      'Choose a stake from 10.00 to 7,500.00.',
    );
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
  });

  it('sends the auto cash-out target, and refuses one below 1.01x', async () => {
    const { fetchMock } = await openGame({ [BETS]: acceptingBets() });
    const panel = within(screen.getByTestId('crash-panel-1'));
    await userEvent.click(panel.getByTestId('crash-auto-cashout-1'));
    const target = panel.getByTestId('crash-target-1');
    await userEvent.clear(target);
    await userEvent.type(target, '1.00');
    await userEvent.click(panel.getByTestId('crash-bet-1'));
    expect(await panel.findByTestId('crash-error-1')).toHaveTextContent(
      'Choose an auto cash-out multiplier from 1.01 to 10,000',
    );
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
    await userEvent.clear(target);
    await userEvent.type(target, '1.5');
    await userEvent.click(panel.getByTestId('crash-bet-1'));
    await panel.findByTestId('crash-cancel-1');
    expect(callsTo(fetchMock, BETS)[0]!.body).toMatchObject({ panel: 1, autoCashOut: 1.5 });
  });

  it('cancels a bet in the betting window', async () => {
    const { fetchMock } = await openGame({
      [BETS]: acceptingBets(),
      'DELETE /api/crash/bets/b-1': ok({ bet: bet({ status: 'refunded' }), balance: 1000 }),
    });
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    await userEvent.click(await screen.findByTestId('crash-cancel-0'));
    await screen.findByTestId('crash-bet-0');
    expect(callsTo(fetchMock, 'DELETE /api/crash/bets/b-1')).toHaveLength(1);
    expect(screen.getByTestId('crash-bets-empty')).toBeInTheDocument();
  });

  it('holds a bet pressed after the countdown ran out for the next round', async () => {
    const { fetchMock, socket } = await openGame(
      { [BETS]: acceptingBets() },
      crashState({ round: roundState({ bettingEndsAt: inSeconds(-1) }) }),
    );
    expect(screen.getByTestId('crash-bet-0')).toHaveTextContent('next round');
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    await screen.findByTestId('crash-cancel-0');
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
    push(socket, flying());
    push(socket, crashed(1.4));
    push(socket, roundState({ roundId: 'cr-8' }));
    await waitFor(() => expect(callsTo(fetchMock, BETS)).toHaveLength(1));
    expect(callsTo(fetchMock, BETS)[0]!.body).toMatchObject({ roundId: 'cr-8' });
  });

  it('holds a bet pressed in flight for the next round, and it can be cancelled', async () => {
    const { fetchMock, socket } = await openGame(
      { [BETS]: acceptingBets() },
      crashState({ round: flying({ elapsedMs: 3000, multiplier: 1.19 }) }),
    );
    await userEvent.click(screen.getByTestId('crash-bet-0'));
    expect(await screen.findByTestId('crash-cancel-0')).toHaveTextContent(
      'Waiting for the next round',
    );
    await userEvent.click(screen.getByTestId('crash-cancel-0'));
    await userEvent.click(await screen.findByTestId('crash-bet-0'));
    await screen.findByTestId('crash-cancel-0');
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
    push(socket, crashed(1.4));
    push(socket, roundState({ roundId: 'cr-8' }));
    await waitFor(() => expect(callsTo(fetchMock, BETS)).toHaveLength(1));
    expect(callsTo(fetchMock, BETS)[0]!.body).toMatchObject({ roundId: 'cr-8', panel: 0 });
  });
});

// ---------------------------------------------------------------------------------------
// Lists: this round's bets, top wins, my bet history
// ---------------------------------------------------------------------------------------

describe('crash game: lists', () => {
  it('shows my bets apart, and the top wins of this round and the last one, biggest first', async () => {
    const myWin = bet({
      id: 'b-2',
      mine: true,
      stake: 100,
      status: 'cashed_out',
      cashOutMultiplier: 1.5,
      payout: 150,
    });
    const live = betsSummary({
      bets: 2,
      totalStake: 400,
      cashedOut: 1,
      totalPayout: 150,
      top: [
        bet({ id: 'b-1', mine: false, player: 'su***07', stake: 300 }),
        { ...myWin, mine: false },
      ],
    });
    const fetchMock = (
      await openGame(
        {
          'GET /api/crash/rounds/cr-6': ok({
            ...summary({ id: 'cr-6', crashPoint: 1.52 }),
            bets: [
              bet({
                id: 'b-0',
                roundId: 'cr-6',
                mine: false,
                player: 'an***11',
                stake: 1000,
                status: 'cashed_out',
                cashOutMultiplier: 1.5,
                payout: 1500,
              }),
              bet({ id: 'b-00', roundId: 'cr-6', mine: false, player: 'lo***99', status: 'lost' }),
            ],
          }),
        },
        crashState({ summary: live, mine: [myWin] }),
      )
    ).fetchMock;
    expect(screen.getAllByTestId('crash-bet-row').map((row) => row.dataset.status)).toEqual([
      'active',
      'cashed_out',
    ]);
    await userEvent.click(screen.getByTestId('crash-bets-tab-mine'));
    const mine = screen.getAllByTestId('crash-bet-row');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveTextContent('You');
    expect(mine[0]).toHaveTextContent('1.50x');
    expect(callsTo(fetchMock, 'GET /api/crash/rounds/cr-6')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('crash-bets-tab-top'));
    await waitFor(() => expect(screen.getAllByTestId('crash-bet-row')).toHaveLength(2));
    const top = screen.getAllByTestId('crash-bet-row');
    expect(top[0]).toHaveTextContent('an***11');
    expect(top[0]).toHaveTextContent('1,500.00');
    expect(top[1]).toHaveTextContent('150.00');
  });

  it('shows the room’s summary, the biggest bets and my own, and follows the pushes of the round shown', async () => {
    const { socket } = await openGame();
    const top = Array.from({ length: 10 }, (_, i) =>
      bet({ id: `t-${i}`, mine: false, player: `pl***${i}`, stake: 1000 - i * 10 }),
    );
    const pushed = betsSummary({
      bets: 250,
      cashedOut: 3,
      totalStake: 12_345.5,
      totalPayout: 456,
      top,
    });
    act(() => socket.serverEmit(CRASH_SERVER_EVENTS.bets, pushed));
    expect(screen.getByTestId('crash-bets-summary')).toHaveTextContent(
      '250 bets, 12,345.50 staked',
    );
    expect(screen.getByTestId('crash-bets-paid')).toHaveTextContent('3 cashed out, 456.00 paid');
    expect(screen.getByTestId('crash-bets-biggest')).toHaveTextContent(
      'Showing the 10 biggest of 250 bets',
    );
    expect(screen.getAllByTestId('crash-bet-row')).toHaveLength(10);
    expect(screen.getAllByTestId('crash-bet-row')[0]).toHaveTextContent('pl***0');

    // Another round's summary, or an older one, changes nothing.
    const stale = betsSummary({ bets: 1, at: new Date(Date.now() - 60_000).toISOString() });
    act(() => socket.serverEmit(CRASH_SERVER_EVENTS.bets, stale));
    act(() =>
      socket.serverEmit(CRASH_SERVER_EVENTS.bets, betsSummary({ roundId: 'cr-1', bets: 2 })),
    );
    // A malformed one (more than the bound) is dropped.
    const unbounded = betsSummary({ bets: 11, top: [...top, bet({ id: 't-x', mine: false })] });
    act(() => socket.serverEmit(CRASH_SERVER_EVENTS.bets, unbounded));
    expect(screen.getByTestId('crash-bets-summary')).toHaveTextContent('250 bets');

    // My own bet from my own room: in the list (though not among the biggest) and in My bets.
    const mineBet = bet({ id: 'm-1', stake: 20, mine: false });
    act(() => socket.serverEmit(CRASH_SERVER_EVENTS.mine, [{ bet: mineBet, cancelled: false }]));
    const rows = screen.getAllByTestId('crash-bet-row');
    expect(rows).toHaveLength(11);
    expect(rows[10]).toHaveTextContent('You');
    expect(within(screen.getByTestId('crash-panel-0')).getByTestId('crash-cancel-0')).toBeVisible();
    await userEvent.click(screen.getByTestId('crash-bets-tab-mine'));
    expect(screen.getAllByTestId('crash-bet-row')).toHaveLength(1);
    act(() => socket.serverEmit(CRASH_SERVER_EVENTS.mine, [{ bet: mineBet, cancelled: true }]));
    expect(screen.getByTestId('crash-bets-empty')).toBeInTheDocument();
    expect(within(screen.getByTestId('crash-panel-0')).getByTestId('crash-bet-0')).toBeVisible();

    // In flight the summary rides on the tick.
    await userEvent.click(screen.getByTestId('crash-bets-tab-all'));
    const riding = betsSummary({ bets: 260, totalStake: 13_000, top });
    act(() =>
      socket.serverEmit(CRASH_SERVER_EVENTS.tick, {
        roundId: riding.roundId,
        elapsedMs: 100,
        multiplier: 1,
        summary: riding,
      }),
    );
    expect(screen.getByTestId('crash-bets-summary')).toHaveTextContent(
      '260 bets, 13,000.00 staked',
    );

    // A new round starts with an empty summary.
    push(socket, roundState({ roundId: 'cr-8' }));
    await userEvent.click(screen.getByTestId('crash-bets-tab-all'));
    expect(screen.getByTestId('crash-bets-summary')).toHaveTextContent('0 bets, 0.00 staked');
    expect(screen.getByTestId('crash-bets-empty')).toBeInTheDocument();
  });

  it('pages through every bet of the round over REST, only when the full list is opened', async () => {
    const every = Array.from({ length: 25 }, (_, i) =>
      bet({ id: `e-${i}`, mine: i === 3, player: `ev***${i}`, stake: 10 + i }),
    );
    const { fetchMock } = await openGame(
      {
        'GET /api/crash/rounds/current/bets': (url) => {
          const query = new URL(String(url), 'http://localhost').searchParams;
          const page = Number(query.get('page'));
          const size = Number(query.get('pageSize'));
          return ok({
            roundId: 'cr-7',
            items: every.slice((page - 1) * size, page * size),
            page,
            pageSize: size,
            total: every.length,
          });
        },
      },
      crashState({
        summary: betsSummary({
          bets: 25,
          totalStake: 550,
          top: every.slice(15).map((item) => ({ ...item, mine: false })),
        }),
      }),
    );
    expect(callsTo(fetchMock, 'GET /api/crash/rounds/current/bets')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('crash-bets-every-open'));
    const list = await screen.findByTestId('crash-bets-every');
    expect(within(list).getAllByTestId('crash-bet-row')).toHaveLength(20);
    expect(within(list).getAllByTestId('crash-bet-row')[3]).toHaveTextContent('You');
    const first = callsTo(fetchMock, 'GET /api/crash/rounds/current/bets')[0]!.url.searchParams;
    expect([first.get('page'), first.get('pageSize')]).toEqual(['1', '20']);
    await userEvent.click(screen.getByTestId('crash-bets-every-next'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('crash-bets-every')).getAllByTestId('crash-bet-row'),
      ).toHaveLength(5),
    );
    expect(screen.getByTestId('crash-bets-every')).toHaveTextContent('ev***24');
    await userEvent.click(screen.getByTestId('crash-bets-every-open'));
    expect(screen.queryByTestId('crash-bets-every')).not.toBeInTheDocument();
  });

  it('lists my bet history a page at a time, when opened', async () => {
    const myBet = {
      ...bet({
        id: 'b-5',
        roundId: 'cr-5',
        status: 'cashed_out',
        cashOutMultiplier: 2.2,
        payout: 220,
      }),
      crashPoint: 3.4,
      placedAt: '2026-12-02T10:00:00.000Z',
    };
    const { fetchMock } = await openGame({
      'GET /api/crash/my-bets': ok({ items: [myBet], page: 1, pageSize: 10, total: 1 }),
    });
    expect(callsTo(fetchMock, 'GET /api/crash/my-bets')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('crash-my-bets-open'));
    const row = await screen.findByTestId('crash-my-bet');
    expect(row).toHaveTextContent('2.20x');
    expect(row).toHaveTextContent('3.40x');
    expect(row).toHaveTextContent('220.00');
    const query = callsTo(fetchMock, 'GET /api/crash/my-bets')[0]!.url.searchParams;
    expect([query.get('page'), query.get('pageSize')]).toEqual(['1', '10']);
  });
});

// ---------------------------------------------------------------------------------------
// Auto bet
// ---------------------------------------------------------------------------------------

describe('crash game: auto bet', () => {
  /** One round: betting opens (auto bet places), the flight, the crash (the bet lost). */
  async function playRound(
    socket: FakeSocket,
    fetchMock: ReturnType<typeof mockApi>,
    roundId: string,
    betsBefore: number,
  ) {
    push(socket, roundState({ roundId }));
    await waitFor(() => expect(callsTo(fetchMock, BETS)).toHaveLength(betsBefore + 1));
    expect(callsTo(fetchMock, BETS).at(-1)!.body).toMatchObject({ roundId });
    await screen.findByTestId('crash-cancel-0');
    push(socket, flying({ roundId }));
    push(socket, crashed(1.3, { roundId }));
    await screen.findByTestId('crash-lost-0');
  }

  async function startAutoBet(fields: { rounds: string; loss: string }) {
    const panel = within(screen.getByTestId('crash-panel-0'));
    await userEvent.click(panel.getByText('Auto bet'));
    const rounds = panel.getByTestId('crash-autobet-rounds-0');
    await userEvent.clear(rounds);
    if (fields.rounds) await userEvent.type(rounds, fields.rounds);
    if (fields.loss) await userEvent.type(panel.getByTestId('crash-autobet-loss-0'), fields.loss);
    await userEvent.click(panel.getByTestId('crash-autobet-start-0'));
  }

  it('bets every round and stops after the number of rounds', async () => {
    const { fetchMock, socket } = await openGame(
      { [BETS]: acceptingBets() },
      crashState({ round: crashed(1.1) }),
    );
    await startAutoBet({ rounds: '2', loss: '' });
    expect(screen.getByTestId('crash-autobet-on-0')).toBeInTheDocument();
    await playRound(socket, fetchMock, 'cr-8', 0);
    const progress = screen.getByTestId('crash-autobet-progress-0');
    expect(progress).toHaveTextContent('Rounds played: 1.');
    expect(progress).toHaveTextContent('100.00');
    await playRound(socket, fetchMock, 'cr-9', 1);
    expect(await screen.findByTestId('crash-autobet-stopped-0')).toHaveTextContent(
      'Auto bet finished: 2 rounds played',
    );
    expect(screen.queryByTestId('crash-autobet-on-0')).not.toBeInTheDocument();
    push(socket, roundState({ roundId: 'cr-10' }));
    await screen.findByTestId('crash-bet-0');
    expect(callsTo(fetchMock, BETS)).toHaveLength(2);
  });

  it('stops once the net loss reaches the limit', async () => {
    const { fetchMock, socket } = await openGame(
      { [BETS]: acceptingBets() },
      crashState({ round: crashed(1.1) }),
    );
    await startAutoBet({ rounds: '', loss: '150' });
    await playRound(socket, fetchMock, 'cr-8', 0);
    expect(screen.queryByTestId('crash-autobet-stopped-0')).not.toBeInTheDocument();
    await playRound(socket, fetchMock, 'cr-9', 1);
    expect(await screen.findByTestId('crash-autobet-stopped-0')).toHaveTextContent(
      'the loss limit is reached',
    );
    push(socket, roundState({ roundId: 'cr-10' }));
    await screen.findByTestId('crash-bet-0');
    expect(callsTo(fetchMock, BETS)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------
// Fairness (the real @spm/core maths)
// ---------------------------------------------------------------------------------------

describe('crash game: fairness', () => {
  async function verify(round: CrashRoundSummary) {
    await openGame({
      'GET /api/crash/rounds': ok({ items: [round], page: 1, pageSize: 20, total: 1 }),
    });
    // A round of the strip opens the panel on it.
    await userEvent.click(
      screen.getAllByTestId('crash-history-item').find((item) => item.dataset.roundId === 'cr-2')!,
    );
    expect(await screen.findByTestId('crash-fairness-hash')).toHaveTextContent(round.hash);
    await userEvent.click(screen.getByTestId('crash-fairness-verify'));
    return screen.findByTestId('crash-fairness-result');
  }

  it('verifies an honest round: crash point, chain link and salt', async () => {
    const result = await verify(summary());
    expect(result).toHaveAttribute('data-ok', 'true');
    expect(result).toHaveTextContent('Verified: this round is fair.');
    expect(screen.getByTestId('crash-fairness-point-check')).toHaveTextContent(
      `flies away at ${SECOND_POINT.toFixed(2)}x, as played`,
    );
    expect(screen.getByTestId('crash-fairness-chain-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('crash-fairness-salt-check')).toHaveAttribute('data-ok', 'true');
  });

  it('flags a crash point the hash and salt do not give', async () => {
    const shown = Math.round(SECOND_POINT * 100 + 1) / 100;
    const result = await verify(summary({ crashPoint: shown }));
    expect(result).toHaveAttribute('data-ok', 'false');
    expect(result).toHaveTextContent('Not verified');
    expect(screen.getByTestId('crash-fairness-point-check')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('crash-fairness-point-check')).toHaveTextContent(
      `not ${shown.toFixed(2)}x`,
    );
  });

  it('flags a hash off the chain and a salt that is not the committed one', async () => {
    const result = await verify(
      summary({ previousHash: TERMINATING!.hash, saltCommitment: commitSalt('another salt') }),
    );
    expect(result).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('crash-fairness-point-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('crash-fairness-chain-check')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('crash-fairness-salt-check')).toHaveAttribute('data-ok', 'false');
  });
});
