import type { Server } from 'socket.io';

/*
 * A room broadcast's ready WebSocket frame written straight to each socket's TCP stream
 * (docs/decisions.md "Broadcast frames written straight to the socket").
 *
 * socket.io encodes a room broadcast once and, with per-message deflate off, builds its
 * WebSocket frame once (`wsPreEncodedFrame`). Each socket then still takes that frame through
 * engine.io's packet buffer and five events, the ws sender's cork, two writes and uncork, and
 * a write callback that sets off three more events: in bench/fanout about 40 % of the server's
 * CPU went there, beside the one system call per socket the frame costs anyway. That path ends
 * in a write of the frame to the socket's TCP stream; when nothing is waiting before it
 * (engine.io's buffer and the ws sender's queue empty, no transport upgrade under way), writing
 * the frame there at once sends the same bytes in the same order. Otherwise, and for every
 * write that is not such a frame (a socket's own emits, acks, pings, the polling transport),
 * engine.io's own path runs as before.
 */

/** The parts of engine.io's socket, its websocket transport and ws this relies on. */
interface EngineSocket {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: { name: string; perMessageDeflate?: unknown; socket?: WsSocket };
  write(data: unknown, options?: unknown, callback?: unknown): unknown;
}
interface WsSocket {
  readyState: number;
  _sender?: { _queue?: unknown[]; _state?: number };
  _socket?: NodeJS.WritableStream & { destroyed: boolean; writable: boolean };
}

const WS_OPEN = 1;
/** ws's sender state when it is not waiting for a deflate or a blob (ws/lib/sender.js). */
const WS_SENDER_IDLE = 0;

export interface DirectFrameCounts {
  /** Frames written straight to the socket. */
  written: number;
  /**
   * Ready frames that took engine.io's path: something waited before them, or the socket is
   * not on a websocket.
   */
  passedOn: number;
}

/** The TCP stream a frame can be written to now, or null when engine.io must send it. */
function idleStream(conn: EngineSocket) {
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return null;
  const { transport } = conn;
  if (transport.name !== 'websocket' || transport.perMessageDeflate) return null;
  const ws = transport.socket;
  const sender = ws?._sender;
  const stream = ws?._socket;
  if (!ws || ws.readyState !== WS_OPEN || !sender || !stream) return null;
  if (sender._state !== WS_SENDER_IDLE || sender._queue?.length !== 0) return null;
  if (stream.destroyed || !stream.writable) return null;
  return stream;
}

function preEncodedFrame(options: unknown): Buffer[] | null {
  if (typeof options !== 'object' || options === null) return null;
  const { wsPreEncodedFrame, volatile } = options as {
    wsPreEncodedFrame?: unknown;
    volatile?: unknown;
  };
  // A volatile packet is dropped by engine.io's path when the transport is busy: left to it.
  if (volatile || !Array.isArray(wsPreEncodedFrame)) return null;
  return wsPreEncodedFrame.every((part) => Buffer.isBuffer(part))
    ? (wsPreEncodedFrame as Buffer[])
    : null;
}

const countsOf = new WeakMap<Server, DirectFrameCounts>();

/** How `io`'s broadcast frames went out so far (tests); null when not installed on it. */
export function directFrameCounts(io: Server): Readonly<DirectFrameCounts> | null {
  return countsOf.get(io) ?? null;
}

/**
 * Every engine.io socket of `io` from now on writes ready broadcast frames straight to its
 * TCP stream when nothing waits before them.
 */
export function writeBroadcastFramesDirectly(io: Server): void {
  const counts: DirectFrameCounts = { written: 0, passedOn: 0 };
  countsOf.set(io, counts);
  // One frame in one buffer per broadcast, shared by every socket it goes to: one write each
  // instead of two corked ones.
  const joined = new WeakMap<Buffer[], Buffer>();
  io.engine.on('connection', (conn: EngineSocket) => {
    const engineWrite = conn.write.bind(conn);
    conn.write = (data: unknown, options?: unknown, callback?: unknown) => {
      const frame = callback === undefined ? preEncodedFrame(options) : null;
      if (frame === null) return engineWrite(data, options, callback);
      const stream = idleStream(conn);
      if (stream === null) {
        counts.passedOn += 1;
        return engineWrite(data, options, callback);
      }
      let bytes = joined.get(frame);
      if (bytes === undefined) {
        bytes = frame.length === 1 ? frame[0]! : Buffer.concat(frame);
        joined.set(frame, bytes);
      }
      stream.write(bytes);
      counts.written += 1;
      return conn;
    };
  });
}
