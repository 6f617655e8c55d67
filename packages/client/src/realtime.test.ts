import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_REQUEST_TIMEOUT_MS, SESSION_ERROR } from '@spm/contract';
import {
  INITIAL_TRANSPORTS,
  emitWithAckOn,
  isSessionError,
  realtimeOptions,
  sessionErrorDetails,
} from './realtime.ts';

/** The part of a socket emitWithAckOn uses; `reply` decides each answer. */
function fakeSocket(reply: (event: string, args: unknown[]) => Promise<unknown>) {
  const sent: { timeout: number; event: string; args: unknown[] }[] = [];
  const socket = {
    timeout: (ms: number) => ({
      emitWithAck: (event: string, ...args: unknown[]) => {
        sent.push({ timeout: ms, event, args });
        return reply(event, args);
      },
    }),
  };
  // A structural stand-in: only `timeout().emitWithAck` is ever called.
  return { socket: socket as unknown as Socket, sent };
}

describe('realtime helpers', () => {
  it('connects on the contract path with the token, websocket first, never reusing a manager', () => {
    const options = realtimeOptions('tok');
    expect(options).toMatchObject({ path: REALTIME_PATH, auth: { token: 'tok' }, forceNew: true });
    expect(options.transports).toEqual([...INITIAL_TRANSPORTS]);
    expect(options.transports).not.toBe(INITIAL_TRANSPORTS);
  });

  it('answers the ack, with the payload only when given, under the request time-out', async () => {
    const { socket, sent } = fakeSocket(async (event) => ({ status: 'success', event }));
    await expect(emitWithAckOn(socket, 'get:balance')).resolves.toEqual({
      ok: true,
      ack: { status: 'success', event: 'get:balance' },
    });
    await emitWithAckOn(socket, 'bet', { id: 1 });
    expect(sent).toEqual([
      { timeout: REALTIME_REQUEST_TIMEOUT_MS, event: 'get:balance', args: [] },
      { timeout: REALTIME_REQUEST_TIMEOUT_MS, event: 'bet', args: [{ id: 1 }] },
    ]);
  });

  it('answers timeout when the ack never comes and not-connected without a socket', async () => {
    const { socket } = fakeSocket(() => Promise.reject(new Error('operation has timed out')));
    await expect(emitWithAckOn(socket, 'x')).resolves.toEqual({ ok: false, reason: 'timeout' });
    await expect(emitWithAckOn(null, 'x')).resolves.toEqual({
      ok: false,
      reason: 'not-connected',
    });
  });

  it('tells a session refusal from other connect errors and reads its details', () => {
    const refusal = Object.assign(new Error(SESSION_ERROR), {
      data: { errorCode: 'SESSION_EXPIRED', message: 'Signed out' },
    });
    expect(isSessionError(refusal)).toBe(true);
    expect(isSessionError(new Error('xhr poll error'))).toBe(false);
    expect(sessionErrorDetails(refusal)).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Signed out',
    });
    expect(sessionErrorDetails(new Error(SESSION_ERROR))).toEqual({ code: '', message: '' });
  });
});
