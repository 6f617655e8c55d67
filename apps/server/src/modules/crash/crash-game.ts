import { randomBytes } from 'node:crypto';
import {
  CRASH_BETS_SUMMARY_EVERY_MS,
  CRASH_ROOM,
  CRASH_SERVER_EVENTS,
  type CrashBetAnswer,
  type CrashBetBody,
  type CrashBetEvent,
  type CrashBetsSummary,
  type CrashCashOutAnswer,
  type CrashRoundBets,
  type CrashRoundState,
  type CrashState,
  type CrashTick,
} from '@spm/contract';
import {
  commitSalt,
  crashPointFromHash,
  maskPlayerName,
  maxWinCashOutMultiplier,
  msToReachMultiplier,
  multiplierAtMs,
  paiseToPoints,
  pointsToPaise,
  settleCrashBet,
  type CrashSettings,
} from '@spm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketOwnership } from '../../cluster/market-ownership.ts';
import type { ResourceFence, ResourceKey } from '../../cluster/resource-lease.ts';
import { GroupCommitQueue, type Settled } from '../../db/group-commit.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { RealtimeServer } from '../../realtime/emitter.ts';
import { getWallet } from '../wallet/index.ts';
import { chainLink, ensureChain, readChain, type CrashChain } from './crash-chain.ts';
import {
  applyMoneyBatch,
  betMaxWinPaise,
  finishRound,
  gameTransaction,
  refundRound,
  type MoneyAnswer,
  type MoneyRequest,
  type MoneyService,
} from './crash-money.ts';
import {
  betsOfCrashRound,
  crashBetById,
  findBetsByClientIds,
  insertCrashRound,
  lastCrashPoints,
  latestCrashRound,
  markRoundFlying,
  readCrashSettings,
  type CrashBetRow,
  type CrashRoundRow,
} from './crash-repository.ts';
import { SlicedRoom } from '../../realtime/sliced-room.ts';
import { CRASH_ROOM_SLICES } from './crash-stream.ts';
import { TickSummaries } from './crash-tick-summaries.ts';
import {
  betsSummary,
  betView,
  latencyFigures,
  type BetFields,
  type CashOutLatency,
  multiplierOf,
  settingsView,
} from './crash-views.ts';

/*
 * The crash game's round loop (issue 43, docs/crash-game.md). One node flies the rounds: the
 * lone node, or the holder of the lease 'crash-game:main' when there are several; the others
 * forward bets and cash-outs to it (routes' `config.owner`) and read the rest from the
 * database. A round: betting (CRASH_BETTING_MS), flight (a tick every CRASH_TICK_MS; the
 * crash at msToReachMultiplier(crash point) of the server's elapsed time), crashed (a pause of
 * CRASH_PAUSE_MS), then the next. Transitions run one at a time, in order, on `deps.clock`
 * timers (tests drive a manual clock). Money goes through a group-commit queue; a phase
 * change waits for the money requests it admitted before it.
 */

/** The game's lease (resource-lease.ts): one round at a time across nodes. */
export const CRASH_GAME_KEY: ResourceKey = { kind: 'crash-game', id: 'main' };

/** The history strip's length. */
export const CRASH_HISTORY_LENGTH = 20;

/** Wait before a transition that failed (the database away) is tried again. */
const STEP_RETRY_MS = 1_000;
/** While paused (staff, or no chain yet), how often the settings are read again. */
const PAUSED_POLL_MS = 2_000;
const MONEY_BATCH_CAP = 200;
/**
 * Cash-outs have their own queue, two batches at once: a cash-out arriving while a batch
 * commits starts at once instead of waiting for it (the player is waiting on the curve).
 * Two batches touching one player's wallet row (both panels) queue on the row's lock, taken
 * in player order, so they cannot deadlock; a batch that fails is replayed request by request.
 */
const CASH_OUT_BATCHES_IN_FLIGHT = 2;
/** The clientBetId look-ups of bets arriving together: one statement for all of them. */
const LOOKUP_CAP = 500;

export interface CrashTiming {
  bettingMs: number;
  tickMs: number;
  pauseMs: number;
  chainLength: number;
}

/** The round in memory while this node flies it. */
interface LiveRound {
  row: CrashRoundRow;
  phase: 'betting' | 'closing' | 'flying' | 'crashing' | 'crashed';
  flightStartMs: number | null;
  crashAtMs: number | null;
  bets: Map<string, LiveBet>;
  players: Map<number, PlayerInRound>;
}

interface LiveBet {
  row: CrashBetRow;
  /** The cash-out under way or done (manual or automatic): a second one answers the same. */
  cashOut?: Promise<CrashCashOutAnswer>;
  withdrawal?: Promise<CrashBetAnswer>;
}

/** What a player holds in the round: their panels, stakes and what was paid (reserved early). */
interface PlayerInRound {
  /** Their bets of the round (withdrawn ones too): their own list in the state. */
  betIds: string[];
  panels: Set<number>;
  stakedPaise: bigint;
  paidPaise: bigint;
}

type Transition = () => Promise<void>;
type ClientBetKey = { playerId: number; clientBetId: string };

export interface CrashGameOptions {
  deps: ServiceDeps;
  io: RealtimeServer;
  log: FastifyBaseLogger;
  timing: CrashTiming;
  /** The node's lease ownership when there are several nodes (read when the game starts). */
  cluster: () => MarketOwnership | undefined;
  /** Called at each crash with the flight's manual cash-out acknowledgement times (/metrics). */
  publishLatency?: (roundId: number, figures: CashOutLatency) => void;
}

