import { describe, expect, it } from 'vitest';
import type { SpmBet, SpmRound } from '@spm/contract';
import { mergeBets, newerRound, roundWinnings } from './round-state';
import { handWon, handsToShow } from './table-layout';

const round = (fields: Partial<SpmRound> = {}): SpmRound => ({
  id: 'r-1',
  tableId: 't',
  number: 1,
  phase: 'betting',
  bettingClosesAt: '2030-01-01T00:00:10.000Z',
  outcome: { hands: {}, segment: null, winners: [], resultCode: null },
  fairness: { serverSeedHash: 'h', serverSeed: null, clientSeed: 'c', nonce: 1 },
  ...fields,
});

const bet = (fields: Partial<SpmBet> = {}): SpmBet => ({
  id: 'b-1',
  roundId: 'r-1',
  spot: 'andar',
  stake: 100,
  payout: null,
  status: 'accepted',
  placedAt: '2030-01-01T00:00:01.000Z',
  ...fields,
});

describe('newerRound', () => {
  it('takes a later round, then a later phase, then more cards dealt', () => {
    const first = round();
    const next = round({ id: 'r-2', number: 2 });
    expect(newerRound(null, first)).toBe(first);
    expect(newerRound(first, next)).toBe(next);
    expect(newerRound(next, first)).toBe(next);

    const dealing = round({ phase: 'dealing' });
    expect(newerRound(dealing, first)).toBe(dealing);
    expect(newerRound(first, dealing)).toBe(dealing);

    const oneCard = round({
      phase: 'dealing',
      outcome: { hands: { joker: ['7H'] }, segment: null, winners: [], resultCode: null },
    });
    const twoCards = round({
      phase: 'dealing',
      outcome: {
        hands: { joker: ['7H'], andar: ['2C'] },
        segment: null,
        winners: [],
        resultCode: null,
      },
    });
    expect(newerRound(twoCards, oneCard)).toBe(twoCards);
    expect(newerRound(oneCard, twoCards)).toBe(twoCards);
  });
});

describe('mergeBets and roundWinnings', () => {
  it("keeps the server's view of a bet over its placement answer, in placing order", () => {
    const placed = [bet(), bet({ id: 'b-2', placedAt: '2030-01-01T00:00:02.000Z' })];
    const fromServer = [bet({ status: 'won', payout: 190 })];
    const merged = mergeBets(placed, fromServer);
    expect(merged.map((item) => [item.id, item.status])).toEqual([
      ['b-1', 'won'],
      ['b-2', 'accepted'],
    ]);
  });

  it("adds up a round's winning returns to the paisa, ignoring other rounds and statuses", () => {
    const bets = [
      bet({ status: 'won', payout: 0.1 }),
      bet({ id: 'b-2', status: 'won', payout: 0.2 }),
      bet({ id: 'b-3', status: 'refunded', payout: 100 }),
      bet({ id: 'b-4', roundId: 'r-2', status: 'won', payout: 50 }),
    ];
    expect(roundWinnings(bets, 'r-1')).toBe(0.3);
    expect(roundWinnings(bets, 'r-3')).toBe(0);
  });
});

describe('table layout', () => {
  it("draws each game's hands in order with backs for cards to come, and any extra hand", () => {
    expect(handsToShow('teen-patti-2020', { a: ['AS'] })).toEqual([
      { hand: 'a', cards: ['AS'], placeholders: 2 },
      { hand: 'b', cards: [], placeholders: 3 },
    ]);
    expect(handsToShow('lucky-7', { card: ['7H'], extra: ['2C'] })).toEqual([
      { hand: 'card', cards: ['7H'], placeholders: 0 },
      { hand: 'extra', cards: ['2C'], placeholders: 0 },
    ]);
  });

  it("names a Teen Patti hand the winner through its spot's id", () => {
    expect(handWon('a', ['player-a'])).toBe(true);
    expect(handWon('b', ['player-a'])).toBe(false);
    expect(handWon('andar', ['andar'])).toBe(true);
  });
});
