import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiUrl,
  buildQueryString,
  checkData,
  createApiTransport,
  readErrorBody,
  readIssues,
  toFormData,
} from './http.ts';
import { setActiveLanguageSource } from './language.ts';

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('URLs and bodies', () => {
  it('drops undefined, null and empty query values and keeps 0 and false', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '', zero: 0, no: false, q: 'x y' })).toBe(
      '?zero=0&no=false&q=x+y',
    );
    expect(buildQueryString({ a: undefined })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('puts every call under /api, with or without a leading slash', () => {
    expect(apiUrl('/profile')).toBe('/api/profile');
    expect(apiUrl('profile', { page: 2 })).toBe('/api/profile?page=2');
  });

  it('turns a plain object into multipart fields, arrays as repeated fields', () => {
    const form = toFormData({ name: 'ravi', tags: ['a', 'b'], skipped: null, count: 3 });
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.get('count')).toBe('3');
    expect(form.has('skipped')).toBe(false);
    const given = new FormData();
    expect(toFormData(given)).toBe(given);
  });
});

describe('the envelope', () => {
  it('keeps only failure fields of the contract type', () => {
    expect(readErrorBody({ error: true, message: 'No', errorCode: 7, data: { x: 1 } })).toEqual({
      data: { x: 1 },
      error: true,
      message: 'No',
      errorMessage: undefined,
      errorCode: undefined,
    });
    expect(readErrorBody('oops')).toBeUndefined();
  });

  it('reads well-formed field issues and skips the rest', () => {
    expect(
      readIssues({ issues: [{ field: 'reason', message: 'Too short' }, { field: 1 }, 'x'] }),
    ).toEqual([{ field: 'reason', message: 'Too short' }]);
    expect(readIssues(null)).toEqual([]);
  });

  it('checks data against a schema', () => {
    const schema = z.object({ n: z.number() });
    expect(checkData(schema, { n: 1 })).toEqual({ ok: true, data: { n: 1 } });
    expect(checkData(schema, { n: 'one' })).toEqual({ ok: false });
  });

  it('ApiError carries code, status and issues', () => {
    const error = new ApiError('bad', 'VALIDATION_FAILED', 400, [{ field: 'a', message: 'b' }]);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', code: 'VALIDATION_FAILED', status: 400 });
    expect(error.issues).toHaveLength(1);
  });
});

describe('createApiTransport', () => {
  const transportWith = (token: string | null, extra?: Record<string, string>) =>
    createApiTransport({ getToken: () => token, extraHeaders: extra ? () => extra : undefined });

  it('sends the token, extra headers and a JSON body, and answers the envelope data', async () => {
    const fetchMock = stubFetch(() => answer(200, { data: { id: 1 }, error: false }));
    const result = await transportWith('tok', { refererLocal: 'http://x' }).send({
      url: '/things',
      method: 'POST',
      data: { a: 1 },
      queryParams: { page: 2 },
    });
    expect(result).toEqual({ kind: 'data', status: 200, data: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/things?page=2', {
      method: 'POST',
      headers: {
        'accept-language': 'en',
        authorization: 'tok',
        refererLocal: 'http://x',
        'content-type': 'application/json',
      },
      body: '{"a":1}',
    });
  });

  it('sends no body with GET and no authorization without a token', async () => {
    const fetchMock = stubFetch(() => answer(200, { data: [] }));
    await transportWith(null).send({ url: '/things', data: { ignored: true } });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'GET',
      headers: { 'accept-language': 'en' },
      body: undefined,
    });
  });

  it('sends the UI language, which the server answers its own content in', async () => {
    const fetchMock = stubFetch(() => answer(200, { data: [] }));
    setActiveLanguageSource(() => 'ta');
    try {
      await transportWith(null).send({ url: '/getBanners' });
    } finally {
      setActiveLanguageSource(() => undefined);
    }
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ 'accept-language': 'ta' });
  });

  it('sends multipart without a content type', async () => {
    const fetchMock = stubFetch(() => answer(200, { data: {} }));
    await transportWith(null).send({
      url: '/up',
      method: 'POST',
      data: { a: 'b' },
      isFormData: true,
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(FormData);
    expect(init?.headers).toEqual({ 'accept-language': 'en' });
  });

  it('reports a failed status or an error flag with the raw body', async () => {
    stubFetch(() => answer(200, { error: true, message: 'No', errorCode: 'NOPE' }));
    const flagged = await transportWith(null).send({ url: '/x' });
    expect(flagged).toMatchObject({ kind: 'failed', status: 200, envelope: { errorCode: 'NOPE' } });

    stubFetch(() => answer(502, '<html>bad gateway</html>'));
    const proxy = await transportWith(null).send({ url: '/x' });
    expect(proxy).toEqual({ kind: 'failed', status: 502, body: undefined, envelope: undefined });
  });

  it('answers a network failure instead of throwing', async () => {
    const boom = new TypeError('Failed to fetch');
    stubFetch(() => Promise.reject(boom));
    await expect(transportWith(null).send({ url: '/x' })).resolves.toEqual({
      kind: 'network',
      error: boom,
    });
  });

  it('runs the 401 hook with whether a token was sent, until unregistered', async () => {
    stubFetch(() => answer(401, { error: true, errorCode: 'SESSION_EXPIRED' }));
    const transport = transportWith('tok');
    const hook = vi.fn();
    transport.setUnauthorizedHandler(hook);
    await transport.send({ url: '/x' });
    expect(hook).toHaveBeenCalledWith({
      hadToken: true,
      envelope: expect.objectContaining({ errorCode: 'SESSION_EXPIRED' }),
    });

    stubFetch(() => answer(403, { error: true }));
    await transport.send({ url: '/x' });
    expect(hook).toHaveBeenCalledTimes(1);

    transport.reportStatus(401);
    expect(hook).toHaveBeenCalledTimes(2);

    transport.setUnauthorizedHandler(null);
    transport.reportStatus(401);
    expect(hook).toHaveBeenCalledTimes(2);
    expect(transport.authHeaders()).toEqual({ authorization: 'tok' });
  });
});
