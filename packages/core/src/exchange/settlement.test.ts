import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OddsType } from '@spm/contract';
import {
  accountKey,
  applyTransaction,
  playerAccount,
  systemAccount,
  type Balances,
} from '../ledger.ts';
import { betsFromFill, exchangeExposure, type PlayerExchangeBet } from './exposure.ts';
import { createOrderBook, placeOrder, type OrderBook } from './order-book.ts';
import { LADDER_PRICES } from './price-ladder.ts';
import { percentToBasisPoints } from '../cashier.ts';
import {
  commissionPaise,
  holdAdjustmentPostings,
  netOfCommission,
  settleBookmakerMarket,
  settlementCommissionBasisPoints,
  settleExchangeMarket,
  settleFancyMarket,
  settlementPostings,
  type RunnerResult,
} from './settlement.ts';

const exchangeBet = (
  playerId: string,
  side: OddsType,
  runnerId: string,
  priceHundredths: number,
  stakePaise: bigint,
): PlayerExchangeBet => ({ playerId, side, runnerId, priceHundredths, stakePaise });

describe('exchange settlement', () => {
  // Alice backs A at 2.50 for 100 points, Bob lays it; Carol backs B at 3.00 for 50, Dan lays.
  const bets = [
    exchangeBet('alice', 'back', 'A', 250, 10_000n),
    exchangeBet('bob', 'lay', 'A', 250, 10_000n),
    exchangeBet('carol', 'back', 'B', 300, 5_000n),
    exchangeBet('dan', 'lay', 'B', 300, 5_000n),
  ];

  it.each<[string, RunnerResult, Record<string, [bigint, bigint, bigint]>, bigint]>([
    // [case, result, player -> [gross, commission, net], house commission] at 5%
    [
      'A wins: commission on the winners only, rounded down',
      { kind: 'winner', runnerId: 'A' },
      {
        alice: [15_000n, 750n, 14_250n],
        bob: [-15_000n, 0n, -15_000n],
        carol: [-5_000n, 0n, -5_000n],
        dan: [5_000n, 250n, 4_750n],
      },
      1_000n,
    ],
    [
      'void: nobody wins or loses',
      { kind: 'void' },
      {
        alice: [0n, 0n, 0n],
        bob: [0n, 0n, 0n],
        carol: [0n, 0n, 0n],
        dan: [0n, 0n, 0n],
      },
      0n,
    ],
  ])('%s', (_case, result, expected, houseCommission) => {
    const settled = settleExchangeMarket({ bets, result, commissionBasisPoints: 500 });
    expect(
      Object.fromEntries(
        settled.players.map((p) => [
          p.playerId,
          [p.grossPnlPaise, p.commissionPaise, p.netPnlPaise],
        ]),
      ),
    ).toEqual(expected);
    expect(settled.houseCommissionPaise).toBe(houseCommission);
    expect(settled.houseGrossPaise).toBe(0n);
  });

  it('charges commission on the net of the market, not per bet', () => {
    const hedged = [
      exchangeBet('alice', 'back', 'A', 300, 10_000n),
      exchangeBet('alice', 'lay', 'A', 200, 10_000n),
      exchangeBet('bob', 'lay', 'A', 300, 10_000n),
      exchangeBet('bob', 'back', 'A', 200, 10_000n),
    ];
    const settled = settleExchangeMarket({
      bets: hedged,
      result: { kind: 'winner', runnerId: 'A' },
      commissionBasisPoints: 500,
    });
    // Alice: +20,000 - 10,000 = +10,000, so 5% of 10,000; not 5% of the 20,000 winning bet.
    expect(settled.players[0]).toEqual({
      playerId: 'alice',
      grossPnlPaise: 10_000n,
      commissionPaise: 500n,
      netPnlPaise: 9_500n,
    });
  });

  it.each([
    [10_001n, 500, 500n],
    [19n, 500, 0n],
    [-10_000n, 500, 0n],
    [10_000n, 0, 0n],
    [10_000n, 10_000, 10_000n],
  ])('commission on %s at %s bp is %s', (gross, bp, expected) => {
    expect(commissionPaise(gross, bp)).toBe(expected);
  });

  it('refuses a commission rate outside 0..100%', () => {
    expect(() => commissionPaise(100n, 10_001)).toThrow(RangeError);
    expect(() => commissionPaise(100n, -1)).toThrow(
      new RangeError('commission basis points out of range: -1'),
    );
    expect(() => commissionPaise(100n, 2.5)).toThrow(RangeError);
  });
});

