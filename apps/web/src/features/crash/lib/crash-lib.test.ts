import { describe, expect, it } from 'vitest';
import { multiplierAtMs } from '@spm/core';
import type { CrashBetsSummary, CrashBetView, CrashRoundState, CrashState } from '@spm/contract';
import { autoBetStop, betNetPaise } from './auto-bet';
import { applyBetEvents, applyMine, applyRound, applyState, applySummary } from './crash-state';
import { FlightClock, MAX_LEAD_MS } from './flight-clock';
import { cashOutPaise, formatHundredths, multiplierTone } from './multiplier';
import { parsePoints, parseTarget } from './inputs';

const round = (fields: Partial<CrashRoundState> = {}): CrashRoundState => ({
  roundId: 'r-1',
  phase: 'flying',
  saltCommitment: 'c'.repeat(64),
  bettingEndsAt: null,
  flightStartedAt: '2026-12-02T10:00:00.000Z',
  elapsedMs: 0,
  multiplier: 1,
  crashPoint: null,
  hash: null,
  salt: null,
  serverTime: '2026-12-02T10:00:00.000Z',
  ...fields,
});

const bet = (fields: Partial<CrashBetView> = {}): CrashBetView => ({
  id: 'b-1',
  roundId: 'r-1',
  panel: 0,
  player: 'ra***42',
  stake: 100,
  autoCashOut: null,
  status: 'active',
  cashOutMultiplier: null,
  payout: null,
  mine: false,
  ...fields,
});

describe('FlightClock', () => {
  it('runs the server curve from the last tick, at most MAX_LEAD_MS ahead, never backwards', () => {
    let now = 0;
    const clock = new FlightClock(() => now);
    clock.sync(round());
    clock.tick({ roundId: 'r-1', elapsedMs: 10_000, multiplier: 1.82 });
    expect(clock.frame().hundredths).toBe(multiplierAtMs(10_000));
    now = 400;
    expect(clock.frame()).toMatchObject({ elapsedMs: 10_400, hundredths: multiplierAtMs(10_400) });
    now = 60_000;
    expect(clock.frame().elapsedMs).toBe(10_000 + MAX_LEAD_MS);
    const ahead = clock.frame().hundredths;
    // A late tick (behind what is shown) holds the display rather than moving it back.
    clock.tick({ roundId: 'r-1', elapsedMs: 10_100, multiplier: 1.83 });
    expect(clock.frame().hundredths).toBe(ahead);
    clock.sync(round({ phase: 'crashed', crashPoint: 2.5 }));
    expect(clock.frame().hundredths).toBe(250);
    clock.tick({ roundId: 'r-1', elapsedMs: 20_000, multiplier: 3.32 });
    expect(clock.frame().hundredths).toBe(250);
    clock.sync(round({ roundId: 'r-2', phase: 'betting' }));
    expect(clock.frame()).toMatchObject({ hundredths: 100, elapsedMs: 0, phase: 'betting' });
  });
});

