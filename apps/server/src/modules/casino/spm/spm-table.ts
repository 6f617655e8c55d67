import type { SpmRound, SpmRoundOutcome } from '@spm/contract';
import {
  MAX_ROUND_WIN_PAISE,
  SPM_GAME_RULES,
  capRoundReturns,
  type CasinoGameRules,
} from '@spm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { SpmDeps } from './operator-wallet.ts';
import { AppError } from '../../../http/app-error.ts';
import { newServerSeed, serverSeedHash, tableClientSeed } from './fairness.ts';
import { publicRound, type RoundState } from './round-view.ts';
import type { SpmSettlement } from './spm-settlement.ts';
import {
  type SpmBetRow,
  betsOfRound,
  insertRound,
  lastResults,
  latestRound,
  loadSpmGames,
  markBetsResulted,
  markRoundSettled,
  setRoundPhase,
  type SpmGame,
  type SpmRoundRow,
} from './spm-repository.ts';

/**
 * Each bet's result: its return under the game's rules, a player's returns of the round held
 * to the maximum win (the game rules' 75,000 points) in the order the bets came, so what each
 * bet shows is what the wallet credits (the operator caps a round's wins there too). A bet
 * that won keeps `won` when the cap left it nothing.
 */
export function roundPayouts(
  rules: CasinoGameRules,
  outcome: SpmRoundOutcome,
  accepted: readonly Pick<SpmBetRow, 'id' | 'playerId' | 'spot' | 'stakePaise'>[],
): { betId: number; won: boolean; payoutPaise: bigint }[] {
  const byPlayer = new Map<number, (typeof accepted)[number][]>();
  for (const bet of accepted) {
    const bets = byPlayer.get(bet.playerId) ?? [];
    bets.push(bet);
    byPlayer.set(bet.playerId, bets);
  }
  const payouts: { betId: number; won: boolean; payoutPaise: bigint }[] = [];
  for (const bets of byPlayer.values()) {
    const returns = bets.map((bet) => rules.returnPaise(outcome, bet.spot, bet.stakePaise));
    capRoundReturns(returns, MAX_ROUND_WIN_PAISE).forEach((payoutPaise, i) =>
      payouts.push({ betId: bets[i]!.id, won: returns[i]! > 0n, payoutPaise }),
    );
  }
  return payouts;
}

/** The table's timing (config `spm`, docs/decisions.md "SPM Games tables"). */
export interface SpmTiming {
  /** Set: every table's betting window, instead of its own. */
  bettingSecondsOverride: number | undefined;
  dealStepMs: number;
  settledPauseMs: number;
  /** A table nobody looked at for this long stops opening rounds until someone does. */
  idleMs: number;
  /** Wait before a transition that failed (the database away) is tried again. */
  retryMs: number;
}

export const LAST_RESULTS = 20;

/** What a table needs from around it. */
export interface TableHooks {
  /** `game:round` to the table's room. */
  emit: (tableId: string, round: SpmRound) => void;
  /** Whether any socket watches the table's room. */
  hasWatchers: (tableId: string) => Promise<boolean>;
  settlement: SpmSettlement;
  log: FastifyBaseLogger;
}

type Transition = () => Promise<void>;

/**
 * One SPM Games table: rounds of betting (the table's window), dealing (one step every
 * `dealStepMs`, the steps of the game's deal) and settled (a pause, then the next round).
 * Transitions run one at a time, in order, on `deps.clock` timers; a bet is admitted only
 * while its round takes bets, and closing waits for the bets under way.
 */
export class SpmTableRunner {
  readonly rules: CasinoGameRules;
  private round: RoundState | undefined;
  private results: { roundId: string; resultCode: string }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private cancelTimer: (() => void) | undefined;
  /** When the next scheduled transition is due (epoch ms), null when none is. */
  nextDueAtMs: number | null = null;
  private paused = true;
  private stopped = false;
  private watchedUntilMs = 0;
  private readonly placements = new Set<Promise<unknown>>();

  /** The back office disabled the table: it opens no round until enabled and looked at again. */
  disabled = false;

  constructor(
    public game: SpmGame,
    private readonly deps: SpmDeps,
    private readonly timing: SpmTiming,
    private readonly hooks: TableHooks,
  ) {
    this.rules = SPM_GAME_RULES[game.kind];
  }

