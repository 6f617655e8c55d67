import { vi } from 'vitest';

/**
 * A small stand-in for socket.io-client's Socket, installed for every web test in setup.ts
 * (vi.mock of 'socket.io-client'), so no test opens a real connection. Tests drive it as
 * the server would: `serverConnect()`, `serverEmit()`, `connectError()`, and answer
 * emitWithAck through `reply()`. Without a reply an ack times out like socket.io's does.
 */
type Listener = (...args: unknown[]) => void;
type Reply = unknown | ((payload: unknown) => unknown);

export interface FakeEmit {
  event: string;
  args: unknown[];
  /** The time-out passed to socket.timeout(), when the emit asked for an ack. */
  timeoutMs?: number;
}

export class FakeSocket {
  readonly io: { opts: Record<string, unknown> };
  readonly auth: unknown;
  connected = false;
  /** socket.io: false after a refusal by a server middleware, until connect() is called. */
  active = true;
  disconnected = false;
  connectCalls = 0;
  readonly emits: FakeEmit[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly replies = new Map<string, Reply>();

  constructor(readonly options: Record<string, unknown>) {
    this.io = { opts: { ...options } };
    this.auth = options.auth;
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event?: string, listener?: Listener): this {
    if (!event) this.listeners.clear();
    else if (!listener) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emits.push({ event, args });
    return this;
  }

  timeout(ms: number) {
    return {
      emitWithAck: (event: string, ...args: unknown[]): Promise<unknown> => {
        this.emits.push({ event, args, timeoutMs: ms });
        if (this.replies.has(event)) {
          const reply = this.replies.get(event);
          return Promise.resolve(
            typeof reply === 'function' ? (reply as (payload: unknown) => unknown)(args[0]) : reply,
          );
        }
        return new Promise((_resolve, reject) => {
          setTimeout(() => reject(new Error('operation has timed out')), ms);
        });
      },
    };
  }

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    this.disconnected = false;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    this.active = false;
    return this;
  }

  // ---- test drivers (the server's side) ----

  /** Answers every later emitWithAck of `event` with `reply` (or its result). */
  reply(event: string, reply: Reply): void {
    this.replies.set(event, reply);
  }

  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }

  serverEmit(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  connectError(error: Error & { data?: unknown }, { middleware = false } = {}): void {
    if (middleware) this.active = false;
    this.fire('connect_error', error);
  }

  emitsOf(event: string): FakeEmit[] {
    return this.emits.filter((emit) => emit.event === event);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Every socket created through io() since the last reset, oldest first. */
export const fakeSockets: FakeSocket[] = [];

export function resetFakeSockets(): void {
  fakeSockets.length = 0;
}

export function lastSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('no realtime socket was created');
  return socket;
}

/**
 * The socket the app opens next: the realtime client loads socket.io-client on its first
 * connect, so the socket appears a few microtasks after sign-in rather than at once.
 */
export function createdSocket(): Promise<FakeSocket> {
  return vi.waitFor(lastSocket);
}

export function io(options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
}

/** A SessionError refusal as the server's handshake middleware sends it. */
export function sessionError(message?: string): Error & { data?: unknown } {
  const error: Error & { data?: unknown } = new Error('SessionError');
  if (message) error.data = { message };
  return error;
}
