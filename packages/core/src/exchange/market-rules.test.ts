import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKET_LIMITS,
  acceptHouseRate,
  bookmakerCurrentRate,
  checkMarketOpen,
  checkStakeLimits,
  exchangeMatchedProfitPaise,
  exchangeOrderProfitPaise,
  fancyCurrentRate,
  houseBookSide,
  houseProfitPaise,
  inPlayDelayMs,
} from './market-rules.ts';

const limits = { minStakePaise: 10_000n, maxStakePaise: 50_000n, maxProfitPaise: 80_000n };

describe('checkMarketOpen', () => {
  it('takes bets only on an open market of an event that is not closed', () => {
    expect(checkMarketOpen('open', 'upcoming')).toEqual({ ok: true });
    expect(checkMarketOpen('open', 'in_play')).toEqual({ ok: true });
    expect(checkMarketOpen('open', undefined)).toEqual({ ok: true });
    expect(checkMarketOpen('open', 'closed')).toEqual({ ok: false, code: 'MARKET_CLOSED' });
  });

  it('names a suspension apart from every other refusal', () => {
    expect(checkMarketOpen('suspended', 'in_play')).toEqual({
      ok: false,
      code: 'MARKET_SUSPENDED',
    });
    expect(checkMarketOpen('suspended', 'closed')).toEqual({
      ok: false,
      code: 'MARKET_SUSPENDED',
    });
    for (const status of ['closed', 'settled', 'voided'] as const) {
      expect(checkMarketOpen(status, 'upcoming')).toEqual({ ok: false, code: 'MARKET_CLOSED' });
    }
  });
});

describe('checkStakeLimits', () => {
  it('accepts the limits themselves and refuses one paisa past them', () => {
    expect(checkStakeLimits(limits, 10_000n, 0n)).toEqual({ ok: true });
    expect(checkStakeLimits(limits, 50_000n, 80_000n)).toEqual({ ok: true });
    expect(checkStakeLimits(limits, 9_999n, 0n)).toEqual({ ok: false, code: 'STAKE_BELOW_MIN' });
    expect(checkStakeLimits(limits, 50_001n, 0n)).toEqual({ ok: false, code: 'STAKE_ABOVE_MAX' });
    expect(checkStakeLimits(limits, 20_000n, 80_001n)).toEqual({
      ok: false,
      code: 'PROFIT_ABOVE_MAX',
    });
  });

  it('names the stake before the profit when both are broken', () => {
    expect(checkStakeLimits(limits, 1n, 1_000_000n)).toEqual({
      ok: false,
      code: 'STAKE_BELOW_MIN',
    });
    expect(checkStakeLimits(limits, 60_000n, 1_000_000n)).toEqual({
      ok: false,
      code: 'STAKE_ABOVE_MAX',
    });
  });

  it('accepts exactly the stakes and profits inside the limits', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 100_000n), fc.bigInt(0n, 200_000n), (stake, profit) => {
        const inside =
          stake >= limits.minStakePaise &&
          stake <= limits.maxStakePaise &&
          profit <= limits.maxProfitPaise;
        expect(checkStakeLimits(limits, stake, profit).ok).toBe(inside);
      }),
    );
  });

  it('defaults to 100 points minimum, 5 lakh maximum stake and 50 lakh maximum profit', () => {
    expect(DEFAULT_MARKET_LIMITS).toEqual({
      minStakePaise: 10_000n,
      maxStakePaise: 50_000_000n,
      maxProfitPaise: 500_000_000n,
    });
  });
});

