import { createHmac, timingSafeEqual } from 'node:crypto';
import { FASTPAY_CALLBACK_MAX_AGE_MS, type CryptoNetwork, type GatewayKind } from '@spm/contract';
import type { Paise } from '@spm/core';

/*
 * An automated payment gateway ("fastpay" adapter, issue 6, docs/cashier.md). The platform
 * asks it to create a payment for a pending deposit and sends the player to its pay page;
 * the gateway later tells us the outcome by a signed server-to-server callback to
 * POST /api/deposit/fastpayme/callback.
 *
 * The built-in simulator (simulator-gateway.ts) is the only implementation today. A real
 * gateway is another class implementing `PaymentGateway` that calls the provider's HTTP API
 * in `createPayment` (throwing on any failure: the deposit is then not created and the player
 * gets 502 GATEWAY_UNAVAILABLE) and is configured with the same shared secret the provider
 * signs its callbacks with; the callback route and `verifyCallbackSignature` stay as they are.
 */

export interface CreatePaymentInput {
  /** Our deposit id: the gateway echoes it back as `merchantReference`. */
  depositId: number;
  /** The paying player (the simulator binds its pay address to them). */
  playerId: number;
  /** Points the deposit credits, in paise. */
  amountPaise: Paise;
  /** What the player sends, in the gateway's currency (e.g. "11.12"). */
  payAmount: string;
  currency: string;
  kind: GatewayKind;
  network: CryptoNetwork | null;
  /** Where the pay page sends the player afterwards (a path of the player app). */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The gateway's id of the payment: the callback's `txnId`. */
  gatewayTxnId: string;
  /** The pay page the player opens. */
  payUrl: string;
  /** Crypto: the address to pay at. */
  payAddress: string | null;
  network: CryptoNetwork | null;
}

export interface PaymentGateway {
  /** Name for logs. */
  readonly name: string;
  /** Throws when the gateway cannot take the payment (network, refusal, bad answer). */
  createPayment: (input: CreatePaymentInput) => Promise<CreatedPayment>;
}

/** Hex HMAC-SHA256 over `${timestamp}.${rawBody}`: what the gateway puts in the header. */
export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type SignatureCheck = { ok: true } | { ok: false; why: string };

/**
 * A callback is genuine when its signature matches the raw body and its timestamp (ms since
 * the epoch) is within FASTPAY_CALLBACK_MAX_AGE_MS of now either way, so a captured callback
 * cannot be replayed later (and a replay inside the window is harmless: callbacks are
 * idempotent on the transaction id).
 */
export function verifyCallbackSignature(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  nowMs: number;
}): SignatureCheck {
  const { signature, timestamp } = input;
  if (signature === undefined || timestamp === undefined) {
    return { ok: false, why: 'signature or timestamp header missing' };
  }
  if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, why: 'timestamp is not a number' };
  if (Math.abs(input.nowMs - Number(timestamp)) > FASTPAY_CALLBACK_MAX_AGE_MS) {
    return { ok: false, why: 'timestamp outside the allowed window' };
  }
  if (!/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, why: 'signature is not hex' };
  const expected = Buffer.from(signCallback(input.secret, timestamp, input.rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  // Equal lengths are guaranteed by the pattern above; timingSafeEqual would throw otherwise.
  if (!timingSafeEqual(expected, given)) return { ok: false, why: 'signature mismatch' };
  return { ok: true };
}