  get tableId(): string {
    return this.game.id;
  }

  get bettingSeconds(): number {
    return this.timing.bettingSecondsOverride ?? this.game.bettingSeconds;
  }

  /** The round on the table now (the last settled one while the table sleeps). */
  get current(): RoundState | undefined {
    return this.round;
  }

  get lastResults(): readonly { roundId: string; resultCode: string }[] {
    return this.results;
  }

  /** Boot: finishes the round a stop or crash left unfinished, then sleeps until looked at. */
  start(): Promise<void> {
    return this.enqueue(() => this.recover());
  }

  /** Someone looks at the table: it runs (a sleeping table opens a round now). */
  touch(): void {
    if (this.stopped) return;
    this.watchedUntilMs = this.nowMs() + this.timing.idleMs;
    if (this.paused) {
      this.paused = false;
      void this.enqueue(() => this.openRound());
    }
  }

  /** Touches the table and waits until it has a round to show. */
  async ready(): Promise<RoundState> {
    this.touch();
    await this.idle();
    if (this.disabled) throw new AppError('GAME_DISABLED');
    if (!this.round) throw new AppError('SERVICE_UNAVAILABLE');
    return this.round;
  }

  /**
   * Runs `work` for a bet on `roundId` if that round still takes bets; closing the round
   * waits for it. BETTING_CLOSED otherwise.
   */
  admitBet<T>(roundId: string, work: (round: RoundState) => Promise<T>): Promise<T> {
    const round = this.round;
    if (
      this.stopped ||
      !round ||
      round.id !== roundId ||
      round.phase !== 'betting' ||
      this.nowMs() >= round.bettingClosesAt.getTime()
    ) {
      return Promise.reject(new AppError('BETTING_CLOSED'));
    }
    this.watchedUntilMs = this.nowMs() + this.timing.idleMs;
    const placement = work(round);
    this.placements.add(placement);
    const forget = () => this.placements.delete(placement);
    placement.then(forget, forget);
    return placement;
  }

  /** Resolves once every queued transition ran (tests step rounds with the manual clock). */
  async idle(): Promise<void> {
    for (;;) {
      const chain = this.chain;
      await chain;
      if (chain === this.chain) return;
    }
  }

  /** Stops timers; the transition under way finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel();
    await this.idle();
    await Promise.allSettled([...this.placements]);
  }

  private nowMs(): number {
    return this.deps.clock.now().getTime();
  }

  private enqueue(transition: Transition): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.stopped) return;
      try {
        await transition();
      } catch (error) {
        // The database or the operator away: the same step again shortly, nothing skipped.
        this.hooks.log.error({ err: error, tableId: this.tableId }, 'SPM table step failed');
        this.schedule(this.nowMs() + this.timing.retryMs, transition);
      }
    });
    this.chain = run;
    return run;
  }

  private schedule(atMs: number, transition: Transition): void {
    this.cancel();
    if (this.stopped) return;
    this.nextDueAtMs = atMs;
    this.cancelTimer = this.deps.clock.setTimer(atMs - this.nowMs(), () => {
      this.cancelTimer = undefined;
      this.nextDueAtMs = null;
      void this.enqueue(transition);
    });
  }

  private cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.nextDueAtMs = null;
  }

  private emit(): void {
    if (this.round) this.hooks.emit(this.tableId, publicRound(this.round));
  }

  private stateOf(row: SpmRoundRow): RoundState {
    const dealt = this.rules.deal({
      serverSeed: row.serverSeed,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
    });
    return {
      id: row.id,
      tableId: row.tableId,
      number: row.number,
      phase: row.phase,
      serverSeed: row.serverSeed,
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      bettingClosesAt: row.bettingClosesAt,
      dealt,
      revealed: row.phase === 'betting' ? 0 : dealt.steps.length,
    };
  }

  private async recover(): Promise<void> {
    const row = await latestRound(this.deps.db, this.tableId);
    this.results = await lastResults(this.deps.db, this.tableId, LAST_RESULTS);
    if (!row) return;
    this.round = this.stateOf(row);
    if (row.phase !== 'settled') await this.finishLeftRound(row);
  }

  /**
   * A round a stop (or crash) left unfinished. Its deal was fixed by the seeds before any
   * bet: it is finished as dealt, straight to settled, without the show.
   */
  private async finishLeftRound(row: SpmRoundRow): Promise<void> {
    this.hooks.log.info({ tableId: this.tableId, roundId: row.id }, 'finishing an SPM round');
    const round = this.stateOf(row);
    this.round = round;
    await this.finishBetting(round);
    round.revealed = round.dealt.steps.length;
    await this.settle(round);
  }

