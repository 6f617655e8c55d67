import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OddsType } from '@spm/contract';
import {
  addExchangeBetPnl,
  betsFromFill,
  bookmakerBetPnl,
  bookmakerExposure,
  bookmakerPnlByRunner,
  isBookmakerRateAcceptable,
  exchangeBetAtRiskPaise,
  exchangeBetPnl,
  exchangeExposure,
  exchangeExposureOfPnl,
  exchangePnlByRunner,
  exchangeProfitPaise,
  fancyBetPnl,
  fancyExposure,
  fancyPnlAt,
  houseBetAtRiskPaise,
  type BookmakerBet,
  type ExchangeBet,
  type FancyBet,
} from './exposure.ts';
import { LADDER_PRICES } from './price-ladder.ts';

const RUNNERS = ['A', 'B', 'C'];
const bet = (side: OddsType, runnerId: string, priceHundredths: number, stakePaise: bigint) => ({
  side,
  runnerId,
  priceHundredths,
  stakePaise,
});
const asObject = (map: Map<string, bigint>) => Object.fromEntries(map);

describe('exchange P&L and exposure', () => {
  it.each<[string, ExchangeBet[], ExchangeBet[], Record<string, bigint>, bigint]>([
    // [case, matched, unmatched, worst P&L per winner, exposure]
    [
      'a back risks its stake',
      [bet('back', 'A', 250, 10_000n)],
      [],
      { A: 15_000n, B: -10_000n, C: -10_000n },
      10_000n,
    ],
    [
      'a lay risks stake * (p - 1)',
      [bet('lay', 'A', 250, 10_000n)],
      [],
      { A: -15_000n, B: 10_000n, C: 10_000n },
      15_000n,
    ],
    [
      'a hedge lowers exposure (back high, lay low: a green book)',
      [bet('back', 'A', 300, 10_000n), bet('lay', 'A', 200, 10_000n)],
      [],
      { A: 10_000n, B: 0n, C: 0n },
      0n,
    ],
    [
      'backing every runner at fair odds',
      [bet('back', 'A', 300, 100n), bet('back', 'B', 300, 100n), bet('back', 'C', 300, 100n)],
      [],
      { A: 0n, B: 0n, C: 0n },
      0n,
    ],
    [
      'an unmatched order counts only where it loses',
      [bet('lay', 'A', 200, 10_000n)],
      [bet('back', 'B', 200, 5_000n)],
      // B wins: the lay wins 10,000 and the unmatched back would win too: it is not counted.
      { A: -15_000n, B: 10_000n, C: 5_000n },
      15_000n,
    ],
    [
      'an unmatched hedge does not lower exposure until it matches',
      [bet('back', 'A', 400, 10_000n)],
      [bet('lay', 'A', 300, 10_000n)],
      { A: 10_000n, B: -10_000n, C: -10_000n },
      10_000n,
    ],
    [
      'fractions of a paisa are rounded down, the same for both sides',
      [bet('back', 'A', 101, 1n), bet('lay', 'B', 150, 333n)],
      [],
      // A wins: the back's 0.01 paisa profit is 0; B wins: the lay pays floor(166.5) = 166.
      { A: 333n, B: -167n, C: 332n },
      167n,
    ],
  ])('%s', (_case, matched, unmatched, worst, exposure) => {
    const result = exchangeExposure({ runnerIds: RUNNERS, matched, unmatched });
    expect(asObject(result.worstPnlByRunner)).toEqual(worst);
    expect(result.exposurePaise).toBe(exposure);
  });

  it('rounds the profit down and gives the layer the same liability', () => {
    expect(exchangeProfitPaise(1n, 101)).toBe(0n);
    expect(exchangeProfitPaise(333n, 150)).toBe(166n);
    expect(exchangeBetPnl(bet('lay', 'A', 150, 333n), 'A')).toBe(-166n);
  });

  it('refuses a bet on a runner the market does not list', () => {
    expect(() => exchangePnlByRunner(RUNNERS, [bet('back', 'Z', 200, 1n)])).toThrow(
      new RangeError('unknown runner Z'),
    );
    // An unmatched order on an unknown runner would otherwise count against no outcome.
    expect(() =>
      exchangeExposure({ runnerIds: RUNNERS, matched: [], unmatched: [bet('lay', 'Z', 200, 1n)] }),
    ).toThrow(new RangeError('unknown runner Z'));
    expect(() =>
      bookmakerPnlByRunner(RUNNERS, [
        { side: 'back', runnerId: 'Z', ratePer100: 90, stakePaise: 1n },
      ]),
    ).toThrow(new RangeError('unknown runner Z'));
    expect(() =>
      bookmakerExposure(RUNNERS, [{ side: 'lay', runnerId: 'Z', ratePer100: 90, stakePaise: 1n }]),
    ).toThrow(RangeError);
  });

  it("gives the maker of a back taker's fill a lay", () => {
    expect(
      betsFromFill('B', {
        takerOrderId: 't',
        takerOwnerId: 'taker',
        takerSide: 'back',
        makerOrderId: 'm',
        makerOwnerId: 'maker',
        priceHundredths: 300,
        stakePaise: 100n,
      }).map((b) => [b.playerId, b.side]),
    ).toEqual([
      ['taker', 'back'],
      ['maker', 'lay'],
    ]);
  });

  it('turns a fill into the taker’s and the maker’s opposite bets', () => {
    expect(
      betsFromFill('A', {
        takerOrderId: 't',
        takerOwnerId: 'taker',
        takerSide: 'lay',
        makerOrderId: 'm',
        makerOwnerId: 'maker',
        priceHundredths: 210,
        stakePaise: 500n,
      }),
    ).toEqual([
      { side: 'lay', runnerId: 'A', priceHundredths: 210, stakePaise: 500n, playerId: 'taker' },
      { side: 'back', runnerId: 'A', priceHundredths: 210, stakePaise: 500n, playerId: 'maker' },
    ]);
  });

  const exchangeBet = (runners: string[]) =>
    fc.record({
      side: fc.constantFrom<OddsType>('back', 'lay'),
      runnerId: fc.constantFrom(...runners),
      priceHundredths: fc.constantFrom(...LADDER_PRICES),
      stakePaise: fc.bigInt({ min: 1n, max: 1_000_000n }),
    });
  const market = fc
    .integer({ min: 2, max: 4 })
    .map((n) => ['A', 'B', 'C', 'D'].slice(0, n))
    .chain((runners) =>
      fc.record({
        runners: fc.constant(runners),
        matched: fc.array(exchangeBet(runners), { maxLength: 8 }),
        unmatched: fc.array(exchangeBet(runners), { maxLength: 7 }),
      }),
    );

  it('equals the brute-force worst case over every winner and every subset of unmatched orders', () => {
    fc.assert(
      fc.property(market, ({ runners, matched, unmatched }) => {
        let worst = 0n;
        for (let subset = 0; subset < 1 << unmatched.length; subset++) {
          const bets = [...matched, ...unmatched.filter((_, i) => subset & (1 << i))];
          for (const pnl of exchangePnlByRunner(runners, bets).values()) {
            if (pnl < worst) worst = pnl;
          }
        }
        expect(exchangeExposure({ runnerIds: runners, matched, unmatched }).exposurePaise).toBe(
          -worst,
        );
      }),
      { numRuns: 400 },
    );
  });

  it('is the same from a P&L kept bet by bet as from the bets, in any order they were added', () => {
    fc.assert(
      fc.property(
        market.chain((m) =>
          fc.record({
            m: fc.constant(m),
            order: fc.shuffledSubarray(m.matched, { minLength: m.matched.length }),
          }),
        ),
        ({ m: { runners, matched, unmatched }, order }) => {
          const kept = new Map<string, bigint>();
          for (const one of order) addExchangeBetPnl(kept, runners, one);
          expect(kept).toEqual(
            matched.length === 0 ? new Map() : exchangePnlByRunner(runners, matched),
          );
          expect(
            exchangeExposureOfPnl({ runnerIds: runners, matchedPnlByRunner: kept, unmatched }),
          ).toEqual(exchangeExposure({ runnerIds: runners, matched, unmatched }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a bet on a runner the market does not list, kept bet by bet too', () => {
    expect(() => addExchangeBetPnl(new Map(), RUNNERS, bet('back', 'Z', 200, 100n))).toThrow(
      RangeError,
    );
  });

  it('is never exceeded when unmatched orders match only in part', () => {
    fc.assert(
      fc.property(
        market,
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 7, maxLength: 7 }),
        ({ runners, matched, unmatched }, parts) => {
          const exposure = exchangeExposure({
            runnerIds: runners,
            matched,
            unmatched,
          }).exposurePaise;
          // Each unmatched order matches some part of its stake, possibly in two fills.
          const partial = unmatched.flatMap((order, i) => {
            const matchedPart = parts[i]! % (order.stakePaise + 1n);
            const first = matchedPart / 2n;
            return [
              { ...order, stakePaise: first },
              { ...order, stakePaise: matchedPart - first },
            ];
          });
          for (const pnl of exchangePnlByRunner(runners, [...matched, ...partial]).values()) {
            expect(-pnl).toBeLessThanOrEqual(exposure);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('bookmaker', () => {
  it.each<[string, BookmakerBet, Record<string, bigint>]>([
    [
      'back at 45: wins stake * 45 / 100',
      { side: 'back', runnerId: 'A', ratePer100: 45, stakePaise: 10_000n },
      { A: 4_500n, B: -10_000n },
    ],
    [
      'lay at 48: loses stake * 48 / 100',
      { side: 'lay', runnerId: 'A', ratePer100: 48, stakePaise: 10_000n },
      { A: -4_800n, B: 10_000n },
    ],
    [
      'a house payout rounds down',
      { side: 'back', runnerId: 'A', ratePer100: 45, stakePaise: 3n },
      { A: 1n, B: -3n },
    ],
    [
      'a house collection rounds up',
      { side: 'lay', runnerId: 'A', ratePer100: 45, stakePaise: 3n },
      { A: -2n, B: 3n },
    ],
  ])('%s', (_case, b, pnl) => {
    expect(asObject(bookmakerPnlByRunner(['A', 'B'], [b]))).toEqual(pnl);
    expect(bookmakerBetPnl(b, 'A')).toBe(pnl.A);
  });

  it.each<[OddsType, number, number, boolean]>([
    ['back', 45, 45, true],
    ['back', 45, 50, true],
    ['back', 45, 40, false],
    ['lay', 48, 48, true],
    ['lay', 48, 45, true],
    ['lay', 48, 50, false],
  ])('a %s asked at %s is accepted at a current rate of %s: %s', (side, asked, current, ok) => {
    expect(isBookmakerRateAcceptable(side, asked, current)).toBe(ok);
  });

  it('hedges like the exchange: a back and a lay on the same runner offset', () => {
    const bets: BookmakerBet[] = [
      { side: 'back', runnerId: 'A', ratePer100: 90, stakePaise: 10_000n },
      { side: 'lay', runnerId: 'A', ratePer100: 80, stakePaise: 10_000n },
    ];
    expect(bookmakerExposure(['A', 'B'], bets)).toBe(0n);
    expect(bookmakerExposure(['A', 'B'], bets.slice(1))).toBe(8_000n);
  });
});

describe('fancy', () => {
  const yes = (line: number, ratePer100: number, stakePaise: bigint): FancyBet => ({
    side: 'yes',
    line,
    ratePer100,
    stakePaise,
  });
  const no = (line: number, ratePer100: number, stakePaise: bigint): FancyBet => ({
    side: 'no',
    line,
    ratePer100,
    stakePaise,
  });

  it.each<[string, FancyBet, number, bigint]>([
    ['yes wins at the line', yes(50, 90, 1000n), 50, 900n],
    ['yes loses below the line', yes(50, 90, 1000n), 49, -1000n],
    ['no wins below the line', no(50, 110, 1000n), 49, 1000n],
    ['no loses at the line, rounded up', no(50, 110, 1001n), 50, -1102n],
    ['yes payout rounded down', yes(50, 90, 1001n), 70, 900n],
  ])('%s', (_case, b, result, pnl) => {
    expect(fancyBetPnl(b, result)).toBe(pnl);
  });

  it('finds the worst result between lines (yes 50 / no 52: the middle wins both)', () => {
    const bets = [yes(50, 90, 1000n), no(52, 110, 1000n)];
    expect(fancyPnlAt(bets, 49)).toBe(0n);
    expect(fancyPnlAt(bets, 51)).toBe(1900n);
    expect(fancyPnlAt(bets, 52)).toBe(-200n);
    expect(fancyExposure(bets)).toEqual({ exposurePaise: 200n, worstResult: 52 });
    expect(fancyExposure([])).toEqual({ exposurePaise: 0n, worstResult: 0 });
  });

  // The worst result is reported as the lowest one where the worst loss happens, whatever
  // order the bets came in: the back office shows it as "loses most from N".
  it('reports the lowest result of a tied worst loss, whatever the order of the bets', () => {
    // no 60 and yes 60 cancel out at and above 60; no 40 loses from 40 on: -100 on [40, inf).
    const bets = [no(60, 100, 100n), yes(60, 100, 100n), no(40, 100, 100n)];
    expect([0, 40, 59, 60, 100].map((result) => fancyPnlAt(bets, result))).toEqual([
      100n,
      -100n,
      -100n,
      -100n,
      -100n,
    ]);
    expect(fancyExposure(bets)).toEqual({ exposurePaise: 100n, worstResult: 40 });
    expect(fancyExposure([...bets].reverse())).toEqual({ exposurePaise: 100n, worstResult: 40 });
  });

  it('reports result 0 when nothing loses, and a line at 0 changes nothing', () => {
    expect(fancyExposure([yes(0, 90, 100n)])).toEqual({ exposurePaise: 0n, worstResult: 0 });
    expect(fancyExposure([no(0, 100, 100n)])).toEqual({ exposurePaise: 100n, worstResult: 0 });
  });

  it('equals the brute-force worst case over every result value', () => {
    const fancyBet = fc.record({
      side: fc.constantFrom('yes' as const, 'no' as const),
      line: fc.integer({ min: 0, max: 60 }),
      ratePer100: fc.integer({ min: 1, max: 300 }),
      stakePaise: fc.bigInt({ min: 1n, max: 1_000_000n }),
    });
    fc.assert(
      fc.property(fc.array(fancyBet, { maxLength: 10 }), (bets) => {
        let worst = 0n;
        for (let result = 0; result <= 62; result++) {
          const pnl = fancyPnlAt(bets, result);
          if (pnl < worst) worst = pnl;
        }
        const { exposurePaise, worstResult } = fancyExposure(bets);
        expect(exposurePaise).toBe(-worst);
        if (worst < 0n) expect(fancyPnlAt(bets, worstResult)).toBe(worst);
      }),
      { numRuns: 500 },
    );
  });
});

describe('money at risk of one matched bet', () => {
  it('is what the bet loses when it loses: a back its stake, a lay its liability', () => {
    expect(exchangeBetAtRiskPaise('back', 4_000n, 300)).toBe(4_000n);
    expect(exchangeBetAtRiskPaise('lay', 4_000n, 300)).toBe(8_000n);
    expect(exchangeBetAtRiskPaise('lay', 10_000n, 101)).toBe(100n);
    expect(houseBetAtRiskPaise('yes', 1_000n, 90)).toBe(1_000n);
    expect(houseBetAtRiskPaise('no', 1_001n, 90)).toBe(901n);
  });

  it('equals the loss of the bet under the result it loses to', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 101, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom<OddsType>('back', 'lay'),
        (stakePaise, priceHundredths, ratePer100, side) => {
          const bet: ExchangeBet = { side, runnerId: 'a', priceHundredths, stakePaise };
          const losing = side === 'back' ? 'b' : 'a';
          expect(exchangeBetAtRiskPaise(side, stakePaise, priceHundredths)).toBe(
            -exchangeBetPnl(bet, losing),
          );
          const house: BookmakerBet = { side, runnerId: 'a', ratePer100, stakePaise };
          expect(houseBetAtRiskPaise(side, stakePaise, ratePer100)).toBe(
            -bookmakerBetPnl(house, losing),
          );
          const fancySide = side === 'back' ? 'yes' : 'no';
          expect(houseBetAtRiskPaise(fancySide, stakePaise, ratePer100)).toBe(
            -fancyBetPnl(
              { side: fancySide, line: 5, ratePer100, stakePaise },
              fancySide === 'yes' ? 4 : 5,
            ),
          );
        },
      ),
    );
  });
});
