import { CRASH_CLIENT_EVENTS, CRASH_ROOM, type CrashJoinAck, type CrashState } from '@spm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { socketRestricted, type RealtimeServer } from '../../realtime/emitter.ts';
import { joinSlicedRoom, leaveSlicedRoom } from '../../realtime/sliced-room.ts';

/**
 * The game's room is written a slice at a time (realtime/sliced-room.ts): at 5,000 sockets a
 * slice is about 600 socket writes, a few milliseconds, the longest a request waits for a tick.
 */
export const CRASH_ROOM_SLICES = 8;

/**
 * `crash:join` / `crash:leave` on every node: a signed-in socket joins the `game:crash` room
 * and its ack is the state (read on this node: from memory where the rounds fly, else from the
 * database). The room's events come from the node that flies the rounds, through the Redis
 * adapter when there are several nodes, as the casino tables' and the markets' do. A socket of
 * a player under a time-out or self-exclusion joins nothing (RESTRICTED).
 */
export function installCrashStream(
  io: RealtimeServer,
  state: (viewerId: number) => Promise<CrashState>,
  log: FastifyBaseLogger,
  clock: Clock,
): void {
  io.on('connection', (socket) => {
    socket.on(CRASH_CLIENT_EVENTS.join, (_payload: unknown, ack?: unknown) => {
      const reply =
        typeof ack === 'function' ? (ack as (answer: CrashJoinAck) => void) : () => undefined;
      if (socketRestricted(socket.data, clock.now().getTime())) {
        reply({ errorCode: 'RESTRICTED' });
        return;
      }
      // Joined first, so no event between the state read and the join is lost (a client
      // applies events newer than its state only: each carries the round id and its phase).
      joinSlicedRoom(socket, CRASH_ROOM, CRASH_ROOM_SLICES);
      state(socket.data.userId).then(
        (answer) => reply(answer),
        (error: unknown) => {
          log.error({ err: error }, 'crash:join failed');
          leaveSlicedRoom(socket, CRASH_ROOM, CRASH_ROOM_SLICES);
          reply({ errorCode: 'SERVICE_UNAVAILABLE' });
        },
      );
    });
    socket.on(CRASH_CLIENT_EVENTS.leave, (_payload: unknown, ack?: unknown) => {
      leaveSlicedRoom(socket, CRASH_ROOM, CRASH_ROOM_SLICES);
      if (typeof ack === 'function')
        (ack as (answer: { status: 'success' }) => void)({ status: 'success' });
    });
  });
}
