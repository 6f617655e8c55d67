import { msToReachMultiplier } from '@spm/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { CRASH_TEST_ENV, crashKit } from './crash-test-kit.ts';

/*
 * Properties of the crash game's money (issue 43 item 7), on random rounds played through the
 * HTTP API on the manual clock: whatever the bets, targets and cash-out times (some of them
 * sent together with the crash itself), no payout exceeds the stake times the crash point or
 * the maximum return, no cash-out is paid at or after the crash, and each bet settles once,
 * its money moved exactly as its row says.
 */

const STARTING_POINTS = 10_000;
const MAX_RETURN_POINTS = 75_000;

interface BetPlan {
  player: 0 | 1 | 2;
  panel: 0 | 1;
  stake: number;
  /** Auto cash-out target (a multiplier), or none. */
  autoCashOut: number | null;
  /**
   * A manual cash-out at this share of the flight to the crash point (above 1: after it;
   * exactly 1: sent together with the step that crashes the round), or none.
   */
  cashOutAt: number | null;
}

const betPlan: fc.Arbitrary<BetPlan> = fc.record({
  player: fc.constantFrom(0 as const, 1 as const, 2 as const),
  panel: fc.constantFrom(0 as const, 1 as const),
  stake: fc.integer({ min: 1_000, max: 750_000 }).map((paise) => paise / 100),
  autoCashOut: fc.option(
    fc.integer({ min: 101, max: 1_500 }).map((h) => h / 100),
    {
      nil: null,
    },
  ),
  cashOutAt: fc.option(fc.constantFrom(0.2, 0.5, 0.9, 0.99, 1, 1.2), { nil: null }),
});

const roundPlan = fc.record({
  /** The round's crash point range, hundredths: from 1.00x (an instant crash) to 12x. */
  crashPoint: fc.constantFrom(
    { low: 100, high: 100 },
    { low: 101, high: 150 },
    { low: 150, high: 300 },
    { low: 300, high: 1_200 },
  ),
  bets: fc.array(betPlan, { minLength: 1, maxLength: 6 }),
});

