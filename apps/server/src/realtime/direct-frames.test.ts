import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@spm/contract';
import type { Server } from 'socket.io';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { directFrameCounts } from './direct-frames.ts';
import { closeRealtimeServer, createRealtimeServer } from './realtime-server.ts';

const ROOM = 'room:test';
const WAIT_MS = 5000;

/**
 * The realtime server as the app creates it, with every socket in ROOM; events here are the
 * test's own, so the typed server is used as a plain one.
 */
async function startServer(): Promise<{ io: Server; http: HttpServer; url: string }> {
  const http = createServer();
  const io = createRealtimeServer(http, undefined) as unknown as Server;
  io.on('connection', (socket) => void socket.join(ROOM));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { io, http, url: `http://127.0.0.1:${port}` };
}

function client(url: string, transport: 'websocket' | 'polling'): ClientSocket {
  return connectClient(url, {
    path: REALTIME_PATH,
    transports: [transport],
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the numbers `socket` got once `count` have arrived. */
function collect(socket: ClientSocket, count: number): Promise<number[]> {
  const got: number[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`got ${got.length} of ${count}: ${got.join(',')}`)),
      WAIT_MS,
    );
    socket.on('n', (n: number) => {
      got.push(n);
      if (got.length === count) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('room broadcasts written straight to the socket', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connectedPair() {
    const server = await startServer();
    cleanups.push(async () => {
      await closeRealtimeServer(server.io as never);
      await new Promise((resolve) => server.http.close(resolve));
    });
    const sockets = [client(server.url, 'websocket'), client(server.url, 'polling')];
    cleanups.push(async () => {
      for (const socket of sockets) socket.disconnect();
    });
    await Promise.all(
      sockets.map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))),
    );
    // The joins run in the server's connection handler: wait until both are in the room.
    while ((server.io.sockets.adapter.rooms.get(ROOM)?.size ?? 0) < 2) await nextTick();
    return { ...server, websocket: sockets[0]!, polling: sockets[1]! };
  }

  it('keeps every socket’s order with its own packets, on websocket and on polling', async () => {
    const { io, websocket, polling } = await connectedPair();
    const counts = directFrameCounts(io)!;
    const before = { ...counts };
    const rounds = 20;
    const perRound = 4;
    const arrivals = [websocket, polling].map((s) => collect(s, rounds * perRound));
    let n = 0;
    for (let round = 0; round < rounds; round += 1) {
      // One tick: the socket's own first packet goes out and leaves engine.io's transport
      // busy, so its second waits in engine.io's buffer; the broadcast behind it must wait too.
      for (const socket of io.sockets.sockets.values()) {
        socket.emit('n', n + 1);
        socket.emit('n', n + 2);
      }
      io.to(ROOM).emit('n', n + 3);
      await nextTick();
      // A later tick, nothing waiting: this one goes straight to the websocket.
      io.to(ROOM).emit('n', n + 4);
      await nextTick();
      n += perRound;
    }
    const expected = Array.from({ length: rounds * perRound }, (_, i) => i + 1);
    for (const got of await Promise.all(arrivals)) expect(got).toEqual(expected);
    // Per round: the broadcast after the waiting packet and both of the polling socket's took
    // engine.io's path; the websocket's later one was written straight.
    expect(counts.written - before.written).toBe(rounds);
    expect(counts.passedOn - before.passedOn).toBe(rounds * 3);
  });

  it('sends the same bytes a broadcast sent through engine.io does', async () => {
    const { io, websocket } = await connectedPair();
    const counts = directFrameCounts(io)!;
    const before = counts.written;
    const payload = { text: 'नमस्ते ✓', nested: { list: [1, 2.5, null, 'x'.repeat(70_000)] } };
    const received = new Promise((resolve) => websocket.once('payload', resolve));
    io.to(ROOM).emit('payload', payload);
    expect(await received).toEqual(payload);
    // A payload over 64 KiB has the longest frame header: still written straight.
    expect(counts.written - before).toBe(1);
  });
});