describe('bookmaker and fancy settlement', () => {
  it('settles bookmaker bets against the house', () => {
    const settled = settleBookmakerMarket({
      bets: [
        { playerId: 'p', side: 'back', runnerId: 'A', ratePer100: 45, stakePaise: 10_000n },
        { playerId: 'q', side: 'lay', runnerId: 'B', ratePer100: 60, stakePaise: 10_000n },
      ],
      result: { kind: 'winner', runnerId: 'A' },
    });
    expect(settled.players.map((p) => p.netPnlPaise)).toEqual([4_500n, 10_000n]);
    expect(settled.houseGrossPaise).toBe(-14_500n);
    expect(settled.houseCommissionPaise).toBe(0n);
  });

  it('refunds every bookmaker bet of a void market: no P&L, the whole hold back to cash', () => {
    const bets = [
      { playerId: 'p', side: 'back', runnerId: 'A', ratePer100: 45, stakePaise: 10_000n },
      { playerId: 'q', side: 'lay', runnerId: 'B', ratePer100: 60, stakePaise: 10_000n },
      { playerId: 'q', side: 'lay', runnerId: 'A', ratePer100: 95, stakePaise: 3_333n },
    ] as const;
    const settled = settleBookmakerMarket({ bets, result: { kind: 'void' } });
    expect(settled).toEqual({
      players: [
        { playerId: 'p', grossPnlPaise: 0n, commissionPaise: 0n, netPnlPaise: 0n },
        { playerId: 'q', grossPnlPaise: 0n, commissionPaise: 0n, netPnlPaise: 0n },
      ],
      houseGrossPaise: 0n,
      houseCommissionPaise: 0n,
    });
    // q's hold: worst runner is B winning (lose 60% of 10,000; A's lay wins 3,333).
    expect(
      settlementPostings({
        playerId: 'q',
        heldExposurePaise: 2_667n,
        grossPnlPaise: settled.players[1]!.grossPnlPaise,
        commissionPaise: 0n,
      }),
    ).toEqual([
      { account: playerAccount('q', 'exposure_hold'), amountPaise: -2_667n },
      { account: playerAccount('q', 'cash'), amountPaise: 2_667n },
    ]);
  });

  it('pays no commission on a bookmaker win: the rate is the house margin', () => {
    const settled = settleBookmakerMarket({
      bets: [{ playerId: 'p', side: 'back', runnerId: 'A', ratePer100: 200, stakePaise: 10_000n }],
      result: { kind: 'winner', runnerId: 'A' },
    });
    expect(settled.players).toEqual([
      { playerId: 'p', grossPnlPaise: 20_000n, commissionPaise: 0n, netPnlPaise: 20_000n },
    ]);
    expect(settled.houseGrossPaise).toBe(-20_000n);
  });

  it.each<[string, { kind: 'value'; value: number } | { kind: 'void' }, bigint[]]>([
    ['below the line', { kind: 'value', value: 44 }, [-1_000n, 1_000n]],
    ['at the line', { kind: 'value', value: 45 }, [800n, -1_200n]],
    ['void', { kind: 'void' }, [0n, 0n]],
  ])('settles fancy bets %s', (_case, result, nets) => {
    const settled = settleFancyMarket({
      bets: [
        { playerId: 'y', side: 'yes', line: 45, ratePer100: 80, stakePaise: 1_000n },
        { playerId: 'n', side: 'no', line: 45, ratePer100: 120, stakePaise: 1_000n },
      ],
      result,
    });
    expect(settled.players.map((p) => p.netPnlPaise)).toEqual(nets);
  });
});

