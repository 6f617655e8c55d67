import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betbyKit } from '../../test/betby.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { mulberry32 } from '../../test/seeded-random.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { getWalletView } from '../wallet/index.ts';
import { listPlayerBets } from './sportsbook-repository.ts';

/*
 * Betby's calls for a few bets (make, a settlement, sometimes its rollback and a second
 * settlement, or a discard), each possibly sent twice, shuffled and sent concurrently in
 * chunks, then all sent again (Betby retries what was refused or unanswered). Whatever the
 * order, no money is made or lost: the player's cash and exposure are what the bets' rows
 * say (an open bet holds its stake, a settled one paid its payout, a discarded one returned
 * its stake), each bet paid at most one payout, and the ledger sums to zero.
 */

const FUNDING = 10_000_000n;

type Ending = 'win' | 'lost' | 'refund' | 'discard' | 'rollback-then-lost' | 'open';

const betShape = fc.record({
  stakeCents: fc.constantFrom(100, 5_000, 250_000),
  ending: fc.constantFrom<Ending>('win', 'lost', 'refund', 'discard', 'rollback-then-lost', 'open'),
});

describe.each(drivers)('Betby calls shuffled, duplicated and out of order on %s', (driver) => {
  const h = useHarness(driver);

  it('never make or lose money', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(betShape, { minLength: 1, maxLength: 6 }),
        fc.integer(),
        fc.integer({ min: 1, max: 3 }),
        async (bets, seed, duplicateEvery) => {
          const betby = betbyKit(h);
          const wallet = providerWalletKit(h);
          const playerId = await wallet.fundedPlayer(FUNDING);
          const calls: { method: string; payload: Record<string, unknown> }[] = [];
          for (const { stakeCents, ending } of bets) {
            const made = betby.make(playerId, stakeCents, { odds: ['3.00'] });
            const bet = made.transactionId;
            calls.push({ method: 'bet_make', payload: made.payload });
            calls.push({ method: 'bet_commit', payload: { bet_transaction_id: bet } });
            const settle = (method: string, amount: number) => {
              const transaction = betby.transaction(method.replace('bet_', ''), amount);
              calls.push({
                method,
                payload: { amount, currency: 'INR', bet_transaction_id: bet, transaction },
              });
              return transaction.id;
            };
            if (ending === 'win') settle('bet_win', stakeCents * 3);
            if (ending === 'lost') settle('bet_lost', 0);
            if (ending === 'refund') settle('bet_refund', stakeCents);
            if (ending === 'discard') {
              calls.push({
                method: 'bet_discard',
                payload: { ext_player_id: String(playerId), transaction_id: bet },
              });
            }
            if (ending === 'rollback-then-lost') {
              const won = settle('bet_win', stakeCents * 2);
              calls.push({
                method: 'bet_rollback',
                payload: {
                  bet_transaction_id: bet,
                  parent_transaction_id: won,
                  transaction: betby.transaction('rollback', stakeCents * 2),
                },
              });
              settle('bet_lost', 0);
            }
          }
          const random = mulberry32(seed);
          const sent = calls.flatMap((c, index) => (index % duplicateEvery === 0 ? [c, c] : [c]));
          for (let i = sent.length - 1; i > 0; i -= 1) {
            const j = Math.floor(random() * (i + 1));
            [sent[i], sent[j]] = [sent[j]!, sent[i]!];
          }
          for (let round = 0; round < 2; round += 1) {
            for (let start = 0; start < sent.length; start += 4) {
              const answers = await Promise.all(
                sent.slice(start, start + 4).map((c) => betby.call(c.method, c.payload)),
              );
              // Every answer is Betby's shape: 200, or 400 with a code.
              for (const answer of answers) {
                expect([200, 400]).toContain(answer.status);
                if (answer.status === 400) expect(typeof answer.body.code).toBe('number');
              }
            }
          }

          const open = await listPlayerBets(h.db, playerId, {
            status: 'open',
            page: 1,
            pageSize: 50,
          });
          const ended = await listPlayerBets(h.db, playerId, {
            status: 'settled',
            page: 1,
            pageSize: 50,
          });
          const rows = [...open.rows, ...ended.rows];
          let cash = FUNDING;
          let held = 0n;
          for (const row of rows) {
            if (row.status === 'open') {
              cash -= row.stakePaise;
              held += row.stakePaise;
            } else if (row.status !== 'discarded') {
              cash += row.payoutPaise! - row.stakePaise;
            }
            // At most one payout: a win is the script's, never two stacked.
            expect(row.payoutPaise ?? 0n).toBeLessThanOrEqual(row.stakePaise * 3n);
          }
          const view = await getWalletView(h.db, playerId);
          expect(view.balancePaise).toBe(cash);
          expect(view.exposurePaise).toBe(held);
          await wallet.expectLedgerBalanced();
        },
      ),
      { numRuns: 12 },
    );
  });
});
