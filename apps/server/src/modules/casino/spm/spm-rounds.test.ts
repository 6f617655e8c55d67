import { GAME_EVENTS, type GameRoundEvent, type SpmRound } from '@spm/contract';
import { sha256Hex, verifySpmRound } from '@spm/core';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerPlayer } from '../../../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../../../test/sockets.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { spmRounds } from '../tables.ts';
import { restartedSpmGames, stepTable, stepUntil } from './spm-fixtures.ts';
import { MAX_GAME_ROOMS } from './game-stream.ts';

const WAIT_MS = 5_000;
const noCaller = () => Promise.reject(new Error('no money moves in these tests'));

describe.each(drivers)('SPM Games rounds on %s', (driver) => {
  const h = useHarness(driver, { listen: true });
  const open: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });

  it('runs betting, a step per card, settled; hash before, seed after, and the browser check deals the same', async () => {
    const tableId = 'spm-dragon-tiger';
    await h.app.spmGames.start({ tableIds: [tableId] });
    const table = await h.app.spmGames.table(tableId);
    const player = await registerPlayer(h);
    const socket = await connectPlayerSocket(h.baseUrl!, player.token, open);
    const events: GameRoundEvent[] = [];
    socket.on(GAME_EVENTS.round, (event) => events.push(event));
    const ack = await socket.timeout(WAIT_MS).emitWithAck(GAME_EVENTS.subscribe, { tableId });
    expect(ack).toEqual({ status: 'success', tableId });
    await vi.waitFor(() => expect(events).toHaveLength(1));

    const opened = events[0]!.round;
    expect(opened).toMatchObject({ tableId, phase: 'betting', outcome: { winners: [] } });
    expect(opened.fairness.serverSeed).toBeNull();
    expect(opened.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.fairness.nonce).toBe(opened.number);
    expect(new Date(opened.bettingClosesAt).getTime() - h.clock.now().getTime()).toBe(15_000);

    await stepUntil(h, h.app.spmGames, table, 'settled');
    // Betting closed, Dragon's card, Tiger's card, then the result.
    await vi.waitFor(() => expect(events).toHaveLength(5));
    const rounds = events.map((event) => event.round);
    expect(rounds.map((round) => round.phase)).toEqual([
      'betting',
      'dealing',
      'dealing',
      'dealing',
      'settled',
    ]);
    expect(rounds.map((round) => Object.values(round.outcome.hands).flat().length)).toEqual([
      0, 0, 1, 2, 2,
    ]);
    for (const round of rounds.slice(0, 4)) {
      expect(round.fairness.serverSeed).toBeNull();
      expect(round.outcome.winners).toEqual([]);
    }
    const settled = rounds[4]!;
    const { serverSeed, serverSeedHash, clientSeed, nonce } = settled.fairness;
    expect(serverSeedHash).toBe(opened.fairness.serverSeedHash);
    expect(sha256Hex(serverSeed!)).toBe(serverSeedHash);
    const check = verifySpmRound(
      'dragon-tiger',
      { serverSeed: serverSeed!, clientSeed, nonce },
      opened.fairness.serverSeedHash,
    );
    expect(check.hashMatches).toBe(true);
    expect(check.dealt.outcome).toEqual(settled.outcome);
    expect(settled.outcome.winners.length).toBeGreaterThan(0);

    const [row] = await h.db.select().from(spmRounds).where(eq(spmRounds.id, settled.id));
    expect(row).toMatchObject({
      phase: 'settled',
      resultCode: settled.outcome.resultCode,
      serverSeedHash,
    });
    expect(row!.outcome).toEqual(settled.outcome);
    expect(table.lastResults[0]).toEqual({
      roundId: settled.id,
      resultCode: settled.outcome.resultCode,
    });

    // Watched: after the pause the next round opens with a new commitment.
    await stepTable(h, table);
    await vi.waitFor(() => expect(events).toHaveLength(6));
    const next = events[5]!.round;
    expect(next).toMatchObject({ phase: 'betting', number: opened.number + 1 });
    expect(next.fairness.serverSeedHash).not.toBe(serverSeedHash);

    // Unsubscribed: no more events reach the socket.
    await socket.timeout(WAIT_MS).emitWithAck(GAME_EVENTS.unsubscribe, { tableId });
    await stepTable(h, table);
    await stepTable(h, table);
    expect(events).toHaveLength(6);
  });

  it('refuses a bad subscription, an unknown table, and more than the rooms cap', async () => {
    const player = await registerPlayer(h);
    const socket = await connectPlayerSocket(h.baseUrl!, player.token, open);
    const subscribe = (payload: unknown) =>
      socket.timeout(WAIT_MS).emitWithAck(GAME_EVENTS.subscribe, payload);
    expect(await subscribe({ tableId: 'no-such-table' })).toEqual({
      status: 'failed',
      tableId: 'no-such-table',
    });
    expect((await subscribe({ wrong: 1 })).status).toBe('failed');
    const tableIds = [
      'spm-andar-bahar',
      'spm-teen-patti-2020',
      'spm-lucky-7',
      'spm-lucky-wheel',
      'spm-andar-bahar-150',
    ];
    await h.app.spmGames.start({ tableIds });
    for (const tableId of tableIds.slice(0, MAX_GAME_ROOMS)) {
      expect(await subscribe({ tableId })).toEqual({ status: 'success', tableId });
    }
    expect(await subscribe({ tableId: tableIds[MAX_GAME_ROOMS] })).toEqual({
      status: 'failed',
      tableId: tableIds[MAX_GAME_ROOMS],
    });
  });

  it('sleeps a table nobody looks at after its round, and wakes it when someone does', async () => {
    const games = restartedSpmGames(h, noCaller, { idleMs: 60_000 });
    try {
      const tableId = 'spm-lucky-wheel-classic';
      await games.start({ tableIds: [tableId] });
      const table = await games.table(tableId);
      const first = await table.ready();
      expect(first.phase).toBe('betting');
      await stepUntil(h, games, table, 'settled');
      // Past the idle time by the end of the pause: no next round, nothing scheduled.
      h.clock.advance(120_000);
      await games.idle();
      expect(table.current).toMatchObject({ id: first.id, phase: 'settled' });
      expect(table.nextDueAtMs).toBeNull();
      const woken = await table.ready();
      expect(woken).toMatchObject({ phase: 'betting', number: first.number + 1 });
    } finally {
      await games.stop();
    }
  });

  it('finishes after a restart the round a stop left in betting, as its seeds dealt it', async () => {
    const tableId = 'spm-teen-patti-turbo';
    const before = restartedSpmGames(h, noCaller);
    await before.start({ tableIds: [tableId] });
    const round = await (await before.table(tableId)).ready();
    expect(round.phase).toBe('betting');
    await before.stop();

    const after = restartedSpmGames(h, noCaller);
    try {
      await after.start({ tableIds: [tableId] });
      await after.idle();
      const [row] = await h.db.select().from(spmRounds).where(eq(spmRounds.id, round.id));
      expect(row).toMatchObject({ phase: 'settled', resultCode: round.dealt.outcome.resultCode });
      expect(row!.outcome).toEqual(round.dealt.outcome);
      const table = await after.table(tableId);
      const shown: SpmRound = (await import('./round-view.ts')).publicRound(table.current!);
      expect(shown.fairness.serverSeed).toBe(round.serverSeed);
      // Looked at again: the next number, a new seed.
      const next = await table.ready();
      expect(next).toMatchObject({ number: round.number + 1, phase: 'betting' });
    } finally {
      await after.stop();
    }
  });
});