const newBetId = () => randomBytes(10).toString('hex');
/** A round's salt: 32 random bytes as 64 hex digits. */
const randomSalt = () => randomBytes(32).toString('hex');

/** A multiplier of the wire (2 decimals) in integer hundredths; null when it has more. */
function hundredthsOf(multiplier: number): number | null {
  const parsed = pointsToPaise(multiplier);
  return parsed.ok ? Number(parsed.paise) : null;
}

export class CrashGame {
  readonly timing: CrashTiming;
  /**
   * The salt of the next round (tests choose one to get a crash point they need; the game
   * draws a random one). Called with the round's hash and settings.
   */
  saltFor: (roundHash: string, settings: CrashSettings) => string = () => randomSalt();

  private readonly deps: ServiceDeps;
  /** The game's room, written a slice at a time (CRASH_ROOM_SLICES). */
  private readonly room: SlicedRoom;
  private readonly log: FastifyBaseLogger;
  private readonly clusterOf: () => MarketOwnership | undefined;
  private readonly publishLatency: NonNullable<CrashGameOptions['publishLatency']>;
  private readonly money: MoneyService;
  /** Bets and withdrawals (the betting window). */
  private readonly queue: GroupCommitQueue<MoneyRequest, MoneyAnswer>;
  /** Cash-outs, manual and automatic (the flight). */
  private readonly cashOutQueue: GroupCommitQueue<MoneyRequest, MoneyAnswer>;
  private readonly lookups: GroupCommitQueue<ClientBetKey, CrashBetRow | undefined>;
  /** The flight's manual cash-out acknowledgements (arrival → paid), in ms, for its log line. */
  private cashOutAckMs: number[] = [];
  /** The round's cash-out batches: each one's transaction time (ms). */
  private cashOutBatchMs: number[] = [];

  private chain: CrashChain | undefined;
  private round: LiveRound | undefined;
  private history: { roundId: number; crashPointHundredths: number }[] = [];
  private pausedNow = false;
  /** This node flies the rounds now. */
  private running = false;
  private started = false;
  private stopped = false;
  private transitions: Promise<void> = Promise.resolve();
  private cancelTimer: (() => void) | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly clientBets = new Map<string, Promise<CrashBetAnswer>>();
  private claimTimer: NodeJS.Timeout | undefined;
  private claiming = false;
  /** The round's summary as last counted (dropped at each bet change). */
  private summaryCache: { round: LiveRound; summary: CrashBetsSummary } | undefined;
  /** A bet changed since the room's last summary: the next one is due. */
  private summaryDue = false;
  private summaryTimer: NodeJS.Timeout | undefined;
  /** In flight: what of the summary each slice of the room gets on its ticks. */
  private readonly tickSummaries = new TickSummaries(CRASH_ROOM_SLICES);

  constructor(options: CrashGameOptions) {
    this.deps = options.deps;
    this.room = new SlicedRoom(options.io, CRASH_ROOM, CRASH_ROOM_SLICES, (error) =>
      this.log.error({ err: error }, 'crash room broadcast failed'),
    );
    this.log = options.log;
    this.timing = options.timing;
    this.clusterOf = options.cluster;
    this.publishLatency = options.publishLatency ?? (() => undefined);
    this.money = { deps: options.deps, fence: () => this.fence() };
    this.queue = new GroupCommitQueue((requests) => applyMoneyBatch(this.money, requests), {
      cap: MONEY_BATCH_CAP,
      maxInFlight: 1,
    });
    this.cashOutQueue = new GroupCommitQueue(
      async (requests) => {
        // The batch's own time (its transaction), beside each cash-out's arrived → paid: the
        // difference is the wait for a free batch and for the event loop.
        const startedAt = performance.now();
        try {
          return await applyMoneyBatch(this.money, requests);
        } finally {
          this.cashOutBatchMs.push(performance.now() - startedAt);
        }
      },
      { cap: MONEY_BATCH_CAP, maxInFlight: CASH_OUT_BATCHES_IN_FLIGHT },
    );
    this.lookups = new GroupCommitQueue((keys) => this.lookUpClientBets(keys), {
      cap: LOOKUP_CAP,
      maxInFlight: 1,
    });
  }

  // ------------------------------------------------------------------ start and stop

