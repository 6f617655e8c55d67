import { objectWith, type RoundRule } from '@spm/core';
import type {
  CasinoProviderStatus,
  ProviderAnswer,
  providerBalanceRequestSchema,
} from '@spm/contract';
import type { z } from 'zod';
import type { BatchMoveInput, WalletFailure, WalletFailureCode } from '../wallet/index.ts';
import type { RoundRow, SessionRow } from './provider-wallet-repository.ts';

/*
 * What the seamless wallet answers and how a bet or a win meets the wallet's round rule
 * (core's SPEC_ROUND_RULE, registered on the wallet at start), shared by the callback handled
 * alone (provider-wallet-service.ts) and in a batch (provider-wallet-batch.ts).
 */

export type Currency = 'INR' | 'PTS';

/** The fields every callback naming a game session carries. */
export type SessionRequest = z.infer<typeof providerBalanceRequestSchema>;

/** A money callback as its handler sees it, its kind named. */
export type TransactionRequest = SessionRequest & { transactionId: string; roundId: string } & (
    | { kind: 'bet'; amount: number }
    | { kind: 'win'; amount: number; referenceTransactionId?: string; roundClosed: boolean }
    | { kind: 'rollback'; referenceTransactionId: string }
  );

const emptyAnswer = {
  requestId: null,
  user: null,
  currency: null,
  balance: null,
  transactionId: null,
} as const;

const MESSAGES: Partial<Record<CasinoProviderStatus, string>> = {
  RS_ERROR_INVALID_SIGNATURE: 'The signature or its timestamp is missing, stale or wrong.',
  RS_ERROR_INVALID_TOKEN: 'The token is unknown, used, expired or not for this user and game.',
  RS_ERROR_WRONG_SYNTAX: 'The request does not follow the protocol.',
  RS_ERROR_UNKNOWN_PROVIDER: 'No such provider.',
  RS_ERROR_PROVIDER_DISABLED: 'The provider is disabled.',
  RS_ERROR_GAME_DISABLED: 'The game is disabled.',
  RS_ERROR_USER_DISABLED: 'The player may not play.',
  RS_ERROR_WRONG_CURRENCY: "The currency is not the session's.",
  RS_ERROR_NOT_ENOUGH_MONEY: 'Not enough balance for the bet.',
  RS_ERROR_BET_LIMIT: "The bet is outside the game's minimum and maximum.",
  RS_ERROR_LIMIT_REACHED: 'A limit refused the bet (the round total or a player limit).',
  RS_ERROR_DUPLICATE_TRANSACTION: 'This transaction id was used with another request.',
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 'The referenced bet does not exist.',
  RS_ERROR_TRANSACTION_ROLLED_BACK: 'The transaction was rolled back.',
  RS_ERROR_ROUND_CLOSED: 'The round is closed.',
  RS_ERROR_UNKNOWN: 'Unexpected error; retry the same request.',
};

export function refusal(
  status: CasinoProviderStatus,
  fields: Partial<ProviderAnswer> = {},
  message?: string,
): ProviderAnswer {
  return objectWith(objectWith({ status, ...emptyAnswer }, fields), {
    message: message ?? MESSAGES[status] ?? status,
  });
}

/** The wallet's refusals as the provider's statuses. */
export const WALLET_STATUS: Record<WalletFailureCode, CasinoProviderStatus> = {
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  DUPLICATE: 'RS_ERROR_DUPLICATE_TRANSACTION',
  ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  // The protocol's code for a player who may not play now (Hub88's for self-exclusion).
  SELF_EXCLUDED: 'RS_ERROR_USER_DISABLED',
  TIME_OUT: 'RS_ERROR_USER_DISABLED',
  NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  PLAYER_NOT_FOUND: 'RS_ERROR_USER_DISABLED',
  NOT_ROLLBACKABLE: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ROUND_CLOSED: 'RS_ERROR_ROUND_CLOSED',
  INVALID_AMOUNT: 'RS_ERROR_WRONG_SYNTAX',
};

/** What the answer says of a limit that refused a bet (`refusal`), in the platform's code. */
export type LimitRefusal = NonNullable<ProviderAnswer['refusal']>;

/** A wallet refusal as the provider hears it: the status, and the limit when a policy's. */
export function walletRefusal(failure: WalletFailure): {
  status: CasinoProviderStatus;
  refusal?: LimitRefusal;
} {
  const status = WALLET_STATUS[failure.code];
  if (
    failure.code !== 'LIMIT_REACHED' &&
    failure.code !== 'SELF_EXCLUDED' &&
    failure.code !== 'TIME_OUT'
  ) {
    return { status };
  }
  return {
    status,
    refusal: {
      code: failure.code,
      limit: failure.limit ?? null,
      until: failure.until ? failure.until.toISOString() : null,
    },
  };
}

/** The wallet's ids of a provider's transaction and round. */
export const walletExternalId = (providerId: string, transactionId: string) =>
  `${providerId}:${transactionId}`;
/** The wallet's round of a provider's round (every move of the round names it). */
export const walletRoundId = (providerId: string, roundId: string) =>
  `casino:${providerId}:${roundId}`;

