// One player process of bench/crash: its share of the load players, each with a socket in the
// crash game's room (fanout's protocol client: socket.io's own client would cost more CPU
// than the server spends) and a bet and cash-out sent over a pool of keep-alive HTTP
// connections. Each round it is told to play, every player bets on panel 0 (half of them on
// panel 1 too) in the betting window, a quarter of the bets with an auto cash-out, the rest
// with a target the player cashes out at by hand: the request leaves when the flight reaches
// the target (flight start from the round event + the curve's time to the target). Each socket
// hears its own bets' changes in its player's room (`crash:mine`), kept for the checks; the
// room's summary of the bets (`crash:bets`) is the parent's to check (index.ts).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  CRASH_CLIENT_EVENTS,
  CRASH_SERVER_EVENTS,
  REALTIME_PATH,
  type CrashBetAnswer,
  type CrashBetEvent,
  type CrashCashOutAnswer,
  type CrashJoinAck,
  type CrashRoundState,
  type CrashTick,
} from '@spm/contract';
import { msToReachMultiplier } from '@spm/core';
import { ProtocolClient } from '../fanout/protocol-client.ts';
import { BUCKET_MS, BUCKETS, sparse } from '../fanout/protocol.ts';
import { RawHttpConnection } from '../support/raw-http.ts';
import type {
  AckedCashOut,
  FromPlayerProcess,
  MineSeen,
  PlayerPlan,
  PlayersReady,
  PlayRounds,
  RoundSeen,
  ToPlayerProcess,
} from './protocol.ts';

/** Handshakes waiting for their join ack at most: each reads the session from the database. */
const MAX_CONNECTING = 40;
const CONNECT_TIMEOUT_MS = 60_000;
/** Bets leave within this much of the window's opening (the window is 6 s). */
const BET_SPREAD_MS = 3_000;
/** Share of bets with an auto cash-out, and of players with a second panel. */
const AUTO_SHARE = 0.25;
const SECOND_PANEL_SHARE = 0.5;

/** After the last crash, how long the players wait to hear their bets settled in their rooms. */
const SETTLED_WAIT_MS = 5_000;

/** A bet still waiting for a connection when its betting window closed. */
const NOT_SENT = 'not sent (window closed while waiting for a connection)';

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromPlayerProcess) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

interface Envelope<T> {
  data: T;
  error: boolean;
  errorCode?: string;
}

/** A target multiplier (2 decimals): 1.01 plus an exponential of mean 1, at most 20. */
function randomTarget(): number {
  const target = 1.01 + -Math.log(1 - Math.random());
  return Math.min(20, Math.round(target * 100) / 100);
}

/** A queue over a pool of keep-alive connections: a request waits for a free connection. */
class HttpPool {
  private readonly free: RawHttpConnection[];
  private readonly waiting: ((connection: RawHttpConnection) => void)[] = [];

  constructor(baseUrl: string, size: number) {
    const url = new URL(baseUrl);
    this.free = Array.from(
      { length: size },
      () => new RawHttpConnection(url.hostname, Number(url.port)),
    );
  }

  /** Ms each request waited for a free connection (not in its latency). */
  readonly waitedMs: number[] = [];

  /** Answers the envelope and the ms from the request's write to its answer. */
  async post<T>(
    path: string,
    token: string,
    body: unknown,
    /** Epoch ms after which the request is no longer sent (a bet once its window closed). */
    sendBefore = Number.POSITIVE_INFINITY,
  ): Promise<[Envelope<T>, number]> {
    const dueAt = now();
    const connection =
      this.free.pop() ?? (await new Promise<RawHttpConnection>((r) => this.waiting.push(r)));
    try {
      if (Date.now() >= sendBefore) {
        // A player's screen sends no bet once the window shut: not sent, not timed.
        return [{ data: null as T, error: true, errorCode: NOT_SENT }, 0];
      }
      const sentAt = now();
      this.waitedMs.push(sentAt - dueAt);
      const answer = await connection.post(path, { authorization: token }, JSON.stringify(body));
      const tookMs = now() - sentAt;
      try {
        return [JSON.parse(answer.body) as Envelope<T>, tookMs];
      } catch {
        return [{ data: null as T, error: true, errorCode: `http ${answer.status}` }, tookMs];
      }
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.free.push(connection);
    }
  }

  close(): void {
    for (const connection of this.free) connection.close();
  }
}

