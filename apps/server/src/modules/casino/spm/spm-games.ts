import { GAME_EVENTS, gameRoom, type SpmRound } from '@spm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SpmDeps, GameSession, ProviderWalletCaller } from './operator-wallet.ts';
import { AppError } from '../../../http/app-error.ts';
import type { RealtimeServer } from '../../../realtime/emitter.ts';
import { OperatorWallet } from './operator-wallet.ts';
import { publicRound } from './round-view.ts';
import { tableRoundsPage } from './round-history.ts';
import { placeBet, tableView, type PlaceBetBody, type SpmBetsContext } from './spm-bets.ts';
import { loadSpmGames } from './spm-repository.ts';
import { SpmSessions } from './spm-sessions.ts';
import { SpmSettlement } from './spm-settlement.ts';
import { SpmTableRunner, type SpmTiming } from './spm-table.ts';

/** A table nobody looked at for this long sleeps after its round (docs/decisions.md). */
export const SPM_IDLE_MS = 2 * 60_000;
const STEP_RETRY_MS = 2_000;

export interface SpmGamesOptions {
  deps: SpmDeps;
  caller: ProviderWalletCaller;
  io: RealtimeServer;
  log: FastifyBaseLogger;
  /** Replaces parts of the timing the config gives (tests). */
  timing?: Partial<SpmTiming>;
}

/**
 * SPM Games, the built-in provider: its tables (one runner per enabled game of provider
 * `spm`), the players' game sessions, and the money it owes the operator. `start` runs the
 * tables (main.ts; tests start the ones they use); until then every table call answers
 * GAME_NOT_FOUND.
 */
export class SpmGames {
  readonly wallet: OperatorWallet;
  readonly sessions: SpmSessions;
  readonly settlement: SpmSettlement;
  readonly timing: SpmTiming;
  private readonly tables = new Map<string, Promise<SpmTableRunner | undefined>>();
  private started = false;
  private stopped = false;
  private readonly deps: SpmDeps;
  private readonly io: RealtimeServer;
  private readonly log: FastifyBaseLogger;

  constructor(options: SpmGamesOptions) {
    this.deps = options.deps;
    this.io = options.io;
    this.log = options.log;
    const { spm } = options.deps.config;
    this.timing = {
      bettingSecondsOverride: spm.bettingSecondsOverride,
      dealStepMs: spm.dealStepMs,
      settledPauseMs: spm.settledPauseMs,
      idleMs: SPM_IDLE_MS,
      retryMs: STEP_RETRY_MS,
      ...options.timing,
    };
    this.wallet = new OperatorWallet(options.deps.db, options.caller);
    this.sessions = new SpmSessions(options.deps, this.wallet);
    this.settlement = new SpmSettlement(options.deps, this.wallet, this.sessions, options.log);
    this.betsContext = {
      deps: this.deps,
      wallet: this.wallet,
      owed: () => this.settlement.kick(),
      inFlight: new Map(),
    };
  }

  private readonly betsContext: SpmBetsContext;

  /**
   * Runs the enabled tables (or those of `tableIds`): each first finishes the round a stop
   * left, then sleeps until someone looks at it. Money still owed goes out in the background.
   */
  async start(options: { tableIds?: readonly string[] } = {}): Promise<void> {
    this.started = true;
    const games = await loadSpmGames(this.deps.db, options.tableIds);
    await Promise.all(games.map((game) => this.runnerFor(game.id, game)));
    void this.settlement.catchUp().catch((error: unknown) => {
      this.log.error({ err: error }, 'SPM owed callbacks pass failed');
    });
  }

  /** The running table; a table enabled since the start is started on first use. */
  async table(tableId: string): Promise<SpmTableRunner> {
    const runner = this.started && !this.stopped ? await this.runnerFor(tableId) : undefined;
    if (!runner) throw new AppError('GAME_NOT_FOUND');
    return runner;
  }

  /** Every table's queued transitions and the payments under way done (tests). */
  async idle(): Promise<void> {
    for (const runner of await this.runners()) await runner.idle();
    await this.settlement.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.settlement.stop();
    await Promise.all((await this.runners()).map((runner) => runner.stop()));
    await this.settlement.idle();
  }

  /** POST /api/casino/spm/session */
  async openSession(launchToken: string): Promise<GameSession> {
    const { session } = await this.sessions.open(launchToken);
    const table = await this.table(session.gameId);
    table.touch();
    return session;
  }

  /** The `x-spm-session` header's session at the table. */
  async session(
    tableId: string,
    token: string | undefined,
  ): Promise<{ session: GameSession; table: SpmTableRunner }> {
    const session = await this.sessions.resolve(token, tableId);
    return { session, table: await this.table(tableId) };
  }

  async view(tableId: string, token: string | undefined) {
    const { session, table } = await this.session(tableId, token);
    return tableView(this.betsContext, table, session);
  }

  /** The table's settled rounds, newest first, with the session player's bets in each. */
  async rounds(
    tableId: string,
    token: string | undefined,
    paging: { page: number; pageSize: number },
  ) {
    const { session, table } = await this.session(tableId, token);
    return tableRoundsPage(this.deps.db, {
      tableId,
      kind: table.game.kind,
      playerId: session.playerId,
      ...paging,
    });
  }

  async bet(tableId: string, token: string | undefined, body: PlaceBetBody) {
    const { session, table } = await this.session(tableId, token);
    return placeBet(this.betsContext, table, session, body);
  }

  /** A socket starts watching: the table wakes; answers its round (undefined: no such table). */
  async watch(tableId: string): Promise<SpmRound | undefined> {
    try {
      const table = await this.table(tableId);
      return publicRound(await table.ready());
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  private async runners(): Promise<SpmTableRunner[]> {
    return (await Promise.all(this.tables.values())).flatMap((runner) => runner ?? []);
  }

  private runnerFor(
    tableId: string,
    known?: Awaited<ReturnType<typeof loadSpmGames>>[number],
  ): Promise<SpmTableRunner | undefined> {
    const existing = this.tables.get(tableId);
    if (existing) return existing;
    const created = (async () => {
      const game = known ?? (await loadSpmGames(this.deps.db, [tableId]))[0];
      if (!game) return undefined;
      const runner = new SpmTableRunner(game, this.deps, this.timing, {
        emit: (id, round) =>
          this.io
            .to(gameRoom(id))
            .emit(GAME_EVENTS.round, { tableId: id, round, sentAt: Date.now() }),
        hasWatchers: async (id) => (await this.io.in(gameRoom(id)).fetchSockets()).length > 0,
        settlement: this.settlement,
        log: this.log,
      });
      await runner.start();
      return runner;
    })();
    this.tables.set(tableId, created);
    // An unknown id is not remembered: it may be a table enabled later.
    void created.then(
      (runner) => {
        if (!runner) this.tables.delete(tableId);
      },
      () => this.tables.delete(tableId),
    );
    return created;
  }
}
