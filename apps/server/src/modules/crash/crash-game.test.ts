import {
  CRASH_CLIENT_EVENTS,
  CRASH_SERVER_EVENTS,
  CRASH_SUMMARY_TOP_BETS,
  type CrashBetEvent,
  type CrashBetsSummary,
  type CrashRoundBets,
  type CrashCashOutAnswer,
  type CrashJoinAck,
  type CrashRoundSummary,
  type CrashRoundState,
  type CrashTick,
} from '@spm/contract';
import { msToReachMultiplier, multiplierAtMs, verifyRound, verifySaltCommitment } from '@spm/core';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { call } from '../../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../../test/sockets.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import {
  crashRtpByDay,
  setCrashPaused,
  staffCrashRounds,
  updateCrashSettings,
} from './crash-repository.ts';
import { CRASH_TEST_ENV, crashKit } from './crash-test-kit.ts';

describe.each(drivers)('crash game on %s', (driver) => {
  const h = useHarness(driver, { env: CRASH_TEST_ENV, listen: true });
  const kit = crashKit(h);
  const wallet = providerWalletKit(h);
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    // Flights of 1.50x to 3.00x unless a case asks otherwise: a few dozen ticks each.
    kit.wantCrashPoint((point) => point >= 150 && point <= 300);
    await h.app.crash.start();
    await h.app.crash.idle();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(() => h.app.crash.stop());

  const winsOf = async (betId: string) =>
    (
      await executeRows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from wallet_operations
            where product = 'crash' and external_id = ${`crash:win:${betId}`}`,
      )
    )[0]!.n;

  it('flies rounds: betting, flight with ticks, crash at the committed point, pause, next round; all to the room', async () => {
    const player = await kit.player(100);
    const socket = await connectPlayerSocket(h.baseUrl!, player.token, open);
    const rounds: CrashRoundState[] = [];
    const ticks: CrashTick[] = [];
    const summaries: CrashBetsSummary[] = [];
    const mine: CrashBetEvent[] = [];
    socket.on(CRASH_SERVER_EVENTS.round, (round) => rounds.push(round));
    socket.on(CRASH_SERVER_EVENTS.tick, (tick) => ticks.push(tick));
    socket.on(CRASH_SERVER_EVENTS.bets, (summary) => summaries.push(summary));
    socket.on(CRASH_SERVER_EVENTS.mine, (events) => mine.push(...events));

    const round = await kit.freshRound();
    const ack = (await socket.emitWithAck(CRASH_CLIENT_EVENTS.join, {})) as CrashJoinAck;
    expect('round' in ack && ack.round).toMatchObject({
      roundId: String(round.id),
      phase: 'betting',
      saltCommitment: round.saltCommitment,
      crashPoint: null,
      hash: null,
      salt: null,
    });
    expect('settings' in ack && ack.settings).toMatchObject({
      houseEdgePercent: 3,
      rtpPercent: 97,
      maxMultiplier: 10_000,
      minStake: 10,
      maxStakePerRound: 7_500,
      maxReturn: 75_000,
      bettingMs: 2000,
      tickMs: 500,
      chainLength: 200,
    });
    expect('settings' in ack && ack.settings.terminatingHash).toMatch(/^[0-9a-f]{64}$/);

    const placed = await kit.placed(player, { stake: 10 });
    expect(placed.bet).toMatchObject({ roundId: String(round.id), stake: 10, mine: true });
    expect(placed.balance).toBe(90);
    // The room gets the round's bets in summary; the player's own room gets their bet.
    await vi.waitFor(() =>
      expect(summaries.at(-1)).toMatchObject({ roundId: String(round.id), bets: 1 }),
    );
    expect(summaries.at(-1)!.top.map((bet) => [bet.id, bet.mine])).toEqual([
      [placed.bet.id, false],
    ]);
    await vi.waitFor(() =>
      expect(mine.map((event) => [event.bet.id, event.bet.mine])).toEqual([[placed.bet.id, true]]),
    );
    // Bets placed together reach the room in one summary, not one frame per bet to each socket;
    // other players' bets never reach this player's own room.
    const frames = summaries.length;
    const others = await Promise.all([kit.player(100), kit.player(100)]);
    await Promise.all(others.map((other) => kit.placed(other, { stake: 10 })));
    await vi.waitFor(() =>
      expect(summaries.at(-1)).toMatchObject({ bets: 3, totalStake: 30, cashedOut: 0 }),
    );
    expect(summaries.length).toBe(frames + 1);
    expect(mine).toHaveLength(1);

    await kit.takeOff();
    const flightStart = kit.current().flightStartedAt!.getTime();
    expect(flightStart).toBe(round.bettingEndsAt.getTime());
    await kit.untilCrashed();
    const crashed = kit.current();
    expect(crashed.crashedAt!.getTime() - flightStart).toBe(
      // The crash instant is the first millisecond the curve reaches the crash point.
      msToReachMultiplier(crashed.crashPointHundredths),
    );
    // The room is written a slice per turn of the event loop, so a socket that joins while a
    // broadcast is going out may still get it: the previous round's last events, or this
    // round's opening. The app keeps only what is newer than its state (stamped by the server).
    const ofRound = () => rounds.filter((r) => r.roundId === String(round.id));
    await vi.waitFor(() =>
      expect(
        ofRound()
          .map((r) => r.phase)
          .filter((phase) => phase !== 'betting'),
      ).toEqual(['flying', 'crashed']),
    );
    const last = ofRound().at(-1)!;
    expect(last).toMatchObject({
      roundId: String(round.id),
      crashPoint: crashed.crashPointHundredths / 100,
      hash: crashed.hash,
      salt: crashed.salt,
    });
    expect(verifySaltCommitment(last.salt!, round.saltCommitment)).toBe(true);
    const flightTicks = ticks.filter((tick) => tick.roundId === String(round.id));
    expect(flightTicks.length).toBeGreaterThan(3);
    for (const tick of flightTicks) {
      expect(tick.multiplier).toBe(multiplierAtMs(tick.elapsedMs) / 100);
      expect(tick.multiplier * 100).toBeLessThan(crashed.crashPointHundredths);
    }
    // The bet had no target: lost at the crash.
    await vi.waitFor(() =>
      expect(mine.at(-1)!.bet).toMatchObject({ id: placed.bet.id, status: 'lost', mine: true }),
    );
    await vi.waitFor(() =>
      expect(summaries.at(-1)!.top.find((bet) => bet.id === placed.bet.id)?.status).toBe('lost'),
    );

    // The pause, then the next round's betting with a new commitment.
    const nextAt = crashed.crashedAt!.getTime() + 1000;
    await kit.advance(nextAt - h.clock.now().getTime() - 1);
    expect(kit.current().id).toBe(round.id);
    await kit.advance(1);
    expect(kit.current()).toMatchObject({ id: round.id + 1, phase: 'betting' });
    expect(kit.current().saltCommitment).not.toBe(round.saltCommitment);
    const state = await kit.state(player.token);
    expect(state.round).toMatchObject({ roundId: String(round.id + 1), phase: 'betting' });
    expect(state.history[0]).toEqual({
      roundId: String(round.id),
      crashPoint: crashed.crashPointHundredths / 100,
    });
  });

  it('sends the room a bounded summary with exact counts, each player their own bets, and the whole list a page at a time', async () => {
    kit.wantCrashPoint((point) => point >= 200 && point <= 300);
    const count = CRASH_SUMMARY_TOP_BETS + 5;
    const players = await Promise.all(Array.from({ length: count }, () => kit.player(1000)));
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]];
    const sockets = await Promise.all(
      [first, second].map((who) => connectPlayerSocket(h.baseUrl!, who.token, open)),
    );
    const summaries: CrashBetsSummary[] = [];
    const mineOf: CrashBetEvent[][] = [[], []];
    sockets[0]!.on(CRASH_SERVER_EVENTS.bets, (summary) => summaries.push(summary));
    // In flight the summary rides on the tick (or its counts alone, the biggest bets kept),
    // never as a frame of its own.
    const framesInFlight: string[] = [];
    sockets[0]!.on(CRASH_SERVER_EVENTS.tick, (tick) => {
      if (tick.summary) summaries.push(tick.summary);
      else if (tick.counts)
        summaries.push(Object.assign({}, tick.counts, { top: summaries.at(-1)?.top ?? [] }));
    });
    sockets[0]!.on(CRASH_SERVER_EVENTS.bets, () => {
      if (kit.current().phase === 'flying') framesInFlight.push('bets');
    });
    sockets.forEach((socket, i) =>
      socket.on(CRASH_SERVER_EVENTS.mine, (events) => mineOf[i]!.push(...events)),
    );
    const round = await kit.freshRound();
    for (const socket of sockets) await socket.emitWithAck(CRASH_CLIENT_EVENTS.join, {});

    // Stakes 11, 12, … : every one different, so the top is known exactly.
    const placed = await Promise.all(
      players.map((who, i) => kit.placed(who, { stake: 11 + i, autoCashOut: null })),
    );
    const staked = placed.reduce((sum, answer) => sum + answer.bet.stake, 0);
    const byStake = [...placed].sort((a, b) => b.bet.stake - a.bet.stake);
    await vi.waitFor(() => expect(summaries.at(-1)?.bets).toBe(count));
    const summary = summaries.at(-1)!;
    expect(summary).toMatchObject({
      roundId: String(round.id),
      bets: count,
      cashedOut: 0,
      totalStake: staked,
      totalPayout: 0,
    });
    expect(summary.top.map((bet) => bet.id)).toEqual(
      byStake.slice(0, CRASH_SUMMARY_TOP_BETS).map((answer) => answer.bet.id),
    );
    for (const frame of summaries)
      expect(frame.top.length).toBeLessThanOrEqual(CRASH_SUMMARY_TOP_BETS);
    // Each player's own room got their own bet, and nobody else's.
    await vi.waitFor(() => expect(mineOf[1]).toHaveLength(1));
    expect(mineOf.map((events) => events.map((event) => event.bet.id))).toEqual([
      [placed[0]!.bet.id],
      [placed[1]!.bet.id],
    ]);
    expect(mineOf[0]![0]!.bet).toMatchObject({ mine: true, status: 'active', stake: 11 });

    // The join's ack and the state are bounded the same way, with the asker's own bets.
    const late = await connectPlayerSocket(h.baseUrl!, first.token, open);
    const ack = (await late.emitWithAck(CRASH_CLIENT_EVENTS.join, {})) as CrashJoinAck;
    expect('summary' in ack && ack.summary).toMatchObject({ bets: count, totalStake: staked });
    expect('summary' in ack && ack.summary.top).toHaveLength(CRASH_SUMMARY_TOP_BETS);
    expect('mine' in ack && ack.mine.map((bet) => [bet.id, bet.mine])).toEqual([
      [placed[0]!.bet.id, true],
    ]);
    const state = await kit.state(second.token);
    expect(state).not.toHaveProperty('bets');
    expect(state.summary).toMatchObject({ bets: count, totalStake: staked });
    expect(state.mine.map((bet) => bet.id)).toEqual([placed[1]!.bet.id]);
    expect((await kit.state()).mine).toEqual([]);

    // The whole list a page at a time: every bet exactly once, names masked, mine marked.
    const pageOf = async (page: number) => {
      const res = await call(
        h,
        'GET',
        `/api/crash/rounds/current/bets?page=${page}&pageSize=4`,
        undefined,
        { token: second.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CrashRoundBets;
    };
    const pages = await Promise.all([1, 2, 3, 4, 5].map(pageOf));
    expect(pages.map((page) => page.items.length)).toEqual([4, 4, 4, 3, 0]);
    for (const page of pages)
      expect(page).toMatchObject({ roundId: String(round.id), total: count });
    const listed = pages.flatMap((page) => page.items);
    expect(listed.map((bet) => bet.id).sort()).toEqual(placed.map((a) => a.bet.id).sort());
    expect(new Set(listed.map((bet) => bet.id)).size).toBe(count);
    expect(listed.filter((bet) => bet.mine).map((bet) => bet.id)).toEqual([placed[1]!.bet.id]);
    for (const bet of listed) expect(bet.player).toMatch(/\*\*\*/);

    // A withdrawal leaves the counts and the list; a cash-out counts with its payout.
    const withdrawn = placed[2]!;
    expect((await kit.withdraw(players[2]!, withdrawn.bet.id)).statusCode).toBe(200);
    await vi.waitFor(() => expect(summaries.at(-1)?.bets).toBe(count - 1));
    expect(summaries.at(-1)!.totalStake).toBe(staked - withdrawn.bet.stake);
    expect((await pageOf(1)).total).toBe(count - 1);
    await kit.takeOff();
    await kit.flyTo(5_250);
    const paid = await Promise.all(
      [first, second].map(async (who, i) => {
        const res = await kit.cashOut(who, placed[i]!.bet.id);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as CrashCashOutAnswer;
      }),
    );
    // The next tick carries the summary of the two cash-outs.
    await kit.flyTo(5_250 + Number(CRASH_TEST_ENV.CRASH_TICK_MS));
    await vi.waitFor(() => expect(summaries.at(-1)?.cashedOut).toBe(2));
    expect(summaries.at(-1)).toMatchObject({
      bets: count - 1,
      totalPayout: paid[0]!.payout + paid[1]!.payout,
    });
    expect(framesInFlight).toEqual([]);
    await vi.waitFor(() =>
      expect(mineOf[0]!.at(-1)!.bet).toMatchObject({ status: 'cashed_out', payout: 15.07 }),
    );
    expect(mineOf[0]!.every((event) => event.bet.id === placed[0]!.bet.id)).toBe(true);
    // The crash settles the rest: lost in the room's summary, nothing more to those paid.
    await kit.untilCrashed();
    await vi.waitFor(() =>
      expect(summaries.at(-1)!.top.filter((bet) => bet.status === 'active')).toEqual([]),
    );
    expect(summaries.at(-1)).toMatchObject({ bets: count - 1, cashedOut: 2 });
    expect(mineOf.map((events) => events.length)).toEqual([2, 2]);
  });

  it('pays a cash-out the multiplier of the server time, once, with it in the answer; refuses one after the crash', async () => {
    kit.wantCrashPoint((point) => point >= 200 && point <= 300);
    const a = await kit.player(1000);
    const b = await kit.player(1000);
    const round = await kit.freshRound();
    const logged = vi.spyOn(h.app.log, 'info');
    const betA = await kit.placed(a, { stake: 100 });
    const betB = await kit.placed(b, { stake: 100 });
    expect((await kit.cashOut(a, betA.bet.id)).json()).toMatchObject({
      errorCode: 'CRASH_NOT_FLYING',
    });
    await kit.takeOff();
    // Between two ticks: the multiplier is the server's time's, not the last tick's.
    await kit.flyTo(5_250);
    const expected = multiplierAtMs(5_250);
    expect(expected).toBe(137);
    const [first, second] = await Promise.all([
      kit.cashOut(a, betA.bet.id),
      kit.cashOut(a, betA.bet.id),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const answer = first.json().data as CrashCashOutAnswer;
    expect(answer).toMatchObject({
      multiplier: 1.37,
      payout: 137,
      balance: 1037,
      bet: { id: betA.bet.id, status: 'cashed_out', cashOutMultiplier: 1.37, payout: 137 },
    });
    expect(second.json().data).toEqual(answer);
    expect(await winsOf(betA.bet.id)).toBe(1);
    expect(await wallet.cash(a.id)).toBe(103_700n);
    // Later, the same answer again (nothing paid twice).
    await kit.flyTo(6_000);
    expect((await kit.cashOut(a, betA.bet.id)).json().data).toMatchObject({ multiplier: 1.37 });
    expect(await winsOf(betA.bet.id)).toBe(1);

    await kit.untilCrashed();
    const late = await kit.cashOut(b, betB.bet.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'CRASH_ROUND_CRASHED' });
    expect(await wallet.cash(b.id)).toBe(90_000n);
    expect(await winsOf(betB.bet.id)).toBe(0);
    // Someone else's bet is nobody else's to cash out.
    expect((await kit.cashOut(b, betA.bet.id)).statusCode).toBe(404);
    expect(kit.current().id).toBe(round.id);
    // The round's acknowledgement times, published at its crash: one cash-out paid by hand.
    const published = logged.mock.calls.filter((args) => args[1] === 'crash round cash-outs');
    logged.mockRestore();
    expect(published).toHaveLength(1);
    expect(published[0]![0]).toMatchObject({ roundId: round.id, cashOuts: 1 });
    expect((published[0]![0] as { p99Ms: number }).p99Ms).toBeGreaterThan(0);
    // With its batches' transaction times: the part of it the database took.
    const figures = published[0]![0] as { batches: number; batchP50Ms: number; p99Ms: number };
    expect(figures.batches).toBeGreaterThanOrEqual(1);
    expect(figures.batchP50Ms).toBeGreaterThan(0);
    expect(figures.batchP50Ms).toBeLessThanOrEqual(figures.p99Ms);
    const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(new RegExp(`^crash_round_id ${round.id}$`, 'm'));
    expect(metrics).toMatch(/^crash_round_cash_out_batches [1-9]\d*$/m);
    expect(metrics).toMatch(/^crash_round_cash_out_batch_milliseconds\{stat="p50"\} \d/m);
  });

  it('rolls back a cash-out whose bet was settled meanwhile, money and all; its batch mates are paid', async () => {
    kit.wantCrashPoint((point) => point >= 200 && point <= 300);
    const a = await kit.player(1000);
    const b = await kit.player(1000);
    await kit.freshRound();
    const betA = await kit.placed(a, { stake: 100 });
    const betB = await kit.placed(b, { stake: 100 });
    await kit.takeOff();
    await kit.flyTo(4_000);
    // As a recovery on another node would: A's bet is settled behind this node's back.
    await executeRows(
      h.db,
      sql`update crash_bets set status = 'lost', payout_paise = 0
                                where id = ${betA.bet.id}`,
    );
    const [cashedA, cashedB] = await Promise.all([
      kit.cashOut(a, betA.bet.id),
      kit.cashOut(b, betB.bet.id),
    ]);
    expect(cashedA.statusCode).toBeGreaterThanOrEqual(400);
    expect(cashedB.statusCode, cashedB.body).toBe(200);
    // The batch's bets statement refused A's: its win rolled back with it, B's stands.
    expect(await winsOf(betA.bet.id)).toBe(0);
    expect(await wallet.cash(a.id)).toBe(90_000n);
    expect(await winsOf(betB.bet.id)).toBe(1);
    const paidB = (cashedB.json().data as CrashCashOutAnswer).payout;
    expect(await wallet.cash(b.id)).toBe(90_000n + BigInt(paidB * 100));
    await kit.untilCrashed();
  });

  it('pays an auto cash-out exactly its target when the flight reaches it; a target above the crash point loses', async () => {
    kit.wantCrashPoint((point) => point >= 200 && point <= 250);
    const a = await kit.player(1000);
    await kit.freshRound();
    const reached = await kit.placed(a, { stake: 33.33, autoCashOut: 1.5, panel: 0 });
    const missed = await kit.placed(a, { stake: 20, autoCashOut: 9.99, panel: 1 });
    await kit.takeOff();
    // 1.50x is reached at 6,758 ms: paid by the tick that passes it, before the crash.
    await kit.flyTo(7_000);
    const row = (
      await executeRows<{ status: string; cash_out_hundredths: number; payout_paise: string }>(
        h.db,
        sql`select status, cash_out_hundredths, payout_paise::text from crash_bets
            where id = ${reached.bet.id}`,
      )
    )[0]!;
    expect(row).toEqual({ status: 'cashed_out', cash_out_hundredths: 150, payout_paise: '4999' });
    await kit.untilCrashed();
    const mine = await call(h, 'GET', '/api/crash/my-bets', undefined, { token: a.token });
    const items = mine.json().data.items as { id: string; status: string; payout: number }[];
    expect(items.find((i) => i.id === reached.bet.id)).toMatchObject({
      status: 'cashed_out',
      cashOutMultiplier: 1.5,
      payout: 49.99,
    });
    expect(items.find((i) => i.id === missed.bet.id)).toMatchObject({ status: 'lost', payout: 0 });
    expect(await wallet.cash(a.id)).toBe(100_000n - 3_333n - 2_000n + 4_999n);
  });

  it('cashes out automatically at the maximum return (settings change from the next round)', async () => {
    await updateCrashSettings(
      h.db,
      { maxStakePerRoundPaise: 5_000n, maxReturnPaise: 10_000n },
      null,
      h.clock.now(),
    );
    kit.wantCrashPoint((point) => point >= 250 && point <= 300);
    try {
      const a = await kit.player(1000);
      const round = await kit.freshRound();
      expect(round.maxReturnPaise).toBe(10_000n);
      expect((await kit.bet(a, { stake: 51 })).json()).toMatchObject({
        errorCode: 'ROUND_LIMIT_REACHED',
      });
      const big = await kit.placed(a, { stake: 50 });
      await kit.takeOff();
      await kit.untilCrashed();
      const mine = await call(h, 'GET', '/api/crash/my-bets', undefined, { token: a.token });
      expect(mine.json().data.items[0]).toMatchObject({
        id: big.bet.id,
        status: 'cashed_out',
        cashOutMultiplier: 2,
        payout: 100,
      });
      expect(await wallet.cash(a.id)).toBe(100_000n - 5_000n + 10_000n);
    } finally {
      await updateCrashSettings(
        h.db,
        { maxStakePerRoundPaise: 750_000n, maxReturnPaise: 7_500_000n },
        null,
        h.clock.now(),
      );
    }
  });

  it('refuses what the rules refuse and answers a retried bet once; a withdrawal refunds and frees the panel', async () => {
    kit.wantCrashPoint((point) => point >= 150 && point <= 300);
    const a = await kit.player(8000);
    await kit.freshRound();
    const clientBetId = 'retry-1234';
    const others = [await kit.player(100), await kit.player(100)];
    const lookUpsBefore = h.app.crash.stats.lookups;
    const { batches, requests } = lookUpsBefore;
    // Bets arriving together have their clientBetIds looked up in one statement.
    const together = await Promise.all(
      others.map((other, index) =>
        h.app.crash.placeBet(
          { id: other.id, username: `other${index}` },
          {
            roundId: String(kit.current().id),
            panel: 0,
            stake: 10,
            autoCashOut: null,
            clientBetId: `together-${index}`,
          },
        ),
      ),
    );
    expect(together.map((answer) => answer.balance)).toEqual([90, 90]);
    expect([lookUpsBefore.batches - batches, lookUpsBefore.requests - requests]).toEqual([1, 2]);
    const first = await kit.bet(a, { stake: 100 }, clientBetId);
    const again = await kit.bet(a, { stake: 100 }, clientBetId);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.bet.id).toBe(first.json().data.bet.id);
    expect((await kit.bet(a, { stake: 200 }, clientBetId)).json()).toMatchObject({
      errorCode: 'IDEMPOTENCY_MISMATCH',
    });
    expect(await wallet.cash(a.id)).toBe(790_000n);
    expect((await kit.bet(a, { stake: 100 })).json()).toMatchObject({
      errorCode: 'CRASH_PANEL_TAKEN',
    });
    expect((await kit.bet(a, { stake: 7_450, panel: 1 })).json()).toMatchObject({
      errorCode: 'ROUND_LIMIT_REACHED',
    });
    expect((await kit.bet(a, { stake: 5, panel: 1 })).statusCode).toBe(400);
    expect((await kit.bet(a, { stake: 10, panel: 1, roundId: '999999' })).json()).toMatchObject({
      errorCode: 'BETTING_CLOSED',
    });

    const betId = first.json().data.bet.id as string;
    const withdrawn = await kit.withdraw(a, betId);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ bet: { status: 'refunded' }, balance: 8000 });
    expect(await wallet.cash(a.id)).toBe(800_000n);
    // The panel is free again; a second withdrawal answers the first.
    expect((await kit.withdraw(a, betId)).json().data).toMatchObject({ balance: 8000 });
    const replaced = await kit.placed(a, { stake: 7_500 });
    expect(replaced.balance).toBe(500);

    await kit.takeOff();
    expect((await kit.withdraw(a, replaced.bet.id)).json()).toMatchObject({
      errorCode: 'BETTING_CLOSED',
    });
    expect((await kit.bet(a, { stake: 10, panel: 1 })).json()).toMatchObject({
      errorCode: 'BETTING_CLOSED',
    });
    await kit.untilCrashed();
  });

  it('refuses a bet past a safer-play limit with the limit named, and moves nothing', async () => {
    const a = await kit.player(1000);
    const set = await call(
      h,
      'PUT',
      '/api/rg/limits',
      { changes: [{ name: 'stake-24h', amount: 50 }] },
      { token: a.token },
    );
    expect(set.statusCode, set.body).toBe(200);
    await kit.freshRound();
    const refused = await kit.bet(a, { stake: 60 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'stake-24h' } },
    });
    expect(await wallet.cash(a.id)).toBe(100_000n);
    // Within the limit it is taken, and the panel was never held by the refusal.
    expect((await kit.bet(a, { stake: 40 })).statusCode).toBe(200);
    await kit.takeOff();
    await kit.untilCrashed();
  });

  it('recovers a round stopped in its betting window: every bet refunded, incident on the round', async () => {
    const a = await kit.player(1000);
    const round = await kit.freshRound();
    await kit.placed(a, { stake: 100, panel: 0 });
    await kit.placed(a, { stake: 40, panel: 1, autoCashOut: 1.01 });
    expect(await wallet.cash(a.id)).toBe(86_000n);
    await h.app.crash.restart();
    await h.app.crash.idle();
    expect(await wallet.cash(a.id)).toBe(100_000n);
    const detail = await call(h, 'GET', `/api/crash/rounds/${round.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: String(round.id),
      incident: 'refunded_before_flight',
      players: 0,
      totalStake: 0,
      totalPayout: 0,
      bets: [],
    });
    const mine = await call(h, 'GET', '/api/crash/my-bets', undefined, { token: a.token });
    expect(
      mine
        .json()
        .data.items.slice(0, 2)
        .map((i: { status: string }) => i.status),
    ).toEqual(['refunded', 'refunded']);
  });

  it('recovers a round stopped in flight: crashes at its committed point, acknowledged cash-outs paid once, reached targets paid', async () => {
    kit.wantCrashPoint((point) => point >= 300 && point <= 400);
    const a = await kit.player(1000);
    const b = await kit.player(1000);
    const c = await kit.player(1000);
    const round = await kit.freshRound();
    const cashed = await kit.placed(a, { stake: 100 });
    const auto = await kit.placed(b, { stake: 100, autoCashOut: 2.5 });
    const lost = await kit.placed(c, { stake: 100 });
    await kit.takeOff();
    await kit.flyTo(3_000);
    const ack = await kit.cashOut(a, cashed.bet.id);
    expect(ack.statusCode, ack.body).toBe(200);
    const paid = ack.json().data as CrashCashOutAnswer;
    expect(paid.multiplier).toBe(multiplierAtMs(3_000) / 100);
    await kit.flyTo(4_000);

    await h.app.crash.restart();
    await h.app.crash.idle();
    const detail = (await call(h, 'GET', `/api/crash/rounds/${round.id}`)).json().data;
    expect(detail).toMatchObject({
      incident: 'crashed_on_recovery',
      crashPoint: round.crashPointHundredths / 100,
      players: 3,
      totalStake: 300,
      totalPayout: paid.payout + 250,
    });
    const statusOf = (id: string) =>
      (detail.bets as { id: string; status: string; cashOutMultiplier: number | null }[]).find(
        (bet) => bet.id === id,
      );
    expect(statusOf(cashed.bet.id)).toMatchObject({
      status: 'cashed_out',
      cashOutMultiplier: paid.multiplier,
    });
    expect(statusOf(auto.bet.id)).toMatchObject({ status: 'cashed_out', cashOutMultiplier: 2.5 });
    expect(statusOf(lost.bet.id)).toMatchObject({ status: 'lost' });
    expect(await winsOf(cashed.bet.id)).toBe(1);
    expect(await winsOf(auto.bet.id)).toBe(1);
    expect(await wallet.cash(a.id)).toBe(100_000n - 10_000n + BigInt(paid.payout * 100));
    expect(await wallet.cash(b.id)).toBe(100_000n - 10_000n + 25_000n);
    expect(await wallet.cash(c.id)).toBe(90_000n);
    // A cash-out retried after the restart answers what was paid; nothing more moves.
    expect((await kit.cashOut(a, cashed.bet.id)).json().data).toMatchObject({
      multiplier: paid.multiplier,
    });
    expect(await winsOf(cashed.bet.id)).toBe(1);
    // The loop goes on with the next round.
    await kit.freshRound();
    expect(kit.current().id).toBe(round.id + 1);
  });

  it('lets a demo player play in play money: its stake and win meet the play-money account, never the house', async () => {
    kit.wantCrashPoint((point) => point >= 150 && point <= 300);
    const login = await call(h, 'POST', '/api/login/demo');
    expect(login.statusCode, login.body).toBe(200);
    const demo = {
      id: Number(login.json().data.user.id),
      token: login.json().data.token as string,
    };
    await kit.freshRound();
    const placed = await kit.placed(demo, { stake: 10, autoCashOut: 1.2 });
    await kit.takeOff();
    await kit.untilCrashed();
    const counterparties = await executeRows<{ key: string; kind: string }>(
      h.db,
      sql`select t.idempotency_key as key, a.kind from ledger_postings p
          join ledger_transactions t on t.id = p.transaction_id
          join ledger_accounts a on a.id = p.account_id
          where a.owner = 'system'
            and t.idempotency_key in (${`wallet:crash:crash:bet:${placed.bet.id}`},
                                      ${`wallet:crash:crash:win:${placed.bet.id}`})
          order by 1`,
    );
    expect(counterparties).toEqual([
      { key: `wallet:crash:crash:bet:${placed.bet.id}`, kind: 'play_money' },
      { key: `wallet:crash:crash:win:${placed.bet.id}`, kind: 'play_money' },
    ]);
  });

  it('pauses after the round under way and resumes with the next; the staff queries sum the rounds', async () => {
    await kit.freshRound();
    await setCrashPaused(h.db, true, null, h.clock.now());
    const paused = kit.current();
    await kit.takeOff();
    await kit.untilCrashed();
    await kit.advance(5_000);
    expect(kit.current().id).toBe(paused.id);
    expect((await kit.state()).round).toMatchObject({
      roundId: String(paused.id),
      phase: 'paused',
    });
    const bet = await kit.bet(await kit.player(100), { stake: 10 });
    expect(bet.json()).toMatchObject({ errorCode: 'BETTING_CLOSED' });
    await setCrashPaused(h.db, false, null, h.clock.now());
    await kit.advance(2_000);
    expect(kit.current()).toMatchObject({ id: paused.id + 1, phase: 'betting' });

    const rounds = await staffCrashRounds(h.db, { page: 1, pageSize: 100 });
    const incidents = await staffCrashRounds(h.db, { page: 1, pageSize: 100, incidentsOnly: true });
    expect(incidents.rows.map((row) => row.incident).sort()).toEqual([
      'crashed_on_recovery',
      'refunded_before_flight',
    ]);
    const range = { fromDate: '2000-01-01', toDate: '2100-01-01' };
    const days = await crashRtpByDay(h.db, Object.assign({ playMoney: false }, range));
    const playDays = await crashRtpByDay(h.db, Object.assign({ playMoney: true }, range));
    const stake = rounds.rows.reduce((sum, row) => sum + row.totalStakePaise, 0n);
    const payout = rounds.rows.reduce((sum, row) => sum + row.totalPayoutPaise, 0n);
    const sum = (list: typeof days, field: 'stakePaise' | 'ggrPaise') =>
      list.reduce((total, day) => total + day[field], 0n);
    // Real money and play money apart (the demo player's 10 points), together all of it.
    expect(sum(playDays, 'stakePaise')).toBe(1_000n);
    expect(sum(days, 'stakePaise') + sum(playDays, 'stakePaise')).toBe(stake);
    expect(sum(days, 'ggrPaise') + sum(playDays, 'ggrPaise')).toBe(stake - payout);
    expect(days.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day.day))).toBe(true);
    for (const day of days) {
      expect(day.ggrPaise).toBe(day.stakePaise - day.payoutPaise);
      expect(day.rtpPercent).toBe(Number((day.payoutPaise * 10_000n) / day.stakePaise) / 100);
    }
  });

  it('publishes a chain: each revealed hash hashes to the previous round’s, down to the terminating hash; verifyRound agrees', async () => {
    const state = await kit.state();
    const rounds = await call(h, 'GET', '/api/crash/rounds?page=1&pageSize=100');
    expect(rounds.statusCode, rounds.body).toBe(200);
    const page = rounds.json().data as { items: CrashRoundSummary[]; total: number };
    expect(page.items.length).toBeGreaterThan(5);
    expect(page.total).toBe(page.items.length);
    page.items.forEach((round, index) => {
      const older = page.items[index + 1];
      expect(round.previousHash).toBe(older ? older.hash : state.settings.terminatingHash);
      expect(Number(round.id)).toBe(older ? Number(older.id) + 1 : 1);
      const verified = verifyRound({
        roundHash: round.hash,
        previousRoundHash: round.previousHash,
        salt: round.salt,
        saltCommitment: round.saltCommitment,
        houseEdgeBasisPoints: Math.round(round.houseEdgePercent * 100),
        maxMultiplierHundredths: Math.round(round.maxMultiplier * 100),
      });
      expect(verified).toEqual({
        crashPointHundredths: Math.round(round.crashPoint * 100),
        chainOk: true,
        saltOk: true,
      });
    });
    // The round under way shows its commitment only.
    expect(state.round).toMatchObject({ hash: null, salt: null, crashPoint: null });
    // Stored: the seed and ~√N checkpoints, never the whole chain.
    const [stored] = await executeRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from crash_chain_checkpoints`,
    );
    expect(stored!.n).toBeLessThanOrEqual(16);
    expect((await call(h, 'GET', '/api/crash/rounds/999999')).statusCode).toBe(404);
  });

  it('closes every player’s wallet round and leaves the ledger balanced', async () => {
    await kit.untilCrashed().catch(() => undefined);
    const open = await executeRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from wallet_rounds w
          join crash_rounds r on w.round_id = r.id::text
          where w.product = 'crash' and w.state <> 'closed' and r.phase = 'crashed'
            and r.incident is distinct from 'refunded_before_flight'`,
    );
    expect(open[0]!.n).toBe(0);
    await wallet.expectLedgerBalanced();
  });
});
