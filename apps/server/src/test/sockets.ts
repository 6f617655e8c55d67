import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@spm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';

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
