import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SPM_GAME_KINDS,
  spmRoundOutcomeSchema,
  type SpmGameKind,
  type SpmRoundOutcome,
} from '@spm/contract';
import {
  LUCKY_WHEEL_SEGMENTS,
  SPM_CARD_GAME_RULES,
  SPM_GAME_RULES,
  dealWheelSegment,
  stakeTimesPayoutPaise,
  verifySpmRound,
} from './games.ts';
import { STARTING_DECK, cardRank, createFairRandom, shuffleDeck } from './fairness.ts';
import { sha256Hex } from './sha256.ts';
import { SPM_GAME_SPOTS } from './spots.ts';
import { isSideBetSpot } from './side-bets.ts';
import type { CardCode, RoundSeeds } from './types.ts';

const seedsArbitrary: fc.Arbitrary<RoundSeeds> = fc.record({
  serverSeed: fc.string({ minLength: 1, maxLength: 64 }),
  clientSeed: fc.string({ maxLength: 32 }),
  nonce: fc.nat(),
});
const seeds: RoundSeeds = { serverSeed: 'table-7-round-seed', clientSeed: 'lucky', nonce: 1 };

/** A deck with `top` first and every other card after it in the starting order. */
function deckStarting(...top: CardCode[]): CardCode[] {
  return [...top, ...STARTING_DECK.filter((card) => !top.includes(card))];
}

/** What every main (not side-bet) spot of a game returns on a stake, by spot id. */
function returnsOf(kind: SpmGameKind, outcome: SpmRoundOutcome, stakePaise: bigint) {
  return Object.fromEntries(
    SPM_GAME_SPOTS[kind]
      .filter((spot) => !isSideBetSpot(kind, spot.id))
      .map((spot) => [spot.id, SPM_GAME_RULES[kind].returnPaise(outcome, spot.id, stakePaise)]),
  );
}

describe('Teen Patti 20-20', () => {
  const rules = SPM_CARD_GAME_RULES['teen-patti-2020'];

  it('deals A, B, A, B, A, B from the top of the deck', () => {
    const round = rules.dealDeck(deckStarting('AS', 'KS', 'AH', 'KH', 'AD', '2C'));
    expect(round.steps).toEqual([
      { hand: 'a', card: 'AS' },
      { hand: 'b', card: 'KS' },
      { hand: 'a', card: 'AH' },
      { hand: 'b', card: 'KH' },
      { hand: 'a', card: 'AD' },
      { hand: 'b', card: '2C' },
    ]);
    expect(round.outcome).toEqual({
      hands: { a: ['AS', 'AH', 'AD'], b: ['KS', 'KH', '2C'] },
      segment: null,
      winners: ['player-a'],
      resultCode: 'A',
    });
  });

  it('pays A 1.98, B 1.98, and returns both stakes on equal hands', () => {
    const aWins = rules.dealDeck(deckStarting('AS', 'KS', 'AH', 'KH', 'AD', '2C')).outcome;
    expect(returnsOf('teen-patti-2020', aWins, 10_000n)).toEqual({
      'player-a': 19_800n,
      'player-b': 0n,
    });
    // B: pure sequence 4-5-6 beats A's colour.
    const bWins = rules.dealDeck(deckStarting('2H', '4C', '9H', '5C', 'KH', '6C')).outcome;
    expect(bWins.resultCode).toBe('B');
    expect(returnsOf('teen-patti-2020', bWins, 10_000n)).toEqual({
      'player-a': 0n,
      'player-b': 19_800n,
    });
    // A-K-J against A-K-J in other suits.
    const tie = rules.dealDeck(deckStarting('AS', 'AH', 'KD', 'KC', 'JS', 'JH')).outcome;
    expect(tie).toMatchObject({ winners: [], resultCode: 'T' });
    expect(returnsOf('teen-patti-2020', tie, 10_000n)).toEqual({
      'player-a': 10_000n,
      'player-b': 10_000n,
    });
    // 1.98 × 12,345 paise = 24,443.1: rounded down to the paisa.
    expect(rules.returnPaise(aWins, 'player-a', 12_345n)).toBe(24_443n);
  });
});