  /**
   * Runs the game: on a lone node at once (the chain built first if there is none, the round
   * a stop left recovered, then the loop); with several nodes, whenever this node holds the
   * game's lease (taken when rendezvous hashing names it or nobody holds it).
   */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    const cluster = this.clusterOf();
    if (!cluster) {
      await this.run();
      return;
    }
    this.claimTimer = setInterval(() => void this.claim(cluster), cluster.config.leaseMs / 3);
    this.claimTimer.unref();
    await this.claim(cluster);
  }

  /** Stops timers; the transition and the money under way finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.claimTimer);
    await this.halt();
    this.flushSummary();
  }

  /**
   * What a restart does (tests): stops flying and forgets everything in memory, then starts
   * again from the database, recovering the round under way.
   */
  async restart(): Promise<void> {
    await this.halt();
    this.started = false;
    this.stopped = false;
    await this.start();
  }

  /**
   * Resolves once every queued transition and money request ran and the room was written
   * (tests step with the clock).
   */
  async idle(): Promise<void> {
    for (;;) {
      const transitions = this.transitions;
      await transitions;
      await Promise.allSettled([...this.pending]);
      // And its broadcasts written: a step of a test's clock sees each tick reach the room.
      await this.room.written();
      if (transitions === this.transitions && this.pending.size === 0) return;
    }
  }

  /** The queues' counters (tests and the benchmark): batches run and requests carried. */
  get stats() {
    return {
      money: this.queue.stats,
      cashOuts: this.cashOutQueue.stats,
      lookups: this.lookups.stats,
    };
  }

  /** Whether this node flies the rounds now. */
  get flying(): boolean {
    return this.running;
  }

  /** The round in memory (tests read its crash point); undefined when not flying here. */
  get currentRound(): Readonly<CrashRoundRow> | undefined {
    return this.round?.row;
  }

  private async claim(cluster: MarketOwnership): Promise<void> {
    if (this.claiming || this.stopped) return;
    this.claiming = true;
    try {
      if (!cluster.holds(CRASH_GAME_KEY)) {
        if (this.running) await this.halt();
        // Taken here when this node is the one rendezvous hashing names, or nobody holds it.
        await cluster.routeResource(CRASH_GAME_KEY, false).catch(() => undefined);
      }
      if (cluster.holds(CRASH_GAME_KEY) && !this.running && !this.stopped) await this.run();
    } catch (error) {
      this.log.error({ err: error }, 'crash game lease step failed');
    } finally {
      this.claiming = false;
    }
  }

  private fence(): ResourceFence | undefined {
    const cluster = this.clusterOf();
    return cluster ? cluster.fenceOf(CRASH_GAME_KEY) : undefined;
  }

  private async run(): Promise<void> {
    this.running = true;
    this.transitions = Promise.resolve();
    await this.enqueue(() => this.recover());
  }

  private async halt(): Promise<void> {
    this.running = false;
    this.cancel();
    await this.idle().catch(() => undefined);
    this.round = undefined;
    this.pausedNow = false;
    this.clientBets.clear();
  }

  private nowMs(): number {
    return this.deps.clock.now().getTime();
  }

  private enqueue(transition: Transition): Promise<void> {
    const run = this.transitions.then(async () => {
      if (!this.running) return;
      try {
        await transition();
      } catch (error) {
        // Stopped under way (a shutdown, the lease lost): the next holder starts from the rows.
        if (!this.running) return;
        // The database away: the same step again shortly, nothing skipped.
        this.log.error({ err: error }, 'crash game step failed');
        this.schedule(this.nowMs() + STEP_RETRY_MS, transition);
      }
    });
    this.transitions = run;
    return run;
  }

  private schedule(atMs: number, transition: Transition): void {
    this.cancel();
    if (!this.running) return;
    this.cancelTimer = this.deps.clock.setTimer(atMs - this.nowMs(), () => {
      this.cancelTimer = undefined;
      void this.enqueue(transition);
    });
  }

  private cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** Runs a money request through its group-commit queue; phase changes wait for it. */
  private submit(request: MoneyRequest): Promise<MoneyAnswer> {
    const queue = request.kind === 'cashout' ? this.cashOutQueue : this.queue;
    const promise = queue.submit(request);
    this.pending.add(promise);
    const forget = () => this.pending.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  private async drainMoney(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  // ------------------------------------------------------------------ the loop

  /**
   * On start and on taking the lease over: the chain (built if there is none), then the
   * latest round: one that never flew is refunded, one in flight crashes at its committed
   * point (cash-outs already paid stay paid; auto targets it reached are paid), and the loop
   * goes on after the pause.
   */
  private async recover(): Promise<void> {
    this.chain = await ensureChain(
      this.deps.db,
      this.timing.chainLength,
      () => this.deps.clock.now(),
      // A stop does not wait for a million hashes: the next start builds again from the seed.
      () => !this.running,
    );
    this.history = await lastCrashPoints(this.deps.db, CRASH_HISTORY_LENGTH);
    const latest = await latestCrashRound(this.deps.db);
    if (latest && latest.phase !== 'crashed') {
      const at = this.deps.clock.now();
      const settled =
        latest.phase === 'betting'
          ? await refundRound(this.money, latest, at)
          : await finishRound(this.money, latest, at, 'crashed_on_recovery');
      this.log.warn(
        { roundId: latest.id, phase: latest.phase, bets: settled.length },
        latest.phase === 'betting'
          ? 'crash round refunded on recovery'
          : 'crash round crashed on recovery',
      );
      const ended = await latestCrashRound(this.deps.db);
      if (ended) {
        this.round = this.liveOf(ended, await betsOfCrashRound(this.deps.db, ended.id));
        if (ended.flightStartedAt !== null) this.remember(ended);
      }
      this.emitRound();
      this.betsChanged(settled, false);
      this.schedule(this.nowMs() + this.timing.pauseMs, () => this.openRound());
      return;
    }
    if (latest) this.round = this.liveOf(latest, await betsOfCrashRound(this.deps.db, latest.id));
    const resumeAt = latest?.crashedAt
      ? latest.crashedAt.getTime() + this.timing.pauseMs
      : this.nowMs();
    this.schedule(Math.max(resumeAt, this.nowMs()), () => this.openRound());
  }

  private liveOf(row: CrashRoundRow, bets: readonly CrashBetRow[]): LiveRound {
    const live: LiveRound = {
      row,
      phase: row.phase,
      flightStartMs: row.flightStartedAt?.getTime() ?? null,
      crashAtMs:
        row.flightStartedAt === null
          ? null
          : row.flightStartedAt.getTime() + msToReachMultiplier(row.crashPointHundredths),
      bets: new Map(),
      players: new Map(),
    };
    for (const bet of bets) {
      live.bets.set(bet.id, { row: bet });
      if (bet.status === 'refunded') continue;
      const player = this.playerIn(live, bet.playerId);
      player.betIds.push(bet.id);
      player.panels.add(bet.panel);
      player.stakedPaise += bet.stakePaise;
      player.paidPaise += bet.payoutPaise ?? 0n;
    }
    return live;
  }

  private playerIn(round: LiveRound, playerId: number): PlayerInRound {
    let player = round.players.get(playerId);
    if (!player) {
      player = { betIds: [], panels: new Set(), stakedPaise: 0n, paidPaise: 0n };
      round.players.set(playerId, player);
    }
    return player;
  }

  /**
   * A new round with the settings in force now: its link of the chain, a fresh salt committed
   * (its hash published with the round) before betting opens, the crash point fixed by both.
   */
  private async openRound(): Promise<void> {
    const settings = await readCrashSettings(this.deps.db);
    const chain = this.chain;
    const previous = await latestCrashRound(this.deps.db);
    const number = (previous?.id ?? 0) + 1;
    if (settings.paused || !chain || number > chain.length) {
      if (chain && number > chain.length) {
        this.log.error({ length: chain.length }, 'crash chain used up: no more rounds');
      }
      if (!this.pausedNow) {
        this.pausedNow = true;
        this.emitRound();
      }
      this.schedule(this.nowMs() + PAUSED_POLL_MS, () => this.openRound());
      return;
    }
    this.pausedNow = false;
    const hash = await chainLink(this.deps.db, chain, number);
    const crashSettings = {
      houseEdgeBasisPoints: settings.houseEdgeBasisPoints,
      maxMultiplierHundredths: settings.maxMultiplierHundredths,
    };
    const salt = this.saltFor(hash, crashSettings);
    const now = this.deps.clock.now();
    const row: CrashRoundRow = {
      id: number,
      chainId: chain.id,
      hash,
      salt,
      saltCommitment: commitSalt(salt),
      crashPointHundredths: crashPointFromHash(
        Object.assign({ roundHash: hash, salt }, crashSettings),
      ),
      houseEdgeBasisPoints: settings.houseEdgeBasisPoints,
      maxMultiplierHundredths: settings.maxMultiplierHundredths,
      minStakePaise: settings.minStakePaise,
      maxStakePerRoundPaise: settings.maxStakePerRoundPaise,
      maxReturnPaise: settings.maxReturnPaise,
      phase: 'betting',
      bettingEndsAt: new Date(now.getTime() + this.timing.bettingMs),
      flightStartedAt: null,
      crashedAt: null,
      incident: null,
      players: 0,
      totalStakePaise: 0n,
      totalPayoutPaise: 0n,
      createdAt: now,
    };
    await gameTransaction(this.money, (ctx) => insertCrashRound(ctx.tx, row));
    this.round = this.liveOf(row, []);
    this.clientBets.clear();
    this.emitRound();
    this.schedule(row.bettingEndsAt.getTime(), () => this.closeBetting());
  }

  /** No more bets: waits for those admitted, stores the take-off, and flies. */
  private async closeBetting(): Promise<void> {
    const round = this.round;
    if (!round || (round.phase !== 'betting' && round.phase !== 'closing')) return;
    round.phase = 'closing';
    const startMs = Math.max(this.nowMs(), round.row.bettingEndsAt.getTime());
    await this.drainMoney();
    const startedAt = new Date(startMs);
    await gameTransaction(this.money, (ctx) => markRoundFlying(ctx.tx, round.row.id, startedAt));
    round.row = Object.assign({}, round.row, {
      phase: 'flying' as const,
      flightStartedAt: startedAt,
    });
    round.flightStartMs = startMs;
    round.crashAtMs = startMs + msToReachMultiplier(round.row.crashPointHundredths);
    round.phase = 'flying';
    this.emitRound();
    await this.tick();
  }

  /** A tick of the flight: the multiplier to the room, the auto cash-outs it reached, or the crash. */
  private async tick(): Promise<void> {
    const round = this.round;
    // A crash step that failed is tried again through here (its retry re-enters the tick).
    if (round?.phase === 'crashing') {
      await this.crash();
      return;
    }
    if (!round || round.phase !== 'flying') return;
    const now = this.nowMs();
    if (now >= round.crashAtMs!) {
      await this.crash();
      return;
    }
    const elapsedMs = now - round.flightStartMs!;
    const multiplier = multiplierAtMs(elapsedMs);
    if (this.deps.realtime.mayReach(CRASH_ROOM)) {
      const tick: CrashTick = {
        roundId: String(round.row.id),
        elapsedMs,
        multiplier: multiplierOf(multiplier),
      };
      // Each slice gets what of the bets summary it has not had yet (crash-tick-summaries.ts).
      this.tickSummaries.update(this.takeSummary(), now, () => this.summaryOf(round));
      this.room.broadcast(
        (to, slice) => to.emit(CRASH_SERVER_EVENTS.tick, this.tickSummaries.tickFor(tick, slice)),
        'tick',
      );
    }
    this.autoCashOuts(round, multiplier);
    this.schedule(Math.min(now + this.timing.tickMs, round.crashAtMs!), () => this.tick());
  }

  /** Cashes out, at exactly their multiplier, the bets whose auto target or maximum win the flight reached. */
  private autoCashOuts(round: LiveRound, multiplier: number): void {
    for (const live of round.bets.values()) {
      if (live.row.status !== 'active' || live.cashOut) continue;
      const player = this.playerIn(round, live.row.playerId);
      const maxWinPaise = betMaxWinPaise(live.row, round.row.maxReturnPaise, player.paidPaise);
      const maxWinAt = maxWinCashOutMultiplier(live.row.stakePaise, maxWinPaise);
      const auto = live.row.autoCashOutHundredths;
      const at = auto !== null && auto < maxWinAt ? auto : maxWinAt;
      if (at > multiplier) continue;
      this.startCashOut(round, live, null, maxWinPaise).catch((error: unknown) =>
        this.log.error({ err: error, betId: live.row.id }, 'crash auto cash-out failed'),
      );
    }
  }

  /** The crash: cash-outs admitted before it are paid, the rest of the bets settle at the crash point. */
  private async crash(): Promise<void> {
    const round = this.round;
    if (!round || (round.phase !== 'flying' && round.phase !== 'crashing')) return;
    round.phase = 'crashing';
    await this.drainMoney();
    const at = new Date(round.crashAtMs!);
    const settled = await finishRound(this.money, round.row, at, null);
    for (const bet of settled) {
      const live = round.bets.get(bet.id);
      if (live) live.row = bet;
    }
    round.row = Object.assign({}, round.row, { phase: 'crashed' as const, crashedAt: at });
    round.phase = 'crashed';
    this.publishCashOutLatency(round.row.id);
    this.remember(round.row);
    this.emitRound();
    this.betsChanged(settled, false);
    // The pause counts from the crash instant, not from when this step ran.
    this.schedule(round.crashAtMs! + this.timing.pauseMs, () => this.openRound());
  }

  /**
   * The flight's manual cash-out acknowledgements (request arrived → paid, this node's wall
   * time) and its cash-out batches' transaction times, as one log line a round, `crash round
   * cash-outs`, for the operator and bench/crash.
   */
  private publishCashOutLatency(roundId: number): void {
    const figures = latencyFigures(this.cashOutAckMs, this.cashOutBatchMs);
    this.cashOutAckMs = [];
    this.cashOutBatchMs = [];
    this.log.info(Object.assign({ roundId }, figures), 'crash round cash-outs');
    this.publishLatency(roundId, figures);
  }

  private remember(row: CrashRoundRow): void {
    if (this.history[0]?.roundId === row.id) return;
    this.history = [
      { roundId: row.id, crashPointHundredths: row.crashPointHundredths },
      ...this.history,
    ].slice(0, CRASH_HISTORY_LENGTH);
  }

  // ------------------------------------------------------------------ players' requests

  /** Whether requests must go to this node's memory (it flies the rounds). */
  private checkRunning(): LiveRound | undefined {
    if (!this.running) throw new AppError('SERVICE_UNAVAILABLE');
    return this.round;
  }

  /**
   * A bet on the round in its betting window: checked against the round's settings and the
   * player's other bet in memory (reserved at once, so two requests cannot both pass), then
   * staked through the queue. A retry with the same clientBetId answers the bet placed.
   */
  async placeBet(
    player: { id: number; username: string },
    body: CrashBetBody,
  ): Promise<CrashBetAnswer> {
    const key = `${player.id}\u0000${body.clientBetId}`;
    const inFlight = this.clientBets.get(key);
    if (inFlight) return inFlight.then((answer) => this.sameBet(answer, body));
    const stored = await this.lookups.submit({
      playerId: player.id,
      clientBetId: body.clientBetId,
    });
    if (stored) return this.sameBet(await this.storedBetAnswer(stored), body);
    // The same bet sent twice at once: the second waits for the first's answer.
    const raced = this.clientBets.get(key);
    if (raced) return raced.then((answer) => this.sameBet(answer, body));

    const round = this.takingBets(body.roundId);
    const stake = pointsToPaise(body.stake);
    if (!stake.ok) throw new AppError('VALIDATION_FAILED');
    const auto = body.autoCashOut === null ? null : hundredthsOf(body.autoCashOut);
    if (body.autoCashOut !== null && auto === null) throw new AppError('VALIDATION_FAILED');
    const stakePaise = stake.paise;
    if (stakePaise < round.row.minStakePaise) throw new AppError('BET_OUTSIDE_LIMITS');
    const mine = this.playerIn(round, player.id);
    if (mine.panels.has(body.panel)) throw new AppError('CRASH_PANEL_TAKEN');
    if (mine.stakedPaise + stakePaise > round.row.maxStakePerRoundPaise) {
      throw new AppError('ROUND_LIMIT_REACHED');
    }
    mine.panels.add(body.panel);
    mine.stakedPaise += stakePaise;
    const bet: CrashBetRow = {
      id: newBetId(),
      roundId: round.row.id,
      playerId: player.id,
      playerLabel: maskPlayerName(player.username),
      panel: body.panel,
      stakePaise,
      autoCashOutHundredths: auto,
      clientBetId: body.clientBetId,
      status: 'active',
      cashOutHundredths: null,
      cashOutKind: null,
      payoutPaise: null,
      placedAt: this.deps.clock.now(),
      settledAt: null,
    };
    const placing = this.submit({ kind: 'bet', bet }).then(
      (answer) => {
        round.bets.set(bet.id, { row: bet });
        mine.betIds.push(bet.id);
        this.betsChanged([bet], false);
        return { bet: betView(bet, player.id), balance: paiseToPoints(answer.balancePaise) };
      },
      (error: unknown) => {
        mine.panels.delete(body.panel);
        mine.stakedPaise -= stakePaise;
        this.clientBets.delete(key);
        throw error;
      },
    );
    this.clientBets.set(key, placing);
    return placing;
  }

  /** The round `roundId` while its betting window is open; BETTING_CLOSED otherwise. */
  private takingBets(roundId: string): LiveRound {
    const round = this.checkRunning();
    if (
      !round ||
      String(round.row.id) !== roundId ||
      round.phase !== 'betting' ||
      this.nowMs() >= round.row.bettingEndsAt.getTime()
    ) {
      throw new AppError('BETTING_CLOSED');
    }
    return round;
  }

  /** The stored bets of clientBetIds asked together, each key's own (or undefined). */
  private async lookUpClientBets(
    keys: ClientBetKey[],
  ): Promise<Settled<CrashBetRow | undefined>[]> {
    const rows = await findBetsByClientIds(this.deps.db, keys);
    const byKey = new Map(rows.map((row) => [`${row.playerId}\u0000${row.clientBetId}`, row]));
    return keys.map((key) => ({
      ok: true,
      value: byKey.get(`${key.playerId}\u0000${key.clientBetId}`),
    }));
  }

  /** A retry's answer: the bet placed under its clientBetId, when the retry asks the same. */
  private sameBet(answer: CrashBetAnswer, body: CrashBetBody): CrashBetAnswer {
    const { bet } = answer;
    const same =
      bet.roundId === body.roundId &&
      bet.panel === body.panel &&
      bet.stake === body.stake &&
      bet.autoCashOut === body.autoCashOut;
    if (!same) throw new AppError('IDEMPOTENCY_MISMATCH');
    return answer;
  }

  private async storedBetAnswer(row: CrashBetRow): Promise<CrashBetAnswer> {
    const live = this.round?.bets.get(row.id)?.row ?? row;
    const wallet = await getWallet(this.deps.db, row.playerId);
    return { bet: betView(live, row.playerId), balance: wallet.balance };
  }

  /** The player's bet of the round in memory, or NOT_FOUND. */
  private async ownBet(
    playerId: number,
    betId: string,
  ): Promise<{ round: LiveRound; live: LiveBet } | { stored: CrashBetRow }> {
    const round = this.checkRunning();
    const live = round?.bets.get(betId);
    if (round && live && live.row.playerId === playerId) return { round, live };
    const stored = await crashBetById(this.deps.db, betId);
    if (!stored || stored.playerId !== playerId) throw new AppError('NOT_FOUND');
    return { stored };
  }

  /** Withdraws a bet in the betting window: its stake refunded (a wallet rollback). */
  async withdrawBet(playerId: number, betId: string): Promise<CrashBetAnswer> {
    const found = await this.ownBet(playerId, betId);
    if ('stored' in found) {
      if (found.stored.status === 'refunded') return this.storedBetAnswer(found.stored);
      throw new AppError('BETTING_CLOSED');
    }
    const { round, live } = found;
    if (live.withdrawal) return live.withdrawal;
    if (live.row.status === 'refunded') return this.storedBetAnswer(live.row);
    if (round.phase !== 'betting' || this.nowMs() >= round.row.bettingEndsAt.getTime()) {
      throw new AppError('BETTING_CLOSED');
    }
    const bet = live.row;
    const withdrawal = this.submit({ kind: 'withdraw', bet }).then(
      (answer) => {
        live.row = Object.assign({}, bet, { status: 'refunded' as const });
        const mine = this.playerIn(round, bet.playerId);
        mine.panels.delete(bet.panel);
        mine.stakedPaise -= bet.stakePaise;
        this.clientBets.delete(`${bet.playerId}\u0000${bet.clientBetId}`);
        this.betsChanged([live.row], true);
        return { bet: betView(live.row, playerId), balance: paiseToPoints(answer.balancePaise) };
      },
      (error: unknown) => {
        live.withdrawal = undefined;
        throw error;
      },
    );
    live.withdrawal = withdrawal;
    return withdrawal;
  }

  /**
   * Cashes a bet out at the multiplier of the server's time now (or at its auto target or
   * maximum win, if the flight reached one first): paid through the wallet before the
   * answer. At or after the crash: CRASH_ROUND_CRASHED. A second cash-out of the bet answers
   * the first one's result.
   */
  async cashOut(playerId: number, betId: string): Promise<CrashCashOutAnswer> {
    const startedAt = performance.now();
    const arrivedMs = this.nowMs();
    const found = await this.ownBet(playerId, betId);
    if ('stored' in found) return this.storedCashOut(found.stored);
    const { round, live } = found;
    if (live.cashOut) return live.cashOut;
    if (live.row.status !== 'active') return this.storedCashOut(live.row);
    if (round.phase === 'betting' || round.phase === 'closing') {
      throw new AppError('CRASH_NOT_FLYING');
    }
    if (round.phase !== 'flying' || arrivedMs >= round.crashAtMs!) {
      throw new AppError('CRASH_ROUND_CRASHED');
    }
    const multiplier = multiplierAtMs(arrivedMs - round.flightStartMs!);
    const player = this.playerIn(round, playerId);
    const maxWinPaise = betMaxWinPaise(live.row, round.row.maxReturnPaise, player.paidPaise);
    const answer = await this.startCashOut(round, live, multiplier, maxWinPaise);
    // Wall time, not the game clock: what the player waited (tests drive a manual clock).
    this.cashOutAckMs.push(performance.now() - startedAt);
    return answer;
  }

  private startCashOut(
    round: LiveRound,
    live: LiveBet,
    manualHundredths: number | null,
    maxWinPaise: bigint,
  ): Promise<CrashCashOutAnswer> {
    const settlement = settleCrashBet({
      stakePaise: live.row.stakePaise,
      autoCashOutHundredths: live.row.autoCashOutHundredths,
      manualCashOutHundredths: manualHundredths,
      crashPointHundredths: round.row.crashPointHundredths,
      maxWinPaise,
    });
    if (settlement.outcome === 'lost') return Promise.reject(new AppError('CRASH_ROUND_CRASHED'));
    const player = this.playerIn(round, live.row.playerId);
    player.paidPaise += settlement.payoutPaise;
    const bet = live.row;
    const cashOut = this.submit({ kind: 'cashout', bet, settlement }).then(
      (answer) => {
        live.row = Object.assign({}, bet, {
          status: 'cashed_out' as const,
          cashOutHundredths: settlement.multiplierHundredths,
          cashOutKind: settlement.by,
          payoutPaise: settlement.payoutPaise,
        });
        this.betsChanged([live.row], false);
        return {
          bet: betView(live.row, bet.playerId),
          multiplier: multiplierOf(settlement.multiplierHundredths),
          payout: paiseToPoints(settlement.payoutPaise),
          balance: paiseToPoints(answer.balancePaise),
        };
      },
      (error: unknown) => {
        // Nothing was paid: the bet is still in the flight, a new cash-out may be tried.
        player.paidPaise -= settlement.payoutPaise;
        live.cashOut = undefined;
        throw error;
      },
    );
    live.cashOut = cashOut;
    return cashOut;
  }

  /** A settled bet's cash-out answer: what was paid, or why nothing is. */
  private async storedCashOut(row: CrashBetRow): Promise<CrashCashOutAnswer> {
    if (row.status === 'cashed_out' && row.cashOutHundredths !== null) {
      const wallet = await getWallet(this.deps.db, row.playerId);
      return {
        bet: betView(row, row.playerId),
        multiplier: multiplierOf(row.cashOutHundredths),
        payout: paiseToPoints(row.payoutPaise ?? 0n),
        balance: wallet.balance,
      };
    }
    if (row.status === 'refunded') throw new AppError('NOT_FOUND');
    if (row.status === 'active') throw new AppError('CRASH_NOT_FLYING');
    throw new AppError('CRASH_ROUND_CRASHED');
  }

  // ------------------------------------------------------------------ views and events

  /** The round now as the room sees it (from memory: this node flies the rounds). */
  private roundState(round: LiveRound | undefined): CrashRoundState {
    const now = this.nowMs();
    if (!round) {
      return {
        roundId: '',
        phase: 'paused',
        saltCommitment: '',
        bettingEndsAt: null,
        flightStartedAt: null,
        elapsedMs: 0,
        multiplier: 1,
        crashPoint: null,
        hash: null,
        salt: null,
        serverTime: new Date(now).toISOString(),
      };
    }
    return roundStateOf(round.row, now, this.pausedNow);
  }

  private emitRound(): void {
    // The round's bets before its next phase (a crash after the cash-outs that beat it).
    this.flushSummary();
    const state = this.roundState(this.round);
    this.room.broadcast((to) => to.emit(CRASH_SERVER_EVENTS.round, state));
  }

  /**
   * Bets placed, cashed out, settled or withdrawn (`cancelled`): each to its player's own room
   * at once (one frame per player, their bets marked `mine`), and to the room as a summary
   * within CRASH_BETS_SUMMARY_EVERY_MS. The room never gets every bet: 7,500 bets to 5,000
   * sockets would be 37.5 million entries a betting window (bench/crash, docs/crash-bench.md).
   */
  private betsChanged(rows: readonly BetFields[], cancelled: boolean): void {
    if (rows.length === 0) return;
    const byPlayer = new Map<number, CrashBetEvent[]>();
    for (const row of rows) {
      const events = byPlayer.get(row.playerId) ?? [];
      events.push({ bet: betView(row, row.playerId), cancelled });
      byPlayer.set(row.playerId, events);
    }
    for (const [playerId, events] of byPlayer) {
      this.deps.realtime.emitToUser(playerId, CRASH_SERVER_EVENTS.mine, events);
    }
    this.summaryCache = undefined;
    this.summaryDue = true;
    // In flight the next tick carries it (tickMs apart); otherwise a frame of its own.
    if (this.round?.phase === 'flying') return;
    this.summaryTimer ??= setTimeout(() => this.flushSummary(), CRASH_BETS_SUMMARY_EVERY_MS);
  }

  /** The room's summary, if a bet changed since the last one. */
  private flushSummary(): void {
    const summary = this.takeSummary();
    if (!summary) return;
    // A newer summary counts every bet an older one did: the older may be dropped.
    this.room.broadcast((to) => to.emit(CRASH_SERVER_EVENTS.bets, summary), 'summary');
  }

  /** The summary due to the room (a bet changed since the last), or undefined. */
  private takeSummary(): CrashBetsSummary | undefined {
    clearTimeout(this.summaryTimer);
    this.summaryTimer = undefined;
    const round = this.round;
    if (!this.summaryDue || !round) return undefined;
    this.summaryDue = false;
    return this.summaryOf(round);
  }

  /** The round's bets in summary, counted again only after a change (joins read it too). */
  private summaryOf(round: LiveRound): CrashBetsSummary {
    const now = this.deps.clock.now();
    if (this.summaryCache?.round !== round) {
      // Counted straight off the round's map: no copy of 7,500 bets each time.
      const rows = (function* () {
        for (const live of round.bets.values()) yield live.row;
      })();
      this.summaryCache = { round, summary: betsSummary(String(round.row.id), rows, now) };
    }
    return Object.assign({}, this.summaryCache.summary, { at: now.toISOString() });
  }

  /**
   * Everything a screen needs to start (GET /api/crash/state, the join's ack): from memory on
   * the node that flies the rounds, else from the database.
   */
  async state(viewerId: number | null): Promise<CrashState> {
    if (this.running) {
      const round = this.round;
      const chain = this.chain;
      const settingsRow = round?.row ?? (await readCrashSettings(this.deps.db));
      const mine = round && viewerId !== null ? (round.players.get(viewerId)?.betIds ?? []) : [];
      return {
        round: this.roundState(round),
        summary: round ? this.summaryOf(round) : betsSummary('', [], this.deps.clock.now()),
        mine: mine.flatMap((id) => {
          const row = round?.bets.get(id)?.row;
          return row && row.status !== 'refunded' ? [betView(row, viewerId)] : [];
        }),
        history: this.history.map((entry) => ({
          roundId: String(entry.roundId),
          crashPoint: multiplierOf(entry.crashPointHundredths),
        })),
        settings: settingsView(settingsRow, this.timing, chain),
      };
    }
    return this.stateFromDatabase(viewerId);
  }

  /**
   * GET /api/crash/rounds/current/bets: the round now's bets a page at a time, in the order
   * they were taken (new ones come at the end), withdrawn ones left out: from memory on the
   * node that flies the rounds, else from the database.
   */
  async currentRoundBets(
    viewerId: number | null,
    query: { page: number; pageSize: number },
  ): Promise<CrashRoundBets> {
    let roundId: number;
    let rows: BetFields[];
    if (this.running) {
      const round = this.round;
      roundId = round?.row.id ?? 0;
      rows = round ? [...round.bets.values()].map((live) => live.row) : [];
    } else {
      const latest = await latestCrashRound(this.deps.db);
      roundId = latest?.id ?? 0;
      rows = latest ? await betsOfCrashRound(this.deps.db, latest.id) : [];
    }
    const kept = rows.filter((row) => row.status !== 'refunded');
    const from = (query.page - 1) * query.pageSize;
    return {
      roundId: roundId === 0 ? '' : String(roundId),
      items: kept.slice(from, from + query.pageSize).map((row) => betView(row, viewerId)),
      page: query.page,
      pageSize: query.pageSize,
      total: kept.length,
    };
  }

  private async stateFromDatabase(viewerId: number | null): Promise<CrashState> {
    const [latest, settings, chain, history] = await Promise.all([
      latestCrashRound(this.deps.db),
      readCrashSettings(this.deps.db),
      readChain(this.deps.db),
      lastCrashPoints(this.deps.db, CRASH_HISTORY_LENGTH),
    ]);
    const bets = latest ? await betsOfCrashRound(this.deps.db, latest.id) : [];
    const now = this.nowMs();
    return {
      round: latest
        ? roundStateOf(latest, now, settings.paused && latest.phase === 'crashed')
        : this.roundState(undefined),
      summary: betsSummary(latest ? String(latest.id) : '', bets, new Date(now)),
      mine: bets
        .filter((bet) => bet.playerId === viewerId && bet.status !== 'refunded')
        .map((bet) => betView(bet, viewerId)),
      history: history.map((entry) => ({
        roundId: String(entry.roundId),
        crashPoint: multiplierOf(entry.crashPointHundredths),
      })),
      settings: settingsView(latest ?? settings, this.timing, chain),
    };
  }
}

/**
 * A round as the room sees it at `nowMs`: the hash, salt and crash point only once crashed;
 * in flight the elapsed time and multiplier (never shown at or past the crash point, which a
 * reader from the database may reach before the owner writes the crash).
 */
export function roundStateOf(row: CrashRoundRow, nowMs: number, paused: boolean): CrashRoundState {
  const crashed = row.phase === 'crashed';
  let elapsedMs = 0;
  let multiplier = 100;
  if (row.flightStartedAt !== null) {
    const flightMs = msToReachMultiplier(row.crashPointHundredths);
    elapsedMs = crashed ? flightMs : Math.max(0, nowMs - row.flightStartedAt.getTime());
    if (!crashed && elapsedMs >= flightMs) elapsedMs = Math.max(0, flightMs - 1);
    multiplier = crashed ? row.crashPointHundredths : multiplierAtMs(elapsedMs);
  }
  return {
    roundId: String(row.id),
    phase: paused && crashed ? 'paused' : row.phase,
    saltCommitment: row.saltCommitment,
    bettingEndsAt: row.bettingEndsAt.toISOString(),
    flightStartedAt: row.flightStartedAt?.toISOString() ?? null,
    elapsedMs,
    multiplier: multiplierOf(multiplier),
    crashPoint: crashed ? multiplierOf(row.crashPointHundredths) : null,
    hash: crashed ? row.hash : null,
    salt: crashed ? row.salt : null,
    serverTime: new Date(nowMs).toISOString(),
  };
}
