import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, MARKET_EVENTS, SESSION_BOARD_EVENTS } from '@spm/contract';
import type { Market, SessionBoard, SessionBoardEvent } from '@spm/contract';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const session = (fields: Partial<Market> = {}): Market => ({
  id: 'f-1',
  eventId: '301',
  type: 'fancy',
  name: '6 Over Runs IND',
  status: 'open',
  inPlay: true,
  runners: [],
  line: 48,
  yesRate: 90,
  noRate: 110,
  tradedVolume: 0,
  version: 1,
  ...fields,
});

const boardEvent = (fields: Partial<SessionBoardEvent> = {}): SessionBoardEvent => ({
  id: '301',
  sportId: 4,
  competitionId: 'c-1',
  competitionName: 'IPL',
  name: 'Mumbai v Chennai',
  homeTeam: 'Mumbai',
  awayTeam: 'Chennai',
  startTime: '2030-04-10T14:00:00.000Z',
  status: 'in_play',
  markets: [session()],
  ...fields,
});

const live = boardEvent({
  markets: [
    session(),
    session({ id: 'f-2', name: '10 Over Runs IND', status: 'suspended', line: 80 }),
    session({ id: 'f-3', name: '15 Over Runs IND', status: 'suspended', ballRunning: true }),
  ],
});
const upcoming = boardEvent({
  id: '302',
  name: 'Delhi v Punjab',
  homeTeam: 'Delhi',
  awayTeam: 'Punjab',
  status: 'upcoming',
  markets: [session({ id: 'f-9', eventId: '302', name: '6 Over Runs DEL', inPlay: false })],
});

const settings = [
  {
    marketId: 'f-9',
    minStake: 100,
    maxStake: 5000,
    maxProfit: 100000,
    inPlayDelayMs: 0,
    commissionPercent: 0,
  },
];

async function openBoard(board: SessionBoard, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    'GET /api/bet/sessions': ok(board),
    'GET /api/sports/match/settings': ok(settings),
    'GET /api/bets': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    ...routes,
  });
  signIn();
  renderApp('/session');
  await screen.findByTestId('session-board');
  return fetchMock;
}

const rowOf = (marketId: string) =>
  screen.getAllByTestId('fancy-row').find((row) => row.dataset.marketId === marketId)!;

describe('the session board', () => {
  beforeEach(() => resetStores());

  it('groups the sessions by match: name linking to it, in-play badge or start, lines and rates', async () => {
    await openBoard({ events: [live, upcoming] });
    const [first, second] = await screen.findAllByTestId('session-event');
    expect(within(first!).getByTestId('session-event-link')).toHaveTextContent('Mumbai');
    expect(within(first!).getByTestId('session-event-link')).toHaveAttribute(
      'href',
      '/exchange/301',
    );
    expect(within(first!).getByTestId('in-play-badge')).toBeInTheDocument();
    expect(within(second!).queryByTestId('in-play-badge')).not.toBeInTheDocument();
    expect(within(second!).getByTestId('start-time')).toHaveAttribute(
      'datetime',
      '2030-04-10T14:00:00.000Z',
    );
    expect(within(first!).getAllByTestId('fancy-row')).toHaveLength(3);
    expect(within(rowOf('f-1')).getByTestId('fancy-no')).toHaveTextContent('48110');
    expect(within(rowOf('f-1')).getByTestId('fancy-yes')).toHaveTextContent('4890');
  });

  it('disables betting on suspended and ball-running sessions and says which', async () => {
    await openBoard({ events: [live] });
    await screen.findAllByTestId('fancy-row');
    expect(within(rowOf('f-1')).getByTestId('fancy-yes')).toBeEnabled();
    for (const id of ['f-2', 'f-3']) {
      expect(within(rowOf(id)).getByTestId('fancy-yes')).toBeDisabled();
      expect(within(rowOf(id)).getByTestId('fancy-no')).toBeDisabled();
    }
    expect(within(rowOf('f-2')).getByTestId('market-status')).toHaveTextContent('Suspended');
    expect(within(rowOf('f-3')).getByTestId('market-status')).toHaveTextContent('Ball running');
    expect(within(rowOf('f-3')).getByTestId('market-status')).toHaveAttribute(
      'data-status',
      'ball_running',
    );
  });

  it("opens the shared bet slip with the clicked line, its match's limits, and places it", async () => {
    const fetchMock = await openBoard(
      { events: [live, upcoming] },
      {
        'POST /api/bet/fancy/odds': ok({
          orderId: 'o-5',
          status: 'matched',
          matchedStake: 100,
          unmatchedStake: 0,
          averagePrice: null,
        }),
      },
    );
    await screen.findAllByTestId('fancy-row');
    await userEvent.click(within(rowOf('f-9')).getByTestId('fancy-no'));
    const slip = await screen.findByTestId('bet-slip');
    expect(within(slip).getByTestId('slip-selection')).toHaveTextContent('6 Over Runs DEL · 48');
    expect(within(slip).getByTestId('slip-rate')).toHaveTextContent('110');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET /api/sports/match/settings').map((call) =>
          call.url.searchParams.get('eventId'),
        ),
      ).toContain('302'),
    );
    await userEvent.type(within(slip).getByTestId('slip-stake'), '50');
    await userEvent.click(within(slip).getByTestId('slip-place'));
    // The match's own limits apply on the board too: 100 at least.
    expect(await within(slip).findByTestId('slip-stake-error')).toBeInTheDocument();
    await userEvent.clear(within(slip).getByTestId('slip-stake'));
    await userEvent.type(within(slip).getByTestId('slip-stake'), '100');
    expect(within(slip).getByTestId('slip-liability')).toHaveTextContent('110.00');
    await userEvent.click(within(slip).getByTestId('slip-place'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/bet/fancy/odds')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/bet/fancy/odds')[0]?.body).toEqual({
      marketId: 'f-9',
      side: 'no',
      line: 48,
      rate: 110,
      stake: 100,
      idempotencyKey: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument());
  });

  it('follows every session through one board subscription and drops a settled one', async () => {
    const fetchMock = await openBoard({ events: [live, upcoming] });
    const socket = await createdSocket();
    socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
    act(() => socket.serverConnect());
    const subscribes = socket.emitsOf(SESSION_BOARD_EVENTS.subscribe);
    expect(subscribes).toHaveLength(1);
    expect(socket.emitsOf(MARKET_EVENTS.subscribe)).toHaveLength(0);

    act(() => socket.serverEmit(MARKET_EVENTS.update, session({ line: 52, version: 2 })));
    await waitFor(() =>
      expect(within(rowOf('f-1')).getByTestId('fancy-yes')).toHaveTextContent('5290'),
    );
    act(() =>
      socket.serverEmit(
        MARKET_EVENTS.update,
        session({ id: 'f-9', eventId: '302', status: 'settled', version: 5 }),
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('session-event')).toHaveLength(1));

    // Subscribed: the board is read again, so nothing changed before it joined is missed.
    const reads = callsTo(fetchMock, 'GET /api/bet/sessions').length;
    act(() => (subscribes[0]!.args[0] as (ack: unknown) => void)({ status: 'success' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/bet/sessions').length).toBeGreaterThan(reads),
    );
  });

  it('says so when no session market is open', async () => {
    await openBoard({ events: [] });
    expect(await screen.findByTestId('session-board-empty')).toHaveTextContent(
      'No session market is open right now',
    );
  });
});
