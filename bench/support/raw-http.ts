/**
 * The load processes' HTTP client: one keep-alive socket per lane, each request written as one
 * buffer and each answer read by its Content-Length (or chunks), as autocannon and wrk do.
 * node:http's client spent 0.3–0.5 ms of CPU per request in the load processes, which share
 * this 2-core machine with the server and PostgreSQL being measured; this spends about a
 * third of that. Only what the benches' requests need: POST and PUT with a JSON body, HTTP/1.1.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection that sends one request at a time. */
export class RawHttpConnection {
  private socket: net.Socket | undefined;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting:
    { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.tryAnswer();
    });
    const fail = (error: Error) => {
      this.socket = undefined;
      this.buffered = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  post(path: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
    return this.send('POST', path, headers, body);
  }

  put(path: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
    return this.send('PUT', path, headers, body);
  }

  /** Whether a request is waiting for its answer on this connection. */
  get busy(): boolean {
    return this.waiting !== undefined;
  }

  private send(
    method: 'POST' | 'PUT',
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<RawAnswer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time per connection'));
    this.socket ??= this.connect();
    const bodyBytes = Buffer.from(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\nconnection: keep-alive\r\ncontent-type: application/json\r\ncontent-length: ${bodyBytes.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    const request = Buffer.concat([Buffer.from(`${head}\r\n`), bodyBytes]);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(request);
    });
  }

  /** Answers the waiting request once its whole answer has arrived. */
  private tryAnswer(): void {
    if (!this.waiting) return;
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffered.subarray(0, headerEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const lower = head.toLowerCase();
    const start = headerEnd + HEADER_END.length;
    let body: Buffer | undefined;
    let rest: Buffer;
    const lengthAt = lower.indexOf('\r\ncontent-length:');
    if (lengthAt >= 0) {
      const length = Number.parseInt(
        lower.slice(lengthAt + 17, lower.indexOf('\r\n', lengthAt + 2)),
      );
      if (this.buffered.length < start + length) return;
      body = this.buffered.subarray(start, start + length);
      rest = this.buffered.subarray(start + length);
    } else if (lower.includes('\r\ntransfer-encoding: chunked')) {
      const chunks: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffered.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = Number.parseInt(this.buffered.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffered.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          at = lineEnd + 4;
          break;
        }
        chunks.push(this.buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
      rest = this.buffered.subarray(at);
    } else {
      body = Buffer.alloc(0);
      rest = this.buffered.subarray(start);
    }
    this.buffered = rest.length === 0 ? Buffer.alloc(0) : Buffer.from(rest);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ status, body: body.toString('utf8') });
  }

  close(): void {
    this.socket?.removeAllListeners('close');
    this.socket?.destroy();
    this.socket = undefined;
  }
}
