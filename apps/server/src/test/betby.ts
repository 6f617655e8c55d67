import { randomUUID } from 'node:crypto';
import type { BetbyMethod } from '@spm/contract';
import { SignJWT, type CryptoKey } from 'jose';
import {
  sportsbookKeysLoader,
  STAND_IN_BRAND_ID,
  STAND_IN_ISSUER,
} from '../modules/sportsbook/sportsbook-keys.ts';
import type { Harness } from './harness.ts';

/**
 * Betby's side of the operator API in tests: calls signed RS256 with the stand-in's key (the
 * key the operator checks when no Betby brand is configured), posted through the app.
 */
export function betbyKit(h: Harness) {
  const keys = sportsbookKeysLoader({ db: h.db, clock: h.clock, config: h.config });
  const nowSeconds = () => Math.floor(h.clock.now().getTime() / 1000);

  async function sign(
    payload: Record<string, unknown>,
    options: { key?: CryptoKey; audience?: string; iatSeconds?: number } = {},
  ): Promise<string> {
    const key = options.key ?? (await keys()).standIn!.privateKey;
    return new SignJWT({ payload })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(STAND_IN_ISSUER)
      .setAudience(options.audience ?? STAND_IN_BRAND_ID)
      .setIssuedAt(options.iatSeconds ?? nowSeconds())
      .setJti(randomUUID())
      .sign(key);
  }

  async function call(
    method: BetbyMethod | string,
    payload: Record<string, unknown>,
    options?: Parameters<typeof sign>[1],
  ) {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/betby/${method}`,
      payload: { payload: await sign(payload, options) },
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  /** A bet_make payload of Betby's shape: a single (or the legs given) for `amountCents`. */
  function make(
    playerId: number,
    amountCents: number,
    overrides: { transactionId?: string; currency?: 'INR' | 'PTS'; odds?: string[] } = {},
  ) {
    const transactionId = overrides.transactionId ?? `tx-${randomUUID()}`;
    const currency = overrides.currency ?? 'INR';
    const odds = overrides.odds ?? ['1.85'];
    const total = odds.reduce((product, value) => product * Number(value), 1);
    return {
      transactionId,
      payload: {
        amount: amountCents,
        currency,
        ext_player_id: String(playerId),
        session_id: 'session-1',
        transaction: {
          id: transactionId,
          betslip_id: `slip-${transactionId}`,
          amount: amountCents,
          currency,
          operation: 'bet',
        },
        betslip: {
          id: `slip-${transactionId}`,
          currency,
          type: odds.length === 1 ? '1/1' : `${odds.length}/${odds.length}`,
          sum: amountCents,
          k: total.toFixed(2),
          bets: odds.map((value, index) => ({
            id: `sel-${index}`,
            event_id: `event-${index}`,
            competitor_name: ['Mumbai', 'Chennai'],
            market_name: 'Match winner',
            outcome_name: 'Mumbai',
            odds: value,
            live: index === 0,
          })),
        },
        potential_win: Math.floor(amountCents * total),
      },
    };
  }

  /** A settlement transaction object (win, lost, refund, rollback). */
  const transaction = (
    operation: string,
    amountCents: number,
    currency: 'INR' | 'PTS' = 'INR',
    id = `tx-${randomUUID()}`,
  ) => ({ id, amount: amountCents, currency, operation });

  return { keys, sign, call, make, transaction };
}
