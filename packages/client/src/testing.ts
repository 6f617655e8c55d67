import { vi } from 'vitest';

/*
 * Test helpers both apps' tests share: a fake API at the network boundary (fetch), answering
 * envelopes. Exported as `@spm/client/testing`, never from the kit's index, so no app bundle
 * can pull vitest in.
 */

/** A canned answer: an envelope body (or a Blob for images) with a status. */
export interface MockAnswer {
  status?: number;
  body: unknown;
}
export type MockRoute =
  MockAnswer | ((url: URL, init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>);

/** A success envelope. */
export const ok = (data: unknown): MockAnswer => ({ body: { data, error: false } });

/** An error envelope as the server sends it (DESIGN 6). */
export const fail = (status: number, errorCode: string, message: string): MockAnswer => ({
  status,
  body: { data: null, error: true, message, errorCode },
});

const origin = () => globalThis.location?.origin ?? 'http://localhost';

/**
 * Replaces `fetch` only: routes are keyed "METHOD /path" without the query string; an
 * unknown route gets `notFound`. Returns the mock, for `callsTo`.
 */
export function stubApi(routes: Record<string, MockRoute>, notFound: MockAnswer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), origin());
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const answer: MockAnswer = !route
      ? notFound
      : typeof route === 'function'
        ? await route(url, init)
        : route;
    if (answer.body instanceof Blob) {
      return new Response(answer.body, { status: answer.status ?? 200 });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export interface RecordedCall {
  url: URL;
  init: RequestInit;
  /** A JSON body parsed; any other body (FormData) as sent; undefined when there was none. */
  body: unknown;
  headers: Record<string, string>;
}

/** Every call made to `key` ("METHOD /path"), oldest first. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string): RecordedCall[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), origin()), init: init ?? {} }))
    .filter(({ url, init }) => `${init.method ?? 'GET'} ${url.pathname}` === key)
    .map(({ url, init }) => ({
      url,
      init,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    }));
}
