import type { UpdatePasswordBody } from '@spm/contract';
import { messageCall } from '@/shared/api/message-call';
import type { MessageOutcome } from '@/shared/api/message-call';

/** POST /update-password: the signed-in player changes their password (SPEC 7.2). */
export function updatePassword(body: UpdatePasswordBody): Promise<MessageOutcome> {
  return messageCall('/update-password', body);
}
