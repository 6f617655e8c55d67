import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidPrice, nextTickDown, nextTickUp } from './price-ladder.ts';
import {
  bookmakerRatesFromFair,
  bookmakerSureWin,
  fancyRatesFromFair,
  fancySureWin,
  findSureWin,
  hasSureWin,
  quoteFromFair,
  type RunnerQuote,
  type SureWinVerdict,
} from './pricing.ts';

/**
 * A player's profit in each outcome, times 100 (prices are hundredths): a back of s at b
 * gives s(b - 100) if its runner wins else -100 s; a lay of t at l gives -t(l - 100) else 100 t.
 */
function profitsTimes100(
  runners: readonly RunnerQuote[],
  backStakes: readonly bigint[],
  layStakes: readonly bigint[],
): bigint[] {
  return runners.map((_, winner) =>
    runners.reduce((total, runner, i) => {
      const back = backStakes[i] ?? 0n;
      const lay = layStakes[i] ?? 0n;
      if (back > 0n && runner.backHundredths === null) throw new Error('backed an unoffered side');
      if (lay > 0n && runner.layHundredths === null) throw new Error('laid an unoffered side');
      const backPnl =
        i === winner ? back * BigInt((runner.backHundredths ?? 100) - 100) : -100n * back;
      const layPnl = i === winner ? -lay * BigInt((runner.layHundredths ?? 100) - 100) : 100n * lay;
      return total + backPnl + layPnl;
    }, 0n),
  );
}

/** The verdict's own proof, checked from first principles. */
function checkProof(runners: readonly RunnerQuote[], verdict: SureWinVerdict): void {
  if (verdict.sureWin) {
    expect(
      verdict.backStakes.every((s) => s >= 0n) && verdict.layStakes.every((s) => s >= 0n),
    ).toBe(true);
    for (const profit of profitsTimes100(runners, verdict.backStakes, verdict.layStakes)) {
      expect(profit).toBeGreaterThan(0n);
    }
    return;
  }
  // A probability vector under which every offered bet's expectation is <= 0: then any
  // combination's expectation is <= 0, so some outcome loses or breaks even.
  const { probabilityNumerators: p, probabilityDenominator: d } = verdict;
  expect(d).toBeGreaterThan(0n);
  expect(p.reduce((a, b) => a + b, 0n)).toBe(d);
  for (const [i, runner] of runners.entries()) {
    expect(p[i]!).toBeGreaterThanOrEqual(0n);
    // back: p * b <= 100 (expectation p b - 1 <= 0); lay: p * l >= 100.
    if (runner.backHundredths !== null)
      expect(p[i]! * BigInt(runner.backHundredths)).toBeLessThanOrEqual(100n * d);
    if (runner.layHundredths !== null)
      expect(p[i]! * BigInt(runner.layHundredths)).toBeGreaterThanOrEqual(100n * d);
  }
}

const price = fc.integer({ min: 101, max: 2000 });
const quote = fc.record({
  backHundredths: fc.option(price, { nil: null, freq: 5 }),
  layHundredths: fc.option(price, { nil: null, freq: 5 }),
});
const market = fc.array(quote, { minLength: 1, maxLength: 8 });
const fair = fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), {
  minLength: 2,
  maxLength: 12,
});
const marginBps = fc.integer({ min: 25, max: 1500 });

