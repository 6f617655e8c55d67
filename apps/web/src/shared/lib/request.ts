import { toast } from 'react-toastify';
import type { z } from 'zod';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';

/** All API calls go to one base (SPEC 7.1); the server mounts its API here (DESIGN 6). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParamValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  url: string;
  /** Defaults to GET (SPEC 7.1). */
  method?: HttpMethod;
  /** JSON body, or FormData / a plain object sent as multipart when `isFormData`. */
  data?: unknown;
  headers?: Record<string, string>;
  /** undefined, null and '' are dropped; the rest become the query string. */
  queryParams?: Record<string, QueryParamValue>;
  isFormData?: boolean;
  /** Return the raw error to the caller and show no toast (SPEC 8). */
  noToastEmit?: boolean;
}

/** The envelope's failure fields as the server sends them (contract envelope). */
export interface ApiErrorBody {
  data?: unknown;
  error?: boolean;
  message?: string;
  errorMessage?: string;
  errorCode?: string;
}

/** What a failed call reports when no raw response body is handed back. */
export interface RequestFailure {
  /** The message chosen by the SPEC 8 rules (English, as the server or runtime gave it). */
  message: string;
  /** The envelope's errorCode, when there was one. */
  code?: string;
  status?: number;
}

/**
 * Without noToastEmit the caller gets a RequestFailure (the toast has been shown).
 * With noToastEmit it gets the raw response body, or {code, message} when there is none.
 */
export type RequestError = RequestFailure | ApiErrorBody;

export interface RequestResult<T> {
  /** The response's `data` field; null when it failed or was falsy. */
  data: T | null;
  error: RequestError | null;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens on a 401 carrying the error flag while a token exists (SPEC 4.5).
 * Kept as a hook so this shared helper needs no knowledge of the logout flow; pass null to
 * unregister.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

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

function toFormData(data: unknown): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  if (data && typeof data === 'object') {
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

function buildUrl(url: string, queryParams: RequestOptions['queryParams']): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  return `${API_BASE}${path}${buildQueryString(queryParams)}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A non-JSON body (an HTML error page from a proxy) carries no envelope fields.
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asErrorBody(body: unknown): ApiErrorBody | undefined {
  if (!isObject(body)) return undefined;
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

/** Toast text: the catalogue translation when the code is known, else the message. */
function toastText(message: string, code: string | undefined): string {
  const key = `errors.${code ?? ''}`;
  return code && i18n.exists(key) ? i18n.t(key) : message;
}

/**
 * The text a failed call shows, for callers that display it themselves (noToastEmit, SPEC
 * 7.3 "PATCH errors are not toasted"): the same rules as the toast.
 */
export function errorText(error: RequestError): string {
  const fields = error as Partial<RequestFailure & ApiErrorBody>;
  const code = fields.errorCode ?? fields.code;
  const message = fields.message || fields.errorMessage || i18n.t('common.somethingWentWrong');
  return toastText(message, code);
}

function showErrorToast(message: string, code?: string): void {
  toast.error(toastText(message, code));
}

function fail<T>(
  failure: RequestFailure,
  raw: ApiErrorBody | undefined,
  noToastEmit: boolean | undefined,
): RequestResult<T> {
  if (noToastEmit) {
    return { data: null, error: raw ?? { code: failure.code, message: failure.message } };
  }
  showErrorToast(failure.message, failure.code);
  return { data: null, error: failure };
}

/**
 * The one HTTP helper (SPEC 7.1, 8). Never throws: the answer is `{data, error}`.
 * No time-out is set on purpose (SPEC 7.1 "the default request time-out is none").
 *
 * `schema` checks the answer's data. It may be undefined and still types the result: the
 * server already checks every answer against the same contract schema before sending it
 * (fastify-type-provider-zod's serializer, `response: envelopeResponses(schema)`), so code on
 * the first page load passes `import.meta.env.DEV ? someSchema : undefined`. Development and
 * tests keep the check; a production build folds the condition away, drops the schema import
 * and with it zod from the first download (page-weight budget, docs/decisions.md).
 */
export function request<S extends z.ZodType>(
  options: RequestOptions & { schema: S | undefined },
): Promise<RequestResult<z.infer<S>>>;
export function request<T = unknown>(options: RequestOptions): Promise<RequestResult<T>>;
export async function request(
  options: RequestOptions & { schema?: z.ZodType },
): Promise<RequestResult<unknown>> {
  const {
    url,
    method = 'GET',
    data,
    headers = {},
    queryParams,
    isFormData,
    noToastEmit,
    schema,
  } = options;

  const token = useAuthStore.getState().token;
  const requestHeaders: Record<string, string> = { ...headers };
  if (token) requestHeaders.authorization = token;
  // The server uses it to tell which local front end called it (SPEC 7.1); only in dev.
  if (import.meta.env.DEV) requestHeaders.refererLocal = window.location.origin;

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
    response = await fetch(buildUrl(url, queryParams), { method, headers: requestHeaders, body });
    parsed = await readJson(response);
  } catch (error) {
    const message =
      error instanceof Error && error.message ? error.message : i18n.t('common.somethingWentWrong');
    return fail({ message }, undefined, noToastEmit);
  }

  const errorBody = asErrorBody(parsed);
  if (!response.ok || errorBody?.error === true) {
    if (response.status === 401 && errorBody?.error === true && token) unauthorizedHandler?.();
    const message =
      errorBody?.message ||
      errorBody?.errorMessage ||
      i18n.t('common.somethingWentWrongWith', {
        detail: `Request failed with status code ${response.status}`,
      });
    return fail(
      { message, code: errorBody?.errorCode, status: response.status },
      isObject(parsed) ? (parsed as ApiErrorBody) : undefined,
      noToastEmit,
    );
  }

  const result = isObject(parsed) ? parsed.data : undefined;
  // SPEC 7.1: a falsy result is neither data nor an error.
  if (!result) return { data: null, error: null };
  if (!schema) return { data: result, error: null };

  const checked = schema.safeParse(result);
  if (!checked.success) {
    // A contract mismatch means the page would render garbage; report it like any failure.
    return fail(
      { message: i18n.t('errors.invalidResponse'), status: response.status },
      undefined,
      noToastEmit,
    );
  }
  return { data: checked.data, error: null };
}