async function connectAll(plan: PlayerPlan, sockets: ProtocolClient[]): Promise<PlayersReady> {
  let connected = 0;
  let failed = 0;
  let firstError: string | null = null;
  let next = 0;
  let connecting = 0;
  const gapMs = 1000 / plan.connectsPerSecond;
  return new Promise((resolve) => {
    const settle = (error?: string) => {
      connecting -= 1;
      if (error === undefined) connected += 1;
      else {
        failed += 1;
        firstError ??= error;
      }
      if (connected + failed === plan.players.length) {
        resolve({ kind: 'ready', connected, failed, firstError });
      }
    };
    const open = (i: number) => {
      connecting += 1;
      const socket = new ProtocolClient(plan.socketUrl, REALTIME_PATH, {
        token: plan.players[i]!.token,
      });
      sockets[i] = socket;
      socket.once('connect_error', (error) => settle((error as Error).message));
      socket.once('connect', () => {
        socket.emitWithAck(CRASH_CLIENT_EVENTS.join, {}, CONNECT_TIMEOUT_MS).then(
          (ack) => {
            const answer = ack as CrashJoinAck;
            settle('errorCode' in answer ? `join: ${answer.errorCode}` : undefined);
          },
          (error: Error) => settle(`join: ${error.message}`),
        );
      });
    };
    const ramp = () => {
      while (next < plan.players.length && connecting < MAX_CONNECTING) {
        open(next);
        next += 1;
        if (gapMs >= 1) break;
      }
      if (next < plan.players.length) setTimeout(ramp, Math.max(1, gapMs));
    };
    if (plan.players.length === 0) resolve({ kind: 'ready', connected, failed, firstError });
    else ramp();
  });
}