describe('Andar Bahar', () => {
  const rules = SPM_CARD_GAME_RULES['andar-bahar'];

  it('shows the joker, then deals Andar, Bahar, Andar, ... until the joker rank', () => {
    const round = rules.dealDeck(deckStarting('7H', '2S', '3S', '4S', '7C'));
    expect(round.steps).toEqual([
      { hand: 'joker', card: '7H' },
      { hand: 'andar', card: '2S' },
      { hand: 'bahar', card: '3S' },
      { hand: 'andar', card: '4S' },
      { hand: 'bahar', card: '7C' },
    ]);
    expect(round.outcome).toEqual({
      hands: { joker: ['7H'], andar: ['2S', '4S'], bahar: ['3S', '7C'] },
      segment: null,
      winners: ['bahar'],
      resultCode: 'B',
    });
    const first = rules.dealDeck(deckStarting('QD', 'QS')).outcome;
    expect(first).toMatchObject({
      hands: { joker: ['QD'], andar: ['QS'], bahar: [] },
      winners: ['andar'],
      resultCode: 'A',
    });
  });

  it('alternates from Andar and stops at the first card of the joker rank, for any seeds', () => {
    fc.assert(
      fc.property(seedsArbitrary, (roundSeeds) => {
        const { steps, outcome } = SPM_GAME_RULES['andar-bahar'].deal(roundSeeds);
        const deck = shuffleDeck(roundSeeds);
        expect(steps.map((step) => step.card)).toEqual(deck.slice(0, steps.length));
        expect(steps[0]!.hand).toBe('joker');
        steps.slice(1).forEach((step, index) => {
          expect(step.hand).toBe(index % 2 === 0 ? 'andar' : 'bahar');
          const isLast = index === steps.length - 2;
          expect(cardRank(step.card!) === cardRank(deck[0]!)).toBe(isLast);
        });
        const last = steps.at(-1)!;
        expect(outcome.winners).toEqual([last.hand]);
        expect(outcome.resultCode).toBe(last.hand === 'andar' ? 'A' : 'B');
        expect(outcome.hands.andar!.length - outcome.hands.bahar!.length).toBeGreaterThanOrEqual(0);
        expect(outcome.hands.andar!.length - outcome.hands.bahar!.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('pays Andar 1.9 and Bahar 2.0', () => {
    const andar = rules.dealDeck(deckStarting('QD', 'QS')).outcome;
    expect(returnsOf('andar-bahar', andar, 10_000n)).toEqual({ andar: 19_000n, bahar: 0n });
    const bahar = rules.dealDeck(deckStarting('QD', '2S', 'QS')).outcome;
    expect(returnsOf('andar-bahar', bahar, 10_000n)).toEqual({ andar: 0n, bahar: 20_000n });
    expect(rules.returnPaise(andar, 'andar', 12_345n)).toBe(23_455n); // 23,455.5 rounded down
  });
});

describe('Dragon Tiger', () => {
  const rules = SPM_CARD_GAME_RULES['dragon-tiger'];

  it('deals Dragon then Tiger; aces are low', () => {
    const round = rules.dealDeck(deckStarting('AS', '2H'));
    expect(round.steps).toEqual([
      { hand: 'dragon', card: 'AS' },
      { hand: 'tiger', card: '2H' },
    ]);
    expect(round.outcome).toEqual({
      hands: { dragon: ['AS'], tiger: ['2H'] },
      segment: null,
      winners: ['tiger'],
      resultCode: 'T',
    });
    expect(rules.dealDeck(deckStarting('KS', 'QH')).outcome.resultCode).toBe('D');
  });

  it('pays Dragon 2, Tiger 2, Tie 16; a tie returns half the Dragon and Tiger stakes', () => {
    const dragon = rules.dealDeck(deckStarting('KS', 'QH')).outcome;
    expect(returnsOf('dragon-tiger', dragon, 10_000n)).toEqual({
      dragon: 20_000n,
      tiger: 0n,
      tie: 0n,
    });
    const tiger = rules.dealDeck(deckStarting('AS', '2H')).outcome;
    expect(returnsOf('dragon-tiger', tiger, 10_000n)).toEqual({
      dragon: 0n,
      tiger: 20_000n,
      tie: 0n,
    });
    const tie = rules.dealDeck(deckStarting('9S', '9D')).outcome;
    expect(tie).toMatchObject({ winners: ['tie'], resultCode: 'X' });
    expect(returnsOf('dragon-tiger', tie, 10_000n)).toEqual({
      dragon: 5_000n,
      tiger: 5_000n,
      tie: 160_000n,
    });
    expect(rules.returnPaise(tie, 'dragon', 12_345n)).toBe(6_172n); // half, rounded down
  });
});

describe('Lucky 7', () => {
  const rules = SPM_CARD_GAME_RULES['lucky-7'];

  it('pays low (A-6) and high (8-K) 2, the seven 12, red and black 1.95 on any card', () => {
    const cases: [CardCode, string, Record<string, bigint>][] = [
      ['AH', 'L', { low: 20_000n, high: 0n, seven: 0n, red: 19_500n, black: 0n }],
      ['6S', 'L', { low: 20_000n, high: 0n, seven: 0n, red: 0n, black: 19_500n }],
      ['7D', '7', { low: 0n, high: 0n, seven: 120_000n, red: 19_500n, black: 0n }],
      ['7C', '7', { low: 0n, high: 0n, seven: 120_000n, red: 0n, black: 19_500n }],
      ['8C', 'H', { low: 0n, high: 20_000n, seven: 0n, red: 0n, black: 19_500n }],
      ['KD', 'H', { low: 0n, high: 20_000n, seven: 0n, red: 19_500n, black: 0n }],
    ];
    for (const [card, resultCode, expected] of cases) {
      const round = rules.dealDeck(deckStarting(card));
      expect(round.steps).toEqual([{ hand: 'card', card }]);
      expect(round.outcome.hands).toEqual({ card: [card] });
      expect(round.outcome.resultCode, card).toBe(resultCode);
      expect(returnsOf('lucky-7', round.outcome, 10_000n), card).toEqual(expected);
    }
  });
});

describe('Lucky Wheel', () => {
  it('has 52 segments: 25 × 1, 12 × 3, 8 × 5, 4 × 10, 2 × 20, 1 × 50', () => {
    const counts: Record<number, number> = {};
    for (const number of LUCKY_WHEEL_SEGMENTS) counts[number] = (counts[number] ?? 0) + 1;
    expect(LUCKY_WHEEL_SEGMENTS).toHaveLength(52);
    expect(counts).toEqual({ 1: 25, 3: 12, 5: 8, 10: 4, 20: 2, 50: 1 });
    expect(LUCKY_WHEEL_SEGMENTS[0]).toBe(50);
  });

  it("stops on the segment of the round's first nextInt(52)", () => {
    fc.assert(
      fc.property(seedsArbitrary, (roundSeeds) => {
        const segment = createFairRandom(roundSeeds).nextInt(52);
        const round = SPM_GAME_RULES['lucky-wheel'].deal(roundSeeds);
        const number = LUCKY_WHEEL_SEGMENTS[segment]!;
        expect(round).toEqual({
          steps: [{ hand: 'wheel', card: null, segment }],
          outcome: { hands: {}, segment, winners: [String(number)], resultCode: `x${number}` },
        });
      }),
      { numRuns: 100 },
    );
  });

  it('pays each number its payout when the wheel stops on it, nothing otherwise', () => {
    const payouts: Record<string, bigint> = {
      1: 20_000n,
      3: 40_000n,
      5: 60_000n,
      10: 110_000n,
      20: 210_000n,
      50: 480_000n,
    };
    for (const number of [1, 3, 5, 10, 20, 50]) {
      const segment = LUCKY_WHEEL_SEGMENTS.indexOf(number);
      const outcome = dealWheelSegment(segment).outcome;
      const expected = Object.fromEntries(
        Object.keys(payouts).map((id) => [id, id === String(number) ? payouts[id]! : 0n]),
      );
      expect(returnsOf('lucky-wheel', outcome, 10_000n), `segment ${segment}`).toEqual(expected);
    }
    expect(() => dealWheelSegment(52)).toThrow(RangeError);
    expect(() => dealWheelSegment(-1)).toThrow(RangeError);
  });
});

describe('every game', () => {
  const kindArbitrary = fc.constantFrom(...SPM_GAME_KINDS);

  it('deals the same round from the same seeds, and another deck from another nonce', () => {
    for (const kind of SPM_GAME_KINDS) {
      const rules = SPM_GAME_RULES[kind];
      expect(rules.deal({ ...seeds })).toEqual(rules.deal({ ...seeds }));
      const rounds = new Set(
        Array.from({ length: 30 }, (_, nonce) => JSON.stringify(rules.deal({ ...seeds, nonce }))),
      );
      // 30 nonces give several different rounds (a repeat by chance is possible, but not 30).
      expect(rounds.size, kind).toBeGreaterThan(5);
    }
  });

  it("deals the card games from the top of the round's shuffled deck, in step order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('teen-patti-2020', 'andar-bahar', 'dragon-tiger', 'lucky-7' as const),
        seedsArbitrary,
        (kind, roundSeeds) => {
          const { steps } = SPM_GAME_RULES[kind].deal(roundSeeds);
          const deck = shuffleDeck(roundSeeds);
          expect(steps.map((step) => step.card)).toEqual(deck.slice(0, steps.length));
          expect(SPM_CARD_GAME_RULES[kind].dealDeck(deck)).toEqual(
            SPM_GAME_RULES[kind].deal(roundSeeds),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers outcomes in the contract shape, with cards only from one deck', () => {
    fc.assert(
      fc.property(kindArbitrary, seedsArbitrary, (kind, roundSeeds) => {
        const { steps, outcome } = SPM_GAME_RULES[kind].deal(roundSeeds);
        expect(spmRoundOutcomeSchema.parse(outcome)).toEqual(outcome);
        const cards = Object.values(outcome.hands).flat();
        expect(new Set(cards).size).toBe(cards.length);
        expect(
          steps
            .filter((step) => step.card !== null)
            .map((step) => step.card)
            .sort(),
        ).toEqual([...cards].sort());
        expect(outcome.winners.length).toBeGreaterThanOrEqual(kind === 'teen-patti-2020' ? 0 : 1);
        expect(outcome.resultCode).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('returns between 0 and stake × the best payout, never negative', () => {
    fc.assert(
      fc.property(
        kindArbitrary,
        seedsArbitrary,
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        fc.nat(),
        (kind, roundSeeds, stakePaise, spotPick) => {
          const spots = SPM_GAME_SPOTS[kind];
          const spot = spots[spotPick % spots.length]!;
          const maxPayout = Math.max(...spots.map((candidate) => candidate.payout));
          const returned = SPM_GAME_RULES[kind].returnPaise(
            SPM_GAME_RULES[kind].deal(roundSeeds).outcome,
            spot.id,
            stakePaise,
          );
          expect(returned >= 0n).toBe(true);
          expect(returned <= stakeTimesPayoutPaise(stakePaise, maxPayout)).toBe(true);
          expect(returned <= stakeTimesPayoutPaise(stakePaise, spot.payout)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an unknown spot, a negative stake and an unsettled round', () => {
    for (const kind of SPM_GAME_KINDS) {
      const rules = SPM_GAME_RULES[kind];
      const { outcome } = rules.deal(seeds);
      const spot = SPM_GAME_SPOTS[kind][0]!.id;
      expect(() => rules.returnPaise(outcome, 'no-such-spot', 100n)).toThrow(RangeError);
      expect(() => rules.returnPaise(outcome, 'Player-A', 100n)).toThrow(RangeError);
      expect(() => rules.returnPaise(outcome, spot, -1n)).toThrow(RangeError);
      expect(() =>
        rules.returnPaise({ ...outcome, winners: [], resultCode: null }, spot, 100n),
      ).toThrow(RangeError);
    }
  });
});

describe('stakeTimesPayoutPaise', () => {
  it('rounds down to the paisa and refuses payouts finer than 2 decimals', () => {
    expect(stakeTimesPayoutPaise(1n, 1.98)).toBe(1n);
    expect(stakeTimesPayoutPaise(101n, 1.95)).toBe(196n); // 196.95
    expect(stakeTimesPayoutPaise(0n, 16)).toBe(0n);
    expect(() => stakeTimesPayoutPaise(100n, 1.985)).toThrow(RangeError);
    expect(() => stakeTimesPayoutPaise(100n, -1)).toThrow(RangeError);
  });
});

describe('verifySpmRound', () => {
  it('checks the revealed seed against the published hash and replays the round', () => {
    for (const kind of SPM_GAME_KINDS) {
      const published = sha256Hex(seeds.serverSeed);
      expect(verifySpmRound(kind, seeds, published)).toEqual({
        hashMatches: true,
        dealt: SPM_GAME_RULES[kind].deal(seeds),
      });
      expect(verifySpmRound(kind, seeds, sha256Hex('another seed')).hashMatches).toBe(false);
    }
  });
});
