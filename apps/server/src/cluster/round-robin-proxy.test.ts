import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoundRobinProxy } from '../../../../scripts/support/round-robin-proxy.mjs';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { registerPlayer } from '../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../test/sockets.ts';
import { userRoom } from '../realtime/emitter.ts';
import { freePort, waitFor } from './cluster-test-support.ts';
import { FORWARDED_HEADER } from './forwarding.ts';

/*
 * The proxy of `npm run cluster` (scripts/support/round-robin-proxy.mjs): round robin, sticky by
 * its cookie, a refusing node skipped, websocket upgrades passed through.
 */

/** A stand-in node that answers its own name (the proxy is what is tested here). */
async function namedServer(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.end(name));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { server, port };
}

describe('the round-robin proxy', () => {
  const servers: Server[] = [];
  let proxyUrl: string;
  let close: () => void;

  beforeAll(async () => {
    const one = await namedServer('one');
    const two = await namedServer('two');
    servers.push(one.server, two.server);
    // A third target nobody listens on: the proxy must skip it.
    const nobody = await freePort();
    const proxyPort = await freePort();
    ({ close } = await startRoundRobinProxy({
      port: proxyPort,
      targets: [
        { host: '127.0.0.1', port: one.port },
        { host: '127.0.0.1', port: nobody },
        { host: '127.0.0.1', port: two.port },
      ],
    }));
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
  });

  afterAll(() => {
    close();
    for (const server of servers) server.close();
  });

  it('drops the nodes’ own forwarding header from what a player sends', async () => {
    const echo = createServer((request, response) =>
      response.end(String(request.headers[FORWARDED_HEADER] ?? 'none')),
    );
    const port = await freePort();
    await new Promise<void>((resolve) => echo.listen(port, '127.0.0.1', () => resolve()));
    const proxyPort = await freePort();
    const proxy = await startRoundRobinProxy({
      port: proxyPort,
      targets: [{ host: '127.0.0.1', port }],
    });
    try {
      const response = await fetch(`http://127.0.0.1:${proxyPort}`, {
        headers: { [FORWARDED_HEADER]: 'node-2' },
      });
      expect(await response.text()).toBe('none');
    } finally {
      proxy.close();
      echo.close();
    }
  });

  it('spreads requests over the nodes that answer, skipping one that refuses', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(proxyUrl);
      expect(response.status).toBe(200);
      answers.add(await response.text());
    }
    expect(answers).toEqual(new Set(['one', 'two']));
  });

  it('keeps a client with its cookie on the same node', async () => {
    const first = await fetch(proxyUrl);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const name = await first.text();
    for (let i = 0; i < 4; i += 1) {
      const again = await fetch(proxyUrl, { headers: { cookie } });
      expect(await again.text()).toBe(name);
    }
  });
});

describe.each(drivers.slice(0, 1))('a websocket through the proxy on %s', (driver) => {
  let h: Harness;
  let proxyUrl: string;
  let close: () => void;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    const proxyPort = await freePort();
    const target = new URL(h.baseUrl!);
    ({ close } = await startRoundRobinProxy({
      port: proxyPort,
      targets: [{ host: '127.0.0.1', port: Number(target.port) }],
    }));
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    close();
    await h?.close();
  });

  it('upgrades and carries the server’s events', async () => {
    const player = await registerPlayer(h);
    const socket = await connectPlayerSocket(proxyUrl, player.token, sockets);
    const received = new Promise((resolve) => socket.once('update_balance', resolve));
    await waitFor(
      'the socket in its player room',
      async () => {
        const inRoom = await h.app.realtime.io.in(userRoom(player.user.id)).fetchSockets();
        return inRoom.length > 0 ? true : undefined;
      },
      5_000,
    );
    h.app.realtime.emitToUser(Number(player.user.id), 'update_balance', {});
    expect(await received).toEqual({});
  });
});
