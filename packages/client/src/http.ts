import { LANGUAGE_HEADER } from '@spm/contract';
import type { z } from 'zod';
import { activeLanguage } from './language.ts';

/**
 * The request core both front ends share (issue 12): URL and body building, the envelope
 * (contract `envelope`) read back, the typed failure and the 401 hook. What a failure then
 * does (a toast and `{data, error}` in the player app, a thrown ApiError in the back office)
 * is each app's own choice, made in its thin wrapper.
 */

/** All API calls go to one base; the server mounts its API here (DESIGN 6). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParamValue = string | number | boolean | null | undefined;

/** The envelope's failure fields as the server sends them (contract envelope). */
export interface ApiErrorBody {
  data?: unknown;
  error?: boolean;
  message?: string;
  errorMessage?: string;
  errorCode?: string;
}

/** A field-level complaint of a VALIDATION_FAILED answer (`data.issues`). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** A failed call as a thrown error: the envelope's errorCode, the HTTP status, field issues. */
export class ApiError extends Error {
  code: string;
  status: number;
  issues: FieldIssue[];

  constructor(message: string, code: string, status: number, issues: FieldIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

/** undefined, null and '' are dropped; the rest become the query string ('' when none). */
export function buildQueryString(params: Record<string, QueryParamValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** `/api` + the path (a leading slash added when missing) + the query string. */
export function apiUrl(url: string, query?: Record<string, QueryParamValue>): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  return `${API_BASE}${path}${buildQueryString(query)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A plain object (or FormData) as multipart fields; arrays become repeated fields. */
export function toFormData(data: unknown): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (value === undefined || value === null) continue;
      const values: unknown[] = Array.isArray(value) ? value : [value];
      for (const item of values) {
        form.append(key, item instanceof Blob ? item : String(item));
      }
    }
  }
  return form;
}

/** The body as JSON, or undefined when it is empty or not JSON (an HTML proxy error page). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The envelope's failure fields, each kept only when it has the contract's type. */
export function readErrorBody(body: unknown): ApiErrorBody | undefined {
  if (!isRecord(body)) return undefined;
  const pick = (key: string): string | undefined =>
    typeof body[key] === 'string' ? body[key] : undefined;
  return {
    data: body.data,
    error: typeof body.error === 'boolean' ? body.error : undefined,
    message: pick('message'),
    errorMessage: pick('errorMessage'),
    errorCode: pick('errorCode'),
  };
}

/** The field issues of a VALIDATION_FAILED answer's `data`; malformed entries are skipped. */
export function readIssues(data: unknown): FieldIssue[] {
  if (!isRecord(data) || !Array.isArray(data.issues)) return [];
  return data.issues.flatMap((issue: unknown) =>
    isRecord(issue) && typeof issue.field === 'string' && typeof issue.message === 'string'
      ? [{ field: issue.field, message: issue.message }]
      : [],
  );
}

/** The runtime's wording for a failed status, used when the envelope carries no message. */
export function statusMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

export interface ApiCall {
  /** Relative to /api, e.g. '/profile'. */
  url: string;
  /** Defaults to GET (SPEC 7.1). */
  method?: HttpMethod;
  /** JSON body (not sent with GET), or FormData / a plain object sent as multipart when `isFormData`. */
  data?: unknown;
  headers?: Record<string, string>;
  /** undefined, null and '' are dropped; the rest become the query string. */
  queryParams?: Record<string, QueryParamValue>;
  isFormData?: boolean;
}

/** What came back: the envelope's data, a failed answer, or no answer at all. */
export type ApiAnswer =
  | { kind: 'data'; status: number; data: unknown }
  | {
      kind: 'failed';
      status: number;
      /** The parsed body as sent (callers that want the raw envelope). */
      body: unknown;
      envelope: ApiErrorBody | undefined;
    }
  | { kind: 'network'; error: unknown };

/** A 401 as the hook sees it: whether a token was sent, and the envelope. */
export interface UnauthorizedAnswer {
  hadToken: boolean;
  envelope: ApiErrorBody | undefined;
}

export interface ApiTransportOptions {
  /** The session token sent as `authorization`, or null. */
  getToken: () => string | null;
  /** Headers added to every call (the player app's dev-only refererLocal). */
  extraHeaders?: () => Record<string, string>;
}

export interface ApiTransport {
  send: (call: ApiCall) => Promise<ApiAnswer>;
  /**
   * What happens on a 401 (DESIGN 9: the session ends). A hook, so the transport needs no
   * knowledge of the logout flow; null unregisters.
   */
  setUnauthorizedHandler: (handler: ((answer: UnauthorizedAnswer) => void) | null) => void;
  /** Runs the hook for a 401 got some other way (an upload fetched as a blob). */
  reportStatus: (status: number, envelope?: ApiErrorBody) => void;
  /** The token header alone, for fetches outside `send`. */
  authHeaders: () => Record<string, string>;
}

/**
 * One HTTP transport per app. `send` never throws and sets no time-out (SPEC 7.1 "the
 * default request time-out is none").
 */
export function createApiTransport(options: ApiTransportOptions): ApiTransport {
  let onUnauthorized: ((answer: UnauthorizedAnswer) => void) | null = null;

  const authHeaders = (): Record<string, string> => {
    const token = options.getToken();
    return token ? { authorization: token } : {};
  };

  const report = (status: number, envelope: ApiErrorBody | undefined, hadToken: boolean) => {
    if (status === 401) onUnauthorized?.({ hadToken, envelope });
  };

  async function send(call: ApiCall): Promise<ApiAnswer> {
    const { url, method = 'GET', data, headers = {}, queryParams, isFormData } = call;
    const requestHeaders: Record<string, string> = {
      // The UI language: the server answers its own content in it (English when none).
      [LANGUAGE_HEADER]: activeLanguage(),
      ...headers,
      ...authHeaders(),
      ...options.extraHeaders?.(),
    };
    const hadToken = 'authorization' in requestHeaders;
    let body: BodyInit | undefined;
    if (isFormData) {
      // No content-type: the browser writes multipart/form-data with its own boundary.
      body = toFormData(data);
    } else if (data !== undefined && method !== 'GET') {
      requestHeaders['content-type'] = 'application/json';
      body = JSON.stringify(data);
    }

    let response: Response;
    let parsed: unknown;
    try {
      response = await fetch(apiUrl(url, queryParams), { method, headers: requestHeaders, body });
      parsed = await readJson(response);
    } catch (error) {
      return { kind: 'network', error };
    }
    const envelope = readErrorBody(parsed);
    if (!response.ok || envelope?.error === true) {
      report(response.status, envelope, hadToken);
      return { kind: 'failed', status: response.status, body: parsed, envelope };
    }
    return { kind: 'data', status: response.status, data: envelope?.data };
  }

  return {
    send,
    setUnauthorizedHandler: (handler) => {
      onUnauthorized = handler;
    },
    reportStatus: (status, envelope) => report(status, envelope, options.getToken() !== null),
    authHeaders,
  };
}

/**
 * Checks an answer's data against its contract schema. Only zod's types are imported here:
 * the schema object is the caller's, so an app that passes none keeps zod out of its bundle.
 */
export function checkData<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { ok: true; data: z.infer<S> } | { ok: false } {
  const checked = schema.safeParse(data);
  return checked.success ? { ok: true, data: checked.data } : { ok: false };
}
