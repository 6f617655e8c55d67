import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, ok, stubApi } from './testing.ts';

describe('stubApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers routes by method and path, ignoring the query, and records the calls', async () => {
    const fetchMock = stubApi(
      {
        'GET /api/a': ok({ n: 1 }),
        'POST /api/b': (url) => ok({ q: url.searchParams.get('q') }),
      },
      fail(404, 'NOT_FOUND', 'Not found.'),
    );
    await expect((await fetch('/api/a?x=1')).json()).resolves.toEqual({
      data: { n: 1 },
      error: false,
    });
    const posted = await fetch('/api/b?q=z', { method: 'POST', body: '{"k":2}' });
    await expect(posted.json()).resolves.toMatchObject({ data: { q: 'z' } });
    const missing = await fetch('/api/c');
    expect(missing.status).toBe(404);
    await expect(missing.json()).resolves.toMatchObject({ errorCode: 'NOT_FOUND' });

    const [call] = callsTo(fetchMock, 'POST /api/b');
    expect(call?.body).toEqual({ k: 2 });
    expect(callsTo(fetchMock, 'GET /api/a')).toHaveLength(1);
  });

  it('sends a Blob answer as is', async () => {
    stubApi({ 'GET /img': { body: new Blob(['png']) } }, fail(404, 'NOT_FOUND', 'x'));
    await expect((await fetch('/img')).text()).resolves.toBe('png');
  });
});
