import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

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

export async function staffToken(baseUrl: string, dataDir: string): Promise<string> {
  const admin = await firstRunAdmin(dataDir);
  const { status, body } = await api<{ token: string }>(baseUrl, '/staff/login', { body: admin });
  if (status !== 200) throw new Error(`staff login failed: ${status} ${JSON.stringify(body)}`);
  return body.data.token;
}
