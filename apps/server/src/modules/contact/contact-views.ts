import { objectWith } from '@spm/core';
import { INDIA_COUNTRY_CODE, type ContactMessage, type StaffContactMessage } from '@spm/contract';
import type { ContactMessageRow, StaffContactRow } from './contact-repository.ts';

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: String(row.id),
    subject: row.subject,
    text: row.body,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** A player is answered in the app; a visitor by email when given, else by phone. */
function replyChannel(row: ContactMessageRow): StaffContactMessage['replyBy'] {
  if (row.playerId !== null) return 'app';
  return row.email !== null ? 'email' : 'phone';
}

export function toStaffContactMessage(row: StaffContactRow): StaffContactMessage {
  const { message } = row;
  return objectWith(toContactMessage(message), {
    playerId: message.playerId === null ? null : String(message.playerId),
    username: row.username,
    name: message.name,
    email: message.email,
    mobile: message.mobile === null ? null : `+${INDIA_COUNTRY_CODE}${message.mobile}`,
    replyBy: replyChannel(message),
    answeredBy: row.answeredBy,
    closedAt: message.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
  });
}
