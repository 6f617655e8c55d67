import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as OTPAuth from 'otpauth';

/** The first-run admin's credentials, as the operator reads them from DATA_DIR. */
export async function firstRunAdmin(
  dataDir: string,
): Promise<{ username: string; password: string }> {
  const text = await readFile(join(dataDir, 'first-run-credentials.txt'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(\\S+)`, 'm').exec(text)?.[1];
  const username = field('username');
  const password = field('password');
  if (!username || !password)
    throw new Error('first-run credentials file has no username/password');
  return { username, password };
}

interface Envelope<T> {
  data: T;
  error: boolean;
  message?: string;
}

export async function api<T>(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: options.token } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/**
 * What this test process knows of each member's authenticator: the secret it enrolled at the
 * first sign-in and the last time step it used (the server never takes a code twice).
 */
const authenticators = new Map<string, { secret: string; lastStep: number }>();

const TOTP_PERIOD_MS = 30_000;

/** A code of a step the server takes now (one either side) and not used before by us. */
async function nextCode(username: string): Promise<string> {
  const known = authenticators.get(username);
  if (!known) throw new Error(`no authenticator enrolled for ${username} in this run`);
  const current = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(current, known.lastStep + 1);
  if (step > current + 1) {
    // Both usable steps are spent: wait for the next one to begin.
    await sleep((current + 1) * TOTP_PERIOD_MS - Date.now() + 50);
  }
  known.lastStep = step;
  return OTPAuth.HOTP.generate({
    secret: OTPAuth.Secret.fromBase32(known.secret),
    algorithm: 'SHA1',
    digits: 6,
    counter: step,
  });
}

type Challenge =
  | { stage: 'totp_setup'; challengeToken: string; secret: string; otpauthUrl: string }
  | { stage: 'totp'; challengeToken: string };

/**
 * A staff member's session through the API: password, then the TOTP code. The first sign-in
 * of a member enrols the secret the server offers and keeps it for the rest of the run.
 */
export async function signInStaff(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const login = await api<Challenge>(baseUrl, '/staff/login', { body: credentials });
  if (login.status !== 200) {
    throw new Error(`staff login failed: ${login.status} ${JSON.stringify(login.body)}`);
  }
  const challenge = login.body.data;
  if (challenge.stage === 'totp_setup') {
    authenticators.set(credentials.username, { secret: challenge.secret, lastStep: -1 });
  }
  const code = await nextCode(credentials.username);
  const { status, body } = await api<{ token: string }>(baseUrl, '/staff/login/totp', {
    body: { challengeToken: challenge.challengeToken, code },
  });
  if (status !== 200) throw new Error(`staff TOTP failed: ${status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The first-run admin's session token. */
export async function staffToken(baseUrl: string, dataDir: string): Promise<string> {
  return signInStaff(baseUrl, await firstRunAdmin(dataDir));
}

/**
 * Remembers a secret enrolled through the back office screen, so later API sign-ins of the same
 * member compute their codes; answers a code for it that the server has not seen.
 */
export async function enrolledCode(username: string, secret: string): Promise<string> {
  if (!authenticators.has(username)) authenticators.set(username, { secret, lastStep: -1 });
  return nextCode(username);
}

/** Staff credit a player's wallet (`points`, keyed by `idempotencyKey`): the journeys' float. */
export async function creditPlayer(
  baseUrl: string,
  staff: string,
  playerId: number | string,
  points: number,
  idempotencyKey: string,
): Promise<{ status: number }> {
  return api(baseUrl, `/staff/players/${playerId}/adjustments`, {
    token: staff,
    body: { direction: 'credit', amount: points, reason: 'E2E float', idempotencyKey },
  });
}
