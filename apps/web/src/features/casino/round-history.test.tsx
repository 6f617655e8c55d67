import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENTS, SPM_SESSION_HEADER } from '@spm/contract';
import type {
  CasinoHistoryRound,
  SpmGameKind,
  SpmRoundRecord,
  SpmSession,
  SpmTable,
} from '@spm/contract';
import { SPM_GAME_RULES, SPM_GAME_SPOTS, sha256Hex } from '@spm/core';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

// Issue 40 item 4: every past round shows its cards, result, my bets and seeds, and Verify
// replays it in the browser with @spm/core (the real code, no mock), at any time later.

const SERVER_SEED = 'history-server-seed-0042';
const CLIENT_SEED = 'spm-andar-bahar:2030-01-01';

/** The first nonce whose Andar Bahar deal gives both piles more than `cards` cards. */
function longAndarBaharNonce(cards: number): number {
  for (let nonce = 1; nonce < 5000; nonce += 1) {
    const { hands } = SPM_GAME_RULES['andar-bahar'].deal({
      serverSeed: SERVER_SEED,
      clientSeed: CLIENT_SEED,
      nonce,
    }).outcome;
    if ((hands.andar?.length ?? 0) > cards && (hands.bahar?.length ?? 0) > cards) return nonce;
  }
  throw new Error('no long deal found');
}

/** A settled round as the server stores it: dealt by the real rules from its seeds. */
function settledRecord(kind: SpmGameKind, nonce: number): SpmRoundRecord {
  const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce };
  const { outcome } = SPM_GAME_RULES[kind].deal(seeds);
  const firstSpot = SPM_GAME_SPOTS[kind][0]!.id;
  const won = outcome.winners.includes(firstSpot);
  return {
    kind,
    round: {
      id: `t-${kind}-${nonce}`,
      tableId: 't-ab',
      number: nonce,
      phase: 'settled',
      bettingClosesAt: '2030-01-01T10:00:15.000Z',
      outcome,
      fairness: { serverSeedHash: sha256Hex(SERVER_SEED), ...seeds },
    },
    settledAt: '2030-01-01T10:00:30.000Z',
    myBets: [
      {
        id: 'b-1',
        roundId: `t-${kind}-${nonce}`,
        spot: firstSpot,
        stake: 100,
        payout: won ? 190 : 0,
        status: won ? 'won' : 'lost',
        placedAt: '2030-01-01T10:00:05.000Z',
      },
      {
        id: 'b-2',
        roundId: `t-${kind}-${nonce}`,
        // A spot this page has no name for (a side bet added later) still shows, by its id.
        spot: 'side-spot-x',
        stake: 20,
        payout: 0,
        status: 'lost',
        placedAt: '2030-01-01T10:00:06.000Z',
      },
    ],
  };
}

const historyRound = (spm: SpmRoundRecord): CasinoHistoryRound => ({
  id: 'cr-1',
  providerRoundId: spm.round.id,
  gameId: 'spm-andar-bahar',
  gameName: 'Andar Bahar',
  providerName: 'SPM Games',
  status: 'closed',
  staked: 120,
  won: spm.myBets.reduce((total, bet) => total + (bet.payout ?? 0), 0),
  refunded: 0,
  playMoney: false,
  startedAt: '2030-01-01T10:00:00.000Z',
  closedAt: '2030-01-01T10:00:30.000Z',
  spm,
});

function withPlayer(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  return fetchMock;
}

async function openHistoryDetail(record: SpmRoundRecord) {
  withPlayer({
    'GET /api/casino/rounds': ok({
      items: [historyRound(record)],
      page: 1,
      pageSize: 20,
      total: 1,
    }),
  });
  renderApp('/mybets/casino');
  const row = await screen.findByTestId('casino-round');
  await userEvent.click(within(row).getByTestId('casino-round-details'));
  return screen.findByTestId('round-record');
}

async function verifyIn(container: HTMLElement) {
  await userEvent.click(within(container).getByTestId('fairness-verify'));
  const result = await within(container).findByTestId('fairness-result');
  return {
    hash: within(result).getByTestId('fairness-hash-check'),
    outcome: within(result).getByTestId('fairness-outcome-check'),
  };
}

