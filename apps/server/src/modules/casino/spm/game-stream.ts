import {
  GAME_EVENTS,
  gameRoom,
  gameSubscribeSchema,
  type GameSubscribeAck,
  type SpmRound,
} from '@spm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.ts';
import { socketRestricted, type RealtimeServer } from '../../../realtime/emitter.ts';

/** A socket watches at most this many tables at once (a page shows one). */
export const MAX_GAME_ROOMS = 4;

/**
 * `game:subscribe` / `game:unsubscribe` (contract `gameSubscribeSchema`): any signed-in
 * socket may watch a table (not one of the restricted view: RESTRICTED). A new watcher gets the round as it is now straight away, then
 * every `game:round` of the table's room.
 */
export function installGameStream(
  io: RealtimeServer,
  watch: (tableId: string) => Promise<SpmRound | undefined>,
  log: FastifyBaseLogger,
  clock: Clock,
): void {
  io.on('connection', (socket) => {
    const watching = () => [...socket.rooms].filter((room) => room.startsWith('game:')).length;
    const handle = (subscribe: boolean) => (payload: unknown, ack?: unknown) => {
      const reply =
        typeof ack === 'function' ? (ack as (answer: GameSubscribeAck) => void) : () => undefined;
      const parsed = gameSubscribeSchema.safeParse(payload);
      if (!parsed.success) {
        reply({ status: 'failed', tableId: '' });
        return;
      }
      const { tableId } = parsed.data;
      const room = gameRoom(tableId);
      if (!subscribe) {
        void socket.leave(room);
        reply({ status: 'success', tableId });
        return;
      }
      if (socketRestricted(socket.data, clock.now().getTime())) {
        reply({ status: 'failed', tableId, errorCode: 'RESTRICTED' });
        return;
      }
      if (!socket.rooms.has(room) && watching() >= MAX_GAME_ROOMS) {
        reply({ status: 'failed', tableId });
        return;
      }
      watch(tableId).then(
        (round) => {
          const full = !socket.rooms.has(room) && watching() >= MAX_GAME_ROOMS;
          if (!round || !socket.connected || full) {
            reply({ status: 'failed', tableId });
            return;
          }
          void socket.join(room);
          // The page read the table before it subscribed: start it from the round now.
          socket.emit(GAME_EVENTS.round, { tableId, round, sentAt: Date.now() });
          reply({ status: 'success', tableId });
        },
        (error: unknown) => {
          log.error({ err: error, tableId }, 'game:subscribe failed');
          reply({ status: 'failed', tableId });
        },
      );
    };
    socket.on(GAME_EVENTS.subscribe, handle(true));
    socket.on(GAME_EVENTS.unsubscribe, handle(false));
  });
}
