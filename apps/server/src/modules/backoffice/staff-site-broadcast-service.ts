import { objectWith } from '@spm/core';
import type { z } from 'zod';
import type { staffBroadcastBodySchema } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { insertNotificationForAllPlayers } from '../wallet/index.ts';
import { activePlayerIds, findUserById } from '../identity/index.ts';
import { storeNotification, type NotificationInput } from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import { localizedToast, type LocalizedToast } from '../../realtime/localized.ts';
import type { StaffActor } from '../site/index.ts';

type BroadcastBody = z.infer<typeof staffBroadcastBodySchema>;

/**
 * POST /staff/notifications. To one player (any status, never a system account), or to every
 * active player the platform does not run itself, demo accounts included (a notice about the
 * site concerns whoever is playing). Stored in the bell and toasted to sockets online now.
 *
 * "All" is one INSERT … SELECT and ONE emit to every socket (`toastAll`: socket.io's
 * broadcast, which the Redis adapter fans out to every node); every socket belongs to a
 * signed-in player, since the handshake refuses any other. One audit row with the count.
 */
export async function broadcastNotification(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  actor: StaffActor,
  body: BroadcastBody,
  toastAll: (toast: LocalizedToast) => void,
): Promise<{ recipients: number }> {
  const toast: NotificationInput = {
    title: body.title,
    message: body.message,
    status: body.status,
    translations: body.translations,
  };
  const target = body.target;
  let playerId: number | null = null;
  if (target.kind === 'player') {
    const player = await findUserById(deps.db, Number(target.playerId));
    if (!player || player.isSystem) throw new AppError('PLAYER_NOT_FOUND');
    playerId = player.id;
  }
  const now = deps.clock.now();
  const { recipients, emit } = await deps.db.transaction(async (tx) => {
    let sent: { recipients: number; emit: () => void };
    if (playerId === null) {
      const count = await insertNotificationForAllPlayers(
        tx,
        objectWith(toast, { createdAt: now, recipients: activePlayerIds() }),
      );
      sent = { recipients: count, emit: () => toastAll(localizedToast(toast, toast.translations)) };
    } else {
      sent = { recipients: 1, emit: await storeNotification(tx, deps, playerId, toast) };
    }
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(actor.staff.staffId),
      action: 'notification.broadcast',
      targetType: playerId === null ? 'players' : 'player',
      targetId: playerId === null ? 'all' : String(playerId),
      before: null,
      after: objectWith(toast, { recipients: sent.recipients }),
      reason: null,
      ip: actor.ip,
      createdAt: now,
    });
    return sent;
  });
  // After commit: a rolled-back notification is never toasted.
  emit();
  return { recipients };
}