describe('crash state', () => {
  const summary = (fields: Partial<CrashBetsSummary> = {}): CrashBetsSummary => ({
    roundId: 'r-1',
    bets: 1,
    cashedOut: 0,
    totalStake: 100,
    totalPayout: 0,
    top: [bet()],
    at: '2026-12-02T10:00:05.000Z',
    ...fields,
  });
  const state: CrashState = {
    round: round({ serverTime: '2026-12-02T10:00:05.000Z' }),
    summary: summary(),
    mine: [bet({ mine: true })],
    history: [{ roundId: 'r-0', crashPoint: 1.2 }],
    settings: {} as never,
  };

  it('drops an older state; of the same round keeps the newer summary', () => {
    expect(applyState(state, { ...state, round: round(), mine: [] })).toBe(state);
    const later = round({ serverTime: '2026-12-02T10:00:06.000Z' });
    const olderSummary = summary({ bets: 0, at: '2026-12-02T10:00:01.000Z' });
    const taken = applyState(state, { ...state, round: later, summary: olderSummary, mine: [] });
    expect(taken.round).toBe(later);
    expect(taken.summary).toBe(state.summary);
    expect(taken.mine).toEqual([]);
  });

  it('takes the newest summary of the round shown only', () => {
    const newer = summary({ bets: 7, at: '2026-12-02T10:00:06.000Z' });
    expect(applySummary(state, newer).summary).toBe(newer);
    expect(applySummary(state, summary({ at: '2026-12-02T10:00:04.000Z' }))).toBe(state);
    expect(applySummary(state, summary({ roundId: 'r-0', at: '2026-12-02T10:00:09.000Z' }))).toBe(
      state,
    );
  });

  it('takes a tick’s counts alone, keeping the biggest bets shown', () => {
    const { top: _top, ...counts } = summary({ bets: 9, at: '2026-12-02T10:00:07.000Z' });
    const taken = applySummary(state, counts);
    expect(taken.summary).toEqual({ ...counts, top: state.summary.top });
    expect(taken.summary.top).toHaveLength(1);
    expect(applySummary(state, { ...counts, at: '2026-12-02T10:00:04.000Z' })).toBe(state);
  });

  it('applies my own bets apart, marked mine, for the round shown only', () => {
    const paid = bet({ status: 'cashed_out', payout: 200, cashOutMultiplier: 2 });
    const pushed = applyMine(state, [
      { bet: paid, cancelled: false },
      { bet: bet({ id: 'b-9', roundId: 'r-0' }), cancelled: false },
    ]);
    expect(pushed.mine).toEqual([{ ...paid, mine: true }]);
    expect(pushed.summary).toBe(state.summary);
    expect(applyMine(pushed, [{ bet: bet(), cancelled: true }]).mine).toEqual([]);
    expect(applyBetEvents([], 'r-1', [{ bet: bet({ id: 'b-2' }), cancelled: false }])).toEqual([
      bet({ id: 'b-2' }),
    ]);
  });

  it('marks what still flies lost at the crash, lists crashes newest first, and starts a new round empty', () => {
    const crashedState = applyRound(
      state,
      round({ phase: 'crashed', crashPoint: 3, serverTime: '2026-12-02T10:00:09.000Z' }),
    );
    expect(crashedState.history.map((item) => item.roundId)).toEqual(['r-1', 'r-0']);
    expect(crashedState.mine[0]!.status).toBe('lost');
    expect(crashedState.summary.top[0]!.status).toBe('lost');
    const next = applyRound(
      crashedState,
      round({ roundId: 'r-2', phase: 'betting', serverTime: '2026-12-02T10:00:12.000Z' }),
    );
    expect(next.mine).toEqual([]);
    expect(next.summary).toMatchObject({ roundId: 'r-2', bets: 0, totalStake: 0, top: [] });
  });
});

describe('auto bet', () => {
  it('counts finished bets and stops at the first stop reached', () => {
    expect(betNetPaise(bet(), false)).toBeNull();
    expect(betNetPaise(bet(), true)).toBe(-10_000);
    expect(betNetPaise(bet({ status: 'cashed_out', payout: 250 }), true)).toBe(15_000);
    expect(betNetPaise(bet({ status: 'refunded' }), true)).toBeNull();
    const plan = { rounds: 3, stopLoss: 150, stopProfit: 100 };
    expect(autoBetStop(plan, new Map([['a', -10_000]]))).toBeNull();
    expect(
      autoBetStop(
        plan,
        new Map([
          ['a', -10_000],
          ['b', -5_000],
        ]),
      ),
    ).toBe('loss');
    expect(autoBetStop(plan, new Map([['a', 10_000]]))).toBe('profit');
    expect(
      autoBetStop(
        plan,
        new Map([
          ['a', 1],
          ['b', 1],
          ['c', 1],
        ]),
      ),
    ).toBe('rounds');
    expect(autoBetStop({ rounds: null, stopLoss: null, stopProfit: null }, new Map())).toBeNull();
  });
});

describe('multipliers and inputs', () => {
  it('formats, colours and pays as the server rounds', () => {
    expect(formatHundredths(235)).toBe('2.35x');
    expect(formatHundredths(123_456)).toBe('1,234.56x');
    expect([1.99, 2, 9.99, 10].map(multiplierTone)).toEqual(['low', 'mid', 'mid', 'high']);
    expect(cashOutPaise(3_333, 150, 7_500_000)).toBe(4_999);
    expect(cashOutPaise(750_000, 1_001, 7_500_000)).toBe(7_500_000);
  });

  it('accepts 2 decimals at most and auto cash-out targets from 1.01x', () => {
    expect(parsePoints('10.5')).toBe(10.5);
    expect([parsePoints('10.555'), parsePoints('0'), parsePoints('-5'), parsePoints('')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([parseTarget('1.01'), parseTarget('1'), parseTarget('10001')]).toEqual([
      1.01,
      null,
      null,
    ]);
  });
});
