import { objectWith } from '@spm/core';
import { contactVisitorSchema, type ContactMessage, type ContactMessageBody } from '@spm/contract';
import { AppError, validationFailed } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/auth.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import { HOUR_MS } from '../../deps.ts';
import {
  countSentSince,
  insertContactMessage,
  playerContactMessages,
} from './contact-repository.ts';
import { toContactMessage } from './contact-views.ts';

/**
 * Messages one sender (a player, or a visitor's address) may send in 24 hours, on top of the
 * per-minute limit of the route: the staff queue cannot be flooded by one sender.
 */
export const CONTACT_DAILY_MAX = 10;
const DAY_MS = 24 * HOUR_MS;

/**
 * Who writes: a real player's answer reaches their account. Demo accounts are shared by every
 * visitor, so a message from one is a visitor's (name and a way to reply, no account).
 */
export function accountSender(auth: AuthContext | null): AuthContext | null {
  return auth !== null && !auth.isDemo ? auth : null;
}

/** A visitor's name and email or mobile; VALIDATION_FAILED naming the fields otherwise. */
function visitorContact(body: ContactMessageBody) {
  const parsed = contactVisitorSchema.safeParse({
    name: body.name,
    email: body.email,
    mobile: body.mobile,
  });
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'request',
        message: issue.message,
      })),
    );
  }
  return { name: parsed.data.name, email: body.email ?? null, mobile: body.mobile ?? null };
}

/** POST /api/contact/messages: stored open, nothing else happens until staff answer. */
export async function sendContactMessage(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  auth: AuthContext | null,
  body: ContactMessageBody,
  origin: RequestOrigin,
): Promise<ContactMessage> {
  const player = accountSender(auth);
  const contact = player ? { name: null, email: null, mobile: null } : visitorContact(body);
  const now = deps.clock.now();
  const sender = player ? { playerId: player.userId } : { ip: origin.ip };
  const sent = await countSentSince(deps.db, sender, new Date(now.getTime() - DAY_MS));
  if (sent >= CONTACT_DAILY_MAX) throw new AppError('RATE_LIMITED');
  const row = await insertContactMessage(
    deps.db,
    objectWith(contact, {
      playerId: player?.userId ?? null,
      subject: body.subject,
      body: body.text,
      ip: origin.ip,
      createdAt: now,
    }),
  );
  return toContactMessage(row);
}

/** GET /api/contact/messages: the player's own messages with their answers, newest first. */
export async function listOwnContactMessages(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<ContactMessage[]> {
  return (await playerContactMessages(deps.db, playerId)).map(toContactMessage);
}
