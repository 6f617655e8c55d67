import type { StatementKind } from '@spm/contract';
import type { LedgerTransactionKind } from './ledger-repository.ts';
import { WALLET_OPERATIONS, WALLET_PRODUCTS } from './tables.ts';
import type { WalletOperationKind, WalletProduct } from './wallet-operation-repository.ts';

/*
 * What a statement line is (issue 41 item 10). A line written by a wallet operation is named
 * by the operation's product and kind, so a casino stake, a crash cash-out and a sportsbook
 * settlement each read as themselves; a line without one (cashier, staff, demo top-up) is
 * named by its ledger kind. Both tables are total over their keys, so the compiler refuses a
 * new product or operation until it has a statement kind (and the contract its translations).
 */

const KIND_OF_OPERATION: Record<WalletProduct, Record<WalletOperationKind, StatementKind>> = {
  exchange: {
    stake: 'exchange.stake',
    release: 'exchange.release',
    win: 'exchange.win',
    settle: 'exchange.settlement',
    rollback: 'exchange.rollback',
    reverse: 'exchange.reversal',
  },
  casino: {
    stake: 'casino.stake',
    release: 'casino.release',
    win: 'casino.win',
    settle: 'casino.settlement',
    rollback: 'casino.rollback',
    reverse: 'casino.reversal',
  },
  crash: {
    stake: 'crash.stake',
    release: 'crash.release',
    // A crash game pays a bet when the player cashes out before the crash.
    win: 'crash.cashout',
    settle: 'crash.settlement',
    rollback: 'crash.rollback',
    reverse: 'crash.reversal',
  },
  sportsbook: {
    stake: 'sportsbook.stake',
    release: 'sportsbook.release',
    win: 'sportsbook.win',
    settle: 'sportsbook.settlement',
    rollback: 'sportsbook.rollback',
    reverse: 'sportsbook.reversal',
  },
};

/** Lines that no wallet operation wrote. A system transfer never reaches a player account. */
const KIND_OF_LEDGER: Record<Exclude<LedgerTransactionKind, 'system_transfer'>, StatementKind> = {
  adjustment_credit: 'adjustment.credit',
  adjustment_debit: 'adjustment.debit',
  deposit: 'deposit',
  withdrawal: 'withdrawal.paid',
  withdrawal_hold: 'withdrawal.requested',
  withdrawal_release: 'withdrawal.returned',
  // Bet lines written before the wallet kept its operations (or without one) stay generic.
  bet_hold: 'bet.hold',
  bet_release: 'bet.release',
  bet_settlement: 'bet.settlement',
  bonus: 'bonus.grant',
  bonus_release: 'bonus.release',
  bonus_forfeit: 'bonus.forfeit',
  demo_credit: 'demo.credit',
  play_allowance: 'play.allowance',
};

const isProduct = (value: string): value is WalletProduct =>
  (WALLET_PRODUCTS as readonly string[]).includes(value);
const isOperation = (value: string): value is WalletOperationKind =>
  (WALLET_OPERATIONS as readonly string[]).includes(value);

/** A statement line's facts that decide its kind. */
export interface StatementLineFacts {
  ledgerKind: LedgerTransactionKind;
  /** The wallet operation that wrote the line's transaction, when one did. */
  product: string | null;
  operation: string | null;
}

/** The line's statement kind: by product and operation when known, else by ledger kind. */
export function statementKindOf(line: StatementLineFacts): StatementKind {
  const { ledgerKind, product, operation } = line;
  if (product !== null && operation !== null && isProduct(product) && isOperation(operation)) {
    // An exchange "stake" that lowers the order's hold (a cancel, a smaller exposure) frees
    // money: it reads as a release, as the ledger records it.
    const named = operation === 'stake' && ledgerKind === 'bet_release' ? 'release' : operation;
    return KIND_OF_OPERATION[product][named];
  }
  if (ledgerKind === 'system_transfer') {
    throw new Error('a system transfer reached a player statement');
  }
  return KIND_OF_LEDGER[ledgerKind];
}
