import { describe, expect, it } from 'vitest';
import { SPM_GAME_KINDS } from '@spm/contract';
import { SPM_GAME_SPOTS, spmGameRtpPercent } from './spots.ts';
import { SPM_CARD_GAME_RULES, SPM_GAME_RULES } from './games.ts';
import {
  andarBaharFirstMatchCases,
  exactSpotRtps,
  rtpPercentOf,
  teenPattiPairCounts,
} from './exact-rtp.ts';
import { STARTING_DECK, cardRank } from './fairness.ts';
import { andarBaharCardsDealt } from './side-bets.ts';
import type { CardCode } from './types.ts';
import { rankTeenPattiHand } from './teen-patti.ts';

describe('bet spots', () => {
  // The first exact enumeration of every game takes seconds on a busy machine.
  it('quote every spot at its exact theoretical RTP, to 2 decimals', { timeout: 60_000 }, () => {
    for (const kind of SPM_GAME_KINDS) {
      const exact = exactSpotRtps(kind);
      const quoted = Object.fromEntries(
        SPM_GAME_SPOTS[kind].map((spot) => [spot.id, spot.rtpPercent]),
      );
      const computed = Object.fromEntries(
        Object.entries(exact).map(([spotId, rtp]) => [spotId, rtpPercentOf(rtp)]),
      );
      expect(quoted, kind).toEqual(computed);
    }
  });

  it('give the expected figures (hand-checked: docs/casino-games.md)', () => {
    const percents = Object.fromEntries(
      SPM_GAME_KINDS.map((kind) => [
        kind,
        Object.fromEntries(
          Object.entries(exactSpotRtps(kind)).map(([id, rtp]) => [id, rtpPercentOf(rtp)]),
        ),
      ]),
    );
    expect(percents).toEqual({
      'teen-patti-2020': {
        'player-a': 99.0,
        'player-b': 99.0,
        'pair-plus-a': 97.68,
        'pair-plus-b': 97.68,
      },
      'andar-bahar': {
        andar: 97.85,
        bahar: 97.0,
        'cards-1-5': 96.23,
        'cards-6-10': 95.5,
        'cards-11-15': 96.35,
        'cards-16-25': 95.92,
        'cards-26-30': 96.05,
        'cards-31-35': 96.13,
        'cards-36-40': 96.73,
        'cards-41-49': 95.87,
      },
      'dragon-tiger': {
        dragon: 97.06,
        tiger: 97.06,
        tie: 94.12,
        ...Object.fromEntries(
          ['dragon', 'tiger'].flatMap((side) => [
            [`${side}-odd`, 96.92],
            [`${side}-even`, 96.92],
            [`${side}-red`, 97.0],
            [`${side}-black`, 97.0],
            [`${side}-spade`, 93.75],
            [`${side}-heart`, 93.75],
            [`${side}-club`, 93.75],
            [`${side}-diamond`, 93.75],
          ]),
        ),
      },
      'lucky-7': { low: 92.31, high: 92.31, seven: 92.31, red: 97.5, black: 97.5 },
      'lucky-wheel': { 1: 96.15, 3: 92.31, 5: 92.31, 10: 84.62, 20: 80.77, 50: 92.31 },
    });
  });

  it('quote each game at its best spot, the wheel at its low-variance "1"', () => {
    expect(
      Object.fromEntries(SPM_GAME_KINDS.map((kind) => [kind, spmGameRtpPercent(kind)])),
    ).toEqual({
      'teen-patti-2020': 99.0,
      'andar-bahar': 97.85,
      'dragon-tiger': 97.06,
      'lucky-7': 97.5,
      'lucky-wheel': 96.15,
    });
    for (const kind of SPM_GAME_KINDS) {
      expect(SPM_GAME_RULES[kind].rtpPercent).toBe(spmGameRtpPercent(kind));
      expect(SPM_GAME_RULES[kind].spots).toBe(SPM_GAME_SPOTS[kind]);
    }
  });
});

