import { describe, expect, it } from 'vitest';
import { SPM_GAME_KINDS } from '@spm/contract';
import { SPM_GAME_SPOTS, spmGameRtpPercent } from './spots.ts';
import { SPM_GAME_RULES } from './games.ts';
import { exactSpotRtps, rtpPercentOf, teenPattiPairCounts } from './exact-rtp.ts';
import { STARTING_DECK } from './fairness.ts';
import { rankTeenPattiHand } from './teen-patti.ts';

describe('bet spots', () => {
  it('quote every spot at its exact theoretical RTP, to 2 decimals', () => {
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
      'teen-patti-2020': { 'player-a': 99.0, 'player-b': 99.0 },
      'andar-bahar': { andar: 97.85, bahar: 97.0 },
      'dragon-tiger': { dragon: 97.06, tiger: 97.06, tie: 94.12 },
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
