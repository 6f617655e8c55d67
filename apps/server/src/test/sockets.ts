import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@spm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { RealtimeEmitter } from '../realtime/emitter.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A real socket.io client signed in with `token`, connected before it is answered. It joins
 * `open`, which the test disconnects after each case.
 */
export async function connectPlayerSocket(
  baseUrl: string,
  token: string,
  open: ClientSocket[],
): Promise<ClientSocket> {
  const socket: ClientSocket = connectClient(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * An emitter with no sockets behind it: `emitToUser` calls `onEmit` (nothing by default), the
 * rest does nothing. For services and workers a test drives without the app's realtime.
 */
export function recordingEmitter(
  onEmit: RealtimeEmitter['emitToUser'] = () => undefined,
): RealtimeEmitter {
  return {
    emitToUser: onEmit,
    emitToAll: () => undefined,
    disconnectSession: () => undefined,
    disconnectUser: () => undefined,
    onSessionsEnded: () => undefined,
    announceNamesChanged: () => undefined,
    onNamesChanged: () => undefined,
    announcementEpoch: () => 0,
    mayReach: () => true,
  };
}
