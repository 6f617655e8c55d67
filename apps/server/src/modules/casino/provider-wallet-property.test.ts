import { MAX_BET_POINTS, MAX_WIN_POINTS, type ProviderAnswer } from '@spm/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { insertTestProvider, type TestProvider } from './provider-wallet-fixtures.ts';
import { casinoProviders } from './tables.ts';
import { mulberry32 } from '../../test/seeded-random.ts';

/*
 * Random bets, wins and rollbacks for a few players and rounds, each callback possibly sent
 * twice, shuffled and sent concurrently in chunks. What the server stored is then replayed,
 * round by round in the order the round's lock let the callbacks through, against a pure
 * model of the protocol's rules: every status and amount must agree, every answer must be
 * the stored one, each transaction moved money at most once, balances and round totals
 * must add up and the ledger must sum to zero.
 */

const MIN_BET = 100n;
const MAX_BET = 400_000n;
const FUNDING = 50_000_000n;
const SHORT_FUNDING = 600_000n;
/** The game rules, per round: stakes up to 7,500 points, wins credited up to 75,000. */
const MAX_ROUND_STAKE_PAISE = BigInt(MAX_BET_POINTS) * 100n;
const MAX_ROUND_WIN_PAISE = BigInt(MAX_WIN_POINTS) * 100n;

type Callback =
  | { kind: 'bet'; transactionId: string; amount: bigint }
  | { kind: 'win'; transactionId: string; amount: bigint; roundClosed: boolean }
  | { kind: 'rollback'; transactionId: string; referenceTransactionId: string };

interface RoundScript {
  player: number;
  roundId: string;
  callbacks: Callback[];
}