describe('ledger movements', () => {
  it('releases the hold and collects a loss through the house', () => {
    expect(
      settlementPostings({
        playerId: 'bob',
        heldExposurePaise: 15_000n,
        grossPnlPaise: -15_000n,
        commissionPaise: 0n,
      }),
    ).toEqual([
      { account: playerAccount('bob', 'exposure_hold'), amountPaise: -15_000n },
      { account: systemAccount('house'), amountPaise: 15_000n },
    ]);
  });

  it('settles a demo player against play money, never the house or commission', () => {
    const playMoney = systemAccount('play_money');
    expect(
      settlementPostings({
        playerId: 'demo',
        heldExposurePaise: 10_000n,
        grossPnlPaise: 15_000n,
        commissionPaise: 0n,
        counterparty: playMoney,
      }),
    ).toEqual([
      { account: playerAccount('demo', 'exposure_hold'), amountPaise: -10_000n },
      { account: playerAccount('demo', 'cash'), amountPaise: 25_000n },
      { account: playMoney, amountPaise: -15_000n },
    ]);
  });

  // Play money must never reach the real commission account: the commission of a demo
  // player's win stays in play money (net: play money pays gross minus commission).
  it("keeps a demo player's commission in play money", () => {
    const playMoney = systemAccount('play_money');
    expect(
      settlementPostings({
        playerId: 'demo',
        heldExposurePaise: 10_000n,
        grossPnlPaise: 15_000n,
        commissionPaise: 750n,
        counterparty: playMoney,
      }),
    ).toEqual([
      { account: playerAccount('demo', 'exposure_hold'), amountPaise: -10_000n },
      { account: playerAccount('demo', 'cash'), amountPaise: 24_250n },
      { account: playMoney, amountPaise: -14_250n },
    ]);
  });

  it('sends the commission to the commission account for any other counterparty', () => {
    const gateway = systemAccount('gateway_clearing');
    expect(
      settlementPostings({
        playerId: 'p',
        heldExposurePaise: 0n,
        grossPnlPaise: 1_000n,
        commissionPaise: 50n,
        counterparty: gateway,
      }),
    ).toEqual([
      { account: playerAccount('p', 'cash'), amountPaise: 950n },
      { account: gateway, amountPaise: -1_000n },
      { account: systemAccount('commission'), amountPaise: 50n },
    ]);
  });

  it('releases the hold, pays the win and takes the commission', () => {
    expect(
      settlementPostings({
        playerId: 'alice',
        heldExposurePaise: 10_000n,
        grossPnlPaise: 15_000n,
        commissionPaise: 750n,
      }),
    ).toEqual([
      { account: playerAccount('alice', 'exposure_hold'), amountPaise: -10_000n },
      { account: playerAccount('alice', 'cash'), amountPaise: 24_250n },
      { account: systemAccount('house'), amountPaise: -15_000n },
      { account: systemAccount('commission'), amountPaise: 750n },
    ]);
    expect(
      settlementPostings({
        playerId: 'x',
        heldExposurePaise: 0n,
        grossPnlPaise: 0n,
        commissionPaise: 0n,
      }),
    ).toEqual([]);
  });

  it('moves the hold up or down to the new exposure', () => {
    expect(holdAdjustmentPostings('p', 100n, 250n)).toEqual([
      { account: playerAccount('p', 'cash'), amountPaise: -150n },
      { account: playerAccount('p', 'exposure_hold'), amountPaise: 150n },
    ]);
    expect(holdAdjustmentPostings('p', 250n, 100n)[1]).toEqual({
      account: playerAccount('p', 'exposure_hold'),
      amountPaise: -150n,
    });
    expect(holdAdjustmentPostings('p', 5n, 5n)).toEqual([]);
  });
});

/**
 * End to end through the order book: random orders from four players on the books of three
 * runners, fills turned into bets, each player's exposure held from cash, then the market
 * settled for a random result. Players' net P&L plus the house commission is zero, the house
 * clearing account nets to zero, no player account goes negative and no loss exceeds the hold.
 */
