import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENTS } from '@spm/contract';
import type { SpmGameKind, SpmRound, SpmSession, SpmTable } from '@spm/contract';
import { SPM_GAME_SPOTS } from '@spm/core';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

// The side bets of issue 40 item 5 at a built-in table: the rules panel's payouts, the
// grouped spots and what the settled cards pay.

const TABLE = 'GET /api/casino/spm/tables/t-side';
const BETS = 'POST /api/casino/spm/tables/t-side/bets';
const LAUNCH_TOKEN = 'launch-token-0123456789abcdef';

const round = (fields: Partial<SpmRound> = {}): SpmRound => ({
  id: 'r-9',
  tableId: 't-side',
  number: 9,
  phase: 'betting',
  bettingClosesAt: new Date(Date.now() + 12_000).toISOString(),
  outcome: { hands: {}, segment: null, winners: [], resultCode: null },
  fairness: { serverSeedHash: 'cd'.repeat(32), serverSeed: null, clientSeed: 'c', nonce: 9 },
  ...fields,
});

/** The table as the server answers it: every spot of the game, Pair Plus with its paytable. */
const table = (kind: SpmGameKind, fields: Partial<SpmTable> = {}): SpmTable => ({
  tableId: 't-side',
  gameId: `spm-${kind}`,
  kind,
  name: kind,
  minBet: 10,
  maxBet: 7500,
  bettingSeconds: 15,
  spots: SPM_GAME_SPOTS[kind].map(({ id, payout, paytable }) =>
    paytable ? { id, payout, paytable: [...paytable] } : { id, payout },
  ),
  round: round(),
  lastResults: [],
  myBets: [],
  balance: 1000,
  playMoney: false,
  ...fields,
});

async function openTable(kind: SpmGameKind, answer: () => SpmTable = () => table(kind)) {
  const session: SpmSession = {
    sessionToken: 'spm-session-0123456789',
    gameId: `spm-${kind}`,
    tableId: 't-side',
    playMoney: false,
  };
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    'POST /api/casino/spm/session': ok(session),
    [TABLE]: () => ok(answer()),
    [BETS]: ok({
      bet: {
        id: 'b-1',
        roundId: 'r-9',
        spot: 'cards-1-5',
        stake: 100,
        payout: null,
        status: 'accepted',
        placedAt: '2030-01-01T10:00:00.000Z',
      },
      balance: 900,
    }),
  });
  signIn();
  renderApp(`/spmgames/table/spm-${kind}?launch=${LAUNCH_TOKEN}`);
  await screen.findByTestId('spm-table');
  const socket = await createdSocket();
  act(() => socket.serverConnect());
  await waitFor(() => expect(socket.emitsOf(GAME_EVENTS.subscribe)).not.toHaveLength(0));
  return { fetchMock, socket };
}

