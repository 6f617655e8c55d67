import type { SpmRoundOutcome } from '@spm/contract';
import { SPM_GAME_RULES, STARTING_DECK, cardRank } from '@spm/core';
import { describe, expect, it } from 'vitest';
import { roundPayouts } from './spm-table.ts';

/** The first round, over numbered seeds, whose lucky-7 card is the seven (pays 12x). */
function roundWithASeven() {
  const rules = SPM_GAME_RULES['lucky-7'];
  for (let n = 0; n < 2_000; n += 1) {
    const dealt = rules.deal({ serverSeed: `seed-${n}`, clientSeed: 'table', nonce: n });
    if (rules.returnPaise(dealt.outcome, 'seven', 100n) > 0n) return { rules, dealt };
  }
  throw new Error('no seven in 2,000 rounds');
}

describe('a round’s payouts under the maximum win', () => {
  it('holds a player’s returns to 75,000 points in bet order, and keeps each bet’s result', () => {
    const { rules, dealt } = roundWithASeven();
    const bet = (id: number, playerId: number, spot: string, points: number) => ({
      id,
      playerId,
      spot,
      stakePaise: BigInt(points * 100),
    });
    const payouts = roundPayouts(rules, dealt.outcome, [
      // Player 1: 5,000 on the seven returns 60,000, then 2,000 more returns 24,000: 84,000.
      bet(1, 1, 'seven', 5_000),
      bet(2, 2, 'seven', 100),
      bet(3, 1, 'seven', 2_000),
      bet(4, 1, 'seven', 500),
    ]);
    expect(payouts).toEqual([
      { betId: 1, won: true, payoutPaise: 6_000_000n },
      // Paid 15,000 of its 24,000: the round's 75,000 reached.
      { betId: 3, won: true, payoutPaise: 1_500_000n },
      // Won, but nothing was left to pay.
      { betId: 4, won: true, payoutPaise: 0n },
      // Another player's returns are their own.
      { betId: 2, won: true, payoutPaise: 120_000n },
    ]);
  });

  it('holds a side bet’s long shot to the same 75,000 points a round', () => {
    // Andar Bahar whose first 7 is the 41st card after the joker: "41+" pays 121.
    const dealt = [...STARTING_DECK.filter((card) => cardRank(card) !== '7').slice(0, 40), '7C'];
    const outcome: SpmRoundOutcome = {
      hands: {
        joker: ['7H'],
        andar: dealt.filter((_card, index) => index % 2 === 0),
        bahar: dealt.filter((_card, index) => index % 2 === 1),
      },
      segment: null,
      winners: ['andar'],
      resultCode: 'A',
    };
    const rules = SPM_GAME_RULES['andar-bahar'];
    const payouts = roundPayouts(rules, outcome, [
      // 100 on 41+ returns 12,100; 7,500 more returns 907,500: held to 75,000 in all.
      { id: 1, playerId: 1, spot: 'cards-41-49', stakePaise: 10_000n },
      { id: 2, playerId: 1, spot: 'cards-41-49', stakePaise: 750_000n },
      { id: 3, playerId: 1, spot: 'cards-36-40', stakePaise: 10_000n },
      { id: 4, playerId: 1, spot: 'andar', stakePaise: 10_000n },
    ]);
    expect(payouts).toEqual([
      { betId: 1, won: true, payoutPaise: 1_210_000n },
      { betId: 2, won: true, payoutPaise: 6_290_000n },
      { betId: 3, won: false, payoutPaise: 0n },
      { betId: 4, won: true, payoutPaise: 0n },
    ]);
  });
});
