import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, GAME_EVENTS, SERVER_EVENTS } from '@spm/contract';
import type { SpmBet, SpmRound, SpmSession, SpmTable, Wallet } from '@spm/contract';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import type { FakeSocket } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

/*
 * Issue 40 item 6: a table shows the player's balance and exposure from the same versioned
 * wallet as the header, never the figure SPM Games read through the table's game session.
 */

const LAUNCH_TOKEN = 'launch-token-0123456789abcdef';
const TABLE_PATH = `/spmgames/table/spm-dragon-tiger?launch=${LAUNCH_TOKEN}`;
const TABLE = 'GET /api/casino/spm/tables/t-dt';
const BETS = 'POST /api/casino/spm/tables/t-dt/bets';

const session: SpmSession = {
  sessionToken: 'spm-session-0123456789',
  gameId: 'spm-dragon-tiger',
  tableId: 't-dt',
  playMoney: false,
};

const round: SpmRound = {
  id: 'r-3',
  tableId: 't-dt',
  number: 3,
  phase: 'betting',
  bettingClosesAt: new Date(Date.now() + 60_000).toISOString(),
  outcome: { hands: {}, segment: null, winners: [], resultCode: null },
  fairness: { serverSeedHash: 'cd'.repeat(32), serverSeed: null, clientSeed: 'c', nonce: 3 },
};

/** The table as SPM Games answers it: its `balance` is the session's own read. */
const table = (balance: number): SpmTable => ({
  tableId: 't-dt',
  gameId: 'spm-dragon-tiger',
  kind: 'dragon-tiger',
  name: 'Dragon Tiger',
  minBet: 10,
  maxBet: 7500,
  bettingSeconds: 15,
  spots: [
    { id: 'dragon', payout: 2 },
    { id: 'tiger', payout: 2 },
  ],
  round,
  lastResults: [],
  myBets: [],
  balance,
  playMoney: false,
});

const bet: SpmBet = {
  id: 'b-9',
  roundId: 'r-3',
  spot: 'dragon',
  stake: 100,
  payout: null,
  status: 'accepted',
  placedAt: '2030-01-01T10:00:00.000Z',
};

const wallet = (balance: number, exposure: number, version: number) =>
  ({
    balance,
    cash: balance + exposure,
    coins: 0,
    sports: 0,
    wicket: 0,
    exposure,
    version,
  }) satisfies Wallet & { version: number };

const figures = () => ({
  tableBalance: screen.getByTestId('table-balance').textContent,
  headerBalance: screen.getByTestId('header-balance').textContent,
  tableExposure: screen.getByTestId('table-exposure').textContent,
  headerExposure: screen.getByTestId('header-exposure').textContent,
});

async function openTable(
  routes: Record<string, MockRoute>,
  connectedWallet: ReturnType<typeof wallet>,
): Promise<FakeSocket> {
  mockApi({
    'GET /api/profile': ok(playerProfile),
    'POST /api/casino/spm/session': ok(session),
    ...routes,
  });
  signIn();
  renderApp(TABLE_PATH);
  await screen.findByTestId('spm-table');
  const socket = await createdSocket();
  socket.reply(CLIENT_EVENTS.sessionCheck, { status: 'success' });
  socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: connectedWallet });
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(GAME_EVENTS.subscribe)).not.toHaveLength(0));
  return socket;
}

describe('a table and the header show one balance (issue 40 item 6)', () => {
  beforeEach(() => resetStores());

  it("shows the wallet's balance and exposure, not the game session's balance", async () => {
    // SPM Games read 6,650 through the session; the wallet (a bet at another table since)
    // says 6,550 with 250 held: the two figures.
    await openTable({ [TABLE]: ok(table(6650)) }, wallet(6550, 250, 12));
    await waitFor(() => expect(figures().headerBalance).toBe('6,550.00'));
    expect(figures()).toEqual({
      tableBalance: '6,550.00',
      headerBalance: '6,550.00',
      tableExposure: '250.00',
      headerExposure: '250.00',
    });
    expect(screen.getByTestId('table-exposure')).toHaveAttribute('data-tone', 'held');
  });

  it('moves with every push, and a late push of an older version changes neither', async () => {
    const socket = await openTable({ [TABLE]: ok(table(1000)) }, wallet(1000, 0, 3));
    await waitFor(() => expect(figures().tableBalance).toBe('1,000.00'));
    // A bet at another open table of the same player: only the wallet push says so.
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, wallet(900, 0, 5)));
    expect(figures().tableBalance).toBe('900.00');
    expect(figures().headerBalance).toBe('900.00');
    // The push of version 4 arrives after version 5 (another node's outbox was slower).
    act(() => socket.serverEmit(SERVER_EVENTS.updateBalance, wallet(950, 0, 4)));
    expect(figures()).toEqual({
      tableBalance: '900.00',
      headerBalance: '900.00',
      tableExposure: '0.00',
      headerExposure: '0.00',
    });
  });

  it("after a bet shows the wallet read with its version, not the bet answer's balance", async () => {
    const socket = await openTable(
      // SPM Games' answer carries a balance read before a win elsewhere landed.
      { [TABLE]: ok(table(1000)), [BETS]: ok({ bet, balance: 400 }) },
      wallet(1000, 0, 3),
    );
    await waitFor(() => expect(figures().tableBalance).toBe('1,000.00'));
    socket.reply(CLIENT_EVENTS.getBalance, { status: 'success', data: wallet(1400, 0, 7) });
    const reads = socket.emitsOf(CLIENT_EVENTS.getBalance).length;
    await userEvent.click(screen.getByTestId('chip-preset-0'));
    await userEvent.click(
      screen.getAllByTestId('bet-spot').find((spot) => spot.dataset.spot === 'dragon')!,
    );
    await screen.findByTestId('table-bet');
    expect(socket.emitsOf(CLIENT_EVENTS.getBalance).length).toBeGreaterThan(reads);
    await waitFor(() => expect(figures().tableBalance).toBe('1,400.00'));
    expect(figures().headerBalance).toBe('1,400.00');
  });

  it('draws an exposure of 0.00 at the table neutral, like the header', async () => {
    await openTable({ [TABLE]: ok(table(500)) }, wallet(500, 0, 1));
    await waitFor(() => expect(figures().tableBalance).toBe('500.00'));
    expect(screen.getByTestId('table-exposure')).toHaveTextContent('0.00');
    expect(screen.getByTestId('table-exposure')).toHaveAttribute('data-tone', 'none');
    expect(screen.getByTestId('header-exposure')).toHaveAttribute('data-tone', 'none');
  });
});
