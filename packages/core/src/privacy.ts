/**
 * Personal data (issue 42 item 8, docs/personal-data.md): the pure rules the server and the
 * apps share: how long the operator has to answer a data request, and how an account number
 * shows in a data export.
 */

const DAY_MS = 86_400_000;

/**
 * Days the operator gives itself to answer a correction or erasure request. The DPDP Rules
 * 2025 (rule 14(3)) allow at most 90 days for a grievance; the platform promises 30, well
 * within it, and the back office shows the deadline of each request.
 */
export const DATA_REQUEST_DAYS = 30;

/** When a data request made at `createdAt` must be answered. */
export function dataRequestDueAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + DATA_REQUEST_DAYS * DAY_MS);
}

/** Whether a request still open at `now` is past its deadline. */
export function isDataRequestOverdue(dueAt: Date, now: Date): boolean {
  return now.getTime() > dueAt.getTime();
}

/**
 * "••••••••1234": the last four characters of an account, card or UPI number, every other one
 * hidden, so a downloaded file on a shared phone does not hand out the whole number. Values of
 * four characters or fewer are hidden whole.
 */
export function maskAccountNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= 4) return '•'.repeat(compact.length);
  return `${'•'.repeat(compact.length - 4)}${compact.slice(-4)}`;
}

/**
 * A player's name as other players see it (the crash room, a referrer's invited friends):
 * `ra***42`; a short name keeps its first letter only.
 */
export function maskPlayerName(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

/** The username an erased account keeps: unique, and saying nothing about the person. */
export function erasedUsername(playerId: number): string {
  return `erased-${playerId}`;
}

/** Why an account cannot be erased yet, as an error code of the contract's catalogue. */
export type ErasureBlocker = 'DATA_ERASURE_OPEN_BETS' | 'DATA_ERASURE_BALANCE';

/**
 * Whether a player's account may be erased now: not while a bet is open (its money is held
 * as exposure, or a round or order is still unsettled), nor while money is theirs to take
 * (available cash, or a withdrawal still under way). Points of a play-money account have no
 * cash value and never hold an erasure back; neither do bonus wallets, which cannot be
 * withdrawn and close with the account.
 */
export function erasureBlocker(
  view: { balancePaise: bigint; exposurePaise: bigint; withdrawalHoldPaise: bigint },
  facts: { openBets: number; playMoney: boolean },
): ErasureBlocker | null {
  if (facts.openBets > 0 || view.exposurePaise !== 0n) return 'DATA_ERASURE_OPEN_BETS';
  if (facts.playMoney) return null;
  if (view.balancePaise !== 0n || view.withdrawalHoldPaise !== 0n) return 'DATA_ERASURE_BALANCE';
  return null;
}
