import type { ProviderAnswer } from '@spm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SpmDeps, GameSession, OperatorWallet } from './operator-wallet.ts';
import type { SpmSessions } from './spm-sessions.ts';
import {
  betsOfRound,
  markWinAnswered,
  moveBetStatus,
  outstandingBets,
  rollbackTransactionId,
  winTransactionId,
  type SpmBetRow,
} from './spm-repository.ts';

/** The first wait before owed callbacks are tried again; doubled per failed pass up to the max. */
export const CALLBACK_RETRY_MS = 2_000;
const CALLBACK_RETRY_MAX_MS = 60_000;

/** One player's bets of one round that still owe the operator a callback. */
interface PlayerRound {
  tableId: string;
  roundId: string;
  playerId: number;
  bets: SpmBetRow[];
}

class CallbackRefused extends Error {
  override readonly name = 'CallbackRefused';
  constructor(
    readonly operation: string,
    readonly answer: ProviderAnswer,
  ) {
    super(`${operation} answered ${answer.status}`);
  }
}

/**
 * The round's money at the operator once the table settled it: per player, first the
 * rollback of every bet whose `bet` callback got no answer, then ONE `win` with the sum of
 * the player's returns (0 when all lost: it closes the round). A callback without an answer
 * is sent again under the same transaction id until the operator answers (a replay answers
 * the first result). Rollbacks go before the win: the operator refuses a rollback once the
 * round's win closed it. Whatever is still owed (no answer, or the player's session not known
 * since a restart) is retried by a background pass, and at once when the player is back.
 */
export class SpmSettlement {
  private readonly busy = new Set<string>();
  private cancelRetry: (() => void) | undefined;
  private retryMs = CALLBACK_RETRY_MS;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  private readonly payments = new Set<Promise<void>>();

  constructor(
    private readonly deps: SpmDeps,
    private readonly wallet: OperatorWallet,
    private readonly sessions: SpmSessions,
    private readonly log: FastifyBaseLogger,
  ) {
    sessions.onToken = () => this.retrySoon(0);
  }

  /**
   * Before the round is dealt: rolls back its bets whose `bet` callback got no answer. One
   * still pending afterwards is retried before the player's win.
   */
  async rollbackPending(tableId: string, roundId: string): Promise<void> {
    const pending = (await betsOfRound(this.deps.db, roundId)).filter(
      (bet) => bet.status === 'pending',
    );
    for (const bet of pending) {
      const session = await this.sessions.forCallbacks(bet.playerId, tableId, [bet.sessionToken]);
      try {
        if (session) await this.rollback(session, bet);
      } catch (error) {
        this.log.warn({ err: error, betId: bet.id }, 'SPM rollback not answered; retried later');
      }
    }
  }

  /** After the round settled: every player's callbacks, now; what fails is retried later. */
  payRound(tableId: string, roundId: string): void {
    const payment = this.payNow(tableId, roundId).catch((error: unknown) => {
      this.log.error({ err: error, roundId }, 'SPM round payment failed; retried later');
      this.retrySoon(this.retryMs);
    });
    this.payments.add(payment);
    void payment.finally(() => this.payments.delete(payment));
  }

  private async payNow(tableId: string, roundId: string): Promise<void> {
    const byPlayer = new Map<number, SpmBetRow[]>();
    for (const bet of await betsOfRound(this.deps.db, roundId)) {
      if (bet.status === 'pending' || (bet.winTransactionId === null && isResulted(bet))) {
        byPlayer.set(bet.playerId, [...(byPlayer.get(bet.playerId) ?? []), bet]);
      }
    }
    let owed = false;
    for (const [playerId, bets] of byPlayer) {
      if (!(await this.settlePlayer({ tableId, roundId, playerId, bets }))) owed = true;
    }
    if (owed) this.retrySoon(this.retryMs);
  }

  /** One pass over everything still owed (boot, and after a failure). Answers whether all went. */
  catchUp(): Promise<boolean> {
    const pass = this.running.then(() => this.pass());
    this.running = pass.then(
      () => undefined,
      () => undefined,
    );
    return pass;
  }

