import type { FastifyBaseLogger } from 'fastify';
import type { SmsMeta, SmsProvider } from './sms-provider.ts';

export interface OutboxEntry {
  to: string;
  text: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/** docs/identity.md: the console provider keeps the last 100 messages. */
export const OUTBOX_LIMIT = 100;

export interface ConsoleSmsProvider extends SmsProvider {
  readonly name: 'console';
  /** Newest first; only entries whose number matches `to` when given. */
  outbox: (to?: string) => OutboxEntry[];
}

const digits = (value: string) => value.replace(/\D/g, '');

/** 9876543210, 919876543210 and +919876543210 all name the same Indian number. */
function sameNumber(entryTo: string, query: string): boolean {
  const a = digits(entryTo);
  const b = digits(query);
  return b.length > 0 && (a === b || a === `91${b}` || `91${a}` === b);
}

/**
 * For development and the embedded setup: nothing leaves the machine; the message goes to
 * the log and to an in-memory outbox that GET /api/dev/sms-outbox shows.
 */
export function createConsoleSmsProvider(log: FastifyBaseLogger): ConsoleSmsProvider {
  const entries: OutboxEntry[] = [];
  return {
    name: 'console',
    send: async (to: string, text: string, meta: SmsMeta) => {
      log.info({ sms: { to, purpose: meta.purpose, text } }, 'sms (console provider)');
      entries.unshift({
        to,
        text,
        code: meta.code,
        purpose: meta.purpose,
        sentAt: new Date().toISOString(),
      });
      entries.length = Math.min(entries.length, OUTBOX_LIMIT);
    },
    outbox: (to?: string) =>
      (to === undefined || to === ''
        ? entries
        : entries.filter((entry) => sameNumber(entry.to, to))
      ).map((entry) => ({ ...entry })),
  };
}

export function isConsoleSmsProvider(provider: SmsProvider): provider is ConsoleSmsProvider {
  return provider.name === 'console' && 'outbox' in provider;
}
