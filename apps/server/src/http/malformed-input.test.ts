import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drivers } from '../test/harness.ts';
import { useHarness } from '../test/use-harness.ts';
import { randomIp, registerPlayer } from '../test/identity.ts';
import { multipartBody, pngBytes } from '../test/multipart.ts';
import { adminToken } from '../test/staff.ts';

/*
 * Issue 11 item 5: no malformed request may cost a 5xx. This walks every operation of the
 * OpenAPI document (so a new route is covered the day it is added) with bad params, queries
 * and bodies, as an anonymous caller, a signed-in player and an admin, and asserts every
 * answer is a 4xx (or 2xx) in the envelope and the process still answers /api/healthz.
 *
 * The variants per operation are bounded (a few dozen) so the whole walk, a few thousand
 * requests, takes under a minute on PGlite; each kind of bad value is tried once per place
 * (path param, query param, whole body, all body fields at once, multipart shape).
 */

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface OpenApiSchema {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  summary?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface Operation {
  method: Uppercase<string>;
  /** The OpenAPI path, `{name}` for each parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  servesHtml: boolean;
  /** A provider's protocol (Betby's and its stand-in's): errors are `{ code, message }`. */
  providerProtocol: boolean;
  /** Top-level properties of the JSON body, when the operation declares one. */
  bodyProperties: string[] | null;
  multipart: boolean;
}

interface Variant {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

const NUL = '\u0000';
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const DEEP_LEVELS = 10_000;
const DEEP_ARRAY = `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`;

/** Bad values for a path or query parameter, as they appear in the URL (already encoded). */
const URL_VALUES: Record<string, string> = {
  nul: `a${encodeURIComponent(NUL)}b`,
  huge: '99999999999999999999999',
  digits18: '999999999999999999',
  overflowFloat: '1e400',
  negative: '-1',
  empty: '',
  long: 'x'.repeat(5_000),
  badEscape: '%E0%A4%A',
};

/** A query parameter gets fewer: the rest are covered by path params and bodies. */
const QUERY_LABELS = ['nul', 'huge', 'overflowFloat', 'negative', 'empty'] as const;

/** Bad values for one JSON body field, as raw JSON text (so 1e400 stays 1e400). */
const JSON_VALUES: Record<string, string> = {
  nul: JSON.stringify(`a${NUL}b`),
  huge: '99999999999999999999999',
  overflowFloat: '1e400',
  negative: '-1',
  empty: '""',
  null: 'null',
  object: '{"a":1}',
  longString: JSON.stringify('y'.repeat(100_000)),
  hugeDigits: JSON.stringify('9'.repeat(400)),
  digits23: JSON.stringify('99999999999999999999999'),
};

/** Whole bodies that are bad in themselves. */
const WHOLE_BODIES: Record<string, { payload: string; contentType: string }> = {
  notJson: { payload: '{"a":', contentType: 'application/json' },
  nulInJson: { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  rawNul: { payload: `{"a":"${NUL}"}`, contentType: 'application/json' },
  jsonNull: { payload: 'null', contentType: 'application/json' },
  jsonArray: { payload: '[]', contentType: 'application/json' },
  jsonNumber: { payload: '1e400', contentType: 'application/json' },
  deepArray: { payload: DEEP_ARRAY, contentType: 'application/json' },
  deepObject: { payload: DEEP_OBJECT, contentType: 'application/json' },
  megabyte: { payload: JSON.stringify({ a: MEGABYTE_STRING }), contentType: 'application/json' },
  protoPollution: { payload: '{"__proto__":{"x":1}}', contentType: 'application/json' },
  form: { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
};

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Uppercase<string>,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: jsonSchema ? Object.keys(jsonSchema.properties ?? {}) : null,
        // Multipart routes read their parts in the handler, so they declare no body schema;
        // their summary says multipart (asserted below for the four upload routes).
        multipart: 'multipart/form-data' in content || /multipart/i.test(operation.summary ?? ''),
        // Pages for a browser (the gateway simulator's pay page) say so in their summary.
        servesHtml: /\(HTML\b/.test(operation.summary ?? ''),
        // Routes a provider's protocol fixes (Betby's operator API, the stand-in Betby's page
        // calls) say so in their summary; their errors are that protocol's, not the envelope.
        providerProtocol: /\(provider protocol\b/.test(operation.summary ?? ''),
      });
    }
  }
  return operations;
}

/** The operation's URL with each path parameter set to `value` (or a plausible id). */
function urlOf(operation: Operation, values: Record<string, string> = {}, query = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '1');
  return query ? `${path}?${query}` : path;
}

