import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SPM_GAME_KINDS, type SpmGameKind, type SpmRoundOutcome } from '@spm/contract';
import { SPM_CARD_GAME_RULES, SPM_GAME_RULES, spmWinningSpots } from './games.ts';
import { STARTING_DECK, cardRank } from './fairness.ts';
import {
  ANDAR_BAHAR_COUNT_RANGES,
  andarBaharCardsDealt,
  isSideBetSpot,
  sideBetPayout,
} from './side-bets.ts';
import { SPM_GAME_SPOTS } from './spots.ts';
import type { CardCode } from './types.ts';

/** A deck with `top` first and every other card after it in the starting order. */
function deckStarting(...top: CardCode[]): CardCode[] {
  return [...top, ...STARTING_DECK.filter((card) => !top.includes(card))];
}

/** What each side-bet spot of a game returns on a 100-point stake, by spot id. */
function sideReturns(kind: SpmGameKind, outcome: SpmRoundOutcome, stakePaise = 10_000n) {
  return Object.fromEntries(
    SPM_GAME_SPOTS[kind]
      .filter((spot) => isSideBetSpot(kind, spot.id))
      .map((spot) => [spot.id, SPM_GAME_RULES[kind].returnPaise(outcome, spot.id, stakePaise)]),
  );
}

describe('Teen Patti Pair Plus', () => {
  const rules = SPM_CARD_GAME_RULES['teen-patti-2020'];
  /** A round where A holds `a` and B holds `b` (dealt A, B, A, B, A, B). */
  const round = (a: CardCode[], b: CardCode[]) =>
    rules.dealDeck(deckStarting(a[0]!, b[0]!, a[1]!, b[1]!, a[2]!, b[2]!)).outcome;
  const highCards = [
    ['2S', '7H', 'KD'],
    ['3C', '8H', 'QS'],
    ['4D', '9C', 'JH'],
  ];

  it('pays each hand class its own payout, on A and on B, and nothing below a pair', () => {
    const cases: [string, CardCode[], bigint][] = [
      ['high card', ['AS', 'KH', 'JD'], 0n],
      ['pair', ['KS', 'KD', '4C'], 20_000n],
      ['colour', ['AS', '9S', '5S'], 50_000n],
      ['sequence', ['9S', 'TH', 'JD'], 70_000n],
      ['sequence A-2-3', ['AC', '2H', '3D'], 70_000n],
      ['sequence A-K-Q', ['QC', 'KH', 'AD'], 70_000n],
      ['trail', ['AS', 'AH', 'AD'], 310_000n],
      ['pure sequence', ['QH', 'KH', 'AH'], 410_000n],
      ['pure sequence A-2-3', ['AC', '2C', '3C'], 410_000n],
      // K-A-2 is no sequence: a colour when suited, a high card otherwise.
      ['K-A-2 suited', ['KD', 'AD', '2D'], 50_000n],
      ['K-A-2', ['KD', 'AS', '2D'], 0n],
    ];
    for (const [name, hand, returned] of cases) {
      const other = highCards.find((cards) => !cards.some((card) => hand.includes(card)))!;
      expect(sideReturns('teen-patti-2020', round(hand, other)), `A ${name}`).toEqual({
        'pair-plus-a': returned,
        'pair-plus-b': 0n,
      });
      expect(sideReturns('teen-patti-2020', round(other, hand)), `B ${name}`).toEqual({
        'pair-plus-a': 0n,
        'pair-plus-b': returned,
      });
    }
  });

  it('pays on the hand whoever wins the round, a tie included', () => {
    // A's trail beats B's pair: both Pair Plus bets pay.
    const aWins = round(['5S', '5H', '5D'], ['KS', 'KD', '4C']);
    expect(aWins.resultCode).toBe('A');
    expect(sideReturns('teen-patti-2020', aWins)).toEqual({
      'pair-plus-a': 310_000n,
      'pair-plus-b': 20_000n,
    });
    // Equal pairs: the main bets push, both Pair Plus bets pay the pair.
    const tie = round(['9S', '9H', '4D'], ['9D', '9C', '4S']);
    expect(tie.resultCode).toBe('T');
    expect(sideReturns('teen-patti-2020', tie)).toEqual({
      'pair-plus-a': 20_000n,
      'pair-plus-b': 20_000n,
    });
    expect(spmWinningSpots('teen-patti-2020', tie)).toEqual(['pair-plus-a', 'pair-plus-b']);
    // 41 × 12,345 paise exactly; a pair 2 × 12,345.
    const pureSequence = round(['QH', 'KH', 'AH'], ['2C', '2D', '9S']);
    expect(rules.returnPaise(pureSequence, 'pair-plus-a', 12_345n)).toBe(506_145n);
    expect(rules.returnPaise(pureSequence, 'pair-plus-b', 12_345n)).toBe(24_690n);
  });
});