/** The rules panel's row of a spot, as its cells' text. */
const rulesRow = (spotId: string) =>
  within(screen.getAllByTestId('rules-spot').find((row) => row.dataset.spot === spotId)!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const spot = (id: string) =>
  screen.getAllByTestId('bet-spot').find((element) => element.dataset.spot === id)!;

describe('side bets at the table', () => {
  beforeEach(() => resetStores());

  it("lists Teen Patti's Pair Plus in the rules with each hand class's payout and the RTP", async () => {
    await openTable('teen-patti-2020');
    expect(screen.getByTestId('rules-side-bets')).toHaveTextContent(
      "Pair Plus A and Pair Plus B pay on that player's own three cards, whoever wins",
    );
    for (const id of ['pair-plus-a', 'pair-plus-b']) {
      const [name, payouts, rtp] = rulesRow(id);
      expect(name).toBe(id === 'pair-plus-a' ? 'Pair Plus A' : 'Pair Plus B');
      expect(rtp).toBe('97.68%');
      expect(payouts).toContain('Pair ×2');
    }
    const entries = within(
      screen.getAllByTestId('rules-spot').find((row) => row.dataset.spot === 'pair-plus-a')!,
    ).getAllByTestId('rules-paytable-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Pair ×2',
      'Colour (flush) ×5',
      'Sequence (straight) ×7',
      'Trail (three of a kind) ×31',
      'Pure sequence (straight flush) ×41',
    ]);
    expect(rulesRow('player-a')).toEqual(['Player A', '×1.98', '99.00%']);
    const group = screen.getAllByTestId('bet-group').map((item) => item.dataset.group);
    expect(group).toEqual(['pair-plus']);
    expect(spot('pair-plus-a')).toHaveTextContent('Pair Plus A×2–41');
  });

  it("lists Andar Bahar's card-count ranges with payouts and RTPs", async () => {
    await openTable('andar-bahar');
    expect(
      ['cards-1-5', 'cards-6-10', 'cards-11-15', 'cards-16-25', 'cards-26-30'].map(rulesRow),
    ).toEqual([
      ['1–5 cards', '×3.55', '96.23%'],
      ['6–10 cards', '×4.4', '95.50%'],
      ['11–15 cards', '×5.7', '96.35%'],
      ['16–25 cards', '×4.4', '95.92%'],
      ['26–30 cards', '×15.75', '96.05%'],
    ]);
    expect(['cards-31-35', 'cards-36-40', 'cards-41-49'].map(rulesRow)).toEqual([
      ['31–35 cards', '×26', '96.13%'],
      ['36–40 cards', '×51', '96.73%'],
      ['41+ cards', '×121', '95.87%'],
    ]);
    expect(screen.getByTestId('rules-side-bets')).toHaveTextContent(
      "if Andar's first card matches, that is 1",
    );
  });

  it("lists Dragon Tiger's card bets per side, with the 7 and the tie explained", async () => {
    await openTable('dragon-tiger');
    expect(['dragon-odd', 'dragon-even', 'dragon-red', 'dragon-spade'].map(rulesRow)).toEqual([
      ['Dragon odd', '×1.8', '96.92%'],
      ['Dragon even', '×2.1', '96.92%'],
      ['Dragon red', '×1.94', '97.00%'],
      ['Dragon spades ♠', '×3.75', '93.75%'],
    ]);
    expect(['tiger-black', 'tiger-diamond'].map(rulesRow)).toEqual([
      ['Tiger black', '×1.94', '97.00%'],
      ['Tiger diamonds ♦', '×3.75', '93.75%'],
    ]);
    expect(screen.getByTestId('rules-side-bets')).toHaveTextContent('a tie changes nothing');
    expect(screen.getByTestId('rules-side-bets')).toHaveTextContent('the 7 is odd');
    expect(screen.getAllByTestId('rules-spot')).toHaveLength(19);
    expect(screen.getAllByTestId('bet-group').map((item) => item.dataset.group)).toEqual([
      'dragon',
      'tiger',
    ]);
    // Short names inside a group; the full name for screen readers.
    expect(spot('dragon-club')).toHaveTextContent('♣×3.75');
    expect(spot('dragon-club')).toHaveAccessibleName('Dragon clubs ♣ ×3.75');
  });

  it('places a card-count bet from its group and lights the range the settled cards win', async () => {
    let answer = table('andar-bahar');
    const { fetchMock, socket } = await openTable('andar-bahar', () => answer);
    const cardsGroup = screen
      .getAllByTestId('bet-group')
      .find((group) => group.dataset.group === 'cards')!;
    expect(cardsGroup).toHaveTextContent('Cards dealt to the match');
    await userEvent.click(screen.getByTestId('chip-preset-0'));
    await userEvent.click(within(cardsGroup).getByRole('button', { name: '1–5 cards ×3.55' }));
    await screen.findByTestId('table-bet');
    expect(callsTo(fetchMock, BETS)[0]!.body).toMatchObject({ spot: 'cards-1-5', roundId: 'r-9' });
    expect(screen.getByTestId('table-bet')).toHaveTextContent('1–5 cards');

    // Joker 7H, then 2C (Andar), KD (Bahar), 7S (Andar): the third card matches.
    const settled = round({
      phase: 'settled',
      outcome: {
        hands: { joker: ['7H'], andar: ['2C', '7S'], bahar: ['KD'] },
        segment: null,
        winners: ['andar'],
        resultCode: 'A',
      },
    });
    answer = table('andar-bahar', { round: settled });
    act(() =>
      socket.serverEmit(GAME_EVENTS.round, {
        tableId: 't-side',
        round: settled,
        sentAt: Date.now(),
      }),
    );
    await waitFor(() => expect(spot('cards-1-5').className).toContain('bet-spot--winner'));
    expect(spot('andar').className).toContain('bet-spot--winner');
    expect(spot('cards-6-10').className).not.toContain('bet-spot--winner');
    expect(screen.getByTestId('side-bet-facts')).toHaveTextContent('Cards dealt: 3 (1–5 wins)');
  });
});
