import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@spm/client';
import { fetchUploadObjectUrl, staffRequest, uploadUrl } from './api.ts';
import { useAuthStore } from './auth-store.ts';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('staffRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, staff: null, signOutReason: null });
  });

  it('sends the token, the query and the JSON body, and validates the data', async () => {
    useAuthStore.setState({ token: 'tok-1', staff: { id: '1', username: 'a', role: 'admin' } });
    const fetchMock = vi.fn(async () => answer(200, { data: { n: 3 }, error: false }));
    vi.stubGlobal('fetch', fetchMock);

    const data = await staffRequest(z.object({ n: z.number() }), {
      url: '/staff/things',
      method: 'POST',
      data: { a: 1 },
      query: { q: 'x y', empty: '', missing: undefined, page: 2 },
    });
    expect(data).toEqual({ n: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/staff/things?q=x+y&page=2', {
      method: 'POST',
      headers: {
        'accept-language': 'en',
        authorization: 'tok-1',
        'content-type': 'application/json',
      },
      body: '{"a":1}',
    });
  });

  it('throws the envelope code, status and field issues', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          data: { issues: [{ field: 'reason', message: 'Too short' }] },
          error: true,
          message: 'The request is not valid.',
          errorCode: 'VALIDATION_FAILED',
        }),
      ),
    );
    const failure = await staffRequest(z.unknown(), { url: '/staff/x' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'The request is not valid.',
      issues: [{ field: 'reason', message: 'Too short' }],
    });
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: { n: 'three' }, error: false })),
    );
    await expect(
      staffRequest(z.object({ n: z.number() }), { url: '/staff/x' }),
    ).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('ends the session on a 401', async () => {
    useAuthStore.setState({ token: 'tok-1', staff: { id: '1', username: 'a', role: 'admin' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { data: null, error: true, message: 'expired', errorCode: 'SESSION_EXPIRED' }),
      ),
    );
    await expect(staffRequest(z.unknown(), { url: '/staff/me' })).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState()).toMatchObject({ token: null, signOutReason: 'expired' });
  });

  it('keeps the session on a 401 that refuses a typed authenticator code', async () => {
    useAuthStore.setState({ token: 'tok-1', staff: { id: '1', username: 'a', role: 'admin' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { data: null, error: true, message: 'bad code', errorCode: 'TOTP_INVALID' }),
      ),
    );
    await expect(
      staffRequest(z.unknown(), { url: '/staff/password', method: 'POST', data: {} }),
    ).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-1' });
  });

  it('fetches uploads with the token as a blob URL', async () => {
    useAuthStore.setState({ token: 'tok-2', staff: { id: '1', username: 'a', role: 'admin' } });
    const fetchMock = vi.fn(async () => new Response(new Blob(['png']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:upload');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));

    expect(uploadUrl('abc')).toBe('/api/staff/uploads/abc');
    await expect(fetchUploadObjectUrl('abc')).resolves.toBe('blob:upload');
    expect(fetchMock).toHaveBeenCalledWith('/api/staff/uploads/abc', {
      headers: { authorization: 'tok-2' },
    });
  });
});
