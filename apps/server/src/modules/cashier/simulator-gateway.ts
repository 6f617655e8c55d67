import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { paiseToPoints } from '@spm/core';
import {
  findSimPayment,
  finishSimPayment,
  insertSimPayment,
  type SimPaymentRow,
} from './gateway-repository.ts';
import { findDeposit } from './deposit-repository.ts';
import { fastpaySecret } from './fastpay-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { CreatePaymentInput, CreatedPayment, PaymentGateway } from './payment-gateway.ts';

/*
 * The built-in stand-in for an external crypto gateway (issue 6, docs/cashier.md). It keeps
 * its payments in gateway_sim_payments, serves a pay page at /api/gateway-sim/pay/{txnId}
 * and, when the player presses "I have paid" or "Cancel", sends the same signed callback a
 * real gateway would (simulator-routes.ts). No money is checked: on a real-money site an
 * operator replaces it with a real adapter or disables the automated gateways.
 */

export const SIM_PAY_PREFIX = '/api/gateway-sim/pay';
/** The pay page of one payment: its id and the paying player's token (see simPayToken). */
export const simPayUrl = (txnId: string, token: string) => `${SIM_PAY_PREFIX}/${txnId}/${token}`;
export const SIM_TXN_ID_PATTERN = /^SIM[0-9A-F]{24}$/;
/** base64url of an HMAC-SHA256. */
export const SIM_PAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SimPayTokenSubject {
  txnId: string;
  playerId: number;
  amountPaise: bigint;
}

/**
 * The capability in a pay address: HMAC-SHA256, keyed by the server's gateway secret (its own
 * purpose-bound key, not the callback key itself), over the transaction, the paying player and
 * the amount. Only the player who started the deposit is told it, so nobody else can open,
 * confirm or cancel the payment, and it cannot be moved to another payment or amount.
 */