describe('exact enumeration', () => {
  it('Andar Bahar: Andar wins when the first of 3 matching cards among 51 falls on an odd draw', () => {
    // P(first match on draw k) = C(51 - k, 2) / C(51, 3); Andar takes the odd draws.
    const choose2 = (n: number) => BigInt((n * (n - 1)) / 2);
    let andarCases = 0n;
    for (let draw = 1; draw <= 51; draw += 2) andarCases += choose2(51 - draw);
    expect(andarCases).toBe(10_725n); // of C(51, 3) = 20,825: P(Andar) = 429/833
    const exact = exactSpotRtps('andar-bahar');
    // Andar 1.9 × 429/833; Bahar 2 × 404/833.
    expect(exact.andar!.numerator * 833n * 10n).toBe(exact.andar!.denominator * 19n * 429n);
    expect(exact.bahar!.numerator * 833n).toBe(exact.bahar!.denominator * 2n * 404n);
  });

  it('Andar Bahar: every one of the C(51, 3) position sets, dealt by the game, gives the counts and RTPs', () => {
    // Brute force: the joker AS, the other three aces on every set of 3 of the 51 positions.
    const others = STARTING_DECK.filter((card) => cardRank(card) !== 'A');
    const byDraw = new Map<number, bigint>();
    const exact = exactSpotRtps('andar-bahar');
    const returned = new Map<string, bigint>();
    let sets = 0n;
    for (let first = 1; first <= 51; first += 1) {
      for (let second = first + 1; second <= 51; second += 1) {
        for (let third = second + 1; third <= 51; third += 1) {
          const aces = ['AH', 'AD', 'AC'];
          let nextOther = 0;
          const deck: CardCode[] = ['AS'];
          for (let position = 1; position <= 51; position += 1) {
            const isAce = position === first || position === second || position === third;
            deck.push(isAce ? aces.shift()! : others[nextOther++]!);
          }
          const { outcome } = SPM_CARD_GAME_RULES['andar-bahar'].dealDeck(deck);
          const dealt = andarBaharCardsDealt(outcome);
          byDraw.set(dealt, (byDraw.get(dealt) ?? 0n) + 1n);
          for (const spot of SPM_GAME_SPOTS['andar-bahar']) {
            const paise = SPM_GAME_RULES['andar-bahar'].returnPaise(outcome, spot.id, 100n);
            returned.set(spot.id, (returned.get(spot.id) ?? 0n) + paise);
          }
          sets += 1n;
        }
      }
    }
    expect(sets).toBe(20_825n);
    // The first match on draw k in C(51 - k, 2) sets (combinatorics), as enumerated.
    for (let draw = 0; draw <= 50; draw += 1) {
      expect(byDraw.get(draw) ?? 0n, `draw ${draw}`).toBe(andarBaharFirstMatchCases(draw));
    }
    expect(andarBaharFirstMatchCases(1)).toBe(1_225n);
    expect(andarBaharFirstMatchCases(49)).toBe(1n);
    expect(andarBaharFirstMatchCases(2.5)).toBe(0n);
    for (const spot of SPM_GAME_SPOTS['andar-bahar']) {
      const rtp = exact[spot.id]!;
      // Same fraction: brute force over 20,825 × 100 paise against the combinatorial one.
      expect(rtp.numerator * 20_825n * 100n, spot.id).toBe(
        returned.get(spot.id)! * rtp.denominator,
      );
    }
    // By hand: 1-5 cards in C(50,2) + C(49,2) + C(48,2) + C(47,2) + C(46,2) = 5,645 sets.
    expect(exact['cards-1-5']!.numerator * 20_825n * 100n).toBe(
      exact['cards-1-5']!.denominator * 355n * 5_645n,
    );
    // 41+: C(10,2) + ... + C(2,2) = 165 sets, at 121.
    expect(exact['cards-41-49']!.numerator * 20_825n).toBe(
      exact['cards-41-49']!.denominator * 121n * 165n,
    );
  });

  it('Teen Patti Pair Plus: the hand classes of all 22,100 hands at the paytable', () => {
    const counts: Record<string, bigint> = {};
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1)
        for (let c = b + 1; c < 52; c += 1) {
          const { handClass } = rankTeenPattiHand([a, b, c].map((card) => STARTING_DECK[card]!));
          counts[handClass] = (counts[handClass] ?? 0n) + 1n;
        }
    expect(counts).toEqual({
      'high-card': 16_440n,
      pair: 3_744n,
      colour: 1_096n,
      sequence: 720n,
      'pure-sequence': 48n,
      trail: 52n,
    });
    const spot = SPM_GAME_SPOTS['teen-patti-2020'].find((rule) => rule.id === 'pair-plus-a')!;
    const paid = spot.paytable!.reduce(
      (sum, { handClass, payout }) => sum + counts[handClass]! * BigInt(payout),
      0n,
    );
    // 3,744 × 2 + 1,096 × 5 + 720 × 7 + 52 × 31 + 48 × 41 = 21,588 of 22,100.
    expect(paid).toBe(21_588n);
    expect(spot.payout).toBe(Math.max(...spot.paytable!.map((entry) => entry.payout)));
    const exact = exactSpotRtps('teen-patti-2020');
    for (const id of ['pair-plus-a', 'pair-plus-b']) {
      expect(exact[id]!.numerator * 22_100n, id).toBe(exact[id]!.denominator * 21_588n);
    }
  });

  it('Dragon Tiger card bets: 7 of 13 ranks odd, 6 even, half the cards red, a quarter each suit', () => {
    const exact = exactSpotRtps('dragon-tiger');
    const fraction = (spotId: string) => [exact[spotId]!.numerator, exact[spotId]!.denominator];
    for (const side of ['dragon', 'tiger']) {
      // odd: 1.8 × 7/13 = 12.6/13; even: 2.1 × 6/13 = 12.6/13.
      const [odd, oddOf] = fraction(`${side}-odd`);
      expect(odd! * 130n).toBe(oddOf! * 126n);
      const [even, evenOf] = fraction(`${side}-even`);
      expect(even! * 130n).toBe(evenOf! * 126n);
      for (const colour of ['red', 'black']) {
        const [returned, of] = fraction(`${side}-${colour}`);
        expect(returned! * 200n).toBe(of! * 194n); // 1.94 × 1/2
      }
      for (const suit of ['spade', 'heart', 'club', 'diamond']) {
        const [returned, of] = fraction(`${side}-${suit}`);
        expect(returned! * 400n).toBe(of! * 375n); // 3.75 × 1/4
      }
    }
  });

  it('Teen Patti: A and B win equally often, and the counts agree with brute force on sample hands', () => {
    const { aWins, bWins, ties } = teenPattiPairCounts();
    expect(aWins).toBe(bWins);
    expect(aWins + bWins + ties).toBe(22_100n * 18_424n);
    expect(ties).toBe(450_528n);

    // Brute force for every 97th hand A against every disjoint hand B.
    const hands: number[][] = [];
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1) for (let c = b + 1; c < 52; c += 1) hands.push([a, b, c]);
    const values = hands.map(
      (hand) => rankTeenPattiHand(hand.map((card) => STARTING_DECK[card]!)).value,
    );
    let sampleWins = 0;
    let sampleTies = 0;
    let sampleLosses = 0;
    for (let index = 0; index < hands.length; index += 97) {
      const hand = hands[index]!;
      for (let other = 0; other < hands.length; other += 1) {
        if (hands[other]!.some((card) => hand.includes(card))) continue;
        if (values[index]! > values[other]!) sampleWins += 1;
        else if (values[index] === values[other]) sampleTies += 1;
        else sampleLosses += 1;
      }
    }
    expect(sampleWins + sampleTies + sampleLosses).toBe(Math.ceil(hands.length / 97) * 18_424);
    // The same sample through the inclusion-exclusion count.
    const sampled = teenPattiPairCounts((index) => index % 97 === 0);
    expect(sampled).toEqual({
      aWins: BigInt(sampleWins),
      bWins: BigInt(sampleLosses),
      ties: BigInt(sampleTies),
    });
  });
});
