import type { CrashBetAnswer, CrashState } from '@spm/contract';
import { crashPointFromHash, type CrashSettings } from '@spm/core';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { call, fundedExchangePlayer, type ExchangePlayer } from '../../test/identity.ts';
import type { CrashRoundRow } from './crash-repository.ts';

/** The timing the crash tests run with (short rounds on the manual clock). */
export const CRASH_TEST_ENV = {
  CRASH_CHAIN_LENGTH: '200',
  CRASH_BETTING_MS: '2000',
  CRASH_TICK_MS: '500',
  CRASH_PAUSE_MS: '1000',
};

/** A salt that gives the round `hash` a crash point `wanted` accepts (tests pick their flights). */
export function saltGiving(
  hash: string,
  settings: CrashSettings,
  wanted: (crashPointHundredths: number) => boolean,
): string {
  for (let attempt = 0; attempt < 200_000; attempt += 1) {
    const salt = `test-${hash.slice(0, 12)}-${attempt}`;
    if (wanted(crashPointFromHash(Object.assign({ roundHash: hash, salt }, settings)))) return salt;
  }
  throw new Error('no salt gives the crash point wanted');
}

/** Drives the game of a harness on its manual clock. */
export function crashKit(h: Harness) {
  const game = () => h.app.crash;
  const tickMs = () => game().timing.tickMs;

  /** The next rounds' crash points satisfy `wanted`. */
  function wantCrashPoint(wanted: (crashPointHundredths: number) => boolean): void {
    game().saltFor = (hash, settings) => saltGiving(hash, settings, wanted);
  }

  async function advance(ms: number): Promise<void> {
    h.clock.advance(ms);
    await game().idle();
  }

  /** Steps the clock a tick at a time until `done`, at most `limit` steps. */
  async function stepUntil(done: () => boolean, limit = 2_000): Promise<void> {
    for (let step = 0; step < limit && !done(); step += 1) await advance(tickMs());
    expect(done()).toBe(true);
  }

  const current = (): Readonly<CrashRoundRow> => {
    const round = game().currentRound;
    if (!round) throw new Error('no crash round in memory');
    return round;
  };

  /** A new round in its betting window (after the one under way, if any, ends). */
  async function freshRound(): Promise<Readonly<CrashRoundRow>> {
    await game().idle();
    const before = game().currentRound?.id ?? 0;
    await stepUntil(() => {
      const round = game().currentRound;
      return round !== undefined && round.id > before && round.phase === 'betting';
    });
    return current();
  }

  /** Ends the betting window: the round flies. */
  async function takeOff(): Promise<void> {
    const round = current();
    await advance(round.bettingEndsAt.getTime() - h.clock.now().getTime());
    expect(current().phase).toBe('flying');
  }

  /** Moves the clock to `elapsedMs` of the flight, tick by tick (ticks run on the way). */
  async function flyTo(elapsedMs: number): Promise<void> {
    const startMs = current().flightStartedAt!.getTime();
    for (;;) {
      const left = startMs + elapsedMs - h.clock.now().getTime();
      if (left <= 0) return;
      await advance(Math.min(left, tickMs()));
    }
  }

  async function untilCrashed(): Promise<void> {
    const id = current().id;
    await stepUntil(() => game().currentRound?.id !== id || current().phase === 'crashed');
  }

  async function player(points: number): Promise<ExchangePlayer> {
    return fundedExchangePlayer(h, points);
  }

  const bet = (
    who: ExchangePlayer,
    body: { roundId?: string; panel?: 0 | 1; stake: number; autoCashOut?: number | null },
    clientBetId = `c-${randomBytes(8).toString('hex')}`,
  ) =>
    call(
      h,
      'POST',
      '/api/crash/bets',
      {
        roundId: body.roundId ?? String(current().id),
        panel: body.panel ?? 0,
        stake: body.stake,
        autoCashOut: body.autoCashOut ?? null,
        clientBetId,
      },
      { token: who.token },
    );

  async function placed(
    who: ExchangePlayer,
    body: Parameters<typeof bet>[1],
  ): Promise<CrashBetAnswer> {
    const res = await bet(who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CrashBetAnswer;
  }

  const cashOut = (who: ExchangePlayer, betId: string) =>
    call(h, 'POST', `/api/crash/bets/${betId}/cashout`, undefined, { token: who.token });

  const withdraw = (who: ExchangePlayer, betId: string) =>
    call(h, 'DELETE', `/api/crash/bets/${betId}`, undefined, { token: who.token });

  async function state(token?: string): Promise<CrashState> {
    const res = await call(h, 'GET', '/api/crash/state', undefined, token ? { token } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CrashState;
  }

  return {
    game,
    wantCrashPoint,
    advance,
    stepUntil,
    current,
    freshRound,
    takeOff,
    flyTo,
    untilCrashed,
    player,
    bet,
    placed,
    cashOut,
    withdraw,
    state,
  };
}
