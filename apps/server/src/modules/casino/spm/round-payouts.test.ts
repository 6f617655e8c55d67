import { SPM_GAME_RULES } from '@spm/core';
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
});