const roundShape = fc.record({
  bets: fc.array(fc.constantFrom(50n, 100_000n, 350_000n, 400_000n), {
    minLength: 1,
    maxLength: 4,
  }),
  wins: fc.array(
    fc.record({
      amount: fc.constantFrom(0n, 3_000_000n, 6_000_000n),
      roundClosed: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  /** An index into the round's bets; past the end names a bet that never comes. */
  rollbacks: fc.array(fc.nat({ max: 5 }), { maxLength: 2 }),
});

const scenario = fc.record({
  rounds: fc.array(fc.tuple(fc.nat({ max: 1 }), roundShape), { minLength: 1, maxLength: 4 }),
  seed: fc.integer(),
  duplicateEvery: fc.integer({ min: 2, max: 4 }),
});

interface StoredRow {
  id: number;
  kind: 'bet' | 'win' | 'rollback';
  transactionId: string;
  roundId: string;
  playerId: number;
  requestHash: string;
  amount: bigint;
  applied: bigint;
  reference: string | null;
  status: string;
  answer: ProviderAnswer;
}

interface ModelRound {
  staked: bigint;
  won: bigint;
  refunded: bigint;
  closed: boolean;
  winPaid: boolean;
  status: 'open' | 'closed' | 'rolled_back';
  bets: Map<string, { status: string; applied: bigint; rolledBack: boolean }>;
  markers: Set<string>;
}

/** What the protocol says a callback does to its round, given what came before it. */
function modelStep(
  round: ModelRound,
  callback: Callback,
  /** The server found the player's cash short (which depends on their other rounds). */
  cashShort: boolean,
): { status: string; applied: bigint } {
  const refuse = (status: string) => ({ status, applied: 0n });
  if (callback.kind === 'bet') {
    if (round.closed) return refuse('RS_ERROR_ROUND_CLOSED');
    if (callback.amount < MIN_BET || callback.amount > MAX_BET) return refuse('RS_ERROR_BET_LIMIT');
    if (round.staked + callback.amount > MAX_ROUND_STAKE_PAISE) {
      return refuse('RS_ERROR_LIMIT_REACHED');
    }
    if (cashShort) return refuse('RS_ERROR_NOT_ENOUGH_MONEY');
    round.staked += callback.amount;
    round.status = 'open';
    return { status: 'RS_OK', applied: callback.amount };
  }
  if (callback.kind === 'win') {
    if (round.closed) return refuse('RS_ERROR_ROUND_CLOSED');
    const room = MAX_ROUND_WIN_PAISE - round.won;
    const credited = callback.amount < room ? callback.amount : room > 0n ? room : 0n;
    round.won += credited;
    round.winPaid = true;
    if (callback.roundClosed) round.closed = true;
    round.status = callback.roundClosed ? 'closed' : 'open';
    return { status: 'RS_OK', applied: credited };
  }
  const target = round.bets.get(callback.referenceTransactionId);
  if (round.markers.has(callback.referenceTransactionId)) {
    return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
  }
  if (target && target.status !== 'RS_OK') return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (round.closed) return refuse('RS_ERROR_ROUND_CLOSED');
  if (!target) {
    round.markers.add(callback.referenceTransactionId);
    if (round.staked === 0n && round.won === 0n) round.status = 'rolled_back';
    return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  }
  if (target.rolledBack) return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (round.winPaid) return refuse('RS_ERROR_ROUND_CLOSED');
  target.rolledBack = true;
  round.staked -= target.applied;
  round.refunded += target.applied;
  if (round.staked === 0n && round.won === 0n) round.status = 'rolled_back';
  return { status: 'RS_OK', applied: target.applied };
}

describe.each(drivers)('casino provider wallet under random callbacks on %s', (driver) => {
  const h = useHarness(driver);
  const { call, session, cash, expectLedgerBalanced } = providerWalletKit(h);
  let run = 0;

  it('applies every transaction at most once, as the model says, whatever the order', async () => {
    const provider: TestProvider = await insertTestProvider(h.db, {
      minBetPaise: MIN_BET,
      maxBetPaise: MAX_BET,
    });
    // Callbacks arrive in any order here, a win before its round's bets too: the model is that
    // of a provider allowed to pay wins without a bet. The default, refusing them unstored, is
    // provider-wallet-protocol.test.ts's.
    await h.db
      .update(casinoProviders)
      .set({ winsWithoutBet: true })
      .where(eq(casinoProviders.id, provider.providerId));

    await fc.assert(
      fc.asyncProperty(scenario, async ({ rounds, seed, duplicateEvery }) => {
        run += 1;
        // The second player can afford only a few bets: refusals for money, never below zero.
        const players = [
          await session(provider, FUNDING),
          await session(provider, SHORT_FUNDING),
        ] as const;
        const funding = [FUNDING, SHORT_FUNDING] as const;
        const scripts: RoundScript[] = rounds.map(([player, shape], index) => {
          const roundId = `run${run}-round${index}`;
          const tx = (what: string, n: number) => `${roundId}-${what}${n}`;
          const betIds = shape.bets.map((_, n) => tx('bet', n));
          return {
            player,
            roundId,
            callbacks: [
              ...shape.bets.map((amount, n) => ({
                kind: 'bet' as const,
                transactionId: betIds[n]!,
                amount,
              })),
              ...shape.wins.map((win, n) => ({
                kind: 'win' as const,
                transactionId: tx('win', n),
                ...win,
              })),
              ...shape.rollbacks.map((target, n) => ({
                kind: 'rollback' as const,
                transactionId: tx('rollback', n),
                referenceTransactionId: betIds[target] ?? tx('ghost', target),
              })),
            ],
          };
        });

        // Every callback, some twice; shuffled; sent in concurrent chunks.
        const random = mulberry32(seed);
        const requests = scripts.flatMap((script) =>
          script.callbacks.flatMap((callback, n) => {
            const one = { script, callback };
            return n % duplicateEvery === 0 ? [one, one] : [one];
          }),
        );
        for (let i = requests.length - 1; i > 0; i -= 1) {
          const j = Math.floor(random() * (i + 1));
          [requests[i], requests[j]] = [requests[j]!, requests[i]!];
        }
        const answers: { callback: Callback; answer: ProviderAnswer }[] = [];
        for (let at = 0; at < requests.length;) {
          const chunk = requests.slice(at, at + 1 + Math.floor(random() * 6));
          at += chunk.length;
          const sent = await Promise.all(
            chunk.map(({ script, callback }) => {
              const { base } = players[script.player]!;
              const { kind, ...fields } = callback;
              return call(provider, kind, {
                requestId: `${callback.transactionId}-${at}`,
                ...base,
                roundId: script.roundId,
                ...fields,
                ...('amount' in fields ? { amount: Number(fields.amount) } : {}),
              });
            }),
          );
          sent.forEach((answer, n) => answers.push({ callback: chunk[n]!.callback, answer }));
        }

        const rows = (
          await executeRows<Record<string, unknown>>(
            h.db,
            sql`select id, kind, provider_transaction_id, provider_round_id, player_id,
                       request_hash, amount_paise::text as amount, applied_paise::text as applied,
                       reference_transaction_id, status, answer
                from casino_transactions
                where provider_id = ${provider.providerId}
                  and provider_round_id like ${`run${run}-%`}
                order by id`,
          )
        ).map((row): StoredRow => ({
          id: Number(row.id),
          kind: row.kind as StoredRow['kind'],
          transactionId: String(row.provider_transaction_id),
          roundId: String(row.provider_round_id),
          playerId: Number(row.player_id),
          requestHash: String(row.request_hash),
          amount: BigInt(String(row.amount)),
          applied: BigInt(String(row.applied)),
          reference:
            row.reference_transaction_id === null ? null : String(row.reference_transaction_id),
          status: String(row.status),
          answer: (typeof row.answer === 'string'
            ? JSON.parse(row.answer)
            : row.answer) as ProviderAnswer,
        }));
        const byTransaction = new Map(rows.map((row) => [row.transactionId, row]));

        // Each answer is the stored first answer (the late bet of an early rollback: refused).
        for (const { callback, answer } of answers) {
          const stored = byTransaction.get(callback.transactionId);
          expect(stored, callback.transactionId).toBeDefined();
          if (stored!.requestHash === 'rolled-back-before-arrival') {
            expect(answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
          } else {
            expect({ ...answer, requestId: null }).toEqual({ ...stored!.answer, requestId: null });
          }
        }

        // Round by round, in lock order, the model agrees with every stored outcome.
        const balances = new Map<number, bigint>(
          players.map((p, index) => [p.playerId, funding[index]!]),
        );
        for (const script of scripts) {
          const round: ModelRound = {
            staked: 0n,
            won: 0n,
            refunded: 0n,
            closed: false,
            winPaid: false,
            status: 'open',
            bets: new Map(),
            markers: new Set(),
          };
          const byId = new Map(script.callbacks.map((c) => [c.transactionId, c]));
          const ownRows = rows.filter((row) => row.roundId === script.roundId);
          for (const row of ownRows) {
            // A marker is written just before its rollback's row: checked after the loop.
            if (row.requestHash === 'rolled-back-before-arrival') continue;
            const callback = byId.get(row.transactionId)!;
            // Only the short-funded player can be short of cash.
            if (row.status === 'RS_ERROR_NOT_ENOUGH_MONEY') expect(script.player).toBe(1);
            const expected = modelStep(round, callback, row.status === 'RS_ERROR_NOT_ENOUGH_MONEY');
            expect({ id: row.transactionId, status: row.status, applied: row.applied }).toEqual({
              id: row.transactionId,
              ...expected,
            });
            if (callback.kind === 'bet') {
              round.bets.set(callback.transactionId, { ...expected, rolledBack: false });
            }
            const playerId = players[script.player]!.playerId;
            if (expected.status === 'RS_OK') {
              const sign = callback.kind === 'bet' ? -1n : 1n;
              balances.set(playerId, balances.get(playerId)! + sign * expected.applied);
            }
          }
          const markers = ownRows.filter((row) => row.requestHash === 'rolled-back-before-arrival');
          expect(new Set(markers.map((row) => row.transactionId))).toEqual(round.markers);
          // Every callback of the round was answered from a row (its own, or its marker).
          for (const callback of script.callbacks) {
            expect(byTransaction.has(callback.transactionId)).toBe(true);
          }
          const [stored] = await executeRows<Record<string, string>>(
            h.db,
            sql`select status, staked_paise::text as staked, won_paise::text as won,
                       refunded_paise::text as refunded
                from casino_rounds
                where provider_id = ${provider.providerId} and provider_round_id = ${script.roundId}`,
          );
          expect(stored).toEqual({
            status: round.status,
            staked: String(round.staked),
            won: String(round.won),
            refunded: String(round.refunded),
          });
        }
        for (const { playerId } of players) {
          expect(await cash(playerId)).toBe(balances.get(playerId));
          // One wallet operation per applied transaction (markers aside), never two.
          const [count] = await executeRows<{ n: string | number }>(
            h.db,
            sql`select count(*) as n from wallet_operations
                where player_id = ${playerId} and product = 'casino' and status <> 'cancelled'`,
          );
          const applied = rows.filter(
            (row) => row.playerId === playerId && row.status === 'RS_OK',
          ).length;
          expect(Number(count!.n)).toBe(applied);
        }
        const [negative] = await executeRows<{ n: string | number }>(
          h.db,
          sql`select count(*) as n from ledger_accounts where owner = 'player' and balance_paise < 0`,
        );
        expect(Number(negative!.n)).toBe(0);
      }),
      // PGlite runs the callbacks one at a time and slower: fewer runs keep it to seconds.
      { numRuns: driver === 'pglite' ? 4 : 6 },
    );
    await expectLedgerBalanced();
  });
});
