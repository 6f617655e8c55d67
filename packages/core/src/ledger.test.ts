import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountKey,
  applyTransaction,
  checkTransaction,
  netPostings,
  playerAccount,
  systemAccount,
  transfer,
  walletView,
  type Balances,
  type PlayerAccountKind,
} from './ledger.ts';

const house = systemAccount('house');
const cashOf = (id: string) => playerAccount(id, 'cash');
const exposureOf = (id: string) => playerAccount(id, 'exposure_hold');
const withdrawalHoldOf = (id: string) => playerAccount(id, 'withdrawal_hold');

describe('transaction shape', () => {
  it('refuses empty, zero and unbalanced transactions', () => {
    expect(checkTransaction([])).toEqual({ ok: false, code: 'EMPTY_TRANSACTION' });
    expect(checkTransaction(transfer(house, cashOf('1'), 0n))).toEqual({
      ok: false,
      code: 'ZERO_POSTING',
    });
    expect(
      checkTransaction([
        { account: house, amountPaise: -100n },
        { account: cashOf('1'), amountPaise: 99n },
      ]),
    ).toEqual({ ok: false, code: 'UNBALANCED', sumPaise: -1n });
  });

  // Table of shapes the ledger must refuse, one rule each: a transaction moves money between
  // at least two accounts, every posting moves something, and nothing is created or destroyed.
  it.each([
    ['no postings', [], { ok: false, code: 'EMPTY_TRANSACTION' }],
    [
      'one posting',
      [{ account: house, amountPaise: 100n }],
      { ok: false, code: 'EMPTY_TRANSACTION' },
    ],
    [
      'one zero posting',
      [{ account: house, amountPaise: 0n }],
      { ok: false, code: 'EMPTY_TRANSACTION' },
    ],
    ['a zero transfer', transfer(house, cashOf('1'), 0n), { ok: false, code: 'ZERO_POSTING' }],
    [
      'a zero posting beside a balanced pair',
      [...transfer(house, cashOf('1'), 100n), { account: cashOf('2'), amountPaise: 0n }],
      { ok: false, code: 'ZERO_POSTING' },
    ],
    [
      'money created',
      [
        { account: house, amountPaise: -100n },
        { account: cashOf('1'), amountPaise: 101n },
      ],
      { ok: false, code: 'UNBALANCED', sumPaise: 1n },
    ],
    [
      'money destroyed',
      [
        { account: house, amountPaise: -100n },
        { account: cashOf('1'), amountPaise: 99n },
      ],
      { ok: false, code: 'UNBALANCED', sumPaise: -1n },
    ],
    [
      'two credits',
      [
        { account: house, amountPaise: 100n },
        { account: cashOf('1'), amountPaise: 100n },
      ],
      { ok: false, code: 'UNBALANCED', sumPaise: 200n },
    ],
    ['a transfer', transfer(house, cashOf('1'), 100n), { ok: true }],
    [
      'three legs summing to zero',
      [
        { account: house, amountPaise: -100n },
        { account: cashOf('1'), amountPaise: 60n },
        { account: cashOf('2'), amountPaise: 40n },
      ],
      { ok: true },
    ],
  ] as const)('%s', (_name, postings, expected) => {
    expect(checkTransaction(postings)).toEqual(expected);
  });

  it('never applies a refused shape, whatever the balances', () => {
    const funded = new Map([[accountKey(cashOf('1')), 1_000n]]);
    expect(applyTransaction(funded, [{ account: cashOf('1'), amountPaise: -100n }])).toEqual({
      ok: false,
      code: 'EMPTY_TRANSACTION',
    });
    expect(
      applyTransaction(funded, [
        { account: cashOf('1'), amountPaise: -100n },
        { account: house, amountPaise: 99n },
      ]),
    ).toEqual({ ok: false, code: 'UNBALANCED', sumPaise: -1n });
    expect(applyTransaction(funded, transfer(cashOf('1'), house, 0n))).toEqual({
      ok: false,
      code: 'ZERO_POSTING',
    });
  });

  it('nets postings to one change per account', () => {
    const netted = netPostings([
      ...transfer(cashOf('1'), exposureOf('1'), 500n),
      ...transfer(exposureOf('1'), cashOf('1'), 200n),
    ]);
    expect(netted).toEqual([
      { account: cashOf('1'), amountPaise: -300n },
      { account: exposureOf('1'), amountPaise: 300n },
    ]);
  });
});

