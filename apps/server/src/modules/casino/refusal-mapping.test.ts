import type { ProviderAnswer } from '@spm/contract';
import { SPEC_ROUND_RULE } from '@spm/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { walletRefusalError, type WalletFailure } from '../wallet/index.ts';
import { planBetOrWin, walletRefusal } from './provider-answers.ts';
import { refusalError } from './spm/spm-sessions.ts';

/*
 * Each refusal code's mapping per product (issue 41 item 5): the exchange's HTTP error, the
 * provider protocol's status, the built-in tables' player message.
 */

const UNTIL = new Date('2030-01-02T00:00:00.000Z');
const policyRefusal = (code: 'LIMIT_REACHED' | 'SELF_EXCLUDED' | 'TIME_OUT'): WalletFailure => ({
  ok: false,
  code,
  limit: 'daily-loss',
  until: UNTIL,
});

const answer = (
  status: ProviderAnswer['status'],
  refusal?: ProviderAnswer['refusal'],
): ProviderAnswer => ({
  status,
  requestId: 'r',
  user: '1',
  currency: 'INR',
  balance: 0,
  transactionId: null,
  ...(refusal ? { refusal } : {}),
});

const asError = (error: Error) => ({
  code: error instanceof AppError ? error.code : 'plain Error',
  status: error instanceof AppError ? error.statusCode : 500,
  refusal: error instanceof AppError ? error.refusal : undefined,
});

describe('refusal codes per product', () => {
  it('the exchange answers a policy refusal as its own 4xx code with the limit, never a 500', () => {
    expect(asError(walletRefusalError(policyRefusal('LIMIT_REACHED'), 'placement'))).toEqual({
      code: 'LIMIT_REACHED',
      status: 409,
      refusal: { limit: 'daily-loss', until: '2030-01-02T00:00:00.000Z' },
    });
    expect(asError(walletRefusalError(policyRefusal('SELF_EXCLUDED'), 'placement'))).toMatchObject({
      code: 'SELF_EXCLUDED',
      status: 403,
    });
    expect(asError(walletRefusalError(policyRefusal('TIME_OUT'), 'placement'))).toMatchObject({
      code: 'TIME_OUT',
      status: 403,
    });
    expect(
      asError(walletRefusalError({ ok: false, code: 'INSUFFICIENT_FUNDS' }, 'placement')),
    ).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 400 });
    // What the exchange's own checks must have prevented stays a server error.
    expect(
      asError(walletRefusalError({ ok: false, code: 'DUPLICATE' }, 'placement')),
    ).toMatchObject({ code: 'plain Error', status: 500 });
  });

  it("external providers get their protocol's status, with the limit in `refusal`", () => {
    expect(walletRefusal(policyRefusal('LIMIT_REACHED'))).toEqual({
      status: 'RS_ERROR_LIMIT_REACHED',
      refusal: { code: 'LIMIT_REACHED', limit: 'daily-loss', until: '2030-01-02T00:00:00.000Z' },
    });
    expect(walletRefusal(policyRefusal('SELF_EXCLUDED'))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      refusal: { code: 'SELF_EXCLUDED' },
    });
    expect(walletRefusal(policyRefusal('TIME_OUT'))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      refusal: { code: 'TIME_OUT' },
    });
    expect(walletRefusal({ ok: false, code: 'INSUFFICIENT_FUNDS' })).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    // The round rule's refusal of a bet: RS_ERROR_LIMIT_REACHED naming the round's cap.
    const plan = planBetOrWin(
      'prov',
      { gameId: 'g', status: 'open', stakedPaise: 700_000n, wonPaise: 0n },
      { playerId: 1, gameId: 'g', minBetPaise: 100n, maxBetPaise: 750_000n },
      {
        kind: 'bet',
        amount: 50_001,
        requestId: 'r',
        token: 't'.repeat(16),
        user: '1',
        gameId: 'g',
        currency: 'INR',
        transactionId: 'x',
        roundId: 'round',
      },
      { winsWithoutBet: false },
      SPEC_ROUND_RULE,
    );
    expect(plan).toMatchObject({
      refused: 'RS_ERROR_LIMIT_REACHED',
      message: 'The round would pass 7,500 points of stakes.',
      refusal: { code: 'ROUND_LIMIT_REACHED', limit: 'round-stake', until: null },
    });
  });

  it("the built-in tables tell the player which: the game's limits, the round's cap, a player's limit", () => {
    const mapped = (a: ProviderAnswer) => asError(refusalError(a));
    expect(mapped(answer('RS_ERROR_BET_LIMIT'))).toMatchObject({ code: 'BET_OUTSIDE_LIMITS' });
    expect(
      mapped(
        answer('RS_ERROR_LIMIT_REACHED', {
          code: 'ROUND_LIMIT_REACHED',
          limit: 'round-stake',
          until: null,
        }),
      ),
    ).toMatchObject({ code: 'ROUND_LIMIT_REACHED', status: 409 });
    expect(
      mapped(
        answer('RS_ERROR_LIMIT_REACHED', {
          code: 'LIMIT_REACHED',
          limit: 'daily-loss',
          until: '2030-01-02T00:00:00.000Z',
        }),
      ),
    ).toEqual({
      code: 'LIMIT_REACHED',
      status: 409,
      refusal: { limit: 'daily-loss', until: '2030-01-02T00:00:00.000Z' },
    });
    expect(mapped(answer('RS_ERROR_LIMIT_REACHED'))).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(
      mapped(answer('RS_ERROR_USER_DISABLED', { code: 'SELF_EXCLUDED', limit: 'x', until: null })),
    ).toMatchObject({ code: 'SELF_EXCLUDED', status: 403 });
    expect(
      mapped(answer('RS_ERROR_USER_DISABLED', { code: 'TIME_OUT', limit: 'x', until: null })),
    ).toMatchObject({ code: 'TIME_OUT', status: 403 });
    expect(mapped(answer('RS_ERROR_USER_DISABLED'))).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });
});
