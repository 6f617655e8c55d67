import { performance } from 'node:perf_hooks';
import type { ServerToClientEvents } from '@spm/contract';
import type { BroadcastOperator } from 'socket.io';
import type { RealtimeServer, RealtimeSocket, SocketData } from './emitter.ts';

/*
 * A room of thousands of sockets written a slice at a time (docs/crash-bench.md, session 34).
 * socket.io writes a broadcast to every socket of the room in one go: at 5,000 sockets that is
 * 5,000 socket writes (tens of milliseconds) during which no request is read, so a cash-out that
 * arrives then waits for the whole room. Each socket of a sliced room is also in one of
 * `slices` sub-rooms (`<room>#<k>`, by its id), and the broadcasts are written slice by slice
 * for at most SLICE_BUDGET_MS per turn of the event loop: a request waits for that long at
 * most. Broadcasts go out in the order they were made, so every socket gets them in that order.
 *
 * A broadcast of a replaceable kind (a tick: only the latest position matters) takes the place
 * of the same kind's broadcast still waiting for that slice, when nothing else waits behind
 * it there: a loaded server sends the newest tick late rather than every tick ever later.
 */

/** The longest a turn of the event loop spends writing slices. */
const SLICE_BUDGET_MS = 4;

type Target = BroadcastOperator<ServerToClientEvents, SocketData>;

interface Pending {
  slice: number;
  /** Replaceable by a newer broadcast of this kind; undefined: never replaced. */
  kind: string | undefined;
  send: SliceSend;
}

/**
 * Writes a broadcast to one slice (its sub-room and index): called when the slice's turn
 * comes, so it may build the slice's frame then, from what that slice was last sent.
 */
export type SliceSend = (target: Target, slice: number) => void;

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
  private pending: Pending[] = [];
  private next = 0;
  /** Each slice's last waiting broadcast (the only one a newer one may replace). */
  private readonly lastOfSlice: (Pending | undefined)[];
  private draining = false;

  constructor(
    private readonly io: RealtimeServer,
    readonly room: string,
    private readonly slices: number,
    /** A send that threw: told here, and the broadcasts queued behind it still go out. */
    private readonly onError: (error: unknown) => void,
  ) {
    this.lastOfSlice = Array.from({ length: slices }, () => undefined);
  }

  /**
   * Queues `send` for each slice of the room; `replaceable` names a kind whose newer broadcast
   * may take this one's place while it waits (see above).
   */
  broadcast(send: SliceSend, replaceable?: string): void {
    for (let slice = 0; slice < this.slices; slice += 1) {
      const last = this.lastOfSlice[slice];
      if (replaceable !== undefined && last?.kind === replaceable) {
        last.send = send;
        continue;
      }
      const entry: Pending = { slice, kind: replaceable, send };
      this.pending.push(entry);
      this.lastOfSlice[slice] = entry;
    }
    if (!this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  /** Settles once every broadcast made so far is written (tests step the game with it). */
  async written(): Promise<void> {
    while (this.draining) await new Promise((resolve) => setImmediate(resolve));
  }

  private readonly drain = (): void => {
    const until = performance.now() + SLICE_BUDGET_MS;
    do {
      const entry = this.pending[this.next];
      if (!entry) break;
      this.next += 1;
      if (this.lastOfSlice[entry.slice] === entry) this.lastOfSlice[entry.slice] = undefined;
      try {
        entry.send(this.io.to(`${this.room}#${entry.slice}`), entry.slice);
      } catch (error) {
        // A send that threw loses its own slice only, never the broadcasts queued behind it.
        this.onError(error);
      }
    } while (performance.now() < until);
    if (this.next >= this.pending.length) {
      this.pending = [];
      this.next = 0;
      this.draining = false;
      return;
    }
    // Under a lasting backlog the sent head is dropped now and then, not kept forever.
    if (this.next > 1024) {
      this.pending = this.pending.slice(this.next);
      this.next = 0;
    }
    setImmediate(this.drain);
  };
}
