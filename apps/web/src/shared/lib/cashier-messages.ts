import { CASHIER_MESSAGES } from '@spm/contract';
import type { CashierMessageKey } from '@spm/contract';
import type { z } from 'zod';

const keyByMessage = new Map<string, CashierMessageKey>(
  Object.entries(CASHIER_MESSAGES).map(([key, message]) => [message, key as CashierMessageKey]),
);

/**
 * The i18n key of a contract cashier message (the schemas carry the English text), so the
 * forms show the player's language; a message the catalogue does not know is shown as is.
 */
export function cashierMessageKey(message: string): string {
  const key = keyByMessage.get(message);
  return key ? `cashier.messages.${key}` : message;
}

/**
 * The first issue of each top-level field, as an i18n key (or the raw message): what a form
 * shows under that field. A field keeps its first problem only, the one to fix first.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = cashierMessageKey(issue.message);
  }
  return errors;
}
