import { CLIENT_EVENTS, SERVER_EVENTS, realityCheckAckSchema, type AckStatus } from '@spm/contract';
import type { RealtimeEmitter, RealtimeSocket } from '../../../realtime/emitter.ts';

/**
 * A page answered a reality check (continue or stop): every page of the player hears
 * `rg:reality_check_ack` with that check's session start and index, through the emitter (so
 * pages on other nodes too), and closes its dialog for it. The server only relays it: the
 * check is the player's own, and the answer changes nothing but the other pages' dialogs.
 */
export function relayRealityCheckAnswers(socket: RealtimeSocket, realtime: RealtimeEmitter): void {
  socket.on(CLIENT_EVENTS.realityCheckAnswered, (payload, ack) => {
    const reply = (status: AckStatus) => {
      if (typeof ack === 'function') (ack as (answer: { status: AckStatus }) => void)({ status });
    };
    const answered = realityCheckAckSchema.safeParse(payload);
    if (!answered.success) {
      reply('failed');
      return;
    }
    realtime.emitToUser(socket.data.userId, SERVER_EVENTS.realityCheckAck, answered.data);
    reply('success');
  });
}