/** The wallet input every money move of a provider's transaction carries. */
export function walletMoveBase(
  providerId: string,
  request: { transactionId: string; roundId: string },
  playerId: number,
) {
  return {
    product: 'casino' as const,
    externalId: walletExternalId(providerId, request.transactionId),
    playerId,
    roundId: walletRoundId(providerId, request.roundId),
    reference: `${providerId}:${request.roundId}`,
  };
}

/** The answer of an applied transaction: the balance after it, our operation id. */
export function okAnswer(
  fields: { requestId: string; user: string; currency: Currency },
  result: { operationId: string; balancePaise: bigint },
): ProviderAnswer {
  return objectWith(
    { status: 'RS_OK' as const, ...fields },
    { balance: Number(result.balancePaise), transactionId: result.operationId },
  );
}

/** A bet or a win: the callbacks that move money one way, alone or in a batch. */
export type BetOrWinRequest = Extract<TransactionRequest, { kind: 'bet' | 'win' }>;

/** What a bet or a win does, or why it is refused, before any money moves. */
export type BetOrWinPlan =
  | {
      refused: CasinoProviderStatus;
      message?: string;
      /** The round rule's refusal, named in the answer. */
      refusal?: LimitRefusal;
      /**
       * The refusal is not stored and nothing of it is written (not even the round): a win in
       * a round without a bet, which a later bet of that round may still make payable.
       */
      unstored?: true;
    }
  | {
      refused: null;
      /** The wallet move: a debited stake or a win (up to the round's cap). */
      move: Extract<BatchMoveInput, { operation: 'stake' | 'win' }>;
      appliedPaise: bigint;
      /** A win's amount after the cap (answered as `credited`); null for a bet. */
      creditedPaise: bigint | null;
      /** The round after it. */
      round: Pick<RoundRow, 'status' | 'stakedPaise' | 'wonPaise'>;
      closes: boolean;
    };

/**
 * The per-round rules of a bet or a win, one place for the callback alone and in a batch:
 * the round must be this game's and open; a bet within the game's limits and the wallet's
 * round rule (the spec's 7,500 points of stakes); a win only in a round holding an accepted
 * bet (unless the provider may pay without one), credited as the round rule allows (up to
 * 75,000 points). Cash and the player's limits are the wallet's (or the batch's) to check.
 */
export function planBetOrWin(
  providerId: string,
  round: Pick<RoundRow, 'gameId' | 'status' | 'stakedPaise' | 'wonPaise'>,
  session: Pick<SessionRow, 'playerId' | 'gameId' | 'minBetPaise' | 'maxBetPaise'>,
  request: BetOrWinRequest,
  provider: { winsWithoutBet: boolean },
  rule: RoundRule,
): BetOrWinPlan {
  if (round.gameId !== session.gameId) {
    return { refused: 'RS_ERROR_WRONG_SYNTAX', message: 'The round id belongs to another game.' };
  }
  if (round.status === 'closed') return { refused: 'RS_ERROR_ROUND_CLOSED' };
  const base = walletMoveBase(providerId, request, session.playerId);
  const amountPaise = BigInt(request.amount);
  if (request.kind === 'bet') {
    if (amountPaise < session.minBetPaise || amountPaise > session.maxBetPaise) {
      return { refused: 'RS_ERROR_BET_LIMIT' };
    }
    const verdict = rule.stake(round, amountPaise);
    if (!verdict.ok) {
      return {
        refused: 'RS_ERROR_LIMIT_REACHED',
        message: `The round would pass ${(verdict.maxStakePaise / 100n).toLocaleString('en-US')} points of stakes.`,
        refusal: { code: verdict.code, limit: verdict.limit, until: null },
      };
    }
    return {
      refused: null,
      move: {
        operation: 'stake',
        input: objectWith(base, {
          amountPaise,
          mode: 'debit' as const,
          description: `Casino bet ${request.gameId} (${request.roundId})`,
        }),
      },
      appliedPaise: amountPaise,
      creditedPaise: null,
      round: {
        status: 'open',
        stakedPaise: round.stakedPaise + amountPaise,
        wonPaise: round.wonPaise,
      },
      closes: false,
    };
  }
  // Stakes net of refunds: a round whose bets were all refunded holds no bet either. A win of
  // 0 (a round's close) moves nothing and stays accepted.
  if (amountPaise > 0n && round.stakedPaise <= 0n && !provider.winsWithoutBet) {
    return {
      refused: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      message: 'The round has no accepted bet: this provider may not pay a win without one.',
      unstored: true,
    };
  }
  const creditedPaise = rule.winCredit(round, amountPaise);
  // A win of 0 (a lost round's close) moves nothing; the wallet records it all the same.
  // Every win closes the player's round in the wallet (`close`), also one with
  // `roundClosed: false`: the protocol makes a round's bets stand from its first win
  // (docs/casino-provider-api.md, RS_ERROR_ROUND_CLOSED), so their rollbacks are refused;
  // whether the round takes more bets and wins is the casino's round status.
  return {
    refused: null,
    move: {
      operation: 'win',
      input: objectWith(base, {
        amountPaise: creditedPaise,
        description: `Casino win ${request.gameId} (${request.roundId})`,
        close: true,
      }),
    },
    appliedPaise: creditedPaise,
    creditedPaise,
    round: {
      status: request.roundClosed ? 'closed' : 'open',
      stakedPaise: round.stakedPaise,
      wonPaise: round.wonPaise + creditedPaise,
    },
    closes: request.roundClosed,
  };
}
