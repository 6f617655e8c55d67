import { multiplierAtMs, msToReachMultiplier } from '@spm/core';
import type { CrashPhase, CrashRoundState, CrashTick } from '@spm/contract';
import { toHundredths } from './multiplier';

/** What the screen draws at one moment. */
export interface FlightFrame {
  roundId: string | null;
  phase: CrashPhase | null;
  /** Milliseconds since take-off, on the server's clock as far as this device can tell. */
  elapsedMs: number;
  /** The multiplier shown, integer hundredths (100 = 1.00x). */
  hundredths: number;
}

type FrameListener = (frame: FlightFrame) => void;

/**
 * How far past the last tick the screen runs the curve on its own. Ticks come every 100 ms;
 * when they stop (a dropped connection, a server pause) the multiplier halts here rather
 * than flying on past a crash nobody has announced.
 */
export const MAX_LEAD_MS = 1_000;

/**
 * The flight as the screen shows it, outside React: the server's ticks anchor it (its
 * elapsed time at the moment each arrived) and between them the same curve as the server's,
 * @spm/core's multiplierAtMs, runs from that anchor on this device's monotonic clock. Every
 * animation frame asks `frame()`; the canvas, the big multiplier and the cash-out buttons
 * subscribe and write themselves, so the page never re-renders per frame.
 */
export class FlightClock {
  private roundId: string | null = null;
  private phase: CrashPhase | null = null;
  private anchor: { elapsedMs: number; hundredths: number; at: number } | null = null;
  private crashHundredths: number | null = null;
  /** The highest multiplier shown this flight: a late tick never moves the display back. */
  private shown = 100;
  private readonly listeners = new Set<FrameListener>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes a round state (the join, a phase change): starts, ends or clears the flight. */
  sync(round: CrashRoundState): void {
    const sameRound = round.roundId === this.roundId;
    if (!sameRound) this.clear();
    this.roundId = round.roundId;
    if (round.phase === 'flying') {
      // A tick of this flight is newer than a state sent before it.
      if (!sameRound || this.phase !== 'flying' || !this.anchor) {
        this.setAnchor(round.elapsedMs, toHundredths(round.multiplier));
      }
    } else if (round.phase === 'crashed' && round.crashPoint !== null) {
      this.crashHundredths = toHundredths(round.crashPoint);
    } else {
      this.clear();
    }
    this.phase = round.phase;
    this.emit();
  }

  /** A server tick of the flight in progress. */
  tick(tick: CrashTick): void {
    if (tick.roundId !== this.roundId || this.phase === 'crashed') return;
    this.phase = 'flying';
    this.setAnchor(tick.elapsedMs, toHundredths(tick.multiplier));
    this.emit();
  }

  /** The moment to draw now. */
  frame(): FlightFrame {
    const base = { roundId: this.roundId, phase: this.phase };
    if (this.phase === 'crashed' && this.crashHundredths !== null) {
      const hundredths = this.crashHundredths;
      return { ...base, hundredths, elapsedMs: msToReachMultiplier(Math.max(100, hundredths)) };
    }
    if (this.phase !== 'flying' || !this.anchor) return { ...base, elapsedMs: 0, hundredths: 100 };
    const lead = Math.min(Math.max(0, this.now() - this.anchor.at), MAX_LEAD_MS);
    const elapsedMs = this.anchor.elapsedMs + lead;
    this.shown = Math.max(this.shown, this.anchor.hundredths, multiplierAtMs(elapsedMs));
    return { ...base, elapsedMs, hundredths: this.shown };
  }

  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    listener(this.frame());
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Hands the current frame to every subscriber (each animation frame, and each event). */
  emit(): void {
    if (this.listeners.size === 0) return;
    const frame = this.frame();
    for (const listener of [...this.listeners]) listener(frame);
  }

  private setAnchor(elapsedMs: number, hundredths: number): void {
    this.anchor = { elapsedMs: Math.max(0, elapsedMs), hundredths, at: this.now() };
  }

  private clear(): void {
    this.anchor = null;
    this.crashHundredths = null;
    this.shown = 100;
  }
}