export function simPayToken(secret: string, subject: SimPayTokenSubject): string {
  const key = createHmac('sha256', secret).update('spm-gateway-sim:pay-token:v1').digest();
  return createHmac('sha256', key)
    .update(`${subject.txnId}.${subject.playerId}.${subject.amountPaise}`)
    .digest('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A TRC20-shaped address (T + 33 base58 characters) derived from the transaction id, so a
 * payment always shows the same address. It is not a real account: nobody holds its key.
 */
export function simulatedTronAddress(txnId: string): string {
  const digest = createHash('sha512').update(`spm-gateway-sim:${txnId}`).digest();
  let address = 'T';
  for (let index = 0; index < 33; index += 1) address += BASE58[digest[index]! % 58];
  return address;
}

export class SimulatorGateway implements PaymentGateway {
  readonly name = 'simulator';
  private readonly deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

  constructor(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>) {
    this.deps = deps;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const txnId = `SIM${randomBytes(12).toString('hex').toUpperCase()}`;
    const payAddress =
      input.network === 'TRC20'
        ? simulatedTronAddress(txnId)
        : input.network === 'BEP20'
          ? `0x${createHash('sha256').update(`spm-gateway-sim:${txnId}`).digest('hex').slice(0, 40)}`
          : null;
    await insertSimPayment(this.deps.db, {
      txnId,
      merchantReference: String(input.depositId),
      amountPaise: input.amountPaise,
      payAmount: input.payAmount,
      currency: input.currency,
      payAddress,
      network: input.network,
      returnUrl: input.returnUrl,
      status: 'created',
      createdAt: this.deps.clock.now(),
    });
    const token = simPayToken(await fastpaySecret(this.deps), {
      txnId,
      playerId: input.playerId,
      amountPaise: input.amountPaise,
    });
    return {
      gatewayTxnId: txnId,
      payUrl: simPayUrl(txnId, token),
      payAddress,
      network: input.network,
    };
  }

  find(txnId: string): Promise<SimPaymentRow | undefined> {
    return findSimPayment(this.deps.db, txnId);
  }

  /**
   * The payment `token` opens: still open (created), and the token is the one made for its
   * deposit's player and amount. Anything else (unknown id, another payment's or player's
   * token, a payment already confirmed or cancelled, so a token works until it is used)
   * answers undefined, which the routes turn into the same 404.
   */
  async findOpen(txnId: string, token: string): Promise<SimPaymentRow | undefined> {
    if (!SIM_TXN_ID_PATTERN.test(txnId) || !SIM_PAY_TOKEN_PATTERN.test(token)) return undefined;
    const payment = await findSimPayment(this.deps.db, txnId);
    if (!payment || payment.status !== 'created') return undefined;
    const depositId = Number(payment.merchantReference);
    if (!Number.isSafeInteger(depositId)) return undefined;
    const deposit = await findDeposit(this.deps.db, depositId);
    if (!deposit || deposit.gatewayTxnId !== txnId) return undefined;
    const expected = simPayToken(await fastpaySecret(this.deps), {
      txnId,
      playerId: deposit.playerId,
      amountPaise: payment.amountPaise,
    });
    return sameToken(expected, token) ? payment : undefined;
  }

  /** created -> paid/failed/cancelled once; undefined when it had already finished (or never existed). */
  finish(txnId: string, status: SimOutcome): Promise<SimPaymentRow | undefined> {
    return finishSimPayment(this.deps.db, txnId, status);
  }
}

/**
 * How a simulated payment ends: paid, failed at the gateway (the "simulate a failure" button,
 * so the failure path can be tried too) or cancelled by the player.
 */
export type SimOutcome = 'paid' | 'failed' | 'cancelled';

/** The callback body a finished simulated payment reports. */
export function simCallbackBody(payment: SimPaymentRow, status: SimOutcome, now: Date) {
  return {
    txnId: payment.txnId,
    merchantReference: payment.merchantReference,
    status,
    amount: paiseToPoints(payment.amountPaise),
    paidAt: now.toISOString(),
  };
}

const FINISHED_TEXT: Record<SimPaymentRow['status'], string> = {
  created: 'This payment is open.',
  paid: 'This payment is complete.',
  failed: 'This payment failed.',
  cancelled: 'This payment was cancelled.',
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The pay page: server-rendered, no script (the CSP allows none inline), every value
 * escaped. Plain forms post to confirm or cancel.
 */
export function renderSimPayPage(payment: SimPaymentRow, token: string, merchant: string): string {
  const e = escapeHtml;
  const base = simPayUrl(payment.txnId, token);
  const open = payment.status === 'created';
  const rows: [string, string | null][] = [
    ['Merchant', merchant],
    ['Amount', `${payment.payAmount} ${payment.currency}`],
    ['Network', payment.network],
    ['Address', payment.payAddress],
    ['Payment id', payment.txnId],
    ['Order', payment.merchantReference],
  ];
  const details = rows
    .filter((row): row is [string, string] => row[1] !== null)
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#555">${e(label)}</th><td style="padding:4px 0;word-break:break-all;font-family:monospace">${e(value)}</td></tr>`,
    )
    .join('');
  const state = open
    ? `<p>Send exactly <strong>${e(payment.payAmount)} ${e(payment.currency)}</strong>${payment.network ? ` on ${e(payment.network)}` : ''}, then confirm.</p>
<form method="post" action="${e(base)}/confirm" style="display:inline"><button type="submit" style="padding:10px 18px;background:#16a34a;color:#fff;border:0;border-radius:6px;font-size:16px">I have paid</button></form>
<form method="post" action="${e(base)}/cancel" style="display:inline;margin-left:8px"><button type="submit" style="padding:10px 18px;background:#e5e7eb;border:0;border-radius:6px;font-size:16px">Cancel payment</button></form>
<p style="margin-top:24px;color:#555">Testing: <form method="post" action="${e(base)}/fail" style="display:inline"><button type="submit" style="padding:6px 12px;background:#fee2e2;border:0;border-radius:6px">Simulate a failed payment</button></form></p>`
    : `<p style="font-size:18px"><strong>${FINISHED_TEXT[payment.status]}</strong></p>
<p><a href="${e(payment.returnUrl)}">Back to the merchant</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment ${e(payment.txnId)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:32px auto;padding:0 16px;color:#111">
<h1 style="font-size:22px">FastPay (simulated gateway)</h1>
<p style="color:#92400e;background:#fef3c7;padding:8px 12px;border-radius:6px">Test payment page: no real money moves here.</p>
<table style="border-collapse:collapse;margin:16px 0">${details}</table>
${state}
</body></html>`;
}

/** A small page for a payment id the simulator does not know. */
export function renderSimNotFound(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment not found</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:32px auto;padding:0 16px"><h1 style="font-size:22px">Payment not found</h1></body></html>`;
}
