import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@spm/contract';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServer, RealtimeSocket } from './emitter.ts';
import { closeRealtimeServer, createRealtimeServer } from './realtime-server.ts';
import { SlicedRoom, joinSlicedRoom, sliceRoomOf } from './sliced-room.ts';

const ROOM = 'room:sliced';
const SLICES = 4;
const SOCKETS = 24;
/** The test's own event, outside the app's typed ones. */
const emitNumber = (to: unknown, n: number) =>
  (to as { emit: (event: string, value: number) => void }).emit('n', n);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a room written a slice at a time', () => {
  const http = createServer();
  let io: RealtimeServer;
  const clients: ClientSocket[] = [];
  const joined: RealtimeSocket[] = [];

  beforeAll(async () => {
    io = createRealtimeServer(http, undefined);
    io.on('connection', (socket) => {
      joinSlicedRoom(socket, ROOM, SLICES);
      joined.push(socket);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    for (let index = 0; index < SOCKETS; index += 1) {
      clients.push(
        connectClient(`http://127.0.0.1:${port}`, {
          path: REALTIME_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        }),
      );
    }
    await Promise.all(
      clients.map(
        (client) => new Promise<void>((resolve) => client.once('connect', () => resolve())),
      ),
    );
    while (joined.length < SOCKETS) await nextTurn();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await closeRealtimeServer(io);
    await new Promise((resolve) => http.close(resolve));
  });

  it('puts every socket in the room and in exactly one slice, the same one from its id', () => {
    const slices = new Set<string>();
    for (const socket of joined) {
      const own = [...socket.rooms].filter((room) => room.startsWith(`${ROOM}#`));
      expect(own).toEqual([sliceRoomOf(ROOM, socket.id, SLICES)]);
      expect(socket.rooms.has(ROOM)).toBe(true);
      slices.add(own[0]!);
    }
    // 24 sockets over 4 slices: every slice used (ids are random; 4^-23 odds of one empty).
    expect(slices.size).toBe(SLICES);
  });

  const throwing = () =>
    new SlicedRoom(io, ROOM, SLICES, (error) => {
      throw error;
    });

  it('writes after the caller’s turn, in the order broadcast, every slice', async () => {
    const room = throwing();
    const sent: string[] = [];
    room.broadcast(() => sent.push('first'));
    room.broadcast(() => sent.push('second'));
    // Nothing is written in the caller's turn (a request being handled finishes first).
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([...Array(SLICES).fill('first'), ...Array(SLICES).fill('second')]);
  });

  it('tells each send which slice it writes (a frame may be built per slice)', async () => {
    const room = throwing();
    const written: [string, number][] = [];
    room.broadcast((to, slice) => {
      const rooms = (to as unknown as { rooms: Set<string> }).rooms;
      written.push([[...rooms].join(), slice]);
    });
    await nextTurn();
    expect(written).toEqual(
      Array.from({ length: SLICES }, (_, slice) => [`${ROOM}#${slice}`, slice]),
    );
  });

  it('yields to the event loop once a turn has written for its budget', async () => {
    const room = throwing();
    const sent: number[] = [];
    const slowSend = (n: number) => () => {
      sent.push(n);
      const until = Date.now() + 6;
      while (Date.now() < until); // A slice of thousands of sockets: milliseconds of writes.
    };
    room.broadcast(slowSend(1));
    await nextTurn();
    expect(sent).toEqual([1]);
    for (let turn = 1; turn < SLICES; turn += 1) await nextTurn();
    expect(sent).toEqual(Array(SLICES).fill(1));
  });

  it('lets a newer tick take a waiting tick’s place, never jumping another event', async () => {
    const room = throwing();
    const sent: string[] = [];
    const send = (label: string) => () => sent.push(label);
    room.broadcast(send('tick 1'), 'tick');
    room.broadcast(send('tick 2'), 'tick');
    await nextTurn();
    expect(sent).toEqual(Array(SLICES).fill('tick 2'));

    sent.length = 0;
    room.broadcast(send('tick 3'), 'tick');
    room.broadcast(send('crash'));
    room.broadcast(send('tick 4'), 'tick');
    await nextTurn();
    expect(sent).toEqual([
      ...Array(SLICES).fill('tick 3'),
      ...Array(SLICES).fill('crash'),
      ...Array(SLICES).fill('tick 4'),
    ]);
  });

  it('delivers every broadcast to every socket, in order, and goes on after a send that threw', async () => {
    const failures: unknown[] = [];
    const room = new SlicedRoom(io, ROOM, SLICES, (error) => failures.push(error));
    const got = clients.map(() => [] as number[]);
    clients.forEach((client, index) => client.on('n', (n: number) => got[index]!.push(n)));
    let thrown = false;
    room.broadcast((to) => emitNumber(to, 1));
    room.broadcast(() => {
      if (!thrown) {
        thrown = true;
        throw new Error('one slice failed');
      }
    });
    for (const n of [2, 3]) room.broadcast((to) => emitNumber(to, n));
    await expect
      .poll(() => got.every((numbers) => numbers.length === 3), { timeout: 5000 })
      .toBe(true);
    for (const numbers of got) expect(numbers).toEqual([1, 2, 3]);
    expect(failures).toEqual([new Error('one slice failed')]);
  });
});
