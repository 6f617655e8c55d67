import { LIMIT_NAMES } from '@spm/contract';
import { formatIndiaDateTime } from '@spm/core';
import type { i18n as I18n } from 'i18next';

/*
 * A refusal by one of the player's limits (LIMIT_REACHED with `data.refusal`, issue 42): the
 * text names the limit and when it frees up, in the player's language, wherever an action
 * was refused (a bet, a deposit).
 */

const isLimitName = (value: unknown): value is (typeof LIMIT_NAMES)[number] =>
  typeof value === 'string' && (LIMIT_NAMES as readonly string[]).includes(value);

/** The text of a limit refusal in an error body; null when the body is not one. */
export function limitRefusalText(i18n: I18n, body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const envelope = body as { errorCode?: unknown; data?: { refusal?: unknown } | null };
  if (envelope.errorCode !== 'LIMIT_REACHED') return null;
  const refusal = envelope.data?.refusal as { limit?: unknown; until?: unknown } | undefined;
  if (!refusal || !isLimitName(refusal.limit)) return null;
  const limit = i18n.t(`saferPlay.names.${refusal.limit}`);
  return typeof refusal.until === 'string'
    ? i18n.t('saferPlay.refused', {
        limit,
        until: formatIndiaDateTime(refusal.until, i18n.language),
      })
    : i18n.t('saferPlay.refusedAbove', { limit });
}
