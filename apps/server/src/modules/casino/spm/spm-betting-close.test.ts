import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../clock.ts';
import { providerWalletKit } from '../../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { callProviderWallet } from '../index.ts';
import { insertLaunch } from '../provider-wallet-fixtures.ts';
import { spmBets } from '../tables.ts';
import { SpmGames } from './spm-games.ts';

const TABLE = 'spm-lucky-7';
/** How late this process's timers fire: a busy event loop, a long collection. */
const TIMER_LAG_MS = 60_000;

/*
 * A round stops taking bets at its bettingClosesAt, not when the timer that closes it gets to
 * run: a bet arriving in between is refused by the time alone.
 */
describe.each(drivers)(
  'an SPM Games bet after betting closed, before the close ran, on %s',
  (driver) => {
    const h = useHarness(driver);
    const kit = providerWalletKit(h);
    const key = () => `k-${randomBytes(8).toString('hex')}`;

    it('is refused with BETTING_CLOSED: no bet row, no debit', async () => {
      // The app's manual clock, whose timers fire a minute late.
      const lateTimers: Clock = {
        now: () => h.clock.now(),
        setTimer: (delayMs, callback) => h.clock.setTimer(delayMs + TIMER_LAG_MS, callback),
      };
      const games = new SpmGames({
        deps: { db: h.db, clock: lateTimers, config: h.config },
        caller: (call) =>
          callProviderWallet(h.app, { ...call, timestampMs: h.clock.now().getTime() }),
        io: h.app.realtime.io,
        log: h.app.log,
      });
      try {
        await games.start({ tableIds: [TABLE] });
        const playerId = await kit.fundedPlayer(100_000n);
        const { launchToken } = await insertLaunch(h.db, {
          providerId: 'spm',
          gameId: TABLE,
          playerId,
          playMoney: false,
          now: h.clock.now(),
        });
        const session = await games.openSession(launchToken);
        const runner = await games.table(TABLE);
        const round = await runner.ready();
        expect(round.phase).toBe('betting');
        const bet = () =>
          games.bet(TABLE, session.token, {
            roundId: round.id,
            spot: 'low',
            stake: 40,
            idempotencyKey: key(),
          });

        // A millisecond before the close: taken.
        h.clock.set(new Date(round.bettingClosesAt.getTime() - 1));
        await bet();
        expect(await kit.cash(playerId)).toBe(96_000n);

        // At the close, the timer not run yet: the round still says betting, the time says no.
        h.clock.set(round.bettingClosesAt);
        await runner.idle();
        expect(runner.current?.phase).toBe('betting');
        await expect(bet()).rejects.toMatchObject({ code: 'BETTING_CLOSED' });
        expect(await kit.cash(playerId)).toBe(96_000n);
        const rows = await h.db.select().from(spmBets).where(eq(spmBets.playerId, playerId));
        expect(rows).toHaveLength(1);
        await kit.expectLedgerBalanced();
      } finally {
        await games.stop();
      }
    });
  },
);
