// A socket.io client that speaks the protocol itself (Engine.IO 4 over a WebSocket, socket.io 5
// packets on the main namespace) with no more than the fan-out bench uses: the handshake with
// `auth`, pings, events, and events with an acknowledgement. It is the bench's default client:
// socket.io-client's layers (engine.io-client's transport and packets, the socket.io decoder,
// a tick per packet) cost more CPU a message than the whole server spends delivering it, and
// the clients share the server's two cores (docs/decisions.md "bench/fanout's clients").
// FANOUT_CLIENT=socket.io-client runs the library instead.
import WebSocket from 'ws';

/** Engine.IO packet types (the first character of every frame). */
const EIO = { open: '0', close: '1', ping: '2', pong: '3', message: '4' } as const;
/** socket.io packet types (the character after Engine.IO's `4`). */
const SIO = { connect: '0', disconnect: '1', event: '2', ack: '3', connectError: '4' } as const;

type Listener = (...args: unknown[]) => void;

export class ProtocolClient {
  private readonly ws: WebSocket;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  private nextAckId = 0;
  private connected = false;
  private closed = false;

  private readonly auth: Record<string, unknown>;

  constructor(baseUrl: string, path: string, auth: Record<string, unknown>) {
    this.auth = auth;
    const url = new URL(path, baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('EIO', '4');
    url.searchParams.set('transport', 'websocket');
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) this.fail('a binary frame, which this bench never sends');
      else this.onFrame(data.toString());
    });
    this.ws.on('error', (error) => this.fail(error.message));
    this.ws.on('close', () => this.ended('transport close'));
  }

  on(event: string, listener: Listener): this {
    const list = this.listeners.get(event);
    if (list) list.push(listener);
    else this.listeners.set(event, [listener]);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      listener(...args);
    };
    return this.on(event, wrapped);
  }

  private off(event: string, listener: Listener): void {
    const list = this.listeners.get(event);
    if (list)
      this.listeners.set(
        event,
        list.filter((l) => l !== listener),
      );
  }

  private dispatch(event: string, args: unknown[]): void {
    const list = this.listeners.get(event);
    if (!list) return;
    for (const listener of list.length === 1 ? list : [...list]) listener(...args);
  }

  /** `emitWithAck` with a deadline, as socket.io-client's `timeout(ms).emitWithAck`. */
  emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (!this.connected) {
        reject(new Error('not connected'));
        return;
      }
      const id = this.nextAckId++;
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error('operation has timed out'));
      }, timeoutMs);
      this.acks.set(id, (args) => {
        clearTimeout(timer);
        resolve(args[0]);
      });
      this.ws.send(`${EIO.message}${SIO.event}${id}${JSON.stringify([event, payload])}`);
    });
  }

  disconnect(): void {
    if (this.closed) return;
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(`${EIO.message}${SIO.disconnect}`);
    }
    this.closed = true;
    this.ws.close();
  }

  private onFrame(text: string): void {
    switch (text[0]) {
      case EIO.open:
        this.ws.send(`${EIO.message}${SIO.connect}${JSON.stringify(this.auth)}`);
        return;
      case EIO.ping:
        this.ws.send(EIO.pong);
        return;
      case EIO.message:
        this.onPacket(text);
        return;
      case EIO.close:
        this.ended('transport close');
        return;
      default:
        this.fail(`an Engine.IO packet this client does not know: ${text.slice(0, 40)}`);
    }
  }

  /** A socket.io packet on the main namespace: `4` + type + [ack id] + JSON. */
  private onPacket(text: string): void {
    const type = text[1];
    if (type === SIO.event || type === SIO.ack) {
      let at = 2;
      while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at += 1;
      const args = JSON.parse(text.slice(at)) as unknown[];
      if (!Array.isArray(args)) {
        this.fail(`a packet without an argument list: ${text.slice(0, 40)}`);
        return;
      }
      if (type === SIO.ack) {
        const id = Number(text.slice(2, at));
        const resolve = this.acks.get(id);
        this.acks.delete(id);
        resolve?.(args);
        return;
      }
      if (at !== 2) {
        this.fail('the server asked for an acknowledgement, which this bench never answers');
        return;
      }
      const [event, ...rest] = args;
      this.dispatch(String(event), rest);
      return;
    }
    if (type === SIO.connect) {
      this.connected = true;
      this.dispatch('connect', []);
    } else if (type === SIO.connectError) {
      const { message } = JSON.parse(text.slice(2)) as { message?: string };
      this.dispatch('connect_error', [new Error(message ?? 'connect error')]);
      this.disconnect();
    } else if (type === SIO.disconnect) {
      this.ended('io server disconnect');
    } else {
      this.fail(`a socket.io packet this client does not know: ${text.slice(0, 40)}`);
    }
  }

  private fail(reason: string): void {
    if (!this.connected) this.dispatch('connect_error', [new Error(reason)]);
    this.ended(reason);
    this.ws.terminate();
  }

  private ended(reason: string): void {
    const wasConnected = this.connected;
    this.connected = false;
    if (this.closed && !wasConnected) return;
    this.closed = true;
    if (wasConnected) this.dispatch('disconnect', [reason]);
  }
}
