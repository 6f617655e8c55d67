import type { ReferralShareChannel } from '@spm/contract';

/** The sources the page names in the player's language; any other is shown as the server gave it. */
export const KNOWN_REFERRAL_SOURCES = ['whatsapp', 'telegram', 'link', 'direct'] as const;
export type KnownReferralSource = (typeof KNOWN_REFERRAL_SOURCES)[number];

export function isKnownReferralSource(source: string): source is KnownReferralSource {
  return (KNOWN_REFERRAL_SOURCES as readonly string[]).includes(source);
}

/**
 * The invite link: the registration dialog over the landing page, with the code (saved as the
 * agent code and filled into the "Agent / referral code" field) and the channel it was shared
 * on (sent as the registration's and the visit's `source`).
 */
export function referralLink(origin: string, code: string, source: ReferralShareChannel): string {
  const query = new URLSearchParams({ ref: code, source });
  return `${origin}/register?${query.toString()}`;
}

/** WhatsApp's share address: the message, then the link on its own line, in one text. */
export function whatsappShareHref(origin: string, code: string, message: string): string {
  const text = `${message}\n${referralLink(origin, code, 'whatsapp')}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Telegram's share address: the link and the message apart. */
export function telegramShareHref(origin: string, code: string, message: string): string {
  const url = encodeURIComponent(referralLink(origin, code, 'telegram'));
  return `https://t.me/share/url?url=${url}&text=${encodeURIComponent(message)}`;
}