describe('applying transactions', () => {
  it('lets the house go negative but never a player account', () => {
    const credited = applyTransaction(new Map(), transfer(house, cashOf('1'), 10_000n));
    expect(credited.ok).toBe(true);
    if (!credited.ok) return;
    expect(credited.balances.get(accountKey(house))).toBe(-10_000n);
    const overdrawn = applyTransaction(credited.balances, transfer(cashOf('1'), house, 10_001n));
    expect(overdrawn).toEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      account: cashOf('1'),
      shortfallPaise: 1n,
    });
  });

  // The server resolves account ids by these keys and names them in its errors.
  it('keys player and system accounts apart, readably', () => {
    expect(accountKey(cashOf('7'))).toBe('player:7:cash');
    expect(accountKey(house)).toBe('system:house');
    expect(accountKey(systemAccount('play_money'))).toBe('system:play_money');
  });

  it('shows every wallet of the player under its own name', () => {
    const amounts: Record<PlayerAccountKind, bigint> = {
      cash: 1n,
      coins: 20n,
      sports: 300n,
      wicket: 4_000n,
      exposure_hold: 50_000n,
      withdrawal_hold: 600_000n,
    };
    expect(walletView((kind) => amounts[kind])).toEqual({
      balancePaise: 1n,
      cashPaise: 650_001n,
      coinsPaise: 20n,
      sportsPaise: 300n,
      wicketPaise: 4_000n,
      exposurePaise: 50_000n,
      withdrawalHoldPaise: 600_000n,
    });
  });

  it('shows the wallet the way the spec names it', () => {
    const balances = new Map<string, bigint>([
      [accountKey(cashOf('1')), 7_000n],
      [accountKey(exposureOf('1')), 2_000n],
      [accountKey(withdrawalHoldOf('1')), 1_000n],
    ]);
    const view = walletView((kind) => balances.get(accountKey(playerAccount('1', kind))) ?? 0n);
    expect(view).toMatchObject({
      balancePaise: 7_000n,
      cashPaise: 10_000n,
      exposurePaise: 2_000n,
      withdrawalHoldPaise: 1_000n,
    });
  });
});

/**
 * Model-based: random credits, debits, holds and releases across three players. After every
 * step the ledger sums to zero, no player account is negative, and each balance equals a plain
 * arithmetic model that refuses exactly the overdrawing steps.
 */
describe('ledger against a model', () => {
  const players = ['a', 'b', 'c'] as const;
  type Step =
    | {
        op: 'credit' | 'debit' | 'hold' | 'release' | 'holdWithdrawal' | 'payWithdrawal';
        player: string;
        amount: bigint;
      }
    | { op: 'move'; from: string; to: string; amount: bigint };

  const amount = fc.bigInt({ min: 1n, max: 50_000n });
  const player = fc.constantFrom(...players);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constantFrom(
        'credit',
        'debit',
        'hold',
        'release',
        'holdWithdrawal',
        'payWithdrawal' as const,
      ),
      player,
      amount,
    }),
    fc.record({ op: fc.constant('move' as const), from: player, to: player, amount }),
  );

  const postingsFor = (s: Step) => {
    switch (s.op) {
      case 'credit':
        return transfer(house, cashOf(s.player), s.amount);
      case 'debit':
        return transfer(cashOf(s.player), house, s.amount);
      case 'hold':
        return transfer(cashOf(s.player), exposureOf(s.player), s.amount);
      case 'release':
        return transfer(exposureOf(s.player), cashOf(s.player), s.amount);
      case 'holdWithdrawal':
        return transfer(cashOf(s.player), withdrawalHoldOf(s.player), s.amount);
      case 'payWithdrawal':
        return transfer(withdrawalHoldOf(s.player), systemAccount('gateway_clearing'), s.amount);
      case 'move':
        return transfer(cashOf(s.from), cashOf(s.to), s.amount);
    }
  };

  it('stays balanced, non-negative and equal to the model', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        let ledger: Balances = new Map();
        const model = new Map<string, bigint>();
        const get = (id: string, kind: PlayerAccountKind) => model.get(`${id}:${kind}`) ?? 0n;
        const add = (id: string, kind: PlayerAccountKind, delta: bigint) =>
          model.set(`${id}:${kind}`, get(id, kind) + delta);

        for (const s of steps) {
          // The model: which player account pays, and does it have enough?
          const payer =
            s.op === 'move'
              ? ([s.from, 'cash'] as const)
              : s.op === 'release'
                ? ([s.player, 'exposure_hold'] as const)
                : s.op === 'payWithdrawal'
                  ? ([s.player, 'withdrawal_hold'] as const)
                  : s.op === 'credit'
                    ? null
                    : ([s.player, 'cash'] as const);
          const modelAccepts =
            payer === null ||
            (s.op === 'move' && s.from === s.to) ||
            get(payer[0], payer[1]) >= s.amount;

          const result = applyTransaction(ledger, postingsFor(s));
          expect(result.ok).toBe(modelAccepts);
          if (!result.ok) {
            expect(result.code).toBe('INSUFFICIENT_FUNDS');
            continue;
          }
          ledger = result.balances;
          if (payer) add(payer[0], payer[1], -s.amount);
          if (s.op === 'credit' || s.op === 'release') add(s.player, 'cash', s.amount);
          if (s.op === 'hold') add(s.player, 'exposure_hold', s.amount);
          if (s.op === 'holdWithdrawal') add(s.player, 'withdrawal_hold', s.amount);
          if (s.op === 'move') add(s.to, 'cash', s.amount);

          let total = 0n;
          for (const value of ledger.values()) total += value;
          expect(total).toBe(0n);
          for (const id of players) {
            for (const kind of ['cash', 'exposure_hold', 'withdrawal_hold'] as const) {
              const balance = ledger.get(accountKey(playerAccount(id, kind))) ?? 0n;
              expect(balance).toBeGreaterThanOrEqual(0n);
              expect(balance).toBe(get(id, kind));
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