/** A multipart body with a real image and an amount, cut or bent in one way per variant. */
function multipartVariants(operation: Operation): Variant[] {
  const url = urlOf(operation);
  const good = multipartBody([
    { name: 'gateway', value: 'm_paytm' },
    { name: 'amount', value: '100' },
    { name: 'reference', value: 'UTR123456' },
    { name: 'docType', value: '1' },
    { name: 'title', value: 'x' },
  ]);
  const boundary = good.headers['content-type'].split('boundary=')[1] ?? '';
  const image = pngBytes(64);
  const withFile = (name: string) =>
    multipartBody([
      { name, data: image },
      { name: 'amount', value: `1${NUL}0` },
    ]);
  const variants: Variant[] = [
    {
      label: 'mp-no-boundary',
      url,
      payload: good.payload,
      headers: { 'content-type': 'multipart/form-data' },
    },
    {
      label: 'mp-wrong-boundary',
      url,
      payload: good.payload,
      headers: { 'content-type': 'multipart/form-data; boundary=nope' },
    },
    {
      label: 'mp-empty-boundary',
      url,
      payload: good.payload,
      headers: { 'content-type': 'multipart/form-data; boundary=' },
    },
    {
      label: 'mp-truncated',
      url,
      payload: good.payload.subarray(0, Math.floor(good.payload.length / 2)),
      headers: good.headers,
    },
    {
      label: 'mp-no-closing',
      url,
      payload: good.payload.subarray(0, good.payload.length - boundary.length - 6),
      headers: good.headers,
    },
    { label: 'mp-empty', url, payload: Buffer.alloc(0), headers: good.headers },
    { label: 'mp-garbage', url, payload: Buffer.from('garbage\r\n\r\n--'), headers: good.headers },
    {
      label: 'mp-bad-header',
      url,
      payload: Buffer.from(`--${boundary}\r\nbroken header line\r\n\r\nv\r\n--${boundary}--\r\n`),
      headers: good.headers,
    },
    {
      label: 'mp-no-disposition',
      url,
      payload: Buffer.from(
        `--${boundary}\r\nContent-Type: text/plain\r\n\r\nv\r\n--${boundary}--\r\n`,
      ),
      headers: good.headers,
    },
    {
      label: 'mp-nul-field-name',
      url,
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="a${NUL}b"\r\n\r\nv\r\n--${boundary}--\r\n`,
      ),
      headers: good.headers,
    },
    {
      label: 'mp-as-json',
      url,
      payload: '{"amount":1}',
      headers: { 'content-type': 'application/json' },
    },
    { label: 'mp-as-text', url, payload: 'amount=1', headers: { 'content-type': 'text/plain' } },
    { label: 'mp-missing-parts', url, ...multipartBody([{ name: 'amount', value: '100' }]) },
  ];
  for (const name of ['proof', 'front', 'back', 'image', 'qr']) {
    variants.push({ label: `mp-file-${name}-nul-field`, url, ...withFile(name) });
    variants.push({
      label: `mp-file-${name}-not-image`,
      url,
      ...multipartBody([{ name, data: Buffer.from('<html>not an image</html>') }]),
    });
  }
  return variants;
}

function variantsOf(operation: Operation): Variant[] {
  const variants: Variant[] = [];
  for (const param of operation.pathParams) {
    for (const [label, value] of Object.entries(URL_VALUES)) {
      variants.push({ label: `path ${param}=${label}`, url: urlOf(operation, { [param]: value }) });
    }
  }
  for (const param of operation.queryParams) {
    for (const label of QUERY_LABELS) {
      const query = `${param}=${URL_VALUES[label] ?? ''}`;
      variants.push({ label: `query ${param}=${label}`, url: urlOf(operation, {}, query) });
    }
  }
  const longQuery = operation.queryParams.map((param) => `${param}=${URL_VALUES.long}`).join('&');
  if (longQuery) variants.push({ label: 'query all=long', url: urlOf(operation, {}, longQuery) });
  variants.push({ label: 'query unknown nul', url: urlOf(operation, {}, `zz=${URL_VALUES.nul}`) });

  if (operation.multipart) return [...variants, ...multipartVariants(operation)];
  if (operation.method === 'GET' || operation.method === 'HEAD') return variants;

  const url = urlOf(operation);
  for (const [label, body] of Object.entries(WHOLE_BODIES)) {
    variants.push({
      label: `body ${label}`,
      url,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
  }
  const properties = operation.bodyProperties ?? [];
  for (const [label, value] of Object.entries(JSON_VALUES)) {
    // Every property bad the same way at once: each property times each value would
    // multiply the walk (the NUL guard is global, so one NUL anywhere is enough).
    const payload = `{${properties.map((name) => `${JSON.stringify(name)}:${value}`).join(',')}}`;
    variants.push({
      label: `body all=${label}`,
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
  }
  // A huge number in one field beside absent others can pass validation where the all-bad
  // body cannot (an optional numeric field), and reach the database: each field alone.
  for (const name of properties) {
    const payload = `{${JSON.stringify(name)}:${JSON_VALUES.huge}}`;
    variants.push({
      label: `body ${name}=huge`,
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
  }
  return variants;
}

/** Sign-out routes end the caller's session; they run last so the rest run signed in. */
function signOutLast(a: Operation, b: Operation): number {
  const rank = (operation: Operation) => (/logout|sign-?out/.test(operation.path) ? 1 : 0);
  return rank(a) - rank(b);
}

interface Failure {
  caller: string;
  method: string;
  label: string;
  url: string;
  status: number;
  body: string;
}

describe.each(drivers)('malformed input on %s', (driver) => {
  const h = useHarness(driver);
  const failures: Failure[] = [];
  let requests = 0;

  async function send(
    caller: string,
    token: string | undefined,
    operation: Operation,
    variant: Variant,
  ): Promise<void> {
    const headers: Record<string, string> = { ...variant.headers };
    if (token !== undefined) headers.authorization = token;
    const options: InjectOptions = {
      method: operation.method as InjectOptions['method'],
      url: variant.url,
      headers,
      remoteAddress: randomIp(),
      ...(variant.payload === undefined ? {} : { payload: variant.payload }),
    };
    requests += 1;
    let res: LightMyRequestResponse;
    try {
      res = await h.app.inject(options);
    } catch (error) {
      failures.push({
        caller,
        method: operation.method,
        label: variant.label,
        url: variant.url.slice(0, 120),
        status: -1,
        body: String(error).slice(0, 300),
      });
      return;
    }
    const enveloped = (() => {
      if (res.statusCode < 400) return true;
      // A page for a browser (the gateway simulator's pay page) may answer its errors as a page.
      const isPage = String(res.headers['content-type'] ?? '').startsWith('text/html');
      if (operation.servesHtml && isPage) return true;
      try {
        const body = res.json() as {
          error?: unknown;
          errorCode?: unknown;
          code?: unknown;
          message?: unknown;
        };
        // What the router refuses before the route (a bad escape, a URL too long) is the app's.
        const providerShaped =
          ['number', 'string'].includes(typeof body.code) && typeof body.message === 'string';
        if (operation.providerProtocol && providerShaped) return true;
        return body.error === true && typeof body.errorCode === 'string';
      } catch {
        return false;
      }
    })();
    if (res.statusCode >= 500 || !enveloped) {
      failures.push({
        caller,
        method: operation.method,
        label: variant.label,
        url: variant.url.slice(0, 120),
        status: res.statusCode,
        body: res.body.slice(0, 300),
      });
    }
  }

  // The 5xx the issue found, each with the answer it must get now.
  it('refuses a NUL anywhere with 400 VALIDATION_FAILED naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/login', { username: `ad${NUL}min`, password: 'secret-pass1' }, 'username'],
      ['POST', '/api/staff/login', { username: 'admin', password: `x${NUL}` }, 'password'],
      ['POST', '/api/page/visit', { path: `/home${NUL}` }, 'path'],
      ['POST', '/api/page/visit', { path: '/', [`k${NUL}`]: 1 }, 'request'],
      ['GET', `/api/bet/matches?status=${encodeURIComponent(NUL)}`, undefined, 'status'],
      ['GET', `/api/media/uploads/m${encodeURIComponent(NUL)}`, undefined, 'id'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await h.app.inject({
        method: method as InjectOptions['method'],
        url,
        remoteAddress: randomIp(),
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({
        error: true,
        errorCode: 'VALIDATION_FAILED',
        data: { issues: [{ field }] },
      });
    }
    // A NUL escape 10,000 arrays deep: found without recursion, still a 400.
    const deep = `{"path":"/","source":${'['.repeat(DEEP_LEVELS)}"\\u0000"${']'.repeat(DEEP_LEVELS)}}`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/page/visit',
      headers: { 'content-type': 'application/json' },
      payload: deep,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a 23-digit id with 400, not a database overflow', async () => {
    const player = await registerPlayer(h);
    for (const url of [
      '/api/bet/matches/99999999999999999999999',
      '/api/bet/pnl/99999999999999999999999',
      '/api/sports/match/settings?eventId=99999999999999999999999',
    ]) {
      const res = await h.app.inject({
        method: 'GET',
        url,
        headers: { authorization: player.token },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errorCode, url).toBe('VALIDATION_FAILED');
    }
    // The longest id the contract takes is a plain miss.
    const longest = await h.app.inject({ method: 'GET', url: '/api/bet/matches/999999999999999' });
    expect(longest.statusCode).toBe(404);
  });

  it('answers a malformed multipart body with 400 BAD_REQUEST in the envelope', async () => {
    const player = await registerPlayer(h);
    const good = multipartBody([{ name: 'amount', value: '100' }]);
    const boundary = good.headers['content-type'].split('boundary=')[1] ?? '';
    const bodies: [string, Buffer, string][] = [
      ['truncated', good.payload.subarray(0, 20), good.headers['content-type']],
      ['wrong boundary', good.payload, 'multipart/form-data; boundary=nope'],
      ['no boundary', good.payload, 'multipart/form-data'],
      [
        'no closing boundary',
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv`),
        good.headers['content-type'],
      ],
    ];
    for (const [label, payload, contentType] of bodies) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/deposit/create',
        headers: { authorization: player.token, 'content-type': contentType },
        payload,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ error: true, errorCode: 'BAD_REQUEST' });
    }
  });

  it('answers URLs the router cannot read in the envelope', async () => {
    for (const url of ['/api/gateways/%E0%A4%A', `/api/gateways/${'x'.repeat(500)}`]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: true, errorCode: 'BAD_REQUEST' });
    }
  });

  it(
    'answers every malformed request to every documented route with a 4xx envelope',
    { timeout: 180_000 },
    async () => {
      const doc = h.app.swagger() as unknown as OpenApiDocument;
      const operations = operationsOf(doc).sort(signOutLast);
      // The walk must cover the whole API, not a handful of routes that happened to document.
      expect(operations.length).toBeGreaterThan(50);
      expect(operations.filter((operation) => operation.multipart).map((o) => o.path)).toEqual(
        expect.arrayContaining([
          '/api/deposit/create',
          '/api/staff/gateways/{code}/qr',
          '/api/kyc',
          '/api/staff/banners',
        ]),
      );

      const player = await registerPlayer(h);
      const admin = await adminToken(h);
      const isStaff = (operation: Operation) => operation.path.startsWith('/api/staff');
      // The anonymous caller walks everything; the player the player API, the admin the staff
      // API (the other side answers them 401/403 before parsing, which anonymous covers).
      const callers: [string, string | undefined, (operation: Operation) => boolean][] = [
        ['anonymous', undefined, () => true],
        ['player', player.token, (operation) => !isStaff(operation)],
        ['admin', admin, isStaff],
      ];
      // The three callers run side by side: their requests interleave, as real traffic does.
      await Promise.all(
        callers.map(async ([caller, token, walks]) => {
          for (const operation of operations.filter(walks)) {
            for (const variant of variantsOf(operation)) {
              await send(caller, token, operation, variant);
            }
          }
        }),
      );
      if (failures.length > 0) console.log(JSON.stringify(failures, null, 1));
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(1000);

      const health = await h.app.inject({ method: 'GET', url: '/api/healthz' });
      expect(health.statusCode).toBe(200);
    },
  );
});
