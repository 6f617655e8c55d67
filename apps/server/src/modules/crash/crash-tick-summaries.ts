import {
  CRASH_TOP_BETS_EVERY_MS,
  type CrashBetView,
  type CrashBetsCounts,
  type CrashBetsSummary,
  type CrashTick,
} from '@spm/contract';

/*
 * What of the room's bets summary rides on the flight's ticks (docs/crash-game.md "Realtime").
 * Each slice of the room gets, on its next tick:
 * - the counts and totals, when a bet changed since that slice's last tick;
 * - the biggest bets too (the whole summary), when they changed since that slice last got
 *   them, at most every CRASH_TOP_BETS_EVERY_MS.
 * The biggest bets are nine tenths of a summary's bytes: sent on every tick they were most of
 * what the server wrote and the players read at 5,000 sockets (docs/crash-bench.md, session
 * 35). A slice's frame is built when the slice is written, from what that slice was sent
 * last, so a tick a newer one replaced while it waited (the sliced room) loses nothing.
 */

function countsOf(summary: CrashBetsSummary): CrashBetsCounts {
  const { top: _top, ...counts } = summary;
  return counts;
}

export class TickSummaries {
  private counts: CrashBetsCounts | undefined;
  private countsVersion = 0;
  private top: CrashBetView[] = [];
  private topJson = '';
  private topRoundId = '';
  private topVersion = 0;
  private topSentAtMs = Number.NEGATIVE_INFINITY;
  /** The biggest bets changed since they last went out (held back by the interval). */
  private topOwed = false;
  /** Each slice's versions of the counts and the biggest bets as last written to it. */
  private readonly sentCounts: number[];
  private readonly sentTop: number[];

  constructor(slices: number) {
    this.sentCounts = Array.from({ length: slices }, () => 0);
    this.sentTop = Array.from({ length: slices }, () => 0);
  }

  /**
   * A tick's turn: `changed` is the summary when a bet changed since the last tick (else
   * undefined), `latest` the summary now (for biggest bets held back by the interval).
   */
  update(changed: CrashBetsSummary | undefined, nowMs: number, latest: () => CrashBetsSummary) {
    let newRound = false;
    // The changed list's text, compared and then kept: serialised once a tick at most.
    let changedJson: string | undefined;
    if (changed) {
      this.counts = countsOf(changed);
      this.countsVersion += 1;
      newRound = changed.roundId !== this.topRoundId;
      changedJson = JSON.stringify(changed.top);
      if (newRound || changedJson !== this.topJson) this.topOwed = true;
    }
    if (!this.topOwed || (!newRound && nowMs - this.topSentAtMs < CRASH_TOP_BETS_EVERY_MS)) return;
    const summary = changed ?? latest();
    this.top = summary.top;
    this.topJson = changedJson ?? JSON.stringify(summary.top);
    this.topRoundId = summary.roundId;
    this.topSentAtMs = nowMs;
    this.topOwed = false;
    this.topVersion += 1;
  }

  /** The tick as `slice` is sent it: with what of the round's summary it has not had yet. */
  tickFor(tick: CrashTick, slice: number): CrashTick {
    const counts = this.counts;
    if (!counts || counts.roundId !== tick.roundId) return tick;
    const topDue = this.sentTop[slice]! < this.topVersion && this.topRoundId === tick.roundId;
    if (!topDue && this.sentCounts[slice]! >= this.countsVersion) return tick;
    this.sentCounts[slice] = this.countsVersion;
    if (!topDue) return Object.assign({}, tick, { counts });
    this.sentTop[slice] = this.topVersion;
    return Object.assign({}, tick, { summary: Object.assign({}, counts, { top: this.top }) });
  }
}
