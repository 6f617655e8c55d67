import { type NotificationToast, type UpdateBalancePayload } from '@spm/contract';
import { connectPlayerSocket, type ClientSocket } from '../../../test/sockets.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCredit } from './demo-money-service.ts';
import { notify } from '../events/notification-service.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { call, post, registerPlayer } from '../../../test/identity.ts';
import { fund } from '../../../test/wallet.ts';

const WAIT_MS = 5000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(drivers)('wallet, statement and notifications on %s', (driver) => {
  let h: Harness;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await h?.close();
  });

  const deps = () => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

  const connectAs = (token: string) => connectPlayerSocket(h.baseUrl!, token, open);

  const getBalance = (socket: ClientSocket) => socket.timeout(WAIT_MS).emitWithAck('get:balance');

  async function newPlayer() {
    const player = await registerPlayer(h);
    return { ...player, id: Number(player.user.id) };
  }

  it('get:balance answers the wallet of the socket’s player, with the version of its last money change', async () => {
    const player = await newPlayer();
    const socket = await connectAs(player.token);
    expect(await getBalance(socket)).toEqual({
      status: 'success',
      data: { balance: 0, cash: 0, coins: 0, sports: 0, wicket: 0, exposure: 0, version: 0 },
    });
    await fund(deps(), player.id, 123_45n);
    expect(await getBalance(socket)).toEqual({
      status: 'success',
      // update_balance's version: an app that applied a newer push keeps that one.
      data: {
        balance: 123.45,
        cash: 123.45,
        coins: 0,
        sports: 0,
        wicket: 0,
        exposure: 0,
        version: 1,
      },
    });
    await fund(deps(), player.id, 5_00n);
    expect(await getBalance(socket)).toMatchObject({
      status: 'success',
      data: { balance: 128.45, version: 2 },
    });
  });

  it("update_balance reaches that player's sockets only", async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const aliceSocket = await connectAs(alice.token);
    const bobSocket = await connectAs(bob.token);
    const bobGot: UpdateBalancePayload[] = [];
    bobSocket.on('update_balance', (payload) => bobGot.push(payload));
    const received = new Promise<UpdateBalancePayload>((resolve) =>
      aliceSocket.once('update_balance', resolve),
    );
    await fund(deps(), alice.id, 500n);
    expect(await received).toEqual({
      balance: 5,
      cash: 5,
      coins: 0,
      sports: 0,
      wicket: 0,
      exposure: 0,
      // Alice's first money change: the wallet version the app orders pushes by.
      version: 1,
    });
    await settle();
    expect(bobGot).toEqual([]);
  });

  it('posts committed together push one update_balance each, in version order', async () => {
    const player = await newPlayer();
    const socket = await connectAs(player.token);
    const got: UpdateBalancePayload[] = [];
    const all = new Promise<void>((resolve) =>
      socket.on('update_balance', (payload) => {
        got.push(payload);
        if (got.length === 20) resolve();
      }),
    );
    // Sent in one tick: group-committed (one or a few batches), each still its own money move.
    const funded = await Promise.all(
      Array.from({ length: 20 }, (_, n) => fund(deps(), player.id, BigInt(100 * (n + 1)))),
    );
    expect(funded.every((result) => result.ok)).toBe(true);
    await all;
    expect(got.map((payload) => payload.version)).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 1),
    );
    // Credits only: every push shows more than the one before, the last the whole 210 points.
    const balances = got.map((payload) => payload.balance);
    expect([...balances].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(balances);
    expect(new Set(balances).size).toBe(20);
    expect(got.at(-1)).toMatchObject({ balance: 210, cash: 210 });
  });

  it('exposure endpoint answers the held amount in points, and needs a session', async () => {
    const player = await newPlayer();
    const res = await call(h, 'GET', '/api/bet/exposure/amount', undefined, {
      token: player.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { exposureAmount: 0 }, error: false });
    expect((await call(h, 'GET', '/api/bet/exposure/amount')).statusCode).toBe(401);
  });

  it('statement: Indian days, newest first, paged, range checked', async () => {
    const player = await newPlayer();
    // 23:30 IST on 10 March is 18:00 UTC: it belongs to 10 March, not 11 March.
    h.clock.set(new Date('2025-03-10T18:00:00.000Z'));
    await fund(deps(), player.id, 10_000n);
    h.clock.set(new Date('2025-03-10T18:31:00.000Z')); // 00:01 IST on 11 March
    await fund(deps(), player.id, 250n);
    h.clock.set(new Date('2025-03-11T05:00:00.000Z'));
    await fund(deps(), player.id, 1n);
    h.clock.set(new Date());
    const statement = (from: string, to: string, query = '') =>
      call(h, 'GET', `/api/getAccountstatement/${from}/${to}${query}`, undefined, {
        token: player.token,
      });

    const march10 = (await statement('2025-03-10', '2025-03-10')).json();
    expect(march10.data.total).toBe(1);
    expect(march10.data.items[0]).toMatchObject({
      type: 'adjustment_credit',
      kind: 'adjustment.credit',
      wallet: 'cash',
      credit: 100,
      debit: 0,
      balanceAfter: 100,
      time: '2025-03-10T18:00:00.000Z',
    });
    const march11 = (await statement('2025-03-11', '2025-03-11')).json();
    expect(march11.data.items.map((item: { credit: number }) => item.credit)).toEqual([0.01, 2.5]);

    const paged = (await statement('2025-03-01', '2025-03-31', '?page=2&pageSize=2')).json();
    expect(paged.data).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(paged.data.items).toHaveLength(1);
    expect(paged.data.items[0].credit).toBe(100);

    for (const [from, to] of [
      ['2025-03-11', '2025-03-10'],
      ['2025-01-01', '2025-04-03'],
    ] as const) {
      const res = await statement(from, to);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('STATEMENT_RANGE_INVALID');
    }
    expect((await statement('2025-01-01', '2025-04-02')).statusCode).toBe(200);
  });

  it('notifications are stored, toasted to the owner only, listed and marked read', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const aliceSocket = await connectAs(alice.token);
    const bobSocket = await connectAs(bob.token);
    const bobToasts: NotificationToast[] = [];
    bobSocket.on('sub:notification_toast', (toast) => bobToasts.push(toast));
    const toast = new Promise<NotificationToast>((resolve) =>
      aliceSocket.once('sub:notification_toast', resolve),
    );
    await notify(deps(), alice.id, { title: 'Hello', message: 'First', status: 'info' });
    expect(await toast).toEqual({ title: 'Hello', message: 'First', status: 'info' });
    h.clock.advance(1000);
    await notify(deps(), alice.id, { title: 'Again', message: 'Second', status: 'success' });
    await settle();
    expect(bobToasts).toEqual([]);

    const list = async (token: string) =>
      (await call(h, 'GET', '/api/notifications?page=1&pageSize=10', undefined, { token })).json()
        .data;
    const mine = await list(alice.token);
    expect(mine).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 10 });
    expect(mine.items.map((item: { title: string }) => item.title)).toEqual(['Again', 'Hello']);
    expect(await list(bob.token)).toMatchObject({ total: 0, unread: 0, items: [] });

    // Bob cannot mark Alice's rows.
    const bobRead = await post(
      h,
      '/api/notifications/read',
      { ids: [mine.items[0].id] },
      {
        token: bob.token,
      },
    );
    expect(bobRead.json().data).toEqual({ unread: 0 });
    expect((await list(alice.token)).unread).toBe(2);

    const one = await post(
      h,
      '/api/notifications/read',
      { ids: [mine.items[0].id] },
      {
        token: alice.token,
      },
    );
    expect(one.json().data).toEqual({ unread: 1 });
    const all = await post(h, '/api/notifications/read', {}, { token: alice.token });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await list(alice.token)).items.every((item: { read: boolean }) => item.read)).toBe(
      true,
    );
  });

  it('a demo account gets 10,000 points of play money once', async () => {
    const res = await post(h, '/api/login/demo');
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data as { token: string; user: { id: string } };
    await ensureDemoCredit(deps(), Number(user.id));
    await ensureDemoCredit(deps(), Number(user.id));
    const socket = await connectAs(token);
    expect(await getBalance(socket)).toMatchObject({
      status: 'success',
      data: { balance: 10_000, cash: 10_000 },
    });
    const today = new Date().toISOString().slice(0, 10);
    const statement = await call(
      h,
      'GET',
      `/api/getAccountstatement/2020-01-01/2020-01-02`,
      undefined,
      { token },
    );
    expect(statement.statusCode).toBe(200);
    const recent = await call(
      h,
      'GET',
      `/api/getAccountstatement/${shiftDays(today, -1)}/${shiftDays(today, 1)}`,
      undefined,
      { token },
    );
    expect(recent.json().data.items).toEqual([
      expect.objectContaining({
        type: 'demo_credit',
        kind: 'demo.credit',
        credit: 10_000,
        balanceAfter: 10_000,
      }),
    ]);
  });
});

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
}
