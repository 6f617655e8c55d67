import { randomBytes, randomInt } from 'node:crypto';
import type { AuthAnswer, RegisterBody } from '@spm/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditLog } from '../audit/audit-tables.ts';
import { setAppSetting } from '../modules/site/settings-service.ts';
import type { Harness } from './harness.ts';
import { fund } from './wallet.ts';

/** A fresh Indian mobile number (national, 10 digits) per call. */
export function randomPhone(): string {
  return `9${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
}

/** A fresh client address per call, so per-address limits of one test never hit another. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** 4-15 letters and digits. */
export function randomUsername(prefix = 'p'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 15);
}

export const PASSWORD = 'secret-pass1';

export function registerBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const username = overrides.username ?? randomUsername();
  return {
    username,
    name: username,
    password: PASSWORD,
    // No agent code: one must name an existing agent (pass one made with createStaff).
    extras: { trackingId: 'trk-123' },
    typeId: 3,
    parentId: 81026,
    mobile: randomPhone(),
    country_code: '91',
    source: 'https://example.com/landing',
    ip: '198.51.100.7',
    state: 'MH',
    age_confirmed: true,
    ...overrides,
  };
}

export interface CallOptions {
  token?: string;
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** One API call through app.inject, from a random address unless told otherwise. */
export function call(
  h: Harness,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  return h.app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? randomIp(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

export const post = (h: Harness, url: string, payload?: unknown, options?: CallOptions) =>
  call(h, 'POST', url, payload, options);

interface OutboxEntry {
  to: string;
  text: string;
  code: string;
  purpose: string;
  sentAt: string;
}

export async function outbox(h: Harness, phone?: string): Promise<OutboxEntry[]> {
  const url = phone === undefined ? '/api/dev/sms-outbox' : `/api/dev/sms-outbox?to=${phone}`;
  const res = await h.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return (res.json() as { data: OutboxEntry[] }).data;
}

/** The newest code sent to the phone for the purpose. */
export async function latestCode(h: Harness, phone: string, purpose: string): Promise<string> {
  const entry = (await outbox(h, phone)).find((item) => item.purpose === purpose);
  if (!entry) throw new Error(`no ${purpose} code sent to ${phone}`);
  return entry.code;
}

/** App setting OTP: 0 = the OTP flow is on (SPEC 3). */
export async function setOtpFlow(h: Harness, on: boolean): Promise<void> {
  await setAppSetting(h.db, 'OTP', on ? 0 : 1);
}

export interface RegisteredPlayer extends AuthAnswer {
  username: string;
  password: string;
  phone: string;
}

/** A signed-up player, as the exchange's route tests place bets with. */
export interface ExchangePlayer {
  id: number;
  token: string;
}

/** A player signed up through the API (registerPlayer) with `points` of cash (none when 0). */
export async function fundedExchangePlayer(h: Harness, points: number): Promise<ExchangePlayer> {
  const registered = await registerPlayer(h);
  const id = Number(registered.user.id);
  if (points > 0) await fund(h.app.exchange.deps, id, BigInt(points * 100));
  return { id, token: registered.token };
}

/** Sign-up through the OTP flow (the seeded default): send, read the outbox, verify, register. */
export async function registerPlayer(
  h: Harness,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisteredPlayer> {
  const body = registerBody(overrides);
  const ip = randomIp();
  const sent = await post(
    h,
    '/api/sendOtpToMobile',
    { mobile: body.mobile, country_code: '91' },
    { ip },
  );
  if (sent.statusCode !== 200) throw new Error(`sendOtpToMobile: ${sent.body}`);
  const otp = await latestCode(h, body.mobile, 'register');
  const verified = await post(
    h,
    '/api/mobileVerification',
    { mobile: body.mobile, country_code: '91', otp },
    { ip },
  );
  if (verified.statusCode !== 200) throw new Error(`mobileVerification: ${verified.body}`);
  const res = await post(h, '/api/register', body, { ip });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const data = (res.json() as { data: AuthAnswer }).data;
  return { ...data, username: body.username, password: body.password, phone: body.mobile };
}

export async function loginAs(h: Harness, username: string, password: string): Promise<string> {
  const res = await post(h, '/api/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  return (res.json() as { data: AuthAnswer }).data.token;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit rows of the player's own changes with the action, oldest first. */
export async function playerAuditRows(
  h: Harness,
  playerId: string | number,
  action: string,
): Promise<AuditRow[]> {
  return h.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'player'),
        eq(auditLog.targetId, String(playerId)),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(asc(auditLog.id));
}

/**
 * Checks one audit row is the player's own change to their account, from `ip` at the clock's
 * time, and that neither side carries a password, its hash or the word itself.
 */
export function expectPlayerAudit(
  h: Harness,
  row: AuditRow | undefined,
  expected: { playerId: string | number; action: string; ip: string; passwords: string[] },
): void {
  expect(row).toMatchObject({
    actorType: 'player',
    actorId: String(expected.playerId),
    action: expected.action,
    targetType: 'player',
    targetId: String(expected.playerId),
    reason: null,
    ip: expected.ip,
    createdAt: h.clock.now(),
  });
  const stored = JSON.stringify([row?.before ?? null, row?.after ?? null]);
  expect(stored).not.toMatch(/password|argon2|hash/i);
  for (const password of expected.passwords) expect(stored).not.toContain(password);
}
