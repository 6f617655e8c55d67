import type { StaffContactMessage, StaffContactQuery } from '@spm/contract';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { storeNotification, templatedNotification } from '../wallet/index.ts';
import {
  answerContactMessage,
  closeContactMessage,
  listContactMessages,
  lockContactMessage,
  staffContactMessage,
} from './contact-repository.ts';
import { toStaffContactMessage } from './contact-views.ts';

/** How much of the answer the player's notification quotes (the whole is on /contactus). */
const NOTIFICATION_QUOTE_MAX = 200;

/** GET /api/staff/contact/messages: open ones first, the longest waiting on top. */
export async function listStaffContactMessages(
  deps: Pick<ServiceDeps, 'db'>,
  query: StaffContactQuery,
) {
  const { rows, total } = await listContactMessages(deps.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map(toStaffContactMessage),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

async function readStaffMessage(db: DbHandle, id: number): Promise<StaffContactMessage> {
  const row = await staffContactMessage(db, id);
  if (!row) throw new AppError('CONTACT_MESSAGE_NOT_FOUND');
  return toStaffContactMessage(row);
}

/** GET /api/staff/contact/messages/:id */
export function getStaffContactMessage(
  deps: Pick<ServiceDeps, 'db'>,
  id: number,
): Promise<StaffContactMessage> {
  return readStaffMessage(deps.db, id);
}

function quote(text: string): string {
  return text.length <= NOTIFICATION_QUOTE_MAX
    ? text
    : `${text.slice(0, NOTIFICATION_QUOTE_MAX - 1)}…`;
}

/**
 * POST /api/staff/contact/messages/:id/answer (admin): the answer, who and when, audited in
 * the same transaction. A player is notified (bell and toast); a visitor is answered by email
 * or phone outside the platform, and this records what was said.
 */
export async function answerStaffContactMessage(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  actor: StaffActor,
  id: number,
  answer: string,
): Promise<StaffContactMessage> {
  const now = deps.clock.now();
  const { message, emit } = await deps.db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw new AppError('CONTACT_MESSAGE_NOT_FOUND');
    if (row.status === 'closed') throw new AppError('CONTACT_MESSAGE_CLOSED');
    if (row.status === 'answered') throw new AppError('CONTACT_MESSAGE_ANSWERED');
    await answerContactMessage(tx, id, { text: answer, staffId: actor.staff.staffId, at: now });
    await insertStaffAudit(tx, actor, now, {
      action: 'contact.answer',
      targetType: 'contact_message',
      targetId: String(id),
      before: { status: row.status },
      after: { status: 'answered', answer },
    });
    const notified =
      row.playerId === null
        ? () => undefined
        : await storeNotification(
            tx,
            deps,
            row.playerId,
            templatedNotification('contactAnswered', { answer: quote(answer) }, 'info'),
          );
    return { message: await readStaffMessage(tx, id), emit: notified };
  });
  emit();
  return message;
}

/** POST /api/staff/contact/messages/:id/close (admin): open or answered, audited. */
export async function closeStaffContactMessage(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  actor: StaffActor,
  id: number,
): Promise<StaffContactMessage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw new AppError('CONTACT_MESSAGE_NOT_FOUND');
    if (row.status === 'closed') throw new AppError('CONTACT_MESSAGE_CLOSED');
    await closeContactMessage(tx, id, { staffId: actor.staff.staffId, at: now });
    await insertStaffAudit(tx, actor, now, {
      action: 'contact.close',
      targetType: 'contact_message',
      targetId: String(id),
      before: { status: row.status },
      after: { status: 'closed' },
    });
    return readStaffMessage(tx, id);
  });
}
