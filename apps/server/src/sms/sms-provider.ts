import type { OTP_PURPOSES } from '../modules/identity/tables.ts';

/** Why a code is sent (the OTP table's purposes); read from the table, below identity's code. */
type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** What the message is for; providers may log it, the console one keeps it in its outbox. */
export interface SmsMeta {
  code: string;
  purpose: OtpPurpose;
}

/** Sends one text message; rejects when it could not be handed over. */
export interface SmsProvider {
  readonly name: 'console' | 'http';
  send: (to: string, text: string, meta: SmsMeta) => Promise<void>;
}

/** The provider did not take the message (bad status, time-out, network). */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
}

/** E.164 for India: +91 and the national number (SPEC 1: Indian numbers only). */
export function toE164India(nationalNumber: string): string {
  return `+91${nationalNumber}`;
}