describe('settling what the order book matched', () => {
  const RUNNERS = ['A', 'B', 'C'];
  const PLAYERS = ['p1', 'p2', 'p3', 'p4'];
  const order = fc.record({
    runner: fc.constantFrom(...RUNNERS),
    side: fc.constantFrom<OddsType>('back', 'lay'),
    tick: fc.integer({ min: 60, max: 140 }),
    stake: fc.bigInt({ min: 1n, max: 200_000n }),
    player: fc.constantFrom(...PLAYERS),
  });
  const result: fc.Arbitrary<RunnerResult> = fc.oneof(
    fc.constantFrom(...RUNNERS).map((runnerId) => ({ kind: 'winner' as const, runnerId })),
    fc.constant({ kind: 'void' as const }),
  );

  it('sums to zero with the commission and stays inside every hold', () => {
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 60 }),
        result,
        fc.integer({ min: 0, max: 1000 }),
        (orders, marketResult, commissionBasisPoints) => {
          const books = new Map<string, OrderBook>(RUNNERS.map((r) => [r, createOrderBook()]));
          const bets: PlayerExchangeBet[] = [];
          orders.forEach((o, seq) => {
            const placed = placeOrder(books.get(o.runner)!, {
              id: `o${seq}`,
              side: o.side,
              priceHundredths: LADDER_PRICES[o.tick]!,
              stakePaise: o.stake,
              ownerId: o.player,
              seq,
            });
            if (placed.ok)
              for (const fill of placed.fills) bets.push(...betsFromFill(o.runner, fill));
          });

          const settled = settleExchangeMarket({
            bets,
            result: marketResult,
            commissionBasisPoints,
          });
          const netSum = settled.players.reduce((sum, p) => sum + p.netPnlPaise, 0n);
          expect(netSum + settled.houseCommissionPaise).toBe(0n);
          expect(settled.houseGrossPaise).toBe(0n);

          // Hold each player's matched exposure from a cash balance that exactly covers it.
          let balances: Balances = new Map();
          const held = new Map<string, bigint>();
          for (const p of settled.players) {
            const exposure = exchangeExposure({
              runnerIds: RUNNERS,
              matched: bets.filter((b) => b.playerId === p.playerId),
            }).exposurePaise;
            expect(-p.grossPnlPaise).toBeLessThanOrEqual(exposure);
            held.set(p.playerId, exposure);
            balances = new Map(balances).set(
              accountKey(playerAccount(p.playerId, 'exposure_hold')),
              exposure,
            );
            const postings = settlementPostings({
              playerId: p.playerId,
              heldExposurePaise: exposure,
              grossPnlPaise: p.grossPnlPaise,
              commissionPaise: p.commissionPaise,
            });
            if (postings.length === 0) continue;
            const applied = applyTransaction(balances, postings);
            expect(applied.ok).toBe(true);
            if (applied.ok) balances = applied.balances;
          }
          expect(balances.get(accountKey(systemAccount('house'))) ?? 0n).toBe(0n);
          expect(balances.get(accountKey(systemAccount('commission'))) ?? 0n).toBe(
            settled.houseCommissionPaise,
          );
          // The hold is gone and cash is what was held plus the net result (never negative:
          // applyTransaction refuses that).
          for (const p of settled.players) {
            const key = (kind: 'cash' | 'exposure_hold') =>
              accountKey(playerAccount(p.playerId, kind));
            expect(balances.get(key('exposure_hold')) ?? 0n).toBe(0n);
            expect(balances.get(key('cash')) ?? 0n).toBe(held.get(p.playerId)! + p.netPnlPaise);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('projected winnings net of commission', () => {
  it('stake 100 at 4.20 with 2 %: profit 320.00, commission 6.40, net 313.60', () => {
    expect(netOfCommission(32_000n, percentToBasisPoints(2))).toEqual({
      grossPaise: 32_000n,
      commissionPaise: 640n,
      netPaise: 31_360n,
    });
  });

  it('promises exactly what a lone winning back bet is paid at settlement', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.constantFrom(...LADDER_PRICES),
        fc.integer({ min: 0, max: 1000 }),
        (stakePaise, priceHundredths, basisPoints) => {
          const settled = settleExchangeMarket({
            bets: [
              exchangeBet('a', 'back', '1', priceHundredths, stakePaise),
              exchangeBet('b', 'lay', '1', priceHundredths, stakePaise),
            ],
            result: { kind: 'winner', runnerId: '1' },
            commissionBasisPoints: basisPoints,
          });
          const gross = (stakePaise * BigInt(priceHundredths - 100)) / 100n;
          const projected = netOfCommission(gross, basisPoints);
          expect(settled.players[0]?.netPnlPaise).toBe(projected.netPaise);
          expect(settled.players[0]?.commissionPaise).toBe(projected.commissionPaise);
        },
      ),
    );
  });

  it('takes nothing from a loss and only charges commission on the exchange', () => {
    expect(netOfCommission(-5_000n, 200).commissionPaise).toBe(0n);
    expect(settlementCommissionBasisPoints('match_odds', 200)).toBe(200);
    expect(settlementCommissionBasisPoints('bookmaker', 200)).toBe(0);
    expect(settlementCommissionBasisPoints('fancy', 200)).toBe(0);
    expect(percentToBasisPoints(2.5)).toBe(250);
    expect(percentToBasisPoints(0.07 * 100)).toBe(700);
  });
});