describe('Andar Bahar card count', () => {
  const rules = SPM_CARD_GAME_RULES['andar-bahar'];
  const notSevens = STARTING_DECK.filter((card) => cardRank(card) !== '7');
  /** The round whose first card of the joker's rank (7) is the `draw`-th after the joker. */
  const matchOn = (draw: number) =>
    rules.dealDeck(deckStarting('7H', ...notSevens.slice(0, draw - 1), '7C')).outcome;

  it("counts the cards after the joker, the match included: Andar's first card matching is 1", () => {
    const first = matchOn(1);
    expect(first).toMatchObject({ hands: { andar: ['7C'], bahar: [] }, winners: ['andar'] });
    expect(andarBaharCardsDealt(first)).toBe(1);
    expect(sideReturns('andar-bahar', first)).toEqual({
      'cards-1-5': 35_500n,
      'cards-6-10': 0n,
      'cards-11-15': 0n,
      'cards-16-25': 0n,
      'cards-26-30': 0n,
      'cards-31-35': 0n,
      'cards-36-40': 0n,
      'cards-41-49': 0n,
    });
    expect(spmWinningSpots('andar-bahar', first)).toEqual(['andar', 'cards-1-5']);
    expect(andarBaharCardsDealt(matchOn(2))).toBe(2);
    expect(matchOn(2).winners).toEqual(['bahar']);
    // The latest possible match: the 49th card after the joker, two of its rank after it.
    const last = rules.dealDeck(['7H', ...notSevens, '7C', '7S', '7D']).outcome;
    expect(andarBaharCardsDealt(last)).toBe(49);
    expect(last.winners).toEqual(['andar']);
    expect(spmWinningSpots('andar-bahar', last)).toEqual(['andar', 'cards-41-49']);
  });

  it('pays exactly the range holding the count, at both ends of every range', () => {
    const payouts: Record<string, bigint> = {
      'cards-1-5': 35_500n,
      'cards-6-10': 44_000n,
      'cards-11-15': 57_000n,
      'cards-16-25': 44_000n,
      'cards-26-30': 157_500n,
      'cards-31-35': 260_000n,
      'cards-36-40': 510_000n,
      'cards-41-49': 1_210_000n,
    };
    expect(ANDAR_BAHAR_COUNT_RANGES.map((range) => range.spot)).toEqual(Object.keys(payouts));
    for (let draw = 1; draw <= 49; draw += 1) {
      const outcome = matchOn(draw);
      expect(andarBaharCardsDealt(outcome)).toBe(draw);
      const range = ANDAR_BAHAR_COUNT_RANGES.find(({ from, to }) => draw >= from && draw <= to)!;
      const expected = Object.fromEntries(
        Object.entries(payouts).map(([spot, paise]) => [spot, spot === range.spot ? paise : 0n]),
      );
      expect(sideReturns('andar-bahar', outcome), `match on draw ${draw}`).toEqual(expected);
    }
    // The ranges cover 1 to 49 without a gap or an overlap.
    const covered = ANDAR_BAHAR_COUNT_RANGES.flatMap(({ from, to }) =>
      Array.from({ length: to - from + 1 }, (_, index) => from + index),
    );
    expect(covered).toEqual(Array.from({ length: 49 }, (_, index) => index + 1));
    // 3.55 × 12,345 paise = 43,824.75: rounded down to the paisa.
    expect(rules.returnPaise(matchOn(3), 'cards-1-5', 12_345n)).toBe(43_824n);
  });

  it('wins exactly one count spot on every round, as many cards as the piles hold', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (serverSeed, nonce) => {
        const { outcome, steps } = SPM_GAME_RULES['andar-bahar'].deal({
          serverSeed,
          clientSeed: 'count',
          nonce,
        });
        expect(andarBaharCardsDealt(outcome)).toBe(steps.length - 1);
        const won = spmWinningSpots('andar-bahar', outcome).filter((spot) =>
          spot.startsWith('cards-'),
        );
        expect(won).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('Dragon Tiger card bets', () => {
  const rules = SPM_CARD_GAME_RULES['dragon-tiger'];
  const round = (dragon: CardCode, tiger: CardCode) =>
    rules.dealDeck(deckStarting(dragon, tiger)).outcome;
  /** The side's spots its card wins, by the table's order. */
  const wins = (outcome: SpmRoundOutcome, side: string) =>
    Object.entries(sideReturns('dragon-tiger', outcome))
      .filter(([spot, returned]) => spot.startsWith(`${side}-`) && returned > 0n)
      .map(([spot, returned]) => `${spot.slice(side.length + 1)} ${returned}`);

  it('pays odd 1.8 (A 3 5 7 9 J K), even 2.1, red and black 1.94, the suit 3.75', () => {
    const cases: [CardCode, string[]][] = [
      ['AS', ['odd 18000', 'black 19400', 'spade 37500']],
      ['2H', ['even 21000', 'red 19400', 'heart 37500']],
      ['7C', ['odd 18000', 'black 19400', 'club 37500']],
      ['TD', ['even 21000', 'red 19400', 'diamond 37500']],
      ['JS', ['odd 18000', 'black 19400', 'spade 37500']],
      ['QH', ['even 21000', 'red 19400', 'heart 37500']],
      ['KD', ['odd 18000', 'red 19400', 'diamond 37500']],
    ];
    for (const [card, expected] of cases) {
      const other = card === '2C' ? '3C' : '2C';
      expect(wins(round(card, other), 'dragon'), `dragon ${card}`).toEqual(expected);
      expect(wins(round(other, card), 'tiger'), `tiger ${card}`).toEqual(expected);
    }
  });

  it('settles them on the card whatever the result: a tie changes nothing', () => {
    const tie = round('9S', '9D');
    expect(tie.resultCode).toBe('X');
    expect(wins(tie, 'dragon')).toEqual(['odd 18000', 'black 19400', 'spade 37500']);
    expect(wins(tie, 'tiger')).toEqual(['odd 18000', 'red 19400', 'diamond 37500']);
    expect(spmWinningSpots('dragon-tiger', tie)).toEqual([
      'tie',
      'dragon-odd',
      'dragon-black',
      'dragon-spade',
      'tiger-odd',
      'tiger-red',
      'tiger-diamond',
    ]);
    // Tiger wins the round; Dragon's card still wins its own bets.
    const tigerWins = round('4H', 'QC');
    expect(tigerWins.winners).toEqual(['tiger']);
    expect(wins(tigerWins, 'dragon')).toEqual(['even 21000', 'red 19400', 'heart 37500']);
    // 3.75 × 12,345 paise = 46,293.75: rounded down.
    expect(rules.returnPaise(tie, 'dragon-spade', 12_345n)).toBe(46_293n);
  });
});

describe('side bets and their settlement', () => {
  it('are the spots the games list beyond their main bets', () => {
    const sideSpots = Object.fromEntries(
      SPM_GAME_KINDS.map((kind) => [
        kind,
        SPM_GAME_SPOTS[kind].filter((spot) => isSideBetSpot(kind, spot.id)).length,
      ]),
    );
    expect(sideSpots).toEqual({
      'teen-patti-2020': 2,
      'andar-bahar': 8,
      'dragon-tiger': 16,
      'lucky-7': 0,
      'lucky-wheel': 0,
    });
    expect(isSideBetSpot('dragon-tiger', 'dragon')).toBe(false);
    expect(isSideBetSpot('dragon-tiger', 'toString')).toBe(false);
    expect(isSideBetSpot('andar-bahar', 'pair-plus-a')).toBe(false);
  });

  it('refuse a round not settled, one without the hand, and a spot that is no side bet', () => {
    const dealt = SPM_CARD_GAME_RULES['dragon-tiger'].dealDeck(deckStarting('9S', '9D')).outcome;
    const rules = SPM_GAME_RULES['dragon-tiger'];
    expect(() => rules.returnPaise({ ...dealt, resultCode: null }, 'dragon-spade', 100n)).toThrow(
      RangeError,
    );
    expect(() =>
      rules.returnPaise({ ...dealt, hands: { dragon: [] } }, 'dragon-spade', 100n),
    ).toThrow(new RangeError('the round dealt no dragon hand'));
    expect(() => rules.returnPaise({ ...dealt, hands: {} }, 'tiger-red', 100n)).toThrow(
      new RangeError('the round dealt no tiger hand'),
    );
    const teenPatti = SPM_GAME_RULES['teen-patti-2020'];
    expect(() =>
      teenPatti.returnPaise({ ...dealt, hands: {}, resultCode: 'A' }, 'pair-plus-a', 100n),
    ).toThrow(RangeError);
    expect(() => rules.returnPaise(dealt, 'dragon-spade', -1n)).toThrow(RangeError);
    const andarBahar = SPM_GAME_RULES['andar-bahar'];
    const noPiles = {
      hands: { joker: ['7H'] },
      segment: null,
      winners: ['andar'],
      resultCode: 'A',
    };
    expect(() => andarBahar.returnPaise(noPiles, 'cards-1-5', 100n)).toThrow(
      new RangeError('the round dealt no Andar or Bahar card'),
    );
    expect(andarBaharCardsDealt(noPiles)).toBe(0);
    expect(
      andarBahar.returnPaise(
        { ...noPiles, hands: { joker: ['7H'], bahar: ['7C'] } },
        'cards-1-5',
        100n,
      ),
    ).toBe(355n);
    expect(() =>
      sideBetPayout('dragon-tiger', dealt, { id: 'dragon', payout: 2, rtpPercent: 1 }),
    ).toThrow(new RangeError('dragon-tiger has no side bet "dragon"'));
    // A Pair Plus spot without a paytable pays nothing on any hand.
    const pairs = SPM_CARD_GAME_RULES['teen-patti-2020'].dealDeck(
      deckStarting('KS', '2C', 'KD', '2D', '4C', '9S'),
    ).outcome;
    const bare = { id: 'pair-plus-a', payout: 41, rtpPercent: 1 };
    expect(sideBetPayout('teen-patti-2020', pairs, bare)).toBe(0);
    expect(sideBetPayout('teen-patti-2020', pairs, SPM_GAME_SPOTS['teen-patti-2020'][2]!)).toBe(2);
    expect(() => sideBetPayout('lucky-7', dealt, { id: 'red', payout: 2, rtpPercent: 1 })).toThrow(
      RangeError,
    );
    expect(spmWinningSpots('dragon-tiger', { ...dealt, resultCode: null })).toEqual([]);
  });

  it('a winning spot list of main winners and side bets that pay, for any round', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPM_GAME_KINDS),
        fc.string({ minLength: 1 }),
        (kind, serverSeed) => {
          const { outcome } = SPM_GAME_RULES[kind].deal({ serverSeed, clientSeed: 'c', nonce: 3 });
          const winning = spmWinningSpots(kind, outcome);
          for (const spot of SPM_GAME_SPOTS[kind]) {
            const returned = SPM_GAME_RULES[kind].returnPaise(outcome, spot.id, 10_000n);
            const paysMoreThanStake = returned > 10_000n;
            if (isSideBetSpot(kind, spot.id)) expect(winning.includes(spot.id)).toBe(returned > 0n);
            else expect(winning.includes(spot.id)).toBe(outcome.winners.includes(spot.id));
            if (winning.includes(spot.id)) expect(paysMoreThanStake).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
