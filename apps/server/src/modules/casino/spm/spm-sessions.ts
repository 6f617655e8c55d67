import { SPM_PROVIDER_ID, type ProviderAnswer } from '@spm/contract';
import { AppError } from '../../../http/app-error.ts';
import { hashToken } from '../../../security/tokens.ts';
import type { SpmDeps, GameSession, OperatorWallet } from './operator-wallet.ts';
import { OperatorUnanswered } from './operator-wallet.ts';
import { findSessionByToken } from '../provider-wallet-repository.ts';

/**
 * The app's error for an operator refusal SPM Games passes on to the player: the game's own
 * minimum and maximum (BET_OUTSIDE_LIMITS), the round's cap (ROUND_LIMIT_REACHED), and a
 * limit of the player's, a self-exclusion or a time-out with the limit's name and when it
 * lifts, read from the answer's `refusal`.
 */
export function refusalError(answer: ProviderAnswer): AppError {
  switch (answer.status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_FUNDS');
    case 'RS_ERROR_BET_LIMIT':
      return new AppError('BET_OUTSIDE_LIMITS');
    case 'RS_ERROR_LIMIT_REACHED':
      return limitError(answer, 'LIMIT_REACHED');
    case 'RS_ERROR_INVALID_TOKEN':
      return new AppError('CASINO_SESSION_INVALID');
    case 'RS_ERROR_USER_DISABLED':
      return limitError(answer, 'ACCOUNT_LOCKED');
    case 'RS_ERROR_GAME_DISABLED':
    case 'RS_ERROR_PROVIDER_DISABLED':
      return new AppError('GAME_DISABLED');
    case 'RS_ERROR_ROUND_CLOSED':
    case 'RS_ERROR_TRANSACTION_ROLLED_BACK':
      return new AppError('BETTING_CLOSED');
    default:
      // A signature, syntax or currency refusal is SPM Games' own fault, not the player's.
      return new AppError('INTERNAL');
  }
}

/** The limit the answer names (its `refusal`), else `otherwise`. */
function limitError(answer: ProviderAnswer, otherwise: 'LIMIT_REACHED' | 'ACCOUNT_LOCKED') {
  const named = answer.refusal;
  if (!named) return new AppError(otherwise);
  if (named.code === 'ROUND_LIMIT_REACHED') return new AppError('ROUND_LIMIT_REACHED');
  return new AppError(named.code, undefined, {
    refusal: { limit: named.limit, until: named.until },
  });
}

/** No answer from the operator: the player may try again shortly. */
export function unansweredError(error: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
}

/** Players' tokens kept at once; one forgotten is known again at that player's next call. */
const MAX_REMEMBERED_SESSIONS = 50_000;

/**
 * The players' game sessions at SPM Games. The browser brings the launch token once (the
 * operator exchanges it for a game session token) and then the session token with every
 * table call. SPM Games keeps each player's newest token per table in memory: the win and
 * rollback callbacks of a round name it, and a restart forgets it until the player is back.
 */
export class SpmSessions {
  private readonly latest = new Map<string, GameSession>();
  /** Called when a player's token for a table becomes known (owed callbacks can go). */
  onToken: (session: GameSession) => void = () => undefined;

  constructor(
    private readonly deps: SpmDeps,
    private readonly wallet: OperatorWallet,
  ) {}

  /** Exchanges a launch token with the operator (`authenticate`). */
  async open(launchToken: string): Promise<{ session: GameSession; balancePaise: bigint }> {
    let answer: ProviderAnswer;
    try {
      answer = await this.wallet.authenticate(launchToken);
    } catch (error) {
      if (error instanceof OperatorUnanswered) throw unansweredError(error);
      throw error;
    }
    if (answer.status !== 'RS_OK' || answer.token === undefined) throw refusalError(answer);
    const session = await this.resolve(answer.token);
    return { session, balancePaise: BigInt(answer.balance ?? 0) };
  }

  /** The session the `x-spm-session` header names, bound to `tableId` when one is given. */
  async resolve(token: string | undefined, tableId?: string): Promise<GameSession> {
    if (token === undefined || token.length < 16 || token.length > 200) {
      throw new AppError('CASINO_SESSION_INVALID');
    }
    // SPM Games runs beside the operator, so it reads the operator's binding, not a copy.
    const row = await findSessionByToken(this.deps.db, SPM_PROVIDER_ID, hashToken(token));
    const now = this.deps.clock.now().getTime();
    if (
      !row ||
      row.sessionExpiresAt === null ||
      row.sessionExpiresAt.getTime() <= now ||
      (tableId !== undefined && row.gameId !== tableId)
    ) {
      throw new AppError('CASINO_SESSION_INVALID');
    }
    const session: GameSession = {
      sessionId: row.id,
      token,
      playerId: row.playerId,
      gameId: row.gameId,
      playMoney: row.playMoney,
    };
    this.remember(session);
    return session;
  }

  /** The player's newest known session at the table. */
  latestFor(playerId: number, gameId: string): GameSession | undefined {
    return this.latest.get(`${playerId}:${gameId}`);
  }

  /**
   * The session a round's win or rollback callbacks carry: the newest one known, else the one
   * a bet of the round was placed with (stored with the bet; after a restart). An expired
   * session still serves: the operator pays a round's win on it.
   */
  async forCallbacks(
    playerId: number,
    gameId: string,
    storedTokens: readonly (string | null)[],
  ): Promise<GameSession | undefined> {
    const known = this.latestFor(playerId, gameId);
    if (known) return known;
    for (const token of storedTokens) {
      if (token === null) continue;
      const row = await findSessionByToken(this.deps.db, SPM_PROVIDER_ID, hashToken(token));
      if (row?.playerId === playerId && row.gameId === gameId) {
        return { sessionId: row.id, token, playerId, gameId, playMoney: row.playMoney };
      }
    }
    return undefined;
  }

  private remember(session: GameSession): void {
    const key = `${session.playerId}:${session.gameId}`;
    const known = this.latest.get(key);
    if (known && known.sessionId > session.sessionId) return;
    // Newest use last, so the oldest goes first once the map is full.
    this.latest.delete(key);
    this.latest.set(key, session);
    if (this.latest.size > MAX_REMEMBERED_SESSIONS) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    if (known?.token !== session.token) this.onToken(session);
  }
}