  private async openRound(): Promise<void> {
    // The back office may have disabled the table or changed its limits since the last round.
    const [game] = await loadSpmGames(this.deps.db, [this.tableId]);
    if (!game) {
      this.disabled = true;
      this.paused = true;
      return;
    }
    this.game = game;
    this.disabled = false;
    const previous = await latestRound(this.deps.db, this.tableId);
    // Never two open rounds: one left unfinished is finished first.
    if (previous && previous.phase !== 'settled') await this.finishLeftRound(previous);
    const number = (previous?.number ?? 0) + 1;
    const now = this.deps.clock.now();
    const serverSeed = newServerSeed();
    const row: SpmRoundRow = {
      id: `${this.tableId}-${number}`,
      tableId: this.tableId,
      number,
      phase: 'betting',
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed: tableClientSeed(this.tableId, now),
      nonce: number,
      bettingClosesAt: new Date(now.getTime() + this.bettingSeconds * 1000),
      outcome: null,
      resultCode: null,
      createdAt: now,
      settledAt: null,
    };
    await insertRound(this.deps.db, row);
    this.round = this.stateOf(row);
    this.emit();
    this.schedule(row.bettingClosesAt.getTime(), () => this.closeBetting());
  }

  private async closeBetting(): Promise<void> {
    const round = this.round;
    if (!round || round.phase === 'settled') return;
    await this.finishBetting(round);
    this.emit();
    this.schedule(this.nowMs() + this.timing.dealStepMs, () => this.revealStep());
  }

  /** No more bets: waits for those under way, refunds the unanswered ones, stores `dealing`. */
  private async finishBetting(round: RoundState): Promise<void> {
    round.phase = 'dealing';
    await Promise.allSettled([...this.placements]);
    await this.hooks.settlement.rollbackPending(this.tableId, round.id);
    await setRoundPhase(this.deps.db, round.id, 'dealing');
  }

  private async revealStep(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'dealing') return;
    if (round.revealed < round.dealt.steps.length) {
      round.revealed += 1;
      this.emit();
    }
    const next =
      round.revealed < round.dealt.steps.length
        ? () => this.revealStep()
        : () => this.settleShown();
    this.schedule(this.nowMs() + this.timing.dealStepMs, next);
  }

  private async settleShown(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'dealing') return;
    await this.settle(round);
    this.schedule(this.nowMs() + this.timing.settledPauseMs, () => this.afterPause());
  }

  /**
   * Writes every accepted bet's result and the round's outcome in one transaction, shows the
   * result, then sends the players' wins (retried in the background until answered).
   */
  private async settle(round: RoundState): Promise<void> {
    const { outcome } = round.dealt;
    const settledAt = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const accepted = (await betsOfRound(tx, round.id)).filter((b) => b.status === 'accepted');
      await markBetsResulted(tx, roundPayouts(this.rules, outcome, accepted));
      await markRoundSettled(tx, { roundId: round.id, outcome, settledAt });
    });
    round.phase = 'settled';
    round.revealed = round.dealt.steps.length;
    if (outcome.resultCode !== null) {
      this.results = [{ roundId: round.id, resultCode: outcome.resultCode }, ...this.results].slice(
        0,
        LAST_RESULTS,
      );
    }
    this.emit();
    this.hooks.settlement.payRound(this.tableId, round.id);
  }

  /** The next round, unless nobody watched the table lately: then it sleeps. */
  private async afterPause(): Promise<void> {
    const watched =
      this.nowMs() < this.watchedUntilMs ||
      (await this.hooks.hasWatchers(this.tableId).catch(() => true));
    if (!watched) {
      this.paused = true;
      return;
    }
    if (this.nowMs() >= this.watchedUntilMs) {
      this.watchedUntilMs = this.nowMs() + this.timing.idleMs;
    }
    await this.openRound();
  }
}