  /** Waits for the payments and the pass under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.payments.size > 0) await Promise.allSettled([...this.payments]);
    await this.running;
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
  }

  private async pass(): Promise<boolean> {
    const groups = new Map<string, PlayerRound>();
    for (const { bet, tableId } of await outstandingBets(this.deps.db)) {
      const key = `${bet.roundId}:${bet.playerId}`;
      const group = groups.get(key) ?? {
        tableId,
        roundId: bet.roundId,
        playerId: bet.playerId,
        bets: [],
      };
      group.bets.push(bet);
      groups.set(key, group);
    }
    let allDone = true;
    for (const group of groups.values()) {
      if (this.stopped) return false;
      if (!(await this.settlePlayer(group))) allDone = false;
    }
    if (allDone) {
      this.retryMs = CALLBACK_RETRY_MS;
    } else {
      this.retryMs = Math.min(this.retryMs * 2, CALLBACK_RETRY_MAX_MS);
      this.retrySoon(this.retryMs);
    }
    return allDone;
  }

  /** Something is owed again (a bet handed to the rollback path): a pass soon. */
  kick(): void {
    this.retrySoon(0);
  }

  private retrySoon(delayMs: number): void {
    if (this.stopped) return;
    if (this.cancelRetry && delayMs > 0) return;
    this.cancelRetry?.();
    this.cancelRetry = this.deps.clock.setTimer(delayMs, () => {
      this.cancelRetry = undefined;
      void this.catchUp().catch((error: unknown) => {
        this.log.error({ err: error }, 'SPM callback pass failed');
      });
    });
  }

  /** One player's owed callbacks of one round; true when nothing is owed any more. */
  private async settlePlayer(group: PlayerRound): Promise<boolean> {
    const key = `${group.roundId}:${group.playerId}`;
    if (this.busy.has(key)) return false;
    const session = await this.sessions.forCallbacks(
      group.playerId,
      group.tableId,
      group.bets.map((bet) => bet.sessionToken),
    );
    if (!session) return false;
    this.busy.add(key);
    try {
      for (const bet of group.bets) {
        if (bet.status === 'pending') await this.rollback(session, bet);
      }
      const resulted = group.bets.filter((bet) => isResulted(bet) && bet.winTransactionId === null);
      if (resulted.length > 0) {
        const transactionId = winTransactionId(group.roundId, group.playerId);
        const amountPaise = resulted.reduce((sum, bet) => sum + (bet.payoutPaise ?? 0n), 0n);
        const answer = await this.wallet.win(session, {
          transactionId,
          roundId: group.roundId,
          amountPaise,
        });
        if (answer.status !== 'RS_OK') throw new CallbackRefused('win', answer);
        await markWinAnswered(this.deps.db, {
          roundId: group.roundId,
          playerId: group.playerId,
          transactionId,
        });
      }
      return true;
    } catch (error) {
      const level = error instanceof CallbackRefused ? 'error' : 'warn';
      this.log[level](
        { err: error, roundId: group.roundId, playerId: group.playerId },
        'SPM callback not done; retried later',
      );
      return false;
    } finally {
      this.busy.delete(key);
    }
  }

  /** Refunds a bet whose `bet` callback got no answer (the operator may or may not have it). */
  private async rollback(session: GameSession, bet: SpmBetRow): Promise<void> {
    const answer = await this.wallet.rollback(session, {
      transactionId: rollbackTransactionId(bet.id),
      roundId: bet.roundId,
      referenceTransactionId: bet.betTransactionId,
    });
    if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') {
      await moveBetStatus(this.deps.db, bet.id, 'pending', 'refunded');
      bet.status = 'refunded';
    } else if (answer.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST') {
      // The bet never reached the wallet; the operator keeps the rollback, so a late copy of
      // the bet is refused there.
      await moveBetStatus(this.deps.db, bet.id, 'pending', 'refused');
      bet.status = 'refused';
    } else {
      throw new CallbackRefused('rollback', answer);
    }
  }
}

const isResulted = (bet: SpmBetRow) => bet.status === 'won' || bet.status === 'lost';
