// A small load balancer for trying several nodes on one machine without nginx (`npm run
// cluster`): round robin over the nodes, sticky by a cookie so a socket.io long-polling
// session keeps reaching the node that holds it, websocket upgrades passed through, and a
// node that refuses connections skipped until it answers again. Production uses nginx or
// HAProxy (deploy/); this is for a laptop.
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export const STICKY_COOKIE = 'spm_node';
/** A node that refused a connection is left out this long before it is tried again. */
const DOWN_FOR_MS = 2000;

/**
 * Only a node may say it forwarded a request (the owner then serves it without forwarding
 * again), as deploy/'s nginx and HAProxy configurations make sure: a player's copy is dropped.
 */
const NODE_FORWARDED_HEADER = 'x-spm-forwarded-by';

/** Hop-by-hop headers a proxy must not pass on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function stickyIndex(cookieHeader, count) {
  const match = /(?:^|;\s*)spm_node=(\d+)/.exec(cookieHeader ?? '');
  if (!match) return undefined;
  const index = Number(match[1]);
  return index < count ? index : undefined;
}

/**
 * Starts the proxy on `port` of `host` in front of `targets` ({ host, port } each). Resolves
 * with `{ server, close }` once it listens.
 */
export function startRoundRobinProxy({ host = '127.0.0.1', port, targets, log = () => {} }) {
  let next = 0;
  const downUntil = targets.map(() => 0);

  /** The sticky node if it is up, else the next one up in turn (or the next one at all). */
  function choose(cookieHeader) {
    const sticky = stickyIndex(cookieHeader, targets.length);
    if (sticky !== undefined && downUntil[sticky] <= Date.now()) return sticky;
    for (let tried = 0; tried < targets.length; tried += 1) {
      const index = next++ % targets.length;
      if (downUntil[index] <= Date.now()) return index;
    }
    return next++ % targets.length;
  }

  function forwardedHeaders(req, index) {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== NODE_FORWARDED_HEADER) headers[name] = value;
    }
    const peer = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${peer}`
      : peer;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    return { headers, target: targets[index] };
  }

  const server = createServer((req, res) => {
    const attempt = (index, triesLeft) => {
      const { headers, target } = forwardedHeaders(req, index);
      const outgoing = httpRequest(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const replyHeaders = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete replyHeaders[name];
          const cookie = `${STICKY_COOKIE}=${index}; Path=/; HttpOnly; SameSite=Lax`;
          const existing = replyHeaders['set-cookie'] ?? [];
          replyHeaders['set-cookie'] = [...existing, cookie];
          res.writeHead(answer.statusCode ?? 502, replyHeaders);
          answer.pipe(res);
        },
      );
      outgoing.on('error', (error) => {
        // Refused: nothing reached the node, so another may take the request.
        if (error.code === 'ECONNREFUSED' && triesLeft > 0 && !res.headersSent) {
          downUntil[index] = Date.now() + DOWN_FOR_MS;
          log(`node ${index + 1} is down; trying another`);
          attempt(choose(undefined), triesLeft - 1);
          return;
        }
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      });
      req.pipe(outgoing);
    };
    attempt(choose(req.headers.cookie), targets.length - 1);
  });

  // Websocket (and any other) upgrades: one TCP connection to the chosen node, passed through.
  server.on('upgrade', (req, socket, head) => {
    const index = choose(req.headers.cookie);
    const { headers, target } = forwardedHeaders(req, index);
    const upstream = connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
      }
      lines.push('connection: upgrade', `upgrade: ${req.headers.upgrade ?? 'websocket'}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        close: () => {
          server.close();
          server.closeAllConnections();
        },
      }),
    );
  });
}
