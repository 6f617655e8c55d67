import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { createRealtimeEmitter, type RealtimeServer } from '../../realtime/emitter.ts';
import { createMarketPublisher, marketRoom } from './market-stream.ts';

describe('the market publisher', () => {
  // Not attached to an HTTP server: nothing to listen on or to close.
  const server = (): RealtimeServer => new Server();

  it('takes no snapshot of a market no socket can receive', async () => {
    const io = server();
    const snapshots: string[] = [];
    const publisher = createMarketPublisher(
      io,
      (marketId) => void snapshots.push(marketId),
      (room) => room === marketRoom('2'),
    );
    publisher.publish('1');
    publisher.publish('2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    publisher.close();
    expect(snapshots).toEqual(['2']);
  });

  it('counts a lone process its own sockets only; with other nodes, anyone may listen', () => {
    const io = server();
    expect(createRealtimeEmitter(io).mayReach(marketRoom('1'))).toBe(false);
    io.sockets.adapter.rooms.set(marketRoom('1'), new Set(['a-socket-id']));
    expect(createRealtimeEmitter(io).mayReach(marketRoom('1'))).toBe(true);
    expect(createRealtimeEmitter(io).mayReach(marketRoom('2'))).toBe(false);
    expect(createRealtimeEmitter(io, () => 0).mayReach(marketRoom('2'))).toBe(true);
  });
});