describe('profit for the max-profit limit', () => {
  it('is stake x (price - 1) for an exchange back and the stake for a lay', () => {
    expect(exchangeOrderProfitPaise('back', 10_000n, 250)).toBe(15_000n);
    expect(exchangeOrderProfitPaise('lay', 10_000n, 250)).toBe(10_000n);
  });

  it('is, as matched, each fill at its own price plus the rest at the asked price for a back', () => {
    const fills = [
      { priceHundredths: 1000, stakePaise: 10_000n },
      { priceHundredths: 250, stakePaise: 5_000n },
    ];
    // 100 x 9 + 50 x 1.5 + 50 resting x 0.01 (paise rounded down per part).
    expect(exchangeMatchedProfitPaise('back', 20_000n, 101, { fills, restingPaise: 5_000n })).toBe(
      90_000n + 7_500n + 50n,
    );
    expect(exchangeMatchedProfitPaise('back', 20_000n, 101, { fills: [], restingPaise: 0n })).toBe(
      0n,
    );
    // A lay wins the backer's stake, at whatever prices it filled.
    expect(exchangeMatchedProfitPaise('lay', 20_000n, 101, { fills, restingPaise: 5_000n })).toBe(
      20_000n,
    );
  });

  it('is stake x rate / 100 (rounded down) for a house back and the stake for a lay', () => {
    expect(houseProfitPaise('back', 10_000n, 90)).toBe(9_000n);
    expect(houseProfitPaise('back', 333n, 50)).toBe(166n);
    expect(houseProfitPaise('lay', 10_000n, 90)).toBe(10_000n);
  });

  it('a house back never wins more than stake x rate / 100', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 12n), fc.integer({ min: 1, max: 1000 }), (stake, rate) => {
        const profit = houseProfitPaise('back', stake, rate);
        expect(profit * 100n <= stake * BigInt(rate)).toBe(true);
        expect((profit + 1n) * 100n > stake * BigInt(rate)).toBe(true);
      }),
    );
  });
});

describe('house rates', () => {
  it('maps back and yes to the back side, lay and no to the lay side', () => {
    expect(houseBookSide('back')).toBe('back');
    expect(houseBookSide('yes')).toBe('back');
    expect(houseBookSide('lay')).toBe('lay');
    expect(houseBookSide('no')).toBe('lay');
  });

  it('offers a bookmaker runner its back or lay rate', () => {
    const runner = { backRate: 90, layRate: 95 };
    expect(bookmakerCurrentRate(runner, 'back')).toBe(90);
    expect(bookmakerCurrentRate(runner, 'lay')).toBe(95);
    expect(bookmakerCurrentRate({ backRate: null, layRate: 95 }, 'back')).toBeNull();
  });

  it('offers a fancy rate only on the line the player saw', () => {
    const market = { line: 150, yesRate: 100, noRate: 110 };
    expect(fancyCurrentRate(market, 'yes', 150)).toBe(100);
    expect(fancyCurrentRate(market, 'no', 150)).toBe(110);
    expect(fancyCurrentRate(market, 'yes', 151)).toBeNull();
    expect(fancyCurrentRate({ ...market, noRate: null }, 'no', 150)).toBeNull();
  });

  it('takes the bet at the current rate when it is as good or better for the player', () => {
    expect(acceptHouseRate('back', 90, 90)).toEqual({ ok: true, ratePer100: 90 });
    expect(acceptHouseRate('back', 90, 95)).toEqual({ ok: true, ratePer100: 95 });
    expect(acceptHouseRate('back', 90, 89)).toEqual({ ok: false, code: 'RATE_CHANGED' });
    expect(acceptHouseRate('lay', 90, 85)).toEqual({ ok: true, ratePer100: 85 });
    expect(acceptHouseRate('lay', 90, 91)).toEqual({ ok: false, code: 'RATE_CHANGED' });
    expect(acceptHouseRate('back', 90, null)).toEqual({ ok: false, code: 'RATE_CHANGED' });
    expect(acceptHouseRate('lay', 90, null)).toEqual({ ok: false, code: 'RATE_CHANGED' });
  });

  it('never takes a bet at a rate worse for the player than asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('back' as const, 'lay' as const),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        (side, asked, current) => {
          const answer = acceptHouseRate(side, asked, current);
          const better = side === 'back' ? current >= asked : current <= asked;
          expect(answer.ok).toBe(better);
          if (answer.ok) expect(answer.ratePer100).toBe(current);
        },
      ),
    );
  });
});

describe('inPlayDelayMs', () => {
  it('waits the delay only in play and only when one is set', () => {
    expect(inPlayDelayMs({ inPlay: true, inPlayDelayMs: 5000 })).toBe(5000);
    expect(inPlayDelayMs({ inPlay: true, inPlayDelayMs: 1 })).toBe(1);
    expect(inPlayDelayMs({ inPlay: false, inPlayDelayMs: 5000 })).toBe(0);
    expect(inPlayDelayMs({ inPlay: true, inPlayDelayMs: 0 })).toBe(0);
    expect(inPlayDelayMs({ inPlay: true, inPlayDelayMs: -5 })).toBe(0);
  });
});
