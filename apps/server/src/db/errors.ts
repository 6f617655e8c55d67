/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's check_violation. */
const CHECK_VIOLATION = '23514';
/** The check behind the ledger's guarded balance update (wallet/tables.ts). */
const BALANCE_CHECK = 'ledger_accounts_balance_check';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The constraint (or unique index) a failed insert/update ran into, or undefined when the
 * error is not a unique violation. drizzle wraps the driver's error in `cause`; pg and
 * PGlite both report `code` and `constraint`.
 */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (current.code === UNIQUE_VIOLATION) {
      return typeof current.constraint === 'string' ? current.constraint : '';
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * The statement ran into the ledger's balance check (a player account below zero). The guarded
 * UPDATE never asks for that, so this is the refusal behind it: answered as not enough money,
 * never as a server error (the statement failed, so the transaction must roll back).
 */
export function balanceCheckViolated(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (current.code === CHECK_VIOLATION) return current.constraint === BALANCE_CHECK;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL ended the session under the query: its idle-in-transaction limit (the cluster's
 * fence sets it, so a stalled node's transaction is cut off), an administrator or a restart.
 * The transaction did not commit (or, cut during COMMIT, its outcome is unknown): the client
 * may try again, with the same idempotency key where there is one.
 */
export function databaseSessionEnded(error: unknown): boolean {
  const ended = new Set(['25P03', '57P01', '57P02', '57P03']);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (typeof current.code === 'string' && ended.has(current.code)) return true;
    if (
      typeof current.message === 'string' &&
      /^Connection terminated|connection error and is not queryable/.test(current.message)
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * A bound of the session cut the statement short (`lock_timeout`: it waited too long behind a
 * lock, most often one a paused node held; `statement_timeout`). The statement did not take
 * effect and its transaction rolled back: the client may try again, with the same key.
 */
export function databaseBoundReached(error: unknown): boolean {
  const bounds = new Set(['55P03', '57014']);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (typeof current.code === 'string' && bounds.has(current.code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL answered the statement with an error of its own (a SQLSTATE and a severity: a
 * check that raised, a unique violation, a deadlock victim), so the statement did not take
 * effect and a COMMIT sent behind it rolled the transaction back. False for a connection that
 * failed with no answer, after which a COMMIT sent behind may or may not have run.
 */
export function statementRefused(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code) &&
      typeof current.severity === 'string'
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