async function play(plan: PlayerPlan, sockets: ProtocolClient[], rounds: PlayRounds) {
  const pool = new HttpPool(plan.baseUrl, plan.connections);
  const total = rounds.warmUpRounds + rounds.measuredRounds;
  const lastRoundId = rounds.firstRoundId + total - 1;
  const firstMeasured = rounds.firstRoundId + rounds.warmUpRounds;
  const measured = (roundId: number) => roundId >= firstMeasured && roundId <= lastRoundId;
  const flightStart = new Map<number, number>();
  const seen = new Map<number, RoundSeen>();
  const betting = new Set<number>();
  const crashed = new Set<number>();
  const tickBuckets = new Uint32Array(BUCKETS);
  let ticks = 0;
  let negativeTicks = 0;
  const bets: Record<string, number> = {};
  const cashOuts: Record<string, number> = {};
  const betMs: number[] = [];
  const betIds: string[] = [];
  const acked: AckedCashOut[] = [];
  /** Each bet as last heard in its player's own room. */
  const mine = new Map<string, MineSeen>();
  let targetsNotReached = 0;
  let disconnects = 0;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  /** Manual targets per round: bet id, token, target. */
  const manual = new Map<number, { betId: string; token: string; target: number }[]>();
  const timers = new Map<number, NodeJS.Timeout[]>();
  const inFlight = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };
  const count = (into: Record<string, number>, what: string) =>
    (into[what] = (into[what] ?? 0) + 1);
  const loop = monitorEventLoopDelay();
  loop.enable();

  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const placeBets = (round: CrashRoundState) => {
    const roundId = Number(round.roundId);
    const closesAt = Date.parse(round.bettingEndsAt!);
    const windowMs = closesAt - Date.now();
    const spreadMs = Math.max(0, Math.min(BET_SPREAD_MS, windowMs - 1_500));
    const list: { betId: string; token: string; target: number }[] = [];
    manual.set(roundId, list);
    plan.players.forEach((player, i) => {
      const panels = Math.random() < SECOND_PANEL_SHARE ? [0, 1] : [0];
      for (const panel of panels) {
        const target = randomTarget();
        const auto = Math.random() < AUTO_SHARE;
        const body = {
          roundId: round.roundId,
          panel,
          stake: 10 + Math.floor(Math.random() * 191),
          autoCashOut: auto ? Math.max(1.01, target) : null,
          clientBetId: `b${process.pid}-${roundId}-${i}-${panel}`,
        };
        setTimeout(
          () =>
            track(
              pool.post<CrashBetAnswer>('/api/crash/bets', player.token, body, closesAt).then(
                ([answer, tookMs]) => {
                  if (answer.errorCode !== NOT_SENT) betMs.push(tookMs);
                  const inRound = seen.get(roundId)?.bets ?? {};
                  if (answer.error) {
                    count(bets, answer.errorCode ?? 'error');
                    count(inRound, answer.errorCode ?? 'error');
                    return;
                  }
                  count(bets, 'accepted');
                  count(inRound, 'accepted');
                  betIds.push(answer.data.bet.id);
                  if (auto) return;
                  const entry = { betId: answer.data.bet.id, token: player.token, target };
                  list.push(entry);
                  // An answer read after the take-off event (another connection) is armed now.
                  const startMs = flightStart.get(roundId);
                  if (startMs !== undefined && !crashed.has(roundId)) arm(roundId, startMs, entry);
                },
                (error: Error) => count(bets, `failed ${error.message}`),
              ),
            ),
          Math.random() * spreadMs,
        );
      }
    });
  };

  const cashOut = (roundId: number, betId: string, token: string) =>
    track(
      pool.post<CrashCashOutAnswer>(`/api/crash/bets/${betId}/cashout`, token, {}).then(
        ([answer, tookMs]) => {
          if (measured(roundId)) seen.get(roundId)!.cashOutMs.push(tookMs);
          if (answer.error) count(cashOuts, answer.errorCode ?? 'error');
          else {
            count(cashOuts, 'paid');
            acked.push({ betId, payout: answer.data.payout });
          }
        },
        (error: Error) => count(cashOuts, `failed ${error.message}`),
      ),
    );

  const arm = (
    roundId: number,
    startMs: number,
    { betId, token, target }: { betId: string; token: string; target: number },
  ) => {
    const list = timers.get(roundId) ?? [];
    timers.set(roundId, list);
    list.push(
      setTimeout(
        () => cashOut(roundId, betId, token),
        startMs + msToReachMultiplier(Math.round(target * 100)) - Date.now(),
      ),
    );
  };

  const fly = (roundId: number, startMs: number) => {
    for (const entry of manual.get(roundId) ?? []) arm(roundId, startMs, entry);
  };

  const crash = async (round: CrashRoundState) => {
    const roundId = Number(round.roundId);
    const reachedMs = msToReachMultiplier(Math.round((round.crashPoint ?? 1) * 100));
    for (const timer of timers.get(roundId) ?? []) clearTimeout(timer);
    for (const { target } of manual.get(roundId) ?? []) {
      if (msToReachMultiplier(Math.round(target * 100)) >= reachedMs) targetsNotReached += 1;
    }
    if (roundId !== lastRoundId) return;
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    // The crash's settlements reach each player's room right after the round event: wait
    // until every bet placed was heard of and none is still flying (or give up and report).
    const heardAll = () =>
      betIds.every((id) => mine.has(id)) &&
      [...mine.values()].every((seen) => seen.status !== 'active');
    for (const until = Date.now() + SETTLED_WAIT_MS; !heardAll() && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    finish();
  };

  const onRound = (round: CrashRoundState) => {
    const roundId = Number(round.roundId);
    if (roundId < rounds.firstRoundId || roundId > lastRoundId) return;
    if (round.phase === 'betting' && !betting.has(roundId)) {
      betting.add(roundId);
      if (roundId === firstMeasured) {
        cpuAtStart = process.cpuUsage();
        loop.reset();
      }
      if (measured(roundId)) seen.set(roundId, { roundId, cashOutMs: [], bets: {} });
      placeBets(round);
    } else if (round.phase === 'flying' && !flightStart.has(roundId)) {
      const startMs = Date.parse(round.flightStartedAt!);
      flightStart.set(roundId, startMs);
      fly(roundId, startMs);
    } else if (round.phase === 'crashed' && !crashed.has(roundId)) {
      crashed.add(roundId);
      void crash(round);
    }
  };

  const onTick = (tick: CrashTick) => {
    const at = now();
    const roundId = Number(tick.roundId);
    if (!measured(roundId)) return;
    const startMs = flightStart.get(roundId);
    if (startMs === undefined) return;
    // The tick carries no server time: the instant it stands for is the flight's start (the
    // round event's flightStartedAt) plus its elapsedMs, both read off the server's clock.
    let latency = at - (startMs + tick.elapsedMs);
    if (latency < 0) {
      negativeTicks += 1;
      latency = 0;
    }
    tickBuckets[Math.min(BUCKETS - 1, Math.floor(latency / BUCKET_MS))]! += 1;
    ticks += 1;
  };

  for (const socket of sockets) {
    socket.on(CRASH_SERVER_EVENTS.round, (round) => onRound(round as CrashRoundState));
    socket.on(CRASH_SERVER_EVENTS.tick, (tick) => onTick(tick as CrashTick));
    socket.on(CRASH_SERVER_EVENTS.mine, (events) => {
      for (const { bet } of events as CrashBetEvent[]) {
        mine.set(bet.id, { betId: bet.id, status: bet.status, payout: bet.payout });
      }
    });
    socket.on('disconnect', () => (disconnects += 1));
  }
  await finished;
  const cpu = process.cpuUsage(cpuAtStart);
  pool.close();
  await send({
    kind: 'result',
    rounds: [...seen.values()],
    tickBuckets: sparse(tickBuckets),
    ticks,
    negativeTicks,
    bets,
    betMs,
    waitedMs: pool.waitedMs,
    cashOuts,
    targetsNotReached,
    betIds,
    acked,
    mine: [...mine.values()],
    disconnects,
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopDelayP99Ms: loop.percentile(99) / 1e6,
  });
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}

let plan: PlayerPlan | undefined;
const sockets: ProtocolClient[] = [];
process.on('message', (message: ToPlayerProcess) => {
  if (message.kind === 'plan') {
    plan = message;
    void connectAll(message, sockets).then(send);
  } else if (message.kind === 'play') {
    void play(plan!, sockets, message);
  }
});
