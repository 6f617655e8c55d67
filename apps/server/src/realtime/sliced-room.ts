import type { ServerToClientEvents } from '@spm/contract';
import type { BroadcastOperator } from 'socket.io';
import type { RealtimeServer, RealtimeSocket, SocketData } from './emitter.ts';

/*
 * A room of thousands of sockets written a slice at a time (docs/crash-bench.md, session 34).
 * socket.io writes a broadcast to every socket of the room in one go: at 5,000 sockets that is
 * 5,000 socket writes (tens of milliseconds) during which no request is read, so a cash-out that
 * arrives then waits for the whole room. Each socket of a sliced room is also in one of
 * `slices` sub-rooms (`<room>#<k>`, by its id), and a broadcast writes one sub-room per turn of
 * the event loop: a request waits for one slice's writes at most. Broadcasts go out in the
 * order they were made, slice by slice, so every socket still gets them in that order.
 */

type Target = BroadcastOperator<ServerToClientEvents, SocketData>;

/** The sub-room of a socket: a hash of its id, so every node places a socket the same way. */
export function sliceRoomOf(room: string, socketId: string, slices: number): string {
  let hash = 0;
  for (let index = 0; index < socketId.length; index += 1) {
    hash = (Math.imul(hash, 31) + socketId.charCodeAt(index)) | 0;
  }
  return `${room}#${(hash >>> 0) % slices}`;
}

/** Puts the socket in the room and its slice (any node: the one the socket is connected to). */
export function joinSlicedRoom(socket: RealtimeSocket, room: string, slices: number): void {
  void socket.join([room, sliceRoomOf(room, socket.id, slices)]);
}

export function leaveSlicedRoom(socket: RealtimeSocket, room: string, slices: number): void {
  void socket.leave(room);
  void socket.leave(sliceRoomOf(room, socket.id, slices));
}

/** The broadcasting side (the node that owns what the room follows). */
export class SlicedRoom {
  private readonly pending: (() => void)[] = [];
  private draining = false;

  constructor(
    private readonly io: RealtimeServer,
    readonly room: string,
    private readonly slices: number,
    /** A send that threw: told here, and the slices queued behind it still go out. */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues `send` for each slice of the room; the slices go out one per turn of the loop. */
  broadcast(send: (target: Target) => void): void {
    for (let slice = 0; slice < this.slices; slice += 1) {
      const target = `${this.room}#${slice}`;
      this.pending.push(() => send(this.io.to(target)));
    }
    if (!this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  private readonly drain = (): void => {
    try {
      this.pending.shift()?.();
    } catch (error) {
      // A send that threw loses its own slice only, never the broadcasts queued behind it.
      this.onError(error);
    }
    if (this.pending.length > 0) setImmediate(this.drain);
    else this.draining = false;
  };
}
