// What bench/crash's processes tell each other over their IPC channels.

/** One load player: their id (for the checks) and their session token. */
export interface LoadPlayer {
  playerId: number;
  token: string;
}

/** Parent → player process: whom to connect and which rounds to play. */
export interface PlayerPlan {
  kind: 'plan';
  /** Where bets and cash-outs go (the node that flies the rounds). */
  baseUrl: string;
  /** Where the sockets connect: baseUrl, or the socket node (CRASH_BENCH_SOCKET_NODE=on). */
  socketUrl: string;
  players: LoadPlayer[];
  /** Keep-alive HTTP connections this process sends bets and cash-outs on. */
  connections: number;
  connectsPerSecond: number;
}

/** Parent → player process: play these rounds (ids are consecutive: chain link numbers). */
export interface PlayRounds {
  kind: 'play';
  firstRoundId: number;
  /** Played but not in the latency figures: the server's and the clients' warm-up. */
  warmUpRounds: number;
  measuredRounds: number;
}

export type ToPlayerProcess = PlayerPlan | PlayRounds;

/** Player process → parent once every socket is connected and in the game room (or gave up). */
export interface PlayersReady {
  kind: 'ready';
  connected: number;
  failed: number;
  firstError: string | null;
}

/** A bet as its player last heard of it in their own room (`crash:mine`), for the checks. */
export interface MineSeen {
  betId: string;
  status: string;
  payout: number | null;
}

/** A cash-out the server acknowledged with a payout, for the checks. */
export interface AckedCashOut {
  betId: string;
  payout: number;
}

/** One measured round as one process saw it. */
export interface RoundSeen {
  roundId: number;
  /** Cash-out request written → answer read, in ms (every answer, paid or refused). */
  cashOutMs: number[];
  /** Bet answers of the round by outcome (`accepted` or the error code). */
  bets: Record<string, number>;
}

/** Player process → parent when its last round crashed and its requests are answered. */
export interface PlayersReport {
  kind: 'result';
  rounds: RoundSeen[];
  /** Tick delivery latency histogram of the measured rounds, as `sparse` pairs (fanout's). */
  tickBuckets: number[];
  ticks: number;
  /** Ticks read before the instant they carry (clock granularity), counted as 0. */
  negativeTicks: number;
  /** Bet answers by outcome (`accepted` or the error code), every round played. */
  bets: Record<string, number>;
  betMs: number[];
  /** Ms bets and cash-outs waited for a free connection of the pool (every round played). */
  waitedMs: number[];
  /** Cash-out answers by outcome (`paid` or the error code), every round played. */
  cashOuts: Record<string, number>;
  /** Manual targets the flight never reached (the round crashed first): nothing sent. */
  targetsNotReached: number;
  /** Bets this process placed, every round played (ids from the answers). */
  betIds: string[];
  acked: AckedCashOut[];
  /** Every bet the players heard of in their own rooms, as last heard (every round played). */
  mine: MineSeen[];
  disconnects: number;
  /** CPU this process used during the measured rounds, in ms (user and system). */
  cpuMs: number;
  /** This process's event-loop delay p99 over the measured rounds (ms): how late it read. */
  eventLoopDelayP99Ms: number;
}

export type FromPlayerProcess = PlayersReady | PlayersReport;
