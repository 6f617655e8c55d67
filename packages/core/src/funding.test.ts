import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASH_ONLY,
  FUNDING_WALLETS,
  drawsBonus,
  movedParts,
  normalizeParts,
  partsTotal,
  splitPayout,
  splitStake,
  spreadPlayerCash,
  takeFromParts,
  type FundingPart,
  type FundingWallet,
} from './funding.ts';
import { checkTransaction, playerAccount, systemAccount, transfer } from './ledger.ts';

const wallet = fc.constantFrom(...FUNDING_WALLETS);
const paise = fc.bigInt({ min: 0n, max: 10_000_000n });
const partsArb = fc.array(fc.record({ wallet, amountPaise: paise }), { maxLength: 6 });
const amountOf = (parts: readonly FundingPart[], name: FundingWallet) =>
  parts.find((part) => part.wallet === name)?.amountPaise ?? 0n;

describe('funding parts', () => {
  it('cash only by default: one part, whatever the balance', () => {
    expect(drawsBonus(CASH_ONLY)).toBe(false);
    const draws = CASH_ONLY.draws({ product: 'casino', playerId: 1, stakePaise: 500n });
    expect(splitStake(500n, draws, () => 0n)).toEqual([{ wallet: 'cash', amountPaise: 500n }]);
  });

  it('a stake takes cash first, then coins; a shortfall stays on the first wallet', () => {
    const draws = [{ wallet: 'cash' as const }, { wallet: 'coins' as const }];
    const balances = { cash: 300n, coins: 1_000n, sports: 0n };
    expect(splitStake(500n, draws, (w) => balances[w])).toEqual([
      { wallet: 'cash', amountPaise: 300n },
      { wallet: 'coins', amountPaise: 200n },
    ]);
    expect(splitStake(2_000n, draws, (w) => balances[w])).toEqual([
      { wallet: 'cash', amountPaise: 1_000n },
      { wallet: 'coins', amountPaise: 1_000n },
    ]);
  });

  it('splitStake always sums to the stake and draws no wallet past its balance or maximum, but the first', () => {
    fc.assert(
      fc.property(
        paise,
        fc.uniqueArray(fc.record({ wallet, maxPaise: fc.option(paise, { nil: undefined }) }), {
          minLength: 1,
          maxLength: 3,
          selector: (draw) => draw.wallet,
        }),
        fc.record({ cash: paise, coins: paise, sports: paise }),
        (amount, rawDraws, balances) => {
          const draws = rawDraws.map((d) =>
            d.maxPaise === undefined
              ? { wallet: d.wallet }
              : { wallet: d.wallet, maxPaise: d.maxPaise },
          );
          const parts = splitStake(amount, draws, (w) => balances[w]);
          expect(partsTotal(parts)).toBe(amount);
          for (const part of parts) expect(part.amountPaise > 0n).toBe(true);
          for (const draw of draws.slice(1)) {
            expect(amountOf(parts, draw.wallet) <= balances[draw.wallet]).toBe(true);
            if (draw.maxPaise !== undefined) {
              expect(amountOf(parts, draw.wallet) <= draw.maxPaise).toBe(true);
            }
          }
        },
      ),
    );
  });

  it('takeFromParts is exact, bounded by each part, and whole when asked for all', () => {
    fc.assert(
      fc.property(partsArb, fc.double({ min: 0, max: 1, noNaN: true }), (raw, fraction) => {
        const parts = normalizeParts(raw);
        const total = partsTotal(parts);
        const amount = BigInt(Math.floor(Number(total) * fraction));
        const taken = takeFromParts(parts, amount);
        expect(partsTotal(taken)).toBe(amount);
        for (const part of taken) {
          expect(part.amountPaise > 0n && part.amountPaise <= amountOf(parts, part.wallet)).toBe(
            true,
          );
        }
        expect(takeFromParts(parts, total)).toEqual(parts);
      }),
    );
  });

  it('splitPayout is exact, in the stake proportion, the remainder paisa to cash', () => {
    expect(
      splitPayout(
        [
          { wallet: 'cash', amountPaise: 1n },
          { wallet: 'coins', amountPaise: 2n },
        ],
        10n,
      ),
    ).toEqual([
      { wallet: 'cash', amountPaise: 4n },
      { wallet: 'coins', amountPaise: 6n },
    ]);
    expect(splitPayout([], 7n)).toEqual([{ wallet: 'cash', amountPaise: 7n }]);
    fc.assert(
      fc.property(partsArb, paise, (raw, amount) => {
        const funding = normalizeParts(raw);
        const paid = splitPayout(funding, amount);
        expect(partsTotal(paid)).toBe(amount);
        const total = partsTotal(funding);
        for (const part of paid) {
          expect(part.amountPaise > 0n).toBe(true);
          if (part.wallet === 'cash' || total === 0n) continue;
          // A bonus wallet gets its share rounded down, never more.
          expect(part.amountPaise).toBe((amountOf(funding, part.wallet) * amount) / total);
        }
      }),
    );
  });

  it('spreadPlayerCash keeps a transaction balanced and moves exactly the parts', () => {
    fc.assert(
      fc.property(partsArb, fc.boolean(), (raw, debit) => {
        const parts = normalizeParts(raw);
        const total = partsTotal(parts);
        if (total === 0n) return;
        const cash = playerAccount('7', 'cash');
        const house = systemAccount('house');
        const postings = debit ? transfer(cash, house, total) : transfer(house, cash, total);
        const spread = spreadPlayerCash(postings, '7', parts);
        expect(checkTransaction(spread)).toEqual({ ok: true });
        expect(movedParts(spread, '7')).toEqual(parts);
        expect(spread.reduce((sum, p) => sum + p.amountPaise, 0n)).toBe(0n);
      }),
    );
  });
});