describe.each(drivers)('crash game properties on %s', (driver) => {
  const h = useHarness(driver, { env: CRASH_TEST_ENV, listen: true });
  const kit = crashKit(h);
  const wallet = providerWalletKit(h);

  beforeAll(async () => {
    await h.app.crash.start();
    await h.app.crash.idle();
  });
  afterAll(() => h.app.crash.stop());

  it('never pays above stake × crash point or the maximum return, never after the crash, and settles each bet once', async () => {
    await fc.assert(
      fc.asyncProperty(roundPlan, async ({ crashPoint: { low, high }, bets }) => {
        kit.wantCrashPoint((point) => point >= low && point <= high);
        const players = await Promise.all([0, 1, 2].map(() => kit.player(STARTING_POINTS)));
        const round = await kit.freshRound();
        const placed: { plan: BetPlan; betId: string }[] = [];
        for (const plan of bets) {
          const answer = await kit.bet(players[plan.player]!, {
            panel: plan.panel,
            stake: plan.stake,
            autoCashOut: plan.autoCashOut,
          });
          // A taken panel or the round's stake cap refuse; nothing is placed then.
          if (answer.statusCode === 200) {
            placed.push({ plan, betId: (answer.json().data as { bet: { id: string } }).bet.id });
          } else {
            expect(['CRASH_PANEL_TAKEN', 'ROUND_LIMIT_REACHED']).toContain(answer.json().errorCode);
          }
        }
        // The flight starts (a 1.00x round crashes at once).
        await kit.advance(round.bettingEndsAt.getTime() - h.clock.now().getTime());
        const point = kit.current().crashPointHundredths;
        const crashMs = msToReachMultiplier(point);
        const manual = placed
          .filter(({ plan }) => plan.cashOutAt !== null)
          .sort((a, b) => a.plan.cashOutAt! - b.plan.cashOutAt!);
        for (const { plan, betId } of manual) {
          const atMs = Math.floor(crashMs * plan.cashOutAt!);
          if (plan.cashOutAt === 1) {
            // Sent together with the step that crashes the round: paid before it or refused.
            const flown = kit.current().flightStartedAt!.getTime();
            const step = Math.max(0, flown + crashMs - h.clock.now().getTime());
            const [answer] = await Promise.all([
              kit.cashOut(players[plan.player]!, betId),
              kit.advance(step),
            ]);
            expect([200, 409]).toContain(answer.statusCode);
          } else {
            if (kit.current().id === round.id && kit.current().phase === 'flying') {
              await kit.flyTo(Math.min(atMs, crashMs + 1_000));
            }
            const answer = await kit.cashOut(players[plan.player]!, betId);
            expect([200, 409]).toContain(answer.statusCode);
            // After the crash only a bet already cashed out (its auto target) answers 200: the
            // first answer again, at a multiplier the flight reached.
            if (answer.statusCode === 200) {
              const paidAt = (answer.json().data as { multiplier: number }).multiplier;
              expect(Math.round(paidAt * 100)).toBeLessThanOrEqual(point);
              if (plan.cashOutAt! > 1) expect(paidAt).toBe(plan.autoCashOut);
            }
          }
        }
        if (kit.current().id === round.id) await kit.untilCrashed();

        const rows = await executeRows<{
          id: string;
          player_id: string;
          stake_paise: string;
          status: string;
          cash_out_hundredths: number | null;
          payout_paise: string | null;
          wins: number;
          won_paise: string;
        }>(
          h.db,
          sql`select b.id, b.player_id::text, b.stake_paise::text, b.status,
                     b.cash_out_hundredths, b.payout_paise::text,
                     (select count(*)::int from wallet_operations o
                      where o.product = 'crash' and o.operation = 'win'
                        and o.external_id = 'crash:win:' || b.id) as wins,
                     (select coalesce(sum(o.amount_paise), 0)::text from wallet_operations o
                      where o.product = 'crash' and o.operation = 'win'
                        and o.external_id = 'crash:win:' || b.id) as won_paise
              from crash_bets b where b.round_id = ${round.id}`,
        );
        expect(rows).toHaveLength(placed.length);
        const moved = new Map<string, bigint>();
        for (const row of rows) {
          const stake = BigInt(row.stake_paise);
          const payout = BigInt(row.payout_paise ?? 0);
          expect(['cashed_out', 'lost']).toContain(row.status);
          if (row.status === 'cashed_out') {
            // Before the crash (an auto target may equal the crash point: it is reached).
            expect(row.cash_out_hundredths!).toBeLessThanOrEqual(point);
            const plan = placed.find((p) => p.betId === row.id)!.plan;
            if (plan.autoCashOut === null || row.cash_out_hundredths! < plan.autoCashOut * 100) {
              expect(row.cash_out_hundredths!).toBeLessThan(point);
            }
            expect(row.wins).toBe(1);
            expect(BigInt(row.won_paise)).toBe(payout);
          } else {
            expect(row.wins).toBe(0);
            expect(payout).toBe(0n);
          }
          expect(payout * 100n).toBeLessThanOrEqual(stake * BigInt(point));
          expect(payout).toBeLessThanOrEqual(
            stake > BigInt(MAX_RETURN_POINTS * 100) ? stake : BigInt(MAX_RETURN_POINTS * 100),
          );
          moved.set(row.player_id, (moved.get(row.player_id) ?? 0n) - stake + payout);
        }
        for (const player of players) {
          expect(await wallet.cash(player.id)).toBe(
            BigInt(STARTING_POINTS * 100) + (moved.get(String(player.id)) ?? 0n),
          );
        }
      }),
      { numRuns: 6 },
    );
    await wallet.expectLedgerBalanced();
  }, 240_000);
});
