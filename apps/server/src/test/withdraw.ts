import { randomBytes } from 'node:crypto';
import type { Wallet } from '@spm/contract';
import { playerAccount, systemAccount, transfer, type PlayerAccountKind } from '@spm/core';
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/database.ts';
import type { Harness } from './harness.ts';
import { call, latestCode, post, registerPlayer, type CallOptions } from './identity.ts';
import { staffMemberWithToken } from './staff.ts';
import { fund } from './wallet.ts';
import { getWallet, post as postLedger } from '../modules/wallet/ledger/ledger-service.ts';

/*
 * Test support for the cashier withdraw tests (bank details, withdrawals, KYC): players with
 * money and a phone, staff tokens, the withdraw OTP, and ledger reads to assert exact money.
 * Imported by tests only.
 */

/** Environment of the withdraw test harnesses: generous OTP budgets, the default cooldown. */
export const WITHDRAW_TEST_ENV = {
  OTP_MAX_PER_PHONE_PER_HOUR: '100',
  OTP_MAX_PER_IP_PER_HOUR: '100000',
};

export interface TestPlayer {
  id: number;
  token: string;
  phone: string;
  username: string;
  /** When this player last asked for a withdraw code (the 30 s resend cooldown). */
  lastOtpAt?: number;
}

export const ledgerDeps = (h: Harness) => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

const paise = (points: number) => BigInt(Math.round(points * 100));

/** A signed-up player (OTP flow, so with a mobile), funded with `points` of cash. */
export async function newPlayer(h: Harness, points = 0): Promise<TestPlayer> {
  const player = await registerPlayer(h);
  const id = Number(player.user.id);
  if (points > 0) await fund(ledgerDeps(h), id, paise(points));
  return { id, token: player.token, phone: player.phone, username: player.username };
}

/** Moves cash into another of the player's accounts, as a bet hold or a bonus would. */
export async function moveCash(
  h: Harness,
  playerId: number,
  to: Extract<PlayerAccountKind, 'exposure_hold'>,
  points: number,
) {
  const result = await postLedger(ledgerDeps(h), {
    kind: 'bet_hold',
    postings: transfer(
      playerAccount(String(playerId), 'cash'),
      playerAccount(String(playerId), to),
      paise(points),
    ),
    description: 'test exposure',
    reference: 'TEST',
    playerId,
  });
  if (!result.ok) throw new Error(`moveCash: ${result.code}`);
}

/** Bonus coins from the bonus pool: money the player may bet but never withdraw. */
export async function creditCoins(h: Harness, playerId: number, points: number) {
  const result = await postLedger(ledgerDeps(h), {
    kind: 'bonus',
    postings: transfer(
      systemAccount('bonus_pool'),
      playerAccount(String(playerId), 'coins'),
      paise(points),
    ),
    description: 'test bonus',
    reference: 'TEST',
    playerId,
  });
  if (!result.ok) throw new Error(`creditCoins: ${result.code}`);
}

export const walletOf = (h: Harness, playerId: number): Promise<Wallet> =>
  getWallet(h.db, playerId);

/** One player account's balance in paise (0 when the account does not exist yet). */
export async function balancePaise(
  h: Harness,
  playerId: number,
  kind: PlayerAccountKind,
): Promise<bigint> {
  const [row] = await executeRows<{ balance_paise: string | bigint }>(
    h.db,
    sql`select balance_paise from ledger_accounts where player_id = ${playerId} and kind = ${kind}`,
  );
  return row === undefined ? 0n : BigInt(row.balance_paise);
}

/** A system account's balance: the sum of its postings. */
export async function systemBalancePaise(h: Harness, kind: string): Promise<bigint> {
  const [row] = await executeRows<{ total: string | bigint | number }>(
    h.db,
    sql`select coalesce(sum(p.amount_paise), 0) as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        where a.owner = 'system' and a.kind = ${kind}`,
  );
  return BigInt(row?.total ?? 0);
}

/** How many ledger transactions carry this idempotency key (0 or 1). */
export async function transactionsKeyed(h: Harness, key: string): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(
    h.db,
    sql`select count(*) as n from ledger_transactions where idempotency_key = ${key}`,
  );
  return Number(row?.n ?? 0);
}

export async function countRows(h: Harness, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(h.db, query);
  return Number(row?.n ?? 0);
}

export const idempotencyKey = () => `wd-${randomBytes(8).toString('hex')}`;

/** A fresh withdraw code for the player (waiting out the resend cooldown on the clock). */
export async function withdrawOtp(h: Harness, player: TestPlayer): Promise<string> {
  const cooldownMs = h.config.otp.resendCooldownSeconds * 1000;
  if (player.lastOtpAt !== undefined && h.clock.now().getTime() - player.lastOtpAt < cooldownMs) {
    h.clock.advance(cooldownMs + 1000);
  }
  const res = await post(h, '/api/withdraw/request/otp', undefined, { token: player.token });
  if (res.statusCode !== 200) throw new Error(`withdraw otp: ${res.body}`);
  player.lastOtpAt = h.clock.now().getTime();
  return latestCode(h, player.phone, 'withdraw');
}

export const HDFC_ACCOUNT = {
  type: 'bank',
  accountNo: '50100123451234',
  accountName: 'Ravi Kumar',
  ifscCode: 'hdfc0001234',
  bankName: 'HDFC Bank',
} as const;
export const UPI_ACCOUNT = { type: 'upi', accountNo: 'ravi.kumar@okhdfc', accountName: 'Ravi' };
export const CARD_ACCOUNT = {
  type: 'card',
  accountNo: '4242 4242 4242 4242',
  accountName: 'Ravi Kumar',
};

/** Saves a bank detail for the player; answers its id. */
export async function addBank(
  h: Harness,
  player: TestPlayer,
  body: Record<string, unknown> = HDFC_ACCOUNT,
): Promise<string> {
  const res = await post(h, '/api/bank', body, { token: player.token });
  if (res.statusCode !== 200) throw new Error(`add bank: ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

/** POST /withdrawRequest/create with a fresh code and key unless given. */
export async function requestWithdrawal(
  h: Harness,
  player: TestPlayer,
  body: { amount: number; bankId: string; otp?: string; idempotencyKey?: string },
  options: CallOptions = {},
) {
  const otp = body.otp ?? (await withdrawOtp(h, player));
  return post(
    h,
    '/api/withdrawRequest/create',
    { ...body, otp, idempotencyKey: body.idempotencyKey ?? idempotencyKey() },
    { token: player.token, ...options },
  );
}

/** A pending bank withdrawal of `points` (the player must have the money); answers its id. */
export async function pendingWithdrawal(
  h: Harness,
  player: TestPlayer,
  points: number,
): Promise<string> {
  const bankId = await addBank(h, player);
  const res = await requestWithdrawal(h, player, { amount: points, bankId });
  if (res.statusCode !== 200) throw new Error(`withdraw: ${res.body}`);
  return (res.json() as { data: { withdrawal: { id: string } } }).data.withdrawal.id;
}

/** The seeded admin's staff token (password and TOTP steps). */
export { adminToken } from './staff.ts';

/** A signed-in agent (staff, not admin). */
export async function agentToken(h: Harness): Promise<string> {
  return (await staffMemberWithToken(h, { role: 'agent' })).token;
}

export async function demoToken(h: Harness): Promise<string> {
  const res = await post(h, '/api/login/demo');
  if (res.statusCode !== 200) throw new Error(`demo login: ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

export const get = (h: Harness, url: string, token: string) =>
  call(h, 'GET', url, undefined, { token });
