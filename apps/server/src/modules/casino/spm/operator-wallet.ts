import { objectWith } from '@spm/core';
import { randomUUID } from 'node:crypto';
import {
  SPM_PROVIDER_ID,
  type CasinoProviderOperation,
  type ProviderAnswer,
  type ProviderAuthenticateRequest,
} from '@spm/contract';
import type { DbHandle } from '../../../db/database.ts';
import type { ServiceDeps } from '../../../deps.ts';
import { spmProvider } from './spm-repository.ts';

/**
 * One signed call to the operator's seamless wallet (`POST /api/casino/provider/{provider}/
 * {operation}`), answering the parsed provider answer. It throws when no answer came back
 * (a timeout, a dropped connection): the caller then does not know whether it applied.
 */
export type ProviderWalletCaller = (input: {
  providerId: string;
  secret: string;
  operation: CasinoProviderOperation;
  body: Record<string, unknown>;
}) => Promise<ProviderAnswer>;

/** What SPM Games reads from around it: the database, the time and the settings. */
export type SpmDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

/** Past this an unanswered callback counts as no answer (it is retried under the same id). */
export const OPERATOR_CALL_TIMEOUT_MS = 10_000;

/** The player's game session as SPM Games knows it: what every callback names. */
export interface GameSession {
  sessionId: number;
  token: string;
  playerId: number;
  gameId: string;
  playMoney: boolean;
}

export class OperatorUnanswered extends Error {
  override readonly name = 'OperatorUnanswered';
}

/**
 * SPM Games' side of the seamless wallet: the same signed requests an external provider
 * sends (docs/casino-provider-api.md), built from the game session. The signing secret is
 * the `casino_providers` row's, read per call so a secret the back office rotates applies
 * at once.
 */
export class OperatorWallet {
  constructor(
    private readonly db: DbHandle,
    private readonly caller: ProviderWalletCaller,
  ) {}

  authenticate(launchToken: string): Promise<ProviderAnswer> {
    const body: ProviderAuthenticateRequest = { requestId: randomUUID(), launchToken };
    return this.call('authenticate', body);
  }

  balance(session: GameSession): Promise<ProviderAnswer> {
    return this.call('balance', this.base(session));
  }

  bet(
    session: GameSession,
    input: { transactionId: string; roundId: string; amountPaise: bigint },
  ): Promise<ProviderAnswer> {
    return this.call(
      'bet',
      objectWith(this.base(session), {
        transactionId: input.transactionId,
        roundId: input.roundId,
        amount: Number(input.amountPaise),
      }),
    );
  }

  win(
    session: GameSession,
    input: { transactionId: string; roundId: string; amountPaise: bigint },
  ): Promise<ProviderAnswer> {
    return this.call(
      'win',
      objectWith(this.base(session), {
        transactionId: input.transactionId,
        roundId: input.roundId,
        amount: Number(input.amountPaise),
        roundClosed: true,
      }),
    );
  }

  rollback(
    session: GameSession,
    input: { transactionId: string; roundId: string; referenceTransactionId: string },
  ): Promise<ProviderAnswer> {
    return this.call('rollback', objectWith(this.base(session), input));
  }

  private base(session: GameSession) {
    return {
      requestId: randomUUID(),
      token: session.token,
      user: String(session.playerId),
      gameId: session.gameId,
      currency: session.playMoney ? 'PTS' : 'INR',
    };
  }

  private async call(
    operation: CasinoProviderOperation,
    body: Record<string, unknown>,
  ): Promise<ProviderAnswer> {
    const provider = await spmProvider(this.db);
    if (!provider) throw new OperatorUnanswered('the SPM Games provider row is missing');
    let cancel: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      cancel = setTimeout(
        () => reject(new OperatorUnanswered(`${operation} was not answered in time`)),
        OPERATOR_CALL_TIMEOUT_MS,
      );
      cancel.unref();
    });
    try {
      return await Promise.race([
        this.caller({ providerId: SPM_PROVIDER_ID, secret: provider.secret, operation, body }),
        timeout,
      ]);
    } catch (error) {
      if (error instanceof OperatorUnanswered) throw error;
      throw new OperatorUnanswered(`${operation} failed`, { cause: error });
    } finally {
      clearTimeout(cancel);
    }
  }
}
