import type { FastifyBaseLogger } from 'fastify';
import { SmsSendError, type SmsMeta, type SmsProvider } from './sms-provider.ts';

/** A gateway slower than this is treated as down: the player is waiting on the answer. */
export const SMS_HTTP_TIMEOUT_MS = 5000;

export interface HttpSmsOptions {
  url: string;
  apiKey: string;
  sender: string;
  timeoutMs?: number;
}

/**
 * POSTs `{to, sender, text}` as JSON with the key as a bearer token (docs/identity.md). Any
 * non-2xx answer, time-out or network error rejects with SmsSendError after logging why;
 * neither the key nor the text (it holds the code) is logged.
 */
export function createHttpSmsProvider(
  options: HttpSmsOptions,
  log: FastifyBaseLogger,
): SmsProvider {
  const timeoutMs = options.timeoutMs ?? SMS_HTTP_TIMEOUT_MS;
  return {
    name: 'http',
    send: async (to: string, text: string, meta: SmsMeta) => {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${options.apiKey}`,
          },
          body: JSON.stringify({ to, sender: options.sender, text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        log.error({ err: error, purpose: meta.purpose }, 'sms gateway unreachable');
        throw new SmsSendError('SMS gateway unreachable', { cause: error });
      }
      // Drain the body so the connection can be reused; its content is not needed.
      const body = await response.text().catch(() => '');
      if (!response.ok) {
        log.error(
          { status: response.status, body: body.slice(0, 200), purpose: meta.purpose },
          'sms gateway refused the message',
        );
        throw new SmsSendError(`SMS gateway answered ${response.status}`);
      }
    },
  };
}