describe('round history in /mybets/casino', () => {
  beforeEach(() => resetStores());
  const nonce = longAndarBaharNonce(6);
  const record = settledRecord('andar-bahar', nonce);
  const { hands, resultCode } = record.round.outcome;

  it('shows every card, the result, my bets and returns, the seed hash and the seed', async () => {
    const detail = await openHistoryDetail(record);
    expect(
      within(screen.getByTestId('casino-round-result')).getByTestId('result-mark'),
    ).toHaveAttribute('data-result', resultCode!);
    const cards = within(detail)
      .getAllByTestId('playing-card')
      .map((card) => card.dataset.card);
    expect(cards).toEqual([...hands.joker!, ...hands.andar!, ...hands.bahar!]);
    expect(within(detail).getByTestId('round-record-result')).toHaveTextContent(
      resultCode === 'A' ? 'Andar' : 'Bahar',
    );
    const bets = within(detail).getAllByTestId('round-record-bet');
    expect(bets.map((bet) => bet.dataset.spot)).toEqual(['andar', 'side-spot-x']);
    expect(bets[0]).toHaveTextContent('100.00');
    expect(within(bets[0]!).getByTestId('round-record-bet-return')).toHaveTextContent(
      resultCode === 'A' ? 'Won 190.00' : 'Lost',
    );
    expect(bets[1]).toHaveTextContent('side-spot-x');
    expect(within(detail).getByTestId('fairness-panel')).toHaveAttribute('open');
    expect(within(detail).getByTestId('fairness-hash')).toHaveTextContent(sha256Hex(SERVER_SEED));
    expect(within(detail).getByTestId('fairness-seed')).toHaveTextContent(SERVER_SEED);
    expect(detail).toHaveTextContent(CLIENT_SEED);
  });

  it('Verify recomputes the round and shows a match', async () => {
    const checks = await verifyIn(await openHistoryDetail(record));
    expect(checks.hash).toHaveAttribute('data-ok', 'true');
    expect(checks.outcome).toHaveAttribute('data-ok', 'true');
    expect(checks.outcome).toHaveTextContent(`(${resultCode})`);
  });

  it('Verify shows a mismatch for tampered cards', async () => {
    const andar = [...hands.andar!];
    [andar[0], andar[1]] = [andar[1]!, andar[0]!];
    const tampered: SpmRoundRecord = {
      ...record,
      round: { ...record.round, outcome: { ...record.round.outcome, hands: { ...hands, andar } } },
    };
    const checks = await verifyIn(await openHistoryDetail(tampered));
    expect(checks.hash).toHaveAttribute('data-ok', 'true');
    expect(checks.outcome).toHaveAttribute('data-ok', 'false');
  });

  it('Verify shows a mismatch for a tampered seed', async () => {
    const tampered: SpmRoundRecord = {
      ...record,
      round: {
        ...record.round,
        fairness: { ...record.round.fairness, serverSeed: `${SERVER_SEED}x` },
      },
    };
    const checks = await verifyIn(await openHistoryDetail(tampered));
    expect(checks.hash).toHaveAttribute('data-ok', 'false');
  });

  it('a round still in play shows neither cards nor a seed, and cannot be verified', async () => {
    const running: SpmRoundRecord = {
      ...record,
      round: {
        ...record.round,
        phase: 'dealing',
        outcome: { hands: {}, segment: null, winners: [], resultCode: null },
        fairness: { ...record.round.fairness, serverSeed: null },
      },
      settledAt: null,
    };
    const detail = await openHistoryDetail(running);
    expect(within(detail).getByTestId('round-record-running')).toBeInTheDocument();
    expect(within(detail).queryAllByTestId('playing-card')).toHaveLength(0);
    expect(within(detail).getByTestId('fairness-verify')).toBeDisabled();
  });
});

// ---------------------------------------------------------------------------------------
// At the table: the strip's marks and legend, every Andar Bahar card, the round history
// ---------------------------------------------------------------------------------------

const session: SpmSession = {
  sessionToken: 'spm-session-0123456789',
  gameId: 'spm-andar-bahar',
  tableId: 't-ab',
  playMoney: false,
};
const LAUNCH_TOKEN = 'launch-token-0123456789abcdef';