describe('findSureWin', () => {
  it('finds the issue 40 rates a sure win: backing both at 112 and 110 per 100', () => {
    const verdict = bookmakerSureWin([
      { backRate: 112, layRate: 115 },
      { backRate: 110, layRate: 113 },
    ]);
    expect(verdict).toMatchObject({ sureWin: true, how: 'back-all' });
  });

  it('finds the issue 40 ladder a sure win: both runners at 2.42 to back (81 %)', () => {
    expect(
      findSureWin([
        { backHundredths: 242, layHundredths: 246 },
        { backHundredths: 244, layHundredths: 246 },
      ]),
    ).toMatchObject({ sureWin: true, how: 'back-all' });
  });

  it('finds laying every runner of a lay book over 100 %', () => {
    // 1/1.6 + 1/1.7 = 121 %: lay both, collect more than either loss.
    expect(
      findSureWin([
        { backHundredths: 150, layHundredths: 160 },
        { backHundredths: 155, layHundredths: 170 },
      ]),
    ).toMatchObject({ sureWin: true, how: 'lay-all' });
  });

  it('finds backing and laying one runner whose prices cross, even with the others unpriced', () => {
    expect(
      findSureWin([
        { backHundredths: 300, layHundredths: 250 },
        { backHundredths: null, layHundredths: null },
      ]),
    ).toMatchObject({ sureWin: true, how: 'back-and-lay-one' });
  });

  it('calls a break-even book (exactly 100 % on the back side) no sure win', () => {
    expect(
      hasSureWin([
        { backHundredths: 200, layHundredths: 202 },
        { backHundredths: 200, layHundredths: 202 },
      ]),
    ).toBe(false);
    expect(
      hasSureWin([
        { backHundredths: 200, layHundredths: 200 },
        { backHundredths: 200, layHundredths: 200 },
      ]),
    ).toBe(false);
  });

  it('proves its verdict on any market: winning stakes, or probabilities no bet beats', () => {
    fc.assert(
      fc.property(market, (runners) => checkProof(runners, findSureWin(runners))),
      { numRuns: 2000 },
    );
  });

  it('agrees with the closed form: crossed runner, back book under 100 %, lay book over 100 %', () => {
    fc.assert(
      fc.property(market, (runners) => {
        const crossed = runners.some(
          (r) =>
            r.backHundredths !== null &&
            r.layHundredths !== null &&
            r.backHundredths > r.layHundredths,
        );
        const backBook = runners.reduce(
          (s, r) => s + (r.backHundredths === null ? 1 : 100 / r.backHundredths),
          0,
        );
        const layBook = runners.reduce(
          (s, r) => s + (r.layHundredths === null ? 0 : 100 / r.layHundredths),
          0,
        );
        // Away from the exact edges, where floats cannot decide.
        fc.pre(Math.abs(backBook - 1) > 1e-9 && Math.abs(layBook - 1) > 1e-9);
        expect(hasSureWin(runners)).toBe(crossed || backBook < 1 || layBook > 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds no stakes that win in every outcome where it says there are none', () => {
    const stakes = fc.array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(market, stakes, stakes, (runners, back, lay) => {
        fc.pre(!hasSureWin(runners));
        const backStakes = runners.map((r, i) => (r.backHundredths === null ? 0n : back[i]!));
        const layStakes = runners.map((r, i) => (r.layHundredths === null ? 0n : lay[i]!));
        const worst = profitsTimes100(runners, backStakes, layStakes).reduce((a, b) =>
          a < b ? a : b,
        );
        expect(worst).toBeLessThanOrEqual(0n);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the bookmaker and fancy checks', () => {
  it('a bookmaker with back rate b and lay rate l: safe iff b <= l, sum 100/(100+b) >= 1 and sum 100/(100+l) <= 1', () => {
    const rate = fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null, freq: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ backRate: rate, layRate: rate }), { minLength: 1, maxLength: 6 }),
        (rates) => {
          const verdict = bookmakerSureWin(rates);
          const runners = rates.map((r) => ({
            backHundredths: r.backRate === null ? null : 100 + r.backRate,
            layHundredths: r.layRate === null ? null : 100 + r.layRate,
          }));
          checkProof(runners, verdict);
          const crossed = rates.some(
            (r) => r.backRate !== null && r.layRate !== null && r.backRate > r.layRate,
          );
          const backBook = rates.reduce(
            (s, r) => s + (r.backRate === null ? 1 : 100 / (100 + r.backRate)),
            0,
          );
          const layBook = rates.reduce(
            (s, r) => s + (r.layRate === null ? 0 : 100 / (100 + r.layRate)),
            0,
          );
          fc.pre(Math.abs(backBook - 1) > 1e-9 && Math.abs(layBook - 1) > 1e-9);
          expect(verdict.sureWin).toBe(crossed || backBook < 1 || layBook > 1);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a fancy line is a sure win exactly when its yes rate is above its no rate', () => {
    const rate = fc.integer({ min: 1, max: 1000 });
    fc.assert(
      fc.property(rate, rate, (yesRate, noRate) => {
        const verdict = fancySureWin({ yesRate, noRate });
        checkProof(
          [
            { backHundredths: 100 + yesRate, layHundredths: 100 + noRate },
            { backHundredths: null, layHundredths: null },
          ],
          verdict,
        );
        expect(verdict.sureWin).toBe(yesRate > noRate);
      }),
    );
    expect(fancySureWin({ yesRate: 110, noRate: 100 }).sureWin).toBe(true);
    expect(fancySureWin({ yesRate: null, noRate: 100 }).sureWin).toBe(false);
  });
});

describe("the simulator's pricing", () => {
  it('quotes ladder prices with no sure win, a back book of at least 100 % + margin and a lay book of at most 100 % - margin', () => {
    fc.assert(
      fc.property(fair, marginBps, (weights, margin) => {
        const quotes = quoteFromFair(weights, margin);
        expect(hasSureWin(quotes)).toBe(false);
        let backBook = 0;
        let layBook = 0;
        for (const q of quotes) {
          if (q.backHundredths !== null) expect(isValidPrice(q.backHundredths)).toBe(true);
          if (q.layHundredths !== null) expect(isValidPrice(q.layHundredths)).toBe(true);
          if (q.backHundredths !== null && q.layHundredths !== null) {
            expect(q.backHundredths).toBeLessThan(q.layHundredths);
          }
          backBook += q.backHundredths === null ? 1 : 100 / q.backHundredths;
          layBook += q.layHundredths === null ? 0 : 100 / q.layHundredths;
        }
        // A runner too likely to be backed on the ladder (under 1.01) offers no back price.
        if (quotes.every((q) => q.backHundredths !== null)) {
          expect(backBook).toBeGreaterThanOrEqual(1 + margin / 10_000 - 1e-12);
        }
        expect(layBook).toBeLessThanOrEqual(1 - margin / 10_000 + 1e-12);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps no sure win with the deeper levels the market maker rests behind the best prices', () => {
    fc.assert(
      fc.property(fair, marginBps, fc.integer({ min: 0, max: 5 }), (weights, margin, depth) => {
        // Any price a player can take is the best or worse: worse backs are lower, worse lays higher.
        const quotes = quoteFromFair(weights, margin).map((q) => {
          let back = q.backHundredths;
          let lay = q.layHundredths;
          for (let i = 0; i < depth; i++) {
            back = back === null ? null : nextTickDown(back);
            lay = lay === null ? null : nextTickUp(lay);
          }
          return { backHundredths: back, layHundredths: lay };
        });
        expect(hasSureWin(quotes)).toBe(false);
      }),
    );
  });

  it('never quotes a sure win after any move of the fair probabilities between quotes of the same instant', () => {
    // Every runner is quoted from one fair vector at a time; a requote replaces all of them.
    fc.assert(
      fc.property(fair, marginBps, (weights, margin) => {
        const rates = bookmakerRatesFromFair(weights, margin);
        expect(bookmakerSureWin(rates).sureWin).toBe(false);
        for (const r of rates) {
          if (r.backRate !== null && r.layRate !== null) expect(r.backRate).toBeLessThan(r.layRate);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('prices fancy lines with the no rate above the yes rate', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.02, max: 0.98, noNaN: true }), marginBps, (reach, margin) => {
        const rates = fancyRatesFromFair(reach, margin);
        expect(fancySureWin(rates).sureWin).toBe(false);
      }),
    );
    expect(fancyRatesFromFair(0.5, 400)).toEqual({ yesRate: 92, noRate: 109 });
  });

  it('quotes a two-runner even match like a book: 1.96 to back and 2.06 to lay at a 2 % margin', () => {
    expect(quoteFromFair([1, 1], 200)).toEqual([
      { backHundredths: 196, layHundredths: 206 },
      { backHundredths: 196, layHundredths: 206 },
    ]);
  });

  it('refuses nonsense inputs', () => {
    expect(() => quoteFromFair([0.5, 0], 200)).toThrow(RangeError);
    expect(() => quoteFromFair([0.5, 0.5], 0)).toThrow(RangeError);
    expect(() => findSureWin([])).toThrow(RangeError);
    expect(() => findSureWin([{ backHundredths: 99, layHundredths: null }])).toThrow(RangeError);
  });
});
