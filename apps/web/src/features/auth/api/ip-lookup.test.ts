import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_IP_LOOKUP_URL,
  IP_LOOKUP_TIMEOUT_MS,
  ipLookupUrl,
  lookupPublicIp,
} from './ip-lookup';

describe('public address lookup (SPEC 7.7)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('defaults to ipify with format json, and follows VITE_IP_LOOKUP_URL', () => {
    expect(DEFAULT_IP_LOOKUP_URL).toBe('https://api.ipify.org?format=json');
    vi.stubEnv('VITE_IP_LOOKUP_URL', '');
    expect(ipLookupUrl()).toBe(DEFAULT_IP_LOOKUP_URL);
    vi.stubEnv('VITE_IP_LOOKUP_URL', 'https://ip.example/json');
    expect(ipLookupUrl()).toBe('https://ip.example/json');
  });

  it('answers the ip field, without cookies', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ip: '198.51.100.4' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(lookupPublicIp()).resolves.toBe('198.51.100.4');
    expect(fetchMock).toHaveBeenCalledWith(
      DEFAULT_IP_LOOKUP_URL,
      expect.objectContaining({ credentials: 'omit' }),
    );
  });

  it('gives up after 2000 ms', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      ),
    );
    let result: unknown = 'pending';
    void lookupPublicIp().then((ip) => {
      result = ip;
    });
    await vi.advanceTimersByTimeAsync(IP_LOOKUP_TIMEOUT_MS - 1);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(result).toBeUndefined();
    expect(IP_LOOKUP_TIMEOUT_MS).toBe(2000);
  });

  it('answers undefined for an error status, a network failure or an odd body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await expect(lookupPublicIp()).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(lookupPublicIp()).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ip: 42 }))),
    );
    await expect(lookupPublicIp()).resolves.toBeUndefined();
  });
});