function tableOf(kind: SpmGameKind, fields: Partial<SpmTable> = {}): SpmTable {
  const record = settledRecord(kind, 3);
  return {
    tableId: 't-ab',
    gameId: 'spm-andar-bahar',
    kind,
    name: 'The table',
    minBet: 10,
    maxBet: 7500,
    bettingSeconds: 15,
    spots: SPM_GAME_SPOTS[kind].map(({ id, payout }) => ({ id, payout })),
    round: record.round,
    lastResults: [],
    myBets: [],
    balance: 1000,
    playMoney: false,
    ...fields,
  };
}

async function openTable(answer: SpmTable, routes: Record<string, MockRoute> = {}) {
  const fetchMock = withPlayer({
    'POST /api/casino/spm/session': ok(session),
    'GET /api/casino/spm/tables/t-ab': ok(answer),
    ...routes,
  });
  renderApp(`/spmgames/table/spm-andar-bahar?launch=${LAUNCH_TOKEN}`);
  await screen.findByTestId('spm-table');
  const socket = await createdSocket();
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(GAME_EVENTS.subscribe)).not.toHaveLength(0));
  return fetchMock;
}

const stripSymbols = () =>
  screen.getAllByTestId('results-strip-item').map((item) => item.textContent);
const legend = () =>
  screen
    .getAllByTestId('results-legend-item')
    .map((item) => [item.dataset.result, item.textContent]);

describe('the results strip', () => {
  beforeEach(() => resetStores());

  it('tells Dragon Tiger’s Tiger from a tie, with a legend', async () => {
    await openTable(
      tableOf('dragon-tiger', {
        lastResults: [
          { roundId: 'r-3', resultCode: 'T' },
          { roundId: 'r-2', resultCode: 'X' },
          { roundId: 'r-1', resultCode: 'D' },
        ],
      }),
    );
    expect(stripSymbols()).toEqual(['T', '=', 'D']);
    expect(legend()).toEqual([
      ['D', 'DDragon'],
      ['T', 'TTiger'],
      ['X', '=Tie'],
    ]);
    expect(screen.getAllByTestId('result-mark')[0]).toHaveAttribute('aria-label', 'Tiger');
  });

  it('marks a Teen Patti tie “=”, never “T”', async () => {
    await openTable(
      tableOf('teen-patti-2020', {
        lastResults: [
          { roundId: 'r-2', resultCode: 'T' },
          { roundId: 'r-1', resultCode: 'A' },
        ],
      }),
    );
    expect(stripSymbols()).toEqual(['=', 'A']);
    expect(screen.getAllByTestId('result-mark')[0]).toHaveAttribute('aria-label', 'Tie');
    expect(legend().map(([code]) => code)).toEqual(['A', 'B', 'T']);
  });
});

describe('Andar Bahar at the table', () => {
  beforeEach(() => resetStores());

  it('shows every card dealt to each pile', async () => {
    const record = settledRecord('andar-bahar', longAndarBaharNonce(8));
    await openTable(tableOf('andar-bahar', { round: record.round }));
    const { hands } = record.round.outcome;
    for (const pile of ['andar', 'bahar'] as const) {
      const hand = screen
        .getAllByTestId('table-hand')
        .find((element) => element.dataset.hand === pile)!;
      expect(
        within(hand)
          .getAllByTestId('playing-card')
          .map((card) => card.dataset.card),
      ).toEqual(hands[pile]);
    }
  });
});

describe('the table’s round history', () => {
  beforeEach(() => resetStores());

  it('lists settled rounds with the session, and Verify there recomputes a match', async () => {
    const record = settledRecord('andar-bahar', 5);
    const fetchMock = await openTable(tableOf('andar-bahar'), {
      'GET /api/casino/spm/tables/t-ab/rounds': ok({
        items: [record],
        page: 1,
        pageSize: 10,
        total: 1,
      }),
    });
    expect(callsTo(fetchMock, 'GET /api/casino/spm/tables/t-ab/rounds')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('table-history-open'));
    const item = await screen.findByTestId('table-history-item');
    const call = callsTo(fetchMock, 'GET /api/casino/spm/tables/t-ab/rounds')[0]!;
    expect(call.headers[SPM_SESSION_HEADER]).toBe(session.sessionToken);
    expect(call.url.searchParams.get('page')).toBe('1');
    await userEvent.click(within(item).getByTestId('table-history-toggle'));
    const detail = within(item).getByTestId('round-record');
    const checks = await verifyIn(detail);
    expect(checks.hash).toHaveAttribute('data-ok', 'true');
    expect(checks.outcome).toHaveAttribute('data-ok', 'true');
  });
});
